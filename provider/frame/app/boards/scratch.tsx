import { useTranslation } from 'react-i18next'
import { useLocale } from '#ui/locale.ts'
import { formatNumber } from '#casino-api/contract/format.ts'
import * as styles from '#ui/games.css.ts'
import { SlotSymbol } from '#ui/slot-symbol.tsx'
import { cents, ChipSelect, phaseOf } from './shared.tsx'
import type { BoardProps, ControlsProps, GameUi, SaidProps } from './types.ts'

/** A card's squares. */
const SQUARES = 9

type ScratchView = { card: string[]; symbol: string | null; multiplier: number }

/** The card, revealed whole: nine squares, the winning three marked, each named for screen readers. */
const useScratchName = () => {
  const { t } = useTranslation()
  return (symbol: string) => t(`games.scratch.symbols.${symbol}`, { defaultValue: symbol })
}

/** The card's prize in words ("Three crown: × 5"), or that it has none. */
function ScratchSaid({ view }: SaidProps) {
  const { t } = useTranslation()
  const locale = useLocale()
  const name = useScratchName()
  const state = view as ScratchView | undefined
  if (!state?.card) return null
  return state.symbol
    ? t('games.scratch.three', { symbol: name(state.symbol), multiplier: formatNumber(state.multiplier, locale) })
    : t('games.scratch.none')
}

/**
 * The card: nine squares under a silver foil, scratched off one by one as the round comes in (the
 * server's card; with reduced motion each fades in), the winning three marked, each named for
 * screen readers once uncovered. Before the first round the card lies there covered.
 */
function ScratchBoard({ view, symbols, config, motion }: BoardProps) {
  const { t } = useTranslation()
  const name = useScratchName()
  const state = view as ScratchView | undefined
  const phase = phaseOf(motion)
  const uncovered = !state?.card || phase === 'spinning' ? 0 : phase === 'landing' ? (motion?.settled ?? 0) : SQUARES
  return (
    <div>
      <ol className={styles.scratchCard} aria-label={t('games.scratch.card')} aria-busy={phase !== 'rest'}>
        {Array.from({ length: SQUARES }, (_, i) => {
          const symbol = state?.card[i]
          return symbol === undefined || i >= uncovered ? (
            <li key={i} className={`${styles.symbol} ${styles.foil}`}>
              <span className="visually-hidden">{t('games.scratch.covered')}</span>
            </li>
          ) : (
            <li
              key={i}
              className={`${styles.symbol} ${symbol === state?.symbol && phase === 'rest' ? styles.symbolWin : ''} ${phase === 'landing' ? styles.drawPop : ''}`}
            >
              <SlotSymbol glyph={symbols[symbol]?.glyph ?? symbol} tone={symbols[symbol]?.tone ?? 'silver'} plain />
              <span className="visually-hidden">{name(symbol)}</span>
            </li>
          )
        })}
      </ol>
      <p className={`${styles.outcome} ${phase === 'rest' && state?.card ? '' : styles.concealed}`}>
        {state?.card ? <ScratchSaid view={view} config={config} symbols={symbols} /> : '\u00a0'}
      </p>
    </div>
  )
}

const ScratchControls = (controls: ControlsProps) => {
  const { t } = useTranslation()
  return <ChipSelect name="stake" label={t('games.scratch.price')} {...controls} />
}

export const scratchUi: GameUi = {
  Board: ScratchBoard,
  Controls: ScratchControls,
  Said: ScratchSaid,
  betFromForm: (form) => ({ stake: cents(form.get('stake')) }),
  playLabel: 'scratch',
  // The nine squares are scratched off one after another.
  motion: () => ({ steps: SQUARES, stepMs: 110 }),
}
