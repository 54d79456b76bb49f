/**
 * The rule every limit a player sets on their own account follows (deposit limits, ADR 0061; the
 * session-time limit, ADR 0063), as decisions on the limit's state: a first or lower limit holds at
 * once (and drops a change waiting); a higher one or a removal waits the cooling-off, then for the
 * player to confirm it; asking again starts the wait again, so a small raise asked for early cannot
 * be swapped for a larger one at the end. The callers apply a decision under the player's row lock.
 */
import { ApiError } from '../../contract/errors.ts'
import type { MessageCode } from '../../contract/index.ts'

/** What a change did: held at once, waits for its confirmation, confirmed, dropped. */
export type LimitChange = 'set' | 'asked' | 'confirmed' | 'dropped'

/** A limit in force (`value`) and the raise or removal waiting (`next` null: a removal), from `from`. */
export type LimitState = { value: number; next: number | null; from: Date | null }

/** What each outcome tells the player, and the refusals. */
export type LimitMessages = {
  set: MessageCode
  waits: MessageCode
  confirmed: MessageCode
  removed: MessageCode
  dropped: MessageCode
  nothingPending: MessageCode
  coolingOff: MessageCode
  none: MessageCode
}

/** The change made, the state after it (null: no limit) and what the page tells. */
export type LimitDecision = { change: LimitChange; state: LimitState | null; message: MessageCode }

export function limitRule(messages: LimitMessages, coolingOffMs: number) {
  const waitUntil = (now: Date) => new Date(now.getTime() + coolingOffMs)
  const pendingOf = (current: LimitState | null) => {
    if (!current?.from) throw new ApiError(409, messages.nothingPending)
    return current as LimitState & { from: Date }
  }
  return {
    /** A new limit: at once when it is the first or lower, else after the cooling-off. */
    set: (current: LimitState | null, value: number, now: Date): LimitDecision =>
      current === null || value <= current.value
        ? { change: 'set', state: { value, next: null, from: null }, message: messages.set }
        : {
            change: 'asked',
            state: { value: current.value, next: value, from: waitUntil(now) },
            message: messages.waits,
          },
    /** A removal: after the cooling-off, like a raise. */
    remove: (current: LimitState | null, now: Date): LimitDecision => {
      if (!current) throw new ApiError(409, messages.none)
      return {
        change: 'asked',
        state: { value: current.value, next: null, from: waitUntil(now) },
        message: messages.waits,
      }
    },
    /** The raise or removal waiting, once its cooling-off is over. */
    confirm: (current: LimitState | null, now: Date): LimitDecision => {
      const pending = pendingOf(current)
      if (now < pending.from) throw new ApiError(409, messages.coolingOff, { args: [pending.from.toISOString()] })
      return pending.next === null
        ? { change: 'confirmed', state: null, message: messages.removed }
        : { change: 'confirmed', state: { value: pending.next, next: null, from: null }, message: messages.confirmed }
    },
    /** Drops the raise or removal waiting: the limit in force stays. */
    drop: (current: LimitState | null): LimitDecision => {
      const pending = pendingOf(current)
      return { change: 'dropped', state: { value: pending.value, next: null, from: null }, message: messages.dropped }
    },
  }
}
