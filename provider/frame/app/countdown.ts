import type { LiveRoundView } from '#contract'

/**
 * A live table's countdown (live-frame.tsx): the seconds left until the round's next phase, by
 * the casino API's clock. The page hears the round many times (its data, loaded again after each
 * socket event, a bet or a phase's end) and the readings do not arrive in order: a load started
 * before the betting closed may answer after a later one. So a countdown belongs to one round and
 * phase, only a later round (its seq) or a later phase of the same round replaces it, and within
 * it the seconds never go up.
 */
export type Countdown = {
  roundId: string
  seq: number
  phase: LiveRoundView['phase']
  /** When the phase ends, by the server's clock (ms). */
  deadline: number
  /** The server's clock minus this page's (ms). */
  offset: number
}

/** A round as one reading of the table told it: `serverNow` its server time, `heardAt` when it arrived. */
export type Reading = {
  round: Pick<LiveRoundView, 'id' | 'seq' | 'phase' | 'bettingClosesAt' | 'resultAt' | 'nextAt'>
  serverNow: string
  heardAt: number
}

const ORDER: Record<LiveRoundView['phase'], number> = { betting: 0, closed: 1, result: 2 }

/** The end of the round's phase: betting closes, the wheel stops, the next round opens. */
export function phaseEnd(round: Reading['round']) {
  return Date.parse(
    round.phase === 'betting' ? round.bettingClosesAt : round.phase === 'closed' ? round.resultAt : round.nextAt,
  )
}

/** Whether `round` is of a round or phase before the countdown's: the page has seen it end. */
export function outdated(known: Countdown, round: Reading['round']) {
  return round.seq < known.seq || (round.seq === known.seq && ORDER[round.phase] < ORDER[known.phase])
}

/** The countdown after hearing `reading`: `known` unless the reading is of a later round or phase. */
export function follow(known: Countdown | null, reading: Reading): Countdown {
  const { round } = reading
  // A reading left the server before it arrived: its offset is at most the true one, and the
  // reading that travelled fastest comes closest, so the largest is kept.
  const offset = Math.max(Date.parse(reading.serverNow) - reading.heardAt, known?.offset ?? -Infinity)
  const deadline = phaseEnd(round)
  if (known && outdated(known, round)) return { ...known, offset }
  if (known && round.id === known.roundId && round.phase === known.phase)
    return { ...known, deadline: Math.min(known.deadline, deadline), offset }
  return { roundId: round.id, seq: round.seq, phase: round.phase, deadline, offset }
}

/** Whole seconds left at the page's time `now`, rounded up, never below 0. */
export function secondsLeft(countdown: Countdown, now: number) {
  return Math.max(0, Math.ceil((countdown.deadline - (now + countdown.offset)) / 1000))
}

/**
 * A page's countdown and its clock, read with useSyncExternalStore: `hear` follows a reading,
 * and while something watches, the time moves on four times a second.
 */
export function countdownClock() {
  let state: { countdown: Countdown | null; now: number } = { countdown: null, now: 0 }
  const listeners = new Set<() => void>()
  let timer: ReturnType<typeof setInterval> | undefined
  const set = (next: typeof state) => {
    state = next
    for (const listener of listeners) listener()
  }
  return {
    hear: (reading: Reading) => set({ countdown: follow(state.countdown, reading), now: reading.heardAt }),
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener)
      timer ??= setInterval(() => set({ ...state, now: Date.now() }), 250)
      return () => {
        listeners.delete(listener)
        if (listeners.size > 0) return
        clearInterval(timer)
        timer = undefined
      }
    },
  }
}
