/**
 * The player's own money limits (issue 23, safer gambling): a daily, weekly and monthly limit on
 * what they deposit (ADR 0061) and on what they lose at play (ADR 0064), counted over calendar
 * periods in the site's time zone by the database (money_limits_of, db/sql/).
 *
 * - A deposit counts from the moment it is asked for (pending or complete: a transfer on its way
 *   holds its part), and one that failed, was cancelled or rejected gives its part back. It is
 *   checked here, under the player's row lock, in the transaction that records the deposit.
 * - The loss is the net of the real-money stakes, wins and stakes given back of every provider's
 *   rounds. wallet_bet checks it (loss_limit_refusal) under the lock on the player's accounts: a
 *   stake whose real part, lost, would pass a limit is refused.
 *
 * Every change runs under the player's row lock (lockPlayer, the grants' and the withdrawals'). A
 * lower limit (or a first one) holds at once; a higher one or a removal waits 24 hours, then for
 * the player to confirm it, and asking again starts the 24 hours again, so a small raise asked for
 * early cannot be swapped for a larger one at the end (limit-changes.ts).
 */
import { and, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import {
  DEPOSIT_LIMIT_COOLING_OFF_MS,
  DEPOSIT_LIMIT_REFUSALS,
  type Currency,
  type DepositLimit,
  type DepositLimitAnswer,
  type DepositLimitPeriod,
  type MoneyLimitKind,
} from '../../contract/index.ts'
import { ApiError } from '../../contract/errors.ts'
import { limitRule, type LimitDecision, type LimitState } from './limit-changes.ts'
import { refuseWhileKycOverdue } from './kyc.ts'
import { tellMoneyLimitChanged } from './notices.ts'
import { getPlayer } from './players.ts'
import { lockPlayer } from '../bonuses/service.ts'
import type { Context, Session } from '../context.ts'
import type { Queryable } from '../db/open.ts'
import { moneyLimitChanges, moneyLimits } from '../db/schema.ts'

type LimitRow = {
  period: DepositLimitPeriod
  amount: number | string | null
  next_amount: number | string | null
  next_from: string | Date | null
  used: number | string
  resets_at: string | Date
}

const iso = (v: string | Date) => new Date(v).toISOString()
const cents = (v: number | string | null) => (v === null ? null : Number(v))

/** Each period's limit of a kind (if any), what its calendar period so far has used and when it resets, at `at`. */
export async function moneyLimitsOf(
  db: Queryable,
  playerId: string,
  kind: MoneyLimitKind,
  at: Date,
): Promise<DepositLimit[]> {
  const result = (await db.execute(
    sql`SELECT * FROM money_limits_of(${playerId}::uuid, ${kind}::money_limit_kind, ${at.toISOString()}::timestamptz)`,
  )) as unknown as { rows: LimitRow[] }
  return result.rows.map((r) => ({
    period: r.period,
    amount: cents(r.amount),
    // A loss limit's period may be ahead: nothing of it is used.
    used: Math.max(0, Number(r.used)),
    resetsAt: iso(r.resets_at),
    pending:
      r.next_from === null
        ? null
        : { amount: cents(r.next_amount), from: iso(r.next_from), due: new Date(r.next_from) <= at },
  }))
}

type Deposit = { playerId: string; amount: number; currency: Currency; at: Date }

/** The deposit limit a deposit of `amount` would pass that leaves the least, or none. */
async function passedLimit(db: Queryable, deposit: Deposit) {
  return (await moneyLimitsOf(db, deposit.playerId, 'deposit', deposit.at))
    .filter((l) => l.amount !== null && l.used + deposit.amount > l.amount)
    .map((l) => ({ ...l, amount: l.amount!, left: Math.max(0, l.amount! - l.used) }))
    .sort((a, b) => a.left - b.left)[0]
}

/** The refusal's code of a deposit that would pass a limit (under the player's row lock), or null. */
export async function depositLimitRefusal(db: Queryable, deposit: Deposit) {
  const passed = await passedLimit(db, deposit)
  return passed ? DEPOSIT_LIMIT_REFUSALS[passed.period] : null
}

/**
 * Refuses a deposit the player may not make now: while an identity check is overdue (403
 * 'kyc_overdue', ADR 0068), or of an `amount` that would pass one of their limits, naming the one
 * that leaves the least (the limit, what is left of it, when it resets). Call it under the
 * player's row lock, in the transaction that records the deposit.
 */
export async function checkDepositLimits(db: Queryable, deposit: Deposit) {
  await refuseWhileKycOverdue(db, deposit.playerId, deposit.at)
  const passed = await passedLimit(db, deposit)
  if (!passed) return
  const money = (amount: number) => ({ amount, currency: deposit.currency })
  throw new ApiError(400, DEPOSIT_LIMIT_REFUSALS[passed.period], {
    args: [money(passed.amount), money(passed.left), passed.resetsAt],
    fields: { amount: [DEPOSIT_LIMIT_REFUSALS[passed.period]] },
  })
}

/** What a kind's changes tell the player; the refusals of a change are the same words for both. */
const rules = {
  deposit: limitRule(
    {
      set: 'deposit_limit_set',
      waits: 'deposit_limit_change_waits',
      confirmed: 'deposit_limit_confirmed',
      removed: 'deposit_limit_removed',
      dropped: 'deposit_limit_change_dropped',
      nothingPending: 'deposit_limit_nothing_pending',
      coolingOff: 'deposit_limit_cooling_off',
      none: 'deposit_limit_none',
    },
    DEPOSIT_LIMIT_COOLING_OFF_MS,
  ),
  loss: limitRule(
    {
      set: 'loss_limit_set',
      waits: 'deposit_limit_change_waits',
      confirmed: 'loss_limit_confirmed',
      removed: 'loss_limit_removed',
      dropped: 'deposit_limit_change_dropped',
      nothingPending: 'deposit_limit_nothing_pending',
      coolingOff: 'deposit_limit_cooling_off',
      none: 'deposit_limit_none',
    },
    DEPOSIT_LIMIT_COOLING_OFF_MS,
  ),
}

type Rule = (typeof rules)['deposit']
type Change = { kind: MoneyLimitKind; period: DepositLimitPeriod }

/**
 * Changes one period's limit of a kind under the player's row lock: `decide` gets the row as it is
 * (null: none) and answers the change, or throws a refusal. The change is recorded in
 * money_limit_changes and told to the player by e-mail and mailbox, in the same transaction.
 */
async function changeLimit(
  ctx: Context,
  session: Session,
  { kind, period }: Change,
  ip: string,
  decide: (rule: Rule, current: LimitState | null, now: Date) => LimitDecision,
): Promise<z.input<typeof DepositLimitAnswer>> {
  const player = await getPlayer(ctx.db, session.playerId)
  // An administrator's account deposits and plays nothing: no limit to keep.
  if (player.scope !== 'player') throw new ApiError(403, 'forbidden')
  const now = ctx.now()
  return ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, player.id)
    const where = and(eq(moneyLimits.playerId, player.id), eq(moneyLimits.kind, kind), eq(moneyLimits.period, period))
    const [current] = await tx.select().from(moneyLimits).where(where)
    const { change, state, message } = decide(
      rules[kind],
      current ? { value: current.amount, next: current.nextAmount, from: current.nextFrom } : null,
      now,
    )
    const row = state && { amount: state.value, nextAmount: state.next, nextFrom: state.from }
    if (row === null) await tx.delete(moneyLimits).where(where)
    else
      await tx
        .insert(moneyLimits)
        .values({ playerId: player.id, kind, period, ...row, updatedAt: now })
        .onConflictDoUpdate({
          target: [moneyLimits.playerId, moneyLimits.kind, moneyLimits.period],
          set: { ...row, updatedAt: now },
        })
    const waiting = row?.nextFrom ? { amount: row.nextAmount, from: row.nextFrom } : undefined
    await tx.insert(moneyLimitChanges).values({
      playerId: player.id,
      kind,
      period,
      change,
      fromAmount: current?.amount ?? null,
      toAmount: change === 'asked' ? (waiting?.amount ?? null) : (row?.amount ?? null),
      at: now,
      ip,
    })
    await tellMoneyLimitChanged(ctx, tx, player, {
      kind,
      period,
      change,
      amount: row?.amount ?? null,
      next: waiting,
      currency: player.currency,
      at: now,
    })
    const limit = (await moneyLimitsOf(tx, player.id, kind, now)).find((l) => l.period === period)!
    return { limit, message }
  })
}

/** A new limit: at once when it is the first or lower (a change waiting is dropped), else after 24 hours. */
export const setMoneyLimit = (ctx: Context, session: Session, change: Change & { amount: number }, ip: string) =>
  changeLimit(ctx, session, change, ip, (rule, current, now) => rule.set(current, change.amount, now))

/** Asks to remove a period's limit: it waits 24 hours like a raise. */
export const removeMoneyLimit = (ctx: Context, session: Session, change: Change, ip: string) =>
  changeLimit(ctx, session, change, ip, (rule, current, now) => rule.remove(current, now))

/** Confirms a period's raise or removal once its 24 hours are over. */
export const confirmMoneyLimit = (ctx: Context, session: Session, change: Change, ip: string) =>
  changeLimit(ctx, session, change, ip, (rule, current, now) => rule.confirm(current, now))

/** Drops a period's raise or removal still waiting. */
export const cancelMoneyLimitChange = (ctx: Context, session: Session, change: Change, ip: string) =>
  changeLimit(ctx, session, change, ip, (rule, current) => rule.drop(current))
