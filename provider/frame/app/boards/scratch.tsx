import { useTranslation } from 'react-i18next'
import { useLocale } from '#ui/locale.ts'
import { formatNumber } from '#casino-api/contract/format.ts'
import * as styles from '#ui/games.css.ts'
import { SlotSymbol } from '#ui/slot-symbol.tsx'
import { cents, ChipSelect } from './shared.tsx'
import type { BoardProps, ControlsProps, GameUi } from './types.ts'

type ScratchView = { card: string[]; symbol: string | null; multiplier: number }

/** The card, revealed whole: nine squares, the winning three marked, each named for screen readers. */
function ScratchBoard({ view, symbols }: BoardProps) {
  const { t } = useTranslation()
  const locale = useLocale()
  const state = view as ScratchView | undefined
  if (!state?.card) return null
  const name = (symbol: string) => t(`games.scratch.symbols.${symbol}`, { defaultValue: symbol })
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
        {state.symbol
          ? t('games.scratch.three', { symbol: name(state.symbol), multiplier: formatNumber(state.multiplier, locale) })
          : t('games.scratch.none')}
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
  betFromForm: (form) => ({ stake: cents(form.get('stake')) }),
  playLabel: 'scratch',
}
