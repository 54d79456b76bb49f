import { useEffectEvent, useLayoutEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocale } from '#ui/locale.ts'
import { formatNumber } from '#casino-api/contract/format.ts'
import * as styles from '#ui/games.css.ts'
import { SlotSymbol, useSymbolName } from '#ui/slot-symbol.tsx'
import { cents, ChipSelect } from './shared.tsx'
import type { Amount, BoardProps, ControlsProps, GameUi, SaidProps } from './types.ts'

type SlotSpin = {
  screen: string[][]
  lineWins: { line: number; symbol: string; count: number; win: number }[]
  scatterCount: number
  scatterWin: number
  freeSpinsAwarded: number
  win: number
  free: boolean
}
type SlotConfig = { reels: string[][]; rows: number; lines: number[][]; scatter?: { multiplier: number } }

/** How many symbols of its strip a spinning reel runs through (twice, for a seamless loop). */
const STRIP_RUN = 8

/** The symbols a spinning reel shows, each reel from another stop of its strip, twice over. */
function runOf(strip: string[], reel: number) {
  const run = Array.from({ length: STRIP_RUN }, (_, i) => strip[(reel * 5 + i) % strip.length]!)
  return [...run, ...run]
}

/**
 * The reels of a slot (the base spin of the last round, or an idle screen), its paylines and
 * wins, and its free spins on a screen of their own. While a spin is under way (`motion`), the
 * reels still spinning run through their strips and each one that has come to rest shows the
 * server's screen; the paylines and wins appear once the last has stopped.
 */
function SlotBoard({ config, view, symbols, amount, motion, celebrate = true }: BoardProps) {
  const { t } = useTranslation()
  const locale = useLocale()
  const name = useSymbolName()
  const { reels, rows, lines, scatter } = config as SlotConfig
  const spins = (view as { spins?: SlotSpin[] } | undefined)?.spins
  const spin = spins?.[0]
  const screen = spin?.screen ?? reels.map((strip) => strip.slice(0, rows))
  const playing = motion?.playing ?? false
  // The win is counted up only as this page's reels come to rest (after a reload it just shows).
  const [wasPlaying, setWasPlaying] = useState(playing)
  const [justStopped, setJustStopped] = useState(false)
  if (wasPlaying !== playing) {
    setWasPlaying(playing)
    setJustStopped(!playing)
  }
  const roundWin = spins?.reduce((sum, s) => sum + s.win, 0) ?? 0
  // The winning cells glow and the lines are drawn only for a return above the stake.
  const shown = !playing && celebrate ? (spin?.lineWins ?? []) : []
  const winning = new Set<string>()
  for (const w of shown) for (let reel = 0; reel < w.count; reel++) winning.add(`${reel}:${lines[w.line]![reel]}`)
  const free = spins?.slice(1) ?? []
  const art = (symbol: string) => symbols[symbol] ?? { glyph: symbol, tone: 'silver' as const }
  return (
    <div className={styles.slot}>
      <div className={styles.reels}>
        {screen.map((column, reel) =>
          playing && reel >= (motion?.settled ?? 0) ? (
            // A reel still spinning: its strip runs under the window, hidden from screen readers
            // (the list is busy until its symbols are the round's).
            <ul key={reel} className={styles.reelWindow} aria-label={t('games.frame.reel', { n: reel + 1 })} aria-busy>
              <li className={styles.reelStrip} aria-hidden>
                {runOf(reels[reel]!, reel).map((symbol, i) => (
                  <div key={i} className={styles.symbol}>
                    <SlotSymbol {...art(symbol)} />
                  </div>
                ))}
              </li>
            </ul>
          ) : (
            <ul key={reel} className={styles.reel} aria-label={t('games.frame.reel', { n: reel + 1 })}>
              {column.map((symbol, row) => (
                <li
                  key={row}
                  className={`${styles.symbol} ${playing ? styles.symbolLand : ''} ${winning.has(`${reel}:${row}`) ? styles.symbolWin : ''}`}
                >
                  <SlotSymbol {...art(symbol)} label={name(art(symbol).glyph)} />
                </li>
              ))}
            </ul>
          ),
        )}
        {shown.length > 0 ? (
          <svg
            className={styles.paylines}
            viewBox={`0 0 ${screen.length} ${rows}`}
            preserveAspectRatio="none"
            aria-hidden
          >
            {shown.map((w) => (
              <polyline
                key={w.line}
                className={styles.payline}
                points={lines[w.line]!.map((row, reel) => `${reel + 0.5},${row + 0.5}`).join(' ')}
                pathLength={1}
                fill="none"
                vectorEffect="non-scaling-stroke"
              />
            ))}
          </svg>
        ) : null}
        {!playing && celebrate && roundWin > 0 ? <WinCount win={roundWin} amount={amount} count={justStopped} /> : null}
      </div>
      {/* The wins' place is kept for three lines, before the first spin and after a spin without a
          win too: a win's lines coming (as the answer does, mid-spin) do not move the bet form. */}
      <div className={styles.slotWins}>
        {spin && (spin.lineWins.length > 0 || spin.scatterWin > 0) ? (
          <ul className={`${styles.wins} ${playing ? styles.concealed : ''}`}>
            {spin.lineWins.map((w) => (
              <li key={w.line}>
                {t('games.frame.lineWin', {
                  line: w.line + 1,
                  count: w.count,
                  symbol: name(art(w.symbol).glyph),
                  amount: amount(w.win),
                })}
              </li>
            ))}
            {spin.scatterWin > 0 ? (
              <li>{t('games.frame.scatterWin', { count: spin.scatterCount, amount: amount(spin.scatterWin) })}</li>
            ) : null}
          </ul>
        ) : null}
      </div>
      {spin && spin.freeSpinsAwarded > 0 ? (
        <section className={`${styles.feature} ${playing ? styles.concealed : ''}`} aria-labelledby="free-spins">
          <h2 id="free-spins" className={styles.featureHeading}>
            {t('games.frame.freeSpins', {
              count: spin.freeSpinsAwarded,
              multiplier: formatNumber(scatter?.multiplier ?? 1, locale),
            })}
          </h2>
          <ol className={styles.freeSpins}>
            {free.map((f, i) => (
              <li key={i} className={styles.freeSpin}>
                <div className={styles.miniReels} aria-hidden>
                  {f.screen.map((column, reel) => (
                    <div key={reel} className={styles.miniReel}>
                      {column.map((symbol, row) => (
                        <SlotSymbol key={row} {...art(symbol)} />
                      ))}
                    </div>
                  ))}
                </div>
                <span>{t('games.frame.freeSpinWin', { n: i + 1, amount: amount(f.win) })}</span>
              </li>
            ))}
          </ol>
          <p className={styles.outcome}>
            {t('games.frame.freeSpinsTotal', { amount: amount(free.reduce((sum, s) => sum + s.win, 0)) })}
          </p>
        </section>
      ) : null}
    </div>
  )
}

/** How long a win takes to count up, in ms. */
const COUNT_MS = 1200

/**
 * A win's amount over the reels (decorative: the result line tells it), counted up from zero
 * when `count` (the reels just came to rest), written straight into the element each frame
 * rather than rendered again. With reduced motion, or after a reload, it shows at once.
 */
function WinCount({ win, amount, count }: { win: number; amount: Amount; count: boolean }) {
  const shown = useRef<HTMLParagraphElement>(null)
  // The amount's format as it is now (the frame makes a new one each render: the count is not restarted by it).
  const format = useEffectEvent((minor: number) => amount(minor))
  useLayoutEffect(() => {
    const el = shown.current
    if (!el || !count || matchMedia('(prefers-reduced-motion: reduce)').matches) return
    const start = performance.now()
    let frame = 0
    const step = (now: number) => {
      const done = Math.min(1, (now - start) / COUNT_MS)
      el.textContent = format(Math.round(win * (1 - (1 - done) ** 3)))
      if (done < 1) frame = requestAnimationFrame(step)
    }
    step(start)
    return () => cancelAnimationFrame(frame)
  }, [count, win])
  return (
    <p ref={shown} className={styles.winCount} aria-hidden>
      {amount(win)}
    </p>
  )
}

/** The round's lines and features in words ("2 winning lines · 10 free spins, wins × 3"). */
function SlotSaid({ config, view }: SaidProps) {
  const { t } = useTranslation()
  const locale = useLocale()
  const spin = (view as { spins?: SlotSpin[] } | undefined)?.spins?.[0]
  if (!spin) return null
  const lines = spin.lineWins.length
  return [
    lines ? t('games.frame.linesWon', { count: lines }) : t('games.frame.noLine'),
    spin.scatterWin > 0 ? t('games.frame.scatters', { count: spin.scatterCount }) : null,
    spin.freeSpinsAwarded > 0
      ? t('games.frame.freeSpins', {
          count: spin.freeSpinsAwarded,
          multiplier: formatNumber((config as SlotConfig).scatter?.multiplier ?? 1, locale),
        })
      : null,
  ]
    .filter(Boolean)
    .join(' · ')
}

function SlotControls({ config, chips, amount }: ControlsProps) {
  const { t } = useTranslation()
  const lines = (config as SlotConfig).lines.length
  return (
    <ChipSelect
      name="lineBet"
      label={`${t('games.frame.lineBet')} (${t('games.frame.lines', { count: lines })})`}
      amount={amount}
      chips={chips.map((c) => Math.max(1, Math.floor(c / lines))).filter((c, i, all) => all.indexOf(c) === i)}
    />
  )
}

export const slotsUi: GameUi = {
  Board: SlotBoard,
  Controls: SlotControls,
  Said: SlotSaid,
  betFromForm: (form) => ({ lineBet: cents(form.get('lineBet')) }),
  playLabel: 'spin',
  motion: (config) => ({ steps: (config as SlotConfig).reels.length }),
}
