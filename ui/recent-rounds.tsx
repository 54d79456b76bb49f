import { useTranslation } from 'react-i18next'
import * as styles from './games.css.ts'
import type { Amount } from './session-amount.ts'

/** A settled round as the game view's panel lists it. */
export type RecentRound = { id: string; nonce: number; stake: number; win: number | null }

/**
 * The message a game client (the provider's frame, on its own origin) posts to the game view
 * around it after every move: its last rounds, which the view cannot load itself (its data
 * launches a new game session). The view hears it only from its own frame and that frame's origin.
 */
export const RECENT_ROUNDS_MESSAGE = 'casino:recent-rounds'

export function isRecentRounds(value: unknown): value is RecentRound[] {
  return (
    Array.isArray(value) &&
    value.every(
      (r: Partial<RecentRound> | null) =>
        typeof r === 'object' &&
        r !== null &&
        typeof r.id === 'string' &&
        Number.isSafeInteger(r.nonce) &&
        Number.isSafeInteger(r.stake) &&
        (r.win === null || Number.isSafeInteger(r.win)),
    )
  )
}

/** A list of last rounds: the game view's panel's, and the game client's own without JavaScript. */
export function RoundList({ rounds, amount }: { rounds: readonly RecentRound[]; amount: Amount }) {
  const { t } = useTranslation()
  return rounds.length === 0 ? (
    <p className={styles.small}>{t('games.view.noRounds')}</p>
  ) : (
    <ul className={styles.wins}>
      {rounds.map((r) => (
        <li key={r.id}>
          #{r.nonce}: {t('games.view.roundLine', { stake: amount(r.stake), win: amount(r.win ?? 0) })}
        </li>
      ))}
    </ul>
  )
}
