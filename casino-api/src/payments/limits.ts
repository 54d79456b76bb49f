/**
 * The player's own deposit limits (issue 23, safer gambling; ADR 0061): a daily, weekly and monthly
 * limit on what they deposit, counted over calendar periods in the site's time zone. A deposit the
 * player asks for counts from the moment it is asked (pending or complete: a transfer on its way
 * holds its part), and one that failed, was cancelled or rejected gives its part back.
 *
 * Every change and every check runs under the player's row lock (lockPlayer, the grants' and the
 * withdrawals'): of two deposits at once, the second counts the first, so together they cannot pass
 * a limit. A lower limit (or a first one) holds at once; a higher one or a removal waits 24 hours,
 * then for the player to confirm it (confirm_deposit_limit), and asking again starts the 24 hours
 * again, so a small raise asked for early cannot be swapped for a larger one at the end.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import {
  DEPOSIT_LIMIT_COOLING_OFF_MS,
  DEPOSIT_LIMIT_PERIODS,
  DEPOSIT_LIMIT_REFUSALS,
  SITE_TIME_ZONE,
  type Currency,
  type DepositLimit,
  type DepositLimitAnswer,
  type DepositLimitPeriod,
} from '../../contract/index.ts'
import { ApiError } from '../../contract/errors.ts'
import { limitRule, type LimitDecision, type LimitState } from '../accounts/limit-changes.ts'
import { tellDepositLimitChanged } from '../accounts/notices.ts'
import { getPlayer } from '../accounts/players.ts'
import { lockPlayer } from '../bonuses/service.ts'
import type { Context, Session } from '../context.ts'
import type { Queryable } from '../db/open.ts'
import { depositLimitChanges, depositLimits } from '../db/schema.ts'

type LimitRow = {
  period: DepositLimitPeriod
  amount: number | null
  next_amount: number | null
  next_from: string | Date | null
  used: number | string
  resets_at: string | Date
}

const iso = (v: string | Date) => new Date(v).toISOString()

/**
 * Each period's limit (if any), what its calendar period so far has used and when it resets, at
 * `at`: one query. The periods start at midnight, on Monday and on the 1st in the site's time zone,
 * daylight saving time included (the arithmetic is done on the local clock).
 */
export async function depositLimitsOf(db: Queryable, playerId: string, at: Date): Promise<DepositLimit[]> {
  const now = sql`${at.toISOString()}::timestamptz`
  const local = sql`(${now} AT TIME ZONE ${SITE_TIME_ZONE})`
  const rows = (await db.execute(sql`
    SELECT p.period, l.amount, l.next_amount, l.next_from, w.resets_at,
      (SELECT coalesce(sum(pay.amount), 0) FROM payments pay
        WHERE pay.player_id = ${playerId} AND pay.kind = 'deposit' AND pay.status IN ('pending', 'complete')
          AND pay.created_at >= w.starts_at AND pay.created_at < w.resets_at) AS used
    FROM unnest(${`{${DEPOSIT_LIMIT_PERIODS.join(',')}}`}::deposit_limit_period[]) WITH ORDINALITY AS p(period, n)
    CROSS JOIN LATERAL (SELECT
        date_trunc(p.period::text, ${local}) AT TIME ZONE ${SITE_TIME_ZONE} AS starts_at,
        (date_trunc(p.period::text, ${local}) + ('1 ' || p.period::text)::interval) AT TIME ZONE ${SITE_TIME_ZONE} AS resets_at
      ) w
    LEFT JOIN deposit_limits l ON l.player_id = ${playerId} AND l.period = p.period
    ORDER BY p.n`)) as unknown as { rows: LimitRow[] }
  return rows.rows.map((r) => ({
    period: r.period,
    amount: r.amount === null ? null : Number(r.amount),
    used: Number(r.used),
    resetsAt: iso(r.resets_at),
    pending:
      r.next_from === null
        ? null
        : {
            amount: r.next_amount === null ? null : Number(r.next_amount),
            from: iso(r.next_from),
            due: new Date(r.next_from) <= at,
          },
  }))
}

type Deposit = { playerId: string; amount: number; currency: Currency; at: Date }

/** The limit a deposit of `amount` would pass that leaves the least, or none. */
async function passedLimit(db: Queryable, deposit: Deposit) {
  return (await depositLimitsOf(db, deposit.playerId, deposit.at))
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
 * Refuses a deposit of `amount` that would pass one of the player's limits, naming the one that
 * leaves the least (the limit, what is left of it, when it resets). Call it under the player's row
 * lock, in the transaction that records the deposit.
 */
export async function checkDepositLimits(db: Queryable, deposit: Deposit) {
  const passed = await passedLimit(db, deposit)
  if (!passed) return
  const money = (amount: number) => ({ amount, currency: deposit.currency })
  throw new ApiError(400, DEPOSIT_LIMIT_REFUSALS[passed.period], {
    args: [money(passed.amount), money(passed.left), passed.resetsAt],
    fields: { amount: [DEPOSIT_LIMIT_REFUSALS[passed.period]] },
  })
}

/**
 * Changes one period's limit under the player's row lock: `decide` gets the row as it is (null:
 * none) and answers the change, or throws a refusal. The change is recorded in
 * deposit_limit_changes and told to the player by e-mail and mailbox, in the same transaction.
 */
async function changeLimit(
  ctx: Context,
  session: Session,
  period: DepositLimitPeriod,
  ip: string,
  decide: (current: LimitState | null, now: Date) => LimitDecision,
): Promise<z.input<typeof DepositLimitAnswer>> {
  const player = await getPlayer(ctx.db, session.playerId)
  // An administrator's account deposits nothing: no limit to keep.
  if (player.scope !== 'player') throw new ApiError(403, 'forbidden')
  const now = ctx.now()
  return ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, player.id)
    const where = and(eq(depositLimits.playerId, player.id), eq(depositLimits.period, period))
    const [current] = await tx.select().from(depositLimits).where(where)
    const { change, state, message } = decide(
      current ? { value: current.amount, next: current.nextAmount, from: current.nextFrom } : null,
      now,
    )
    const row = state && { amount: state.value, nextAmount: state.next, nextFrom: state.from }
    if (row === null) await tx.delete(depositLimits).where(where)
    else
      await tx
        .insert(depositLimits)
        .values({ playerId: player.id, period, ...row, updatedAt: now })
        .onConflictDoUpdate({
          target: [depositLimits.playerId, depositLimits.period],
          set: { ...row, updatedAt: now },
        })
    const waiting = row?.nextFrom ? { amount: row.nextAmount, from: row.nextFrom } : undefined
    await tx.insert(depositLimitChanges).values({
      playerId: player.id,
      period,
      change,
      fromAmount: current?.amount ?? null,
      toAmount: change === 'asked' ? (waiting?.amount ?? null) : (row?.amount ?? null),
      at: now,
      ip,
    })
    await tellDepositLimitChanged(ctx, tx, player, {
      period,
      change,
      amount: row?.amount ?? null,
      next: waiting,
      currency: player.currency,
      at: now,
    })
    const limit = (await depositLimitsOf(tx, player.id, now)).find((l) => l.period === period)!
    return { limit, message }
  })
}

const rule = limitRule(
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
)

/** A new limit: at once when it is the first or lower (a change waiting is dropped), else after 24 hours. */
export const setDepositLimit = (
  ctx: Context,
  session: Session,
  params: { period: DepositLimitPeriod; amount: number },
  ip: string,
) => changeLimit(ctx, session, params.period, ip, (current, now) => rule.set(current, params.amount, now))

/** Asks to remove a period's limit: it waits 24 hours like a raise. */
export const removeDepositLimit = (ctx: Context, session: Session, period: DepositLimitPeriod, ip: string) =>
  changeLimit(ctx, session, period, ip, rule.remove)

/** Confirms a period's raise or removal once its 24 hours are over. */
export const confirmDepositLimit = (ctx: Context, session: Session, period: DepositLimitPeriod, ip: string) =>
  changeLimit(ctx, session, period, ip, rule.confirm)

/** Drops a period's raise or removal still waiting. */
export const cancelDepositLimitChange = (ctx: Context, session: Session, period: DepositLimitPeriod, ip: string) =>
  changeLimit(ctx, session, period, ip, rule.drop)
