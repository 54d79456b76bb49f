import { z } from 'zod'
import { MessageCode, Timestamp } from '../common.ts'

/**
 * The session-time limit a player sets on their own account (issue 23, safer gambling): how long
 * one log-in lasts at most. A log-in ends when it has lasted that long, and the games it opened end
 * with it; logging in again starts a new session. Lowering it (or setting a first one) holds at
 * once, for the sessions already open too; raising or removing it waits 24 hours and then for the
 * player to confirm it, as the deposit limits do (ADR 0061, 0063).
 */
export const SESSION_LIMIT_MIN_MINUTES = 5
/** A log-in lasts at most 12 hours anyway (the token's lifetime): a longer limit limits nothing. */
export const SESSION_LIMIT_MAX_MINUTES = 12 * 60

const OUT_OF_RANGE = 'session_limit_out_of_range'
/** A limit in minutes, within the bounds: the answers', the call's and the page form's. */
const Minutes = z
  .number({ error: OUT_OF_RANGE })
  .int(OUT_OF_RANGE)
  .min(SESSION_LIMIT_MIN_MINUTES, OUT_OF_RANGE)
  .max(SESSION_LIMIT_MAX_MINUTES, OUT_OF_RANGE)

export const SessionLimit = z.object({
  /** The limit in force, in minutes; null: none. */
  minutes: Minutes.nullable(),
  /**
   * A raise or removal waiting: `minutes` null removes the limit; from `from` the player may
   * confirm it (`due`: the casino API's clock is past it).
   */
  pending: z.object({ minutes: Minutes.nullable(), from: Timestamp, due: z.boolean() }).nullable(),
  /** When the session that asked ends because of the limit; null when the limit does not end it. */
  sessionEndsAt: Timestamp.nullable(),
})
export type SessionLimit = z.infer<typeof SessionLimit>

export const GetSessionLimitParams = z.object({})

/** A new limit in minutes, or null to remove it: at once when lower (or new), after the cooling-off otherwise. */
export const SetSessionLimitParams = z.object({ minutes: Minutes.nullable() })
/** The durations the account page offers, in minutes (the casino API takes any between the bounds). */
export const SESSION_LIMIT_CHOICES = [15, 30, 60, 90, 120, 180, 240, 360, 480, 720] as const

/** The form of the account page: one of the durations, sent as text. */
export const SESSION_LIMIT_FORM_PARAMS = z.object({ minutes: z.coerce.number({ error: OUT_OF_RANGE }).pipe(Minutes) })

/** Confirms a raise or removal once its cooling-off is over. */
export const ConfirmSessionLimitParams = z.object({})
/** Drops a raise or removal still waiting: the limit in force stays as it is. */
export const CancelSessionLimitChangeParams = z.object({})

export const SessionLimitAnswer = z.object({
  limit: SessionLimit,
  /** What the page tells: set, waiting until (the value of `limit.pending.from`), confirmed, dropped. */
  message: MessageCode,
})
