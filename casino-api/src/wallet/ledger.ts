/**
 * The double-entry ledger: every movement of money is one transaction whose postings sum to
 * zero, written in one database transaction, at most once per idempotency key. The database
 * keeps balances in step and refuses a player balance below zero (see schema.ts and
 * db/sql/ledger_postings_inserted.sql); this module builds the postings and turns those refusals
 * into answers.
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm'
import type { Balance, Currency } from '../../contract/index.ts'
import type { Database, Queryable } from '../db/open.ts'
import { pgErrorOf } from '../db/errors.ts'
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from '../db/schema.ts'
import { ApiError } from '../../contract/errors.ts'
import { countLedgerTransaction } from '../metrics.ts'

/** A player's account ('points' counts loyalty points, not cents: ADR 0054), or a system account by code. */
export type AccountRef = { playerId: string; kind: 'real' | 'bonus' | 'points' } | { system: string }

export type Posting = { account: AccountRef; amount: number }

export type LedgerEntry = {
  kind: string
  idempotencyKey: string
  currency: Currency
  playerId?: string
  reference?: string
  meta?: unknown
  postings: Posting[]
  createdAt: Date
}

export type Posted = { transactionId: string; replayed: boolean }

/** What else a movement writes in its database transaction (e.g. a deposit's wagering requirement). */
export type Alongside = (tx: Queryable, posted: { transactionId: string }) => Promise<void>

/**
 * The most a player's real or bonus account may hold, in cents: 2^52 - 1, so that real + bonus is
 * always a safe integer, readable exactly by the casino API and its clients. The database refuses
 * any movement past it (ledger_accounts_player_balance_safe), whatever wrote it.
 */
export const MAX_ACCOUNT_BALANCE = 2 ** 52 - 1

/**
 * The refusal of a movement that would take a player's balance past MAX_ACCOUNT_BALANCE, from the
 * database's error (null for any other error). Its args are the range of amounts the player's
 * fuller account could still take, read after the refusal: a hint, not a promise.
 */
export async function balanceRefusal(
  db: Queryable,
  error: unknown,
  player: { playerId?: string; currency: Currency },
): Promise<ApiError | null> {
  if (pgErrorOf(error)?.constraint !== 'ledger_accounts_player_balance_safe') return null
  const balance = player.playerId ? await playerBalance(db, player.playerId, player.currency) : null
  return new ApiError(400, 'amount_out_of_range', {
    args: [
      { amount: 1, currency: player.currency },
      {
        amount: Math.max(0, MAX_ACCOUNT_BALANCE - Math.max(balance?.real ?? 0, balance?.bonus ?? 0)),
        currency: player.currency,
      },
    ],
    fields: { amount: ['amount_out_of_range'] },
  })
}

/**
 * Writes one ledger transaction, or finds the one already written with the same idempotency
 * key (and moves nothing). 'insufficient_funds' when a player account would go below zero.
 * `alongside` runs in the same database transaction, only when the movement is new.
 */
export async function post(db: Database, entry: LedgerEntry, alongside?: Alongside): Promise<Posted> {
  if (entry.postings.length < 2) throw new Error('a ledger transaction needs at least two postings')
  let sum = 0
  for (const p of entry.postings) {
    if (!Number.isSafeInteger(p.amount) || p.amount === 0) throw new Error(`invalid posting amount ${p.amount}`)
    sum += p.amount
  }
  if (sum !== 0) throw new Error(`ledger postings sum to ${sum}, not zero`)

  try {
    const posted = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(ledgerTransactions)
        .values({
          kind: entry.kind,
          idempotencyKey: entry.idempotencyKey,
          currency: entry.currency,
          playerId: entry.playerId ?? null,
          reference: entry.reference ?? null,
          meta: entry.meta ?? null,
          createdAt: entry.createdAt,
        })
        .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
        .returning({ id: ledgerTransactions.id })
      if (!created) {
        const [first] = await tx
          .select({ id: ledgerTransactions.id })
          .from(ledgerTransactions)
          .where(eq(ledgerTransactions.idempotencyKey, entry.idempotencyKey))
        if (!first) throw new Error('idempotency key conflict without a transaction')
        return { transactionId: first.id, replayed: true }
      }
      const rows: { transactionId: string; accountId: string; amount: number; system: boolean }[] = []
      for (const p of entry.postings) {
        rows.push({
          transactionId: created.id,
          accountId: await accountId(tx, p.account, entry.currency, entry.createdAt),
          amount: p.amount,
          system: 'system' in p.account,
        })
      }
      // The postings go in with one statement: the database checks that they sum to zero when
      // it ends (db/sql/ledger_postings_inserted.sql). Its trigger moves the balances in the
      // order of the rows: player accounts before system accounts and by id within each (the
      // wallet's functions, db/sql/wallet_*.sql, lock in that order too), so two transactions
      // touching the same accounts cannot wait for each other in a circle. System accounts last
      // also holds a shared account's lock for the shortest time.
      rows.sort((a, b) =>
        a.system !== b.system
          ? a.system
            ? 1
            : -1
          : a.accountId < b.accountId
            ? -1
            : a.accountId > b.accountId
              ? 1
              : 0,
      )
      await tx
        .insert(ledgerPostings)
        .values(rows.map((r) => ({ transactionId: r.transactionId, accountId: r.accountId, amount: r.amount })))
      await alongside?.(tx, { transactionId: created.id })
      return { transactionId: created.id, replayed: false }
    })
    // Loyalty points (ADR 0054) are counted, not added to the money moved.
    const points = entry.postings.some((p) => 'kind' in p.account && p.account.kind === 'points')
    if (!posted.replayed)
      countLedgerTransaction(
        entry.kind,
        points ? 0 : entry.postings.reduce((moved, p) => moved + Math.max(p.amount, 0), 0),
      )
    return posted
  } catch (error) {
    if (pgErrorOf(error)?.constraint === 'ledger_accounts_player_balance_nonnegative')
      throw new ApiError(400, 'insufficient_funds')
    throw (await balanceRefusal(db, error, entry)) ?? error
  }
}

/** The id of an account, created on first use. */
async function accountId(db: Queryable, ref: AccountRef, currency: Currency, now: Date): Promise<string> {
  const where =
    'system' in ref
      ? and(
          eq(ledgerAccounts.kind, 'system'),
          eq(ledgerAccounts.code, ref.system),
          eq(ledgerAccounts.currency, currency),
        )
      : and(
          eq(ledgerAccounts.playerId, ref.playerId),
          eq(ledgerAccounts.kind, ref.kind),
          eq(ledgerAccounts.currency, currency),
        )
  const [found] = await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where)
  if (found) return found.id
  await db
    .insert(ledgerAccounts)
    .values(
      'system' in ref
        ? { kind: 'system', code: ref.system, playerId: null, currency, createdAt: now }
        : { kind: ref.kind, playerId: ref.playerId, code: null, currency, createdAt: now },
    )
    .onConflictDoNothing()
  const [row] = await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where)
  if (!row) throw new Error('ledger account could not be created')
  return row.id
}

/** A player's balances in cents: real, bonus and their total (and its version: see the contract's Balance). */
export const balanceOf = (currency: Currency, real: number, bonus: number, version?: number): Balance => ({
  currency,
  real,
  bonus,
  total: real + bonus,
  ...(version === undefined ? {} : { version }),
})

/** A player's balances in cents from their ledger accounts; zero where none exists yet. */
export async function playerBalance(db: Queryable, playerId: string, currency: Currency): Promise<Balance> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.playerId, playerId),
        eq(ledgerAccounts.currency, currency),
        inArray(ledgerAccounts.kind, ['real', 'bonus']),
      ),
    )
  const real = rows.find((r) => r.kind === 'real')?.balance ?? 0
  const bonus = rows.find((r) => r.kind === 'bonus')?.balance ?? 0
  return balanceOf(currency, real, bonus)
}

/** Whether every account's balance equals the sum of its postings (for checks and tests). */
export async function ledgerIsConsistent(db: Queryable) {
  const [row] = await db
    .select({ drifting: count() })
    .from(ledgerAccounts)
    .where(
      sql`${ledgerAccounts.balance} <> coalesce((SELECT sum(p.amount) FROM ${ledgerPostings} p WHERE p.account_id = ${ledgerAccounts.id}), 0)`,
    )
  return (row?.drifting ?? 0) === 0
}
