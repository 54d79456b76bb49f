import { z } from 'zod'
import { Cents, Currency, MessageCode, Timestamp } from '../common.ts'
import { amountInCents } from '../rules.ts'

/**
 * The deposit limits a player sets on their own account (issue 23, safer gambling; ADR 0061): one
 * per calendar day, week (Monday to Sunday) and month, in the site's time zone. Lowering one (or
 * setting one where there was none) holds at once; raising or removing one waits 24 hours and then
 * for the player to confirm it.
 */
export const DEPOSIT_LIMIT_PERIODS = ['day', 'week', 'month'] as const
export type DepositLimitPeriod = (typeof DEPOSIT_LIMIT_PERIODS)[number]

/**
 * What a money limit counts: deposits (ADR 0061), or the net loss at play (ADR 0064: real-money
 * stakes less the real-money wins and stakes given back, of every provider's rounds). Both have the
 * same periods, bounds and rule of change.
 */
export const MONEY_LIMIT_KINDS = ['deposit', 'loss'] as const
export type MoneyLimitKind = (typeof MONEY_LIMIT_KINDS)[number]

/** How long a raise or a removal waits before the player may confirm it. */
export const DEPOSIT_LIMIT_COOLING_OFF_MS = 24 * 3600_000

/** The most a limit may be: a million in the account's currency (above it, a limit limits nothing). */
export const MAX_DEPOSIT_LIMIT = 100_000_000

/** The refusal of a deposit that would pass the limit of each period: the limit, what is left, when it resets. */
export const DEPOSIT_LIMIT_REFUSALS = {
  day: 'deposit_limit_day',
  week: 'deposit_limit_week',
  month: 'deposit_limit_month',
} as const satisfies Record<DepositLimitPeriod, MessageCode>

/** The refusal of a stake that, lost, would take the period's net loss past its limit: the limit, what is left, when it resets. */
export const LOSS_LIMIT_REFUSALS = {
  day: 'loss_limit_day',
  week: 'loss_limit_week',
  month: 'loss_limit_month',
} as const satisfies Record<DepositLimitPeriod, MessageCode>

/** Each kind's refusals. */
export const MONEY_LIMIT_REFUSALS = { deposit: DEPOSIT_LIMIT_REFUSALS, loss: LOSS_LIMIT_REFUSALS } as const

export const DepositLimit = z.object({
  period: z.enum(DEPOSIT_LIMIT_PERIODS),
  /** The limit in force, in cents; null: none. */
  amount: Cents.nullable(),
  /**
   * Deposited (or asked for and on its way) in the period so far, in cents; for a loss limit, the
   * net loss so far (0 when the period is even or ahead).
   */
  used: Cents,
  /** When the period ends and the count starts again. */
  resetsAt: Timestamp,
  /**
   * A raise or removal waiting: `amount` null removes the limit; from `from` the player may confirm
   * it (`due`: the casino API's clock is past it).
   */
  pending: z.object({ amount: Cents.nullable(), from: Timestamp, due: z.boolean() }).nullable(),
})
export type DepositLimit = z.infer<typeof DepositLimit>
/** A loss limit reads as a deposit limit does. */
export const LossLimit = DepositLimit

export const GetDepositLimitsParams = z.object({})
export const GetDepositLimitsAnswer = z.object({ currency: Currency, items: z.array(DepositLimit) })

const period = z.enum(DEPOSIT_LIMIT_PERIODS, { error: 'field_required' })

/** A new limit for one period: at once when lower (or new), after the cooling-off when higher. */
export const SetDepositLimitParams = z.object({
  period,
  amount: amountInCents().pipe(z.number().max(MAX_DEPOSIT_LIMIT, 'deposit_limit_too_high')),
})
/** The form of the account page: the amount in the page's language (the web app localizes it). */
export const DEPOSIT_LIMIT_FORM_PARAMS = SetDepositLimitParams
/** A new loss limit for one period: the deposit limits' bounds and rule. */
export const SetLossLimitParams = z.object({
  period,
  amount: amountInCents().pipe(z.number().max(MAX_DEPOSIT_LIMIT, 'loss_limit_too_high')),
})
export const LOSS_LIMIT_FORM_PARAMS = SetLossLimitParams

/** Removes the limit of a period: after the cooling-off, like a raise. */
export const RemoveDepositLimitParams = z.object({ period })
/** Confirms the raise or removal of a period's limit once its cooling-off is over. */
export const ConfirmDepositLimitParams = z.object({ period })
/** Drops a raise or removal still waiting: the limit in force stays as it is. */
export const CancelDepositLimitChangeParams = z.object({ period })

export const DepositLimitAnswer = z.object({
  limit: DepositLimit,
  /** What the page tells: set, waiting until (the value of `limit.pending.from`), confirmed, dropped. */
  message: MessageCode,
})
