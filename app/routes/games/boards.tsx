import { useTranslation } from 'react-i18next'
import { DOUBLE_ZERO, isRed } from '#casino-api/games/engines/roulette.ts'
import * as styles from './games.css.ts'

// What a round looks like, per engine: the boards of the game frame and of the verification
// page, and the reading of the frame's bet forms into the engines' bets.

export type Symbols = Record<string, { glyph: string; tone: keyof typeof styles.tone }>

/** Chip values (cents) offered between a game's limits: 0.10, 0.50, 1, 2, 5, 10, 50, 100. */
export function chipValues(min: number, max: number) {
  const all = [10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 50_000].filter((c) => c >= min && c <= max)
  return all.length > 0 ? all : [min]
}

const cents = (value: FormDataEntryValue | null) => {
  const n = Number(value)
  return Number.isSafeInteger(n) ? n : Number.NaN
}

/** Numbers typed for an inside roulette bet ("17-18", "0, 1, 2", "00"): 37 stands for 00. */
export function parseNumbers(text: string): number[] {
  return text
    .split(/[\s,;/-]+/)
    .filter(Boolean)
    .map((part) => (part === '00' ? DOUBLE_ZERO : /^\d{1,2}$/.test(part) ? Number(part) : Number.NaN))
}

/** The bet of the frame's form for an engine; the game server validates it. */
export function betFromForm(engine: string, form: FormData): unknown {
  switch (engine) {
    case 'slots':
      return { lineBet: cents(form.get('lineBet')) }
    case 'roulette': {
      const type = String(form.get('type') ?? '')
      const inside = ['straight', 'split', 'street', 'corner', 'line', 'trio', 'basket'].includes(type)
      return {
        bets: [
          {
            type,
            numbers: inside ? parseNumbers(String(form.get('numbers') ?? '')) : [],
            amount: cents(form.get('amount')),
          },
        ],
      }
    }
    case 'dice':
      return {
        stake: cents(form.get('stake')),
        target: Math.round(Number(String(form.get('target') ?? '').replace(',', '.')) * 100),
        side: form.get('side'),
      }
    default:
      return {}
  }
}

type SlotSpin = {
  screen: string[][]
  lineWins: { line: number; symbol: string; count: number; win: number }[]
  scatterCount: number
  scatterWin: number
  freeSpinsAwarded: number
  win: number
  free: boolean
}

/** The reels of a slot (the base spin of the last round, or an idle screen) and the wins. */
export function SlotBoard({
  config,
  view,
  symbols,
  amount,
}: {
  config: unknown
  view: unknown
  symbols: Symbols
  amount: (cents: number) => string
}) {
  const { t } = useTranslation()
  const { reels, rows, lines } = config as { reels: string[][]; rows: number; lines: number[][] }
  const spins = (view as { spins?: SlotSpin[] } | undefined)?.spins
  const spin = spins?.[0]
  const screen = spin?.screen ?? reels.map((strip) => strip.slice(0, rows))
  const winning = new Set<string>()
  for (const w of spin?.lineWins ?? [])
    for (let reel = 0; reel < w.count; reel++) winning.add(`${reel}:${lines[w.line]![reel]}`)
  const free = spins?.slice(1) ?? []
  return (
    <div>
      <div className={styles.reels}>
        {screen.map((column, reel) => (
          <ul key={reel} className={styles.reel} aria-label={t('games.frame.reel', { n: reel + 1 })}>
            {column.map((symbol, row) => (
              <li
                key={row}
                className={`${styles.symbol} ${styles.tone[symbols[symbol]?.tone ?? 'silver']} ${winning.has(`${reel}:${row}`) ? styles.symbolWin : ''}`}
                title={symbol}
              >
                {symbols[symbol]?.glyph ?? symbol}
              </li>
            ))}
          </ul>
        ))}
      </div>
      {spin && (spin.lineWins.length > 0 || spin.scatterWin > 0 || spin.freeSpinsAwarded > 0) ? (
        <ul className={styles.wins}>
          {spin.lineWins.map((w) => (
            <li key={w.line}>
              {t('games.frame.lineWin', {
                line: w.line + 1,
                count: w.count,
                symbol: symbols[w.symbol]?.glyph ?? w.symbol,
                amount: amount(w.win),
              })}
            </li>
          ))}
          {spin.scatterWin > 0 ? (
            <li>{t('games.frame.scatterWin', { count: spin.scatterCount, amount: amount(spin.scatterWin) })}</li>
          ) : null}
          {spin.freeSpinsAwarded > 0 ? (
            <li>
              {t('games.frame.freeSpins', {
                count: spin.freeSpinsAwarded,
                multiplier: (config as { scatter?: { multiplier: number } }).scatter?.multiplier ?? 1,
              })}
              {' · '}
              {t('games.frame.freeSpinsTotal', { amount: amount(free.reduce((sum, s) => sum + s.win, 0)) })}
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  )
}

export const pocketLabel = (pocket: number) => (pocket === DOUBLE_ZERO ? '00' : String(pocket))
const colourOf = (pocket: number) =>
  pocket === 0 || pocket === DOUBLE_ZERO ? 'green' : isRed(pocket) ? 'red' : 'black'

export function RouletteBoard({ view }: { view: unknown }) {
  const { t } = useTranslation()
  const pocket = (view as { pocket?: number } | undefined)?.pocket
  if (pocket === undefined) return <p className={`${styles.pocket} ${styles.pocketColour.green}`}>·</p>
  const colour = colourOf(pocket)
  return (
    <p>
      <span className={`${styles.pocket} ${styles.pocketColour[colour]}`} aria-hidden="true">
        {pocketLabel(pocket)}
      </span>{' '}
      {t('games.frame.pocket', { pocket: `${pocketLabel(pocket)} ${t(`games.frame.colours.${colour}`)}` })}
    </p>
  )
}

export function DiceBoard({ view }: { view: unknown }) {
  const { t } = useTranslation()
  const state = view as { roll?: number; multiplier?: number } | undefined
  if (state?.roll === undefined) return null
  return (
    <p className={styles.outcome}>
      {t('games.frame.rolled', { roll: (state.roll / 100).toFixed(2) })}
      {state.multiplier ? ` · × ${(state.multiplier / 10000).toFixed(4)}` : null}
    </p>
  )
}
