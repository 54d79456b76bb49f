import { type RefObject, useEffect, useState } from 'react'
import { isRecentRounds, RECENT_ROUNDS_MESSAGE, type RecentRound, RoundList } from '#ui/recent-rounds.tsx'
import type { Amount } from '#ui/session-amount.ts'

export type { RecentRound }

/**
 * The panel's list of the player's last rounds: the page's, then the ones its game client tells
 * after each move. Only that frame is heard, and only from the origin its client was launched on
 * (the provider's). Without JavaScript, the list is the one the page was rendered with (a real
 * player's rounds show again on the next load).
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
      const client = frame.current
      if (!client || event.source !== client.contentWindow || event.origin !== new URL(client.src).origin) return
      if (event.data?.type !== RECENT_ROUNDS_MESSAGE || !isRecentRounds(event.data.rounds)) return
      setTold({ from: rendered, rounds: event.data.rounds })
    }
    window.addEventListener('message', listen)
    return () => window.removeEventListener('message', listen)
  }, [frame, rendered])
  // The page's new data (another game, the other mode) starts from its own list.
  return <RoundList rounds={told && told.from === rendered ? told.rounds : rendered} amount={amount} />
}
