/**
 * Wagering: a deposit must be staked three times over (the spec's "100 % three times") before it
 * can be withdrawn. The rules are the database's functions, all of them (ADR 0041): a deposit
 * credited here records its requirement in the same database transaction (wagering_deposit),
 * the wallet's bets add to it (wallet_wager) and their rollbacks take it back (wallet_rollback);
 * their bodies are in db/sql/. Bonus requirements (the bonuses issue) use the same table with
 * kind 'bonus'. This module credits deposits and reads what is left to wager.
 */
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Currency } from '../../contract/index.ts'
import type { Database, Queryable } from '../db/open.ts'
import { wageringRequirements } from '../db/schema.ts'
import { post, type Posted } from './ledger.ts'

export type DepositCredit = {
  playerId: string
  currency: Currency
  /** Cents, more than zero. */
  amount: number
  /** One per payment: a replay credits nothing more. E.g. 'deposit:altitudepay:<payment id>'. */
  idempotencyKey: string
  /** The processor that received the money ('altitudepay', 'carespay', 'sandbox'...). */
  processor: string
  /** The processor's reference of the payment. */
  reference?: string
  at: Date
}

/**
 * Credits a deposit to the player's real balance (from the system account 'cash') and records
 * its wagering requirement, both at once and at most once per idempotency key. The payment
 * processors call this when a deposit completes.
 */
export async function creditDeposit(db: Database, deposit: DepositCredit): Promise<Posted> {
  if (!Number.isSafeInteger(deposit.amount) || deposit.amount <= 0)
    throw new Error(`invalid deposit amount ${deposit.amount}`)
  return post(
    db,
    {
      kind: 'deposit',
      idempotencyKey: deposit.idempotencyKey,
      currency: deposit.currency,
      playerId: deposit.playerId,
      reference: deposit.reference,
      meta: { processor: deposit.processor },
      createdAt: deposit.at,
      postings: [
        { account: { playerId: deposit.playerId, kind: 'real' }, amount: deposit.amount },
        { account: { system: 'cash' }, amount: -deposit.amount },
      ],
    },
    async (tx, { transactionId }) => {
      await tx.execute(
        sql`select wagering_deposit(${transactionId}::uuid, ${deposit.playerId}::uuid, ${deposit.currency}::currency,
          ${deposit.amount}::bigint, ${deposit.at.toISOString()}::timestamptz)`,
      )
    },
  )
}

/**
 * The turnover (cents staked with real money) the player must still bet before a withdrawal:
 * what the open deposit requirements still ask. Zero when every deposit is wagered.
 */
export async function remainingTurnover(db: Queryable, playerId: string, currency: Currency): Promise<number> {
  const [row] = await db
    .select({
      open: sql<string>`coalesce(sum(${wageringRequirements.required} - ${wageringRequirements.wagered}), 0)::text`,
    })
    .from(wageringRequirements)
    .where(
      and(
        eq(wageringRequirements.playerId, playerId),
        eq(wageringRequirements.currency, currency),
        eq(wageringRequirements.kind, 'deposit'),
        isNull(wageringRequirements.metAt),
      ),
    )
  return Number(row?.open ?? 0)
}
