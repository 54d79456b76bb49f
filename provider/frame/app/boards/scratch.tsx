import { useTranslation } from 'react-i18next'
import { useLocale } from '#ui/locale.ts'
import { formatNumber } from '#casino-api/contract/format.ts'
import * as styles from '#ui/games.css.ts'
import { SlotSymbol } from '#ui/slot-symbol.tsx'
import { cents, ChipSelect } from './shared.tsx'
import type { BoardProps, ControlsProps, GameUi, SaidProps } from './types.ts'

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

function ScratchBoard({ view, symbols, config }: BoardProps) {
  const { t } = useTranslation()
  const name = useScratchName()
  const state = view as ScratchView | undefined
  if (!state?.card) return null
  return (
    <div>
      <ol className={styles.scratchCard} aria-label={t('games.scratch.card')}>
        {state.card.map((symbol, i) => (
          <li key={i} className={`${styles.symbol} ${symbol === state.symbol ? styles.symbolWin : ''}`}>
            <SlotSymbol glyph={symbols[symbol]?.glyph ?? symbol} tone={symbols[symbol]?.tone ?? 'silver'} plain />
            <span className="visually-hidden">{name(symbol)}</span>
          </li>
        ))}
      </ol>
      <p className={styles.outcome}>
        <ScratchSaid view={view} config={config} symbols={symbols} />
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
}
