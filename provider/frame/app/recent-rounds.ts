import { RECENT_ROUNDS_MESSAGE, type RecentRound } from '#ui/recent-rounds.tsx'

/**
 * The game client's last rounds, loaded again after every move, told to the casino's game view
 * around it (only to the casino's origin: no other page framing the client hears them). The view
 * cannot load them itself: its data launches a new game session.
 */
export function tellRecentRounds(rounds: readonly RecentRound[], siteUrl: string) {
  if (window.parent === window) return
  const listed = rounds.map(({ id, nonce, stake, win }) => ({ id, nonce, stake, win }))
  window.parent.postMessage({ type: RECENT_ROUNDS_MESSAGE, rounds: listed }, new URL(siteUrl).origin)
}
