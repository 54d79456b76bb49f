import { randomBytes, randomUUID } from 'node:crypto'
import type { Database } from '../src/db/open.ts'
import { players } from '../src/db/schema.ts'
import { post } from '../src/wallet/ledger.ts'
import { creditDeposit } from '../src/wallet/wagering.ts'

/** A ledger adjustment: `cents` to the player's real balance (from the system's adjustments account). */
export const adjustBalance = (db: Database, playerId: string, cents: number) =>
  post(db, {
    kind: 'adjustment',
    idempotencyKey: `adjustment:test:${randomUUID()}`,
    currency: 'EUR',
    playerId,
    createdAt: new Date(),
    postings: [
      { account: { playerId, kind: 'real' }, amount: cents },
      { account: { system: 'adjustments' }, amount: -cents },
    ],
  })

/**
 * Active players written straight into the database (no registration, no e-mail), each with a
 * deposit of `cents` (none for 0): for the tests and the bench that drive the provider wallet only.
 */
export async function insertFundedPlayers(db: Database, count: number, cents: number) {
  const tag = randomBytes(4).toString('hex')
  const now = new Date()
  const rows = await db
    .insert(players)
    .values(
      Array.from({ length: count }, (_, i) => ({
        username: `funded_${tag}_${i}`,
        email: `funded-${tag}-${i}@example.test`,
        phone: `+99${Number.parseInt(tag, 16) % 1_000_000}${String(i).padStart(5, '0')}`,
        passwordHash: '-',
        firstName: 'Funded',
        lastName: String(i),
        gender: 'female' as const,
        birthday: '1990-01-01',
        address: '-',
        postalCode: '-',
        city: '-',
        country: 'ES',
        status: 'active' as const,
        ageConfirmedAt: now,
        termsAcceptedAt: now,
        currencyConfirmedAt: now,
      })),
    )
    .returning({ id: players.id })
  if (cents > 0)
    for (const { id } of rows)
      await creditDeposit(db, {
        playerId: id,
        currency: 'EUR',
        amount: cents,
        idempotencyKey: `deposit:funded:${id}`,
        processor: 'sandbox',
        at: now,
      })
  return rows.map((r) => r.id)
}
