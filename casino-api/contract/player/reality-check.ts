import { z } from 'zod'
import { Currency, MessageCode, Timestamp } from '../common.ts'

/**
 * The reality check a player sets on their own account (issue 23, safer gambling; ADR 0065): every
 * so many minutes of a log-in, real-money play stops until the player has seen how long they have
 * played and their net result since they logged in, and chosen to keep playing. The casino's wallet
 * keeps it: a stake while a check is due is refused ('reality_check_due'), whatever the provider.
 */
export const REALITY_CHECK_CHOICES = [15, 30, 45, 60, 90, 120] as const

const Interval = z.union(
  REALITY_CHECK_CHOICES.map((m) => z.literal(m)),
  { error: 'reality_check_interval' },
)

export const RealityCheck = z.object({
  /** Every how many minutes; null: no reality check. */
  minutes: z.number().int().positive().nullable(),
  /** When the next check falls due (null: none set); `due`: it is due now, and stakes wait for it. */
  dueAt: Timestamp.nullable(),
  due: z.boolean(),
  /** Since when the play is counted: the log-in (or the moment the check was set during it). */
  since: Timestamp.nullable(),
  /** Minutes since then. */
  playedMinutes: z.number().int().nonnegative(),
  /** Real money won and given back less real money staked since then, in cents (negative: lost). */
  net: z.number().int().safe(),
  currency: Currency,
})
export type RealityCheck = z.infer<typeof RealityCheck>

export const GetRealityCheckParams = z.object({})
/** An interval of the list, or null to stop the checks: either holds at once (ADR 0065). */
export const SetRealityCheckParams = z.object({ minutes: Interval.nullable() })
/** The account page's form: one of the intervals, or "off", sent as text. */
export const REALITY_CHECK_FORM_PARAMS = z.object({
  minutes: z.preprocess(
    (v) => (v === 'off' ? null : typeof v === 'string' && v !== '' ? Number(v) : v),
    Interval.nullable(),
  ),
})
/** "Keep playing": the check is answered, and the next falls due an interval from now. */
export const AcknowledgeRealityCheckParams = z.object({})

export const RealityCheckAnswer = z.object({ check: RealityCheck, message: MessageCode })
