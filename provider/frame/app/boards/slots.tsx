import { useTranslation } from 'react-i18next'
import { useLocale } from '#ui/locale.ts'
import { formatNumber } from '#casino-api/contract/format.ts'
import * as styles from '#ui/games.css.ts'
import { cents, ChipSelect } from './shared.tsx'
import type { BoardProps, ControlsProps, GameUi } from './types.ts'

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

/** The reels of a slot (the base spin of the last round, or an idle screen) and the wins. */
function SlotBoard({ config, view, symbols, amount }: BoardProps) {
  const { t } = useTranslation()
  const locale = useLocale()
  const { reels, rows, lines, scatter } = config as SlotConfig
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
                multiplier: formatNumber(scatter?.multiplier ?? 1, locale),
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
  betFromForm: (form) => ({ lineBet: cents(form.get('lineBet')) }),
  playLabel: 'spin',
}
