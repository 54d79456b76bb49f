/**
 * Loyalty points (ADR 0054). A player's points are the balance of their 'points' ledger account,
 * counted in points with the system account 'loyalty_points' as counterpart: wallet_bet earns
 * them in the stake's transaction (db/sql/loyalty_earn.sql), wallet_rollback takes them back
 * (loyalty_unearn.sql), and a redemption here turns them into a 'loyalty' bonus: one ledger
 * transaction 'loyalty_redeem' of points and the bonus's grant, in one database transaction under
 * the player's row lock, at most once per request key.
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Currency } from '../../contract/index.ts'
import type { Database, Queryable } from '../db/open.ts'
import {
  bonusTemplates,
  ledgerAccounts,
  ledgerPostings,
  ledgerTransactions,
  loyaltyProgram,
  playerBonuses,
  type LoyaltyLevel,
} from '../db/schema.ts'
import { ApiError } from '../../contract/errors.ts'
import { pgErrorOf } from '../db/errors.ts'
import { post } from '../wallet/ledger.ts'
import { grantIn, lockPlayer, type PlayerBonusRow } from './service.ts'

/**
 * The system account redeemed points go back to. Earned points come from 'loyalty_points:00' to
 * ':63' (loyalty_earn.sql: one per group of players, so that bets do not wait for each other).
 */
export const LOYALTY_SYSTEM_ACCOUNT = 'loyalty_points'

/** The ledger transaction kinds that move points, and what each is to the player. */
export const LOYALTY_KINDS = { loyalty_earn: 'wager', loyalty_reverse: 'rollback', loyalty_redeem: 'redeem' } as const
type LoyaltyKind = keyof typeof LOYALTY_KINDS

export type LoyaltyProgramRow = typeof loyaltyProgram.$inferSelect

export async function programOf(db: Queryable): Promise<LoyaltyProgramRow> {
  const [row] = await db.select().from(loyaltyProgram)
  if (!row) throw new Error('loyalty_program has no row (migration 0030 seeds it)')
  return row
}

/** The level `lifetime` points reach, and the next one up (null at the top). */
export function levelOf(levels: LoyaltyLevel[], lifetime: number) {
  const sorted = [...levels].sort((a, b) => a.minPoints - b.minPoints)
  let at = 0
  sorted.forEach((level, i) => {
    if (lifetime >= level.minPoints) at = i
  })
  return { level: sorted[at]!, next: sorted[at + 1] ?? null }
}

/** The player's points account and their lifetime points (earned less taken back by rollbacks). */
export async function pointsOf(db: Queryable, playerId: string, currency: Currency) {
  const [account] = await db
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.playerId, playerId),
        eq(ledgerAccounts.kind, 'points'),
        eq(ledgerAccounts.currency, currency),
      ),
    )
  if (!account) return { accountId: null, balance: 0, lifetime: 0 }
  const [earned] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerPostings.amount}), 0)` })
    .from(ledgerPostings)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
    .where(
      and(
        eq(ledgerPostings.accountId, account.id),
        inArray(ledgerTransactions.kind, ['loyalty_earn', 'loyalty_reverse']),
      ),
    )
  return { accountId: account.id, balance: account.balance, lifetime: Number(earned?.total ?? 0) }
}

export type LoyaltyMovement = {
  id: string
  points: number
  reason: (typeof LOYALTY_KINDS)[LoyaltyKind]
  bonusCents: number | null
  createdAt: Date
}

/** A page of the movements of a points account, the newest first. */
export async function pointsHistory(db: Queryable, accountId: string | null, page: number, pageSize: number) {
  if (!accountId) return { rows: [] as LoyaltyMovement[], total: 0 }
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: ledgerTransactions.id,
        kind: ledgerTransactions.kind,
        meta: ledgerTransactions.meta,
        points: ledgerPostings.amount,
        createdAt: ledgerTransactions.createdAt,
      })
      .from(ledgerPostings)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
      .where(eq(ledgerPostings.accountId, accountId))
      .orderBy(desc(ledgerTransactions.createdAt), desc(ledgerPostings.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(ledgerPostings).where(eq(ledgerPostings.accountId, accountId)),
  ])
  return {
    rows: rows.map((r): LoyaltyMovement => ({
      id: r.id,
      points: r.points,
      reason: LOYALTY_KINDS[r.kind as LoyaltyKind] ?? 'wager',
      bonusCents: r.kind === 'loyalty_redeem' ? Number((r.meta as { cents?: number } | null)?.cents ?? 0) : null,
      createdAt: r.createdAt,
    })),
    total: total?.n ?? 0,
  }
}

export type Redemption = {
  playerId: string
  currency: Currency
  points: number
  /** The request's key (payments' requestKey): the same key redeems once. */
  requestKey: string
  at: Date
}

/**
 * Redeems points into a 'loyalty' bonus (loyalty_redeem_processor): a whole number of cents at
 * the programme's points per cent (the points left over stay), at least its minimum, granted with
 * the 'loyalty' template's terms. Under the player's row lock (every grant's) and then their real
 * and bonus accounts' (before the points account, the order wallet_bet takes them): of two
 * redemptions at once the second waits, then finds a bonus active ('bonus_active'), or, with the
 * same key, the first's redemption and bonus, which it answers.
 */
export function redeemPoints(db: Database, r: Redemption) {
  const key = `loyalty:redeem:${r.requestKey}`
  return db.transaction(async (tx): Promise<{ bonus: PlayerBonusRow; pointsRedeemed: number }> => {
    await lockPlayer(tx, r.playerId)
    const [done] = await tx
      .select({ id: ledgerTransactions.id, meta: ledgerTransactions.meta })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, key))
    if (done) {
      const [bonus] = await tx
        .select()
        .from(playerBonuses)
        .where(eq(playerBonuses.sourceKey, `loyalty:${done.id}`))
      if (!bonus) throw new Error(`loyalty redemption ${done.id} without its bonus`)
      return { bonus, pointsRedeemed: Number((done.meta as { points: number }).points) }
    }
    const program = await programOf(tx)
    if (r.points < program.minRedeemPoints)
      throw new ApiError(400, 'loyalty_redeem_below_minimum', {
        args: [program.minRedeemPoints],
        fields: { points: ['loyalty_redeem_below_minimum'] },
      })
    const cents = Math.floor(r.points / program.pointsPerCent)
    const taken = cents * program.pointsPerCent
    await tx.execute(
      sql`SELECT 1 FROM ${ledgerAccounts} WHERE ${ledgerAccounts.playerId} = ${r.playerId}
        AND ${ledgerAccounts.currency} = ${r.currency} AND ${ledgerAccounts.kind} IN ('real', 'bonus')
        ORDER BY ${ledgerAccounts.id} FOR UPDATE`,
    )
    const [active] = await tx
      .select({ id: playerBonuses.id })
      .from(playerBonuses)
      .where(and(eq(playerBonuses.playerId, r.playerId), eq(playerBonuses.status, 'active')))
    if (active) throw new ApiError(409, 'bonus_active')
    const { balance } = await pointsOf(tx, r.playerId, r.currency)
    if (balance < taken) throw notEnough()
    const [template] = await tx.select().from(bonusTemplates).where(eq(bonusTemplates.type, 'loyalty'))
    if (!template) throw new Error("bonus_templates has no 'loyalty' row (migration 0026 seeds it)")
    let bonus: PlayerBonusRow | undefined
    try {
      await post(
        tx as unknown as Database,
        {
          kind: 'loyalty_redeem',
          idempotencyKey: key,
          currency: r.currency,
          playerId: r.playerId,
          meta: { points: taken, cents, pointsPerCent: program.pointsPerCent },
          createdAt: r.at,
          postings: [
            { account: { playerId: r.playerId, kind: 'points' }, amount: -taken },
            { account: { system: LOYALTY_SYSTEM_ACCOUNT }, amount: taken },
          ],
        },
        async (inner, { transactionId }) => {
          bonus = await grantIn(inner as unknown as Database, {
            playerId: r.playerId,
            currency: r.currency,
            template,
            amount: cents,
            deposit: null,
            sourceKey: `loyalty:${transactionId}`,
            at: r.at,
          })
        },
      )
    } catch (error) {
      if (error instanceof ApiError && error.code === 'insufficient_funds') throw notEnough()
      if (pgErrorOf(error)?.constraint === 'ledger_accounts_player_balance_nonnegative') throw notEnough()
      throw error
    }
    if (!bonus) throw new Error('loyalty redemption posted without its bonus')
    return { bonus, pointsRedeemed: taken }
  })
}

const notEnough = () =>
  new ApiError(400, 'not_enough_loyalty_points', { fields: { points: ['not_enough_loyalty_points'] } })
