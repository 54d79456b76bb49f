import { type RefObject, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Amount } from './boards/types.ts'
import * as styles from './games.css.ts'

/** A settled round as the game view's panel lists it. */
export type RecentRound = { id: string; nonce: number; stake: number; win: number | null }

const MESSAGE = 'casino:recent-rounds'

/**
 * From the game client (frame.tsx, in the game view's iframe, on this site's origin): its last
 * rounds, loaded again after every move, go to the game view around it. The view cannot load
 * them itself: its data launches a new game session.
 */
export function tellRecentRounds(rounds: readonly RecentRound[]) {
  if (window.parent === window) return
  const listed = rounds.map(({ id, nonce, stake, win }) => ({ id, nonce, stake, win }))
  window.parent.postMessage({ type: MESSAGE, rounds: listed }, location.origin)
}

function isRounds(value: unknown): value is RecentRound[] {
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

/**
 * The panel's list of the player's last rounds: the page's, then the ones its game client tells
 * after each move (only that frame, of this origin, is heard). Without JavaScript, the list is the
 * one the page was rendered with (a real player's rounds show again on the next load).
 */
export function RecentRounds({
  rendered,
  frame,
  amount,
}: {
  rendered: RecentRound[]
  frame: RefObject<HTMLIFrameElement | null>
  /** How the session writes amounts (money, or fun chips in demo). */
  amount: Amount
}) {
  const [told, setTold] = useState<{ from: RecentRound[]; rounds: RecentRound[] } | null>(null)
  useEffect(() => {
    const listen = (event: MessageEvent<{ type?: unknown; rounds?: unknown }>) => {
      if (event.origin !== location.origin || event.source !== frame.current?.contentWindow) return
      if (event.data?.type !== MESSAGE || !isRounds(event.data.rounds)) return
      setTold({ from: rendered, rounds: event.data.rounds })
    }
    window.addEventListener('message', listen)
    return () => window.removeEventListener('message', listen)
  }, [frame, rendered])
  // The page's new data (another game, the other mode) starts from its own list.
  return <RoundList rounds={told && told.from === rendered ? told.rounds : rendered} amount={amount} />
}

/** A list of last rounds: the panel's, and the game client's own without JavaScript (frame.tsx). */
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
