import { startTransition, useEffect, useRef, useState } from 'react'

/** How far apart a board's parts (a slot's reels) come to rest, in ms. */
export const STEP_MS = 350
/** The least time between the answer and the first part's rest. */
const LEAD_MS = 350

/**
 * The motion of a round in the game client (issue 24): `start` it as the move is sent (the bet
 * form's submit); once the answer is in (`busy` came and went, and `roundKey` changed) the board's
 * `steps` parts come to rest one by one, `stepMs` apart, the last no sooner than `minMs` after the
 * move was sent (the game's minimum round duration, which the game server enforces too). The
 * animation follows the result: the board draws each part's final state from the round the
 * server answered, as it comes to rest. A move refused (no new round) stops at once. `settled`
 * counts the parts at rest; while `playing`, the frame keeps the result, the balance and the
 * session line as they were.
 */
export function useRoundMotion({
  busy,
  roundKey,
  minMs,
  steps,
  stepMs = STEP_MS,
}: {
  busy: boolean
  roundKey: string | undefined
  minMs: number
  steps: number
  stepMs?: number
}) {
  const [run, setRun] = useState<{ from: string | undefined; startedAt: number } | null>(null)
  const [settled, setSettled] = useState(steps)
  const sent = useRef(false)

  useEffect(() => {
    if (!run) return
    if (busy) {
      sent.current = true
      return
    }
    const now = performance.now()
    // A new round is an answer too (the motion's start may commit after a quick answer).
    const answered = sent.current || roundKey !== run.from
    // A submit that never became a request (none within a second): nothing to wait for.
    const lastAt = !answered
      ? now + 1000
      : roundKey === run.from
        ? now
        : // The last part rests at the minimum duration, or the steps after a late answer.
          Math.max(run.startedAt + minMs, now + LEAD_MS + (steps - 1) * stepMs)
    const timers = answered
      ? Array.from({ length: steps }, (_, i) =>
          setTimeout(
            () => startTransition(() => setSettled(i + 1)),
            Math.max(0, lastAt - (steps - 1 - i) * stepMs - now),
          ),
        )
      : []
    timers.push(setTimeout(() => startTransition(() => setRun(null)), lastAt - now))
    return () => timers.forEach(clearTimeout)
  }, [run, busy, roundKey, minMs, steps, stepMs])

  return {
    playing: run !== null,
    settled: run ? settled : steps,
    /** The bet form's submit: the reels start at once, before the request leaves. */
    start() {
      if (steps === 0) return
      sent.current = false
      const startedAt = performance.now()
      // Rendered as a transition, in slices that let the page answer meanwhile (no long task at
      // the click or as each part comes to rest, on a slow phone too); the times are the click's.
      startTransition(() => {
        setSettled(0)
        setRun({ from: roundKey, startedAt })
      })
    },
  }
}

/** `value` as it was when `hold` last was false (a balance kept still while its round moves). */
export function useHeld<T>(value: T, hold: boolean): T {
  const [held, setHeld] = useState(value)
  if (!hold && held !== value) setHeld(value)
  return hold ? held : value
}
