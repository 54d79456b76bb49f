import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { pgErrorOf } from '../src/db/errors.ts'
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from '../src/db/schema.ts'
import { ledgerIsConsistent, playerBalance, post, type LedgerEntry } from '../src/wallet/ledger.ts'
import { activePlayer, backends, checkLedgerAfterEach, useApis } from './helpers.ts'

const api = useApis()
checkLedgerAfterEach(api)

const entry = (
  playerId: string,
  kind: string,
  postings: LedgerEntry['postings'],
  key: string = randomUUID(),
): LedgerEntry => ({
  kind,
  idempotencyKey: key,
  currency: 'EUR',
  playerId,
  postings,
  createdAt: new Date(),
})

const deposit = (playerId: string, cents: number, key?: string) =>
  entry(
    playerId,
    'deposit',
    [
      { account: { playerId, kind: 'real' }, amount: cents },
      { account: { system: 'cash' }, amount: -cents },
    ],
    key,
  )

const withdrawal = (playerId: string, cents: number, key?: string) =>
  entry(
    playerId,
    'withdrawal',
    [
      { account: { playerId, kind: 'real' }, amount: -cents },
      { account: { system: 'cash' }, amount: cents },
    ],
    key,
  )

/** The SQLSTATE of the database error `work` fails with. */
async function constraintError(work: () => Promise<unknown>) {
  const error = await work().then(
    () => null,
    (e: unknown) => e,
  )
  return pgErrorOf(error)?.code
}

test.for(backends)('postings move balances; total is real + bonus, in cents [%s]', async (backend) => {
  const a = api(backend)
  const { playerId, token } = await activePlayer(a)
  await post(a.db, deposit(playerId, 25_00))
  await post(
    a.db,
    // Bonus money put straight on the account (bonuses/ grants a bonus with its terms).
    entry(playerId, 'adjustment', [
      { account: { playerId, kind: 'bonus' }, amount: 10_00 },
      { account: { system: 'adjustments' }, amount: -10_00 },
    ]),
  )
  expect(await a.ok('get_player_balance', {}, { token })).toEqual({
    currency: 'EUR',
    real: 25_00,
    bonus: 10_00,
    total: 35_00,
    // Each posting to one of the player's accounts counts one.
    version: 2,
  })
  expect((await a.ok('player', {}, { token })).balance.total).toBe(35_00)
  expect(await ledgerIsConsistent(a.db)).toBe(true)
})

test.for(backends)(
  'a player balance never goes below zero, and a refused movement leaves nothing behind [%s]',
  async (backend) => {
    const a = api(backend)
    const { playerId } = await activePlayer(a)
    await post(a.db, deposit(playerId, 10_00))
    const key = randomUUID()
    await expect(post(a.db, withdrawal(playerId, 10_01, key))).rejects.toMatchObject({
      status: 400,
      code: 'insufficient_funds',
    })
    expect(await a.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, key))).toEqual([])
    expect((await playerBalance(a.db, playerId, 'EUR')).real).toBe(10_00)
    await post(a.db, withdrawal(playerId, 10_00))
    expect((await playerBalance(a.db, playerId, 'EUR')).real).toBe(0)
  },
)

test.for(backends)('a replayed idempotency key moves nothing and finds the first transaction [%s]', async (backend) => {
  const a = api(backend)
  const { playerId } = await activePlayer(a)
  const key = randomUUID()
  const first = await post(a.db, deposit(playerId, 5_00, key))
  const again = await post(a.db, deposit(playerId, 5_00, key))
  expect(again).toEqual({ transactionId: first.transactionId, replayed: true })
  const [both] = await Promise.all([
    post(a.db, deposit(playerId, 7_00, 'same-at-once-' + key)),
    post(a.db, deposit(playerId, 7_00, 'same-at-once-' + key)),
  ])
  expect(both.transactionId).toBeTruthy()
  expect((await playerBalance(a.db, playerId, 'EUR')).real).toBe(12_00)
})

test.for(backends)('concurrent spending cannot overdraw [%s]', async (backend) => {
  const a = api(backend)
  const { playerId } = await activePlayer(a)
  await post(a.db, deposit(playerId, 10_00))
  const results = await Promise.allSettled(Array.from({ length: 10 }, () => post(a.db, withdrawal(playerId, 3_00))))
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3)
  for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'insufficient_funds' })
  expect((await playerBalance(a.db, playerId, 'EUR')).real).toBe(1_00)
  expect(await ledgerIsConsistent(a.db)).toBe(true)
})

test.for(backends)('the database itself refuses unbalanced, edited or negative ledgers [%s]', async (backend) => {
  const a = api(backend)
  const { playerId } = await activePlayer(a)
  // The service refuses before writing anything.
  await expect(
    post(
      a.db,
      entry(playerId, 'broken', [
        { account: { playerId, kind: 'real' }, amount: 5 },
        { account: { system: 'cash' }, amount: -4 },
      ]),
    ),
  ).rejects.toThrow(/sum to 1/)

  const { transactionId } = await post(a.db, deposit(playerId, 3_00))
  const [account] = await a.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.playerId, playerId))
  // One-sided posting: refused when the transaction commits.
  expect(
    await constraintError(() =>
      a.db.transaction(async (tx) =>
        tx.insert(ledgerPostings).values({ transactionId, accountId: account!.id, amount: 1 }),
      ),
    ),
  ).toBe('23514')
  // Several postings written at once that do not add up: refused when the statement ends, and
  // nothing moves (a transaction's postings are checked together, whatever wrote them).
  const [cash] = await a.db
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, 'system'), eq(ledgerAccounts.code, 'cash')))
  const adjustment = (currency: 'EUR' | 'INR', amounts: [number, number]) =>
    a.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(ledgerTransactions)
        .values({ kind: 'adjustment', idempotencyKey: randomUUID(), currency, createdAt: new Date() })
        .returning()
      await tx.insert(ledgerPostings).values([
        { transactionId: created!.id, accountId: account!.id, amount: amounts[0] },
        { transactionId: created!.id, accountId: cash!.id, amount: amounts[1] },
      ])
    })
  expect(await constraintError(() => adjustment('EUR', [2_00, -1_00]))).toBe('23514')
  // Balanced, but an account in another currency than its transaction: refused too.
  expect(await constraintError(() => adjustment('INR', [1_00, -1_00]))).toBe('23514')
  // Postings are append-only.
  expect(
    await constraintError(() =>
      a.db.update(ledgerPostings).set({ amount: 999 }).where(eq(ledgerPostings.transactionId, transactionId)),
    ),
  ).toBe('23514')
  expect(
    await constraintError(() => a.db.delete(ledgerPostings).where(eq(ledgerPostings.transactionId, transactionId))),
  ).toBe('23514')
  // A player account below zero violates its check constraint.
  expect(
    await constraintError(() =>
      a.db.update(ledgerAccounts).set({ balance: -1 }).where(eq(ledgerAccounts.id, account!.id)),
    ),
  ).toBe('23514')
  expect((await playerBalance(a.db, playerId, 'EUR')).real).toBe(3_00)
  const [sum] = await a.db
    .select({ total: sql<string>`coalesce(sum(${ledgerPostings.amount}), 0)::text` })
    .from(ledgerPostings)
  expect(sum?.total).toBe('0')
})
