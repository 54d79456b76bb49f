import { useTranslation } from 'react-i18next'
import * as styles from '#ui/games.css.ts'
import type { Amount } from './types.ts'

/** Chips in a stack for a stake: one more for each power of ten (0.10 is one chip, 100.00 four), five at most. */
export const chipsFor = (stake: number) => Math.min(5, Math.max(1, Math.floor(Math.log10(Math.max(1, stake)))))

/**
 * A round's stake on the card table's felt, as a stack of chips (drawn in SVG, decorative) with
 * the amount in words beside it: the whole stake, doubles and splits included.
 */
export function StakeChips({ stake, amount }: { stake: number; amount: Amount }) {
  const { t } = useTranslation()
  const chips = chipsFor(stake)
  return (
    <p className={styles.stakeChips}>
      <svg viewBox={`0 0 40 ${24 + chips * 5}`} width="40" height={24 + chips * 5} aria-hidden>
        {Array.from({ length: chips }, (_, i) => {
          const y = 12 + (chips - 1 - i) * 5
          return (
            <g key={i}>
              <ellipse cx="20" cy={y + 4} rx="17" ry="8" fill="#8a6d1c" />
              <ellipse
                cx="20"
                cy={y}
                rx="17"
                ry="8"
                fill="#d4af37"
                stroke="#f3f1ea"
                strokeWidth="1.5"
                strokeDasharray="4 4"
              />
              <ellipse cx="20" cy={y} rx="10" ry="4.5" fill="none" stroke="#8a6d1c" strokeWidth="1" />
            </g>
          )
        })}
      </svg>
      {t('games.frame.stakeOnTable', { amount: amount(stake) })}
    </p>
  )
}
