/**
 * 3-D Secure challenges: a card payment (altitudepay) the issuer challenged stays pending with
 * `details.challenge.expiresAt` until the cardholder approves or declines it, the player cancels
 * it, or CHALLENGE_TTL_MS pass and it fails. Every one of these decisions takes the payment's row
 * lock and looks at the row again under it, so of two at the same moment (the player's Approve and
 * the expiry job) exactly one acts and the other sees its outcome.
 */
import { and, eq, lte } from 'drizzle-orm'
import type { Database } from '../db/open.ts'
import { payments } from '../db/schema.ts'
import { CHALLENGE_TTL_MS } from './config.ts'
import type { PaymentRow } from './records.ts'
import { failPayment } from './service.ts'

export const challengeOf = (row: PaymentRow) => (row.details as { challenge?: { expiresAt: string } } | null)?.challenge

const overdue = (row: PaymentRow, now: Date) => {
  const challenge = challengeOf(row)
  return row.status === 'pending' && !!challenge && new Date(challenge.expiresAt) <= now
}

/**
 * Decides a challenged payment under its row lock: one past its deadline fails (whoever looks),
 * a pending one gets `decide`'s outcome (a settle of service.ts, in the lock's transaction), and
 * one decided already stays as it is. Answers the row as it ends, and whether this call changed it.
 */
export async function decideChallenge(
  db: Database,
  id: string,
  now: Date,
  decide?: (tx: Database, row: PaymentRow) => Promise<{ row: PaymentRow } | null>,
): Promise<{ row: PaymentRow; changed: boolean }> {
  return db.transaction(async (lock) => {
    const tx = lock as unknown as Database
    const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update')
    if (!row) throw new Error(`payment ${id} vanished`)
    if (row.status !== 'pending' || !challengeOf(row)) return { row, changed: false }
    const decided = overdue(row, now)
      ? await failPayment(tx, row.id, now, 'deposit_failed', 'challenge_expired')
      : await decide?.(tx, row)
    return decided ? { row: decided.row, changed: true } : { row, changed: false }
  })
}

/** A challenge past its deadline fails when it is looked at, before anything else is done with it. */
export async function expireChallenge(db: Database, row: PaymentRow, now: Date): Promise<PaymentRow> {
  return overdue(row, now) ? (await decideChallenge(db, row.id, now)).row : row
}

/**
 * The 'expire_challenges' job, scheduled every minute across instances (jobs/jobs.ts): fails
 * every challenge left unanswered past its deadline, so an abandoned payment does not stay pending until someone
 * opens its challenge page again; the player's sockets hear it like any change of state
 * (notifyStatus). Each payment is decided under its own lock, so it is idempotent and several
 * instances may run it at once. Answers how many it failed.
 */
export async function expireOverdueChallenges(db: Database, now: Date): Promise<number> {
  // A challenge's deadline is CHALLENGE_TTL_MS after the payment was made: the creation time
  // narrows the search on the pending payments' index, the deadline itself is checked under the lock.
  const candidates = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.kind, 'deposit'),
        eq(payments.processor, 'altitudepay'),
        eq(payments.status, 'pending'),
        lte(payments.createdAt, new Date(now.getTime() - CHALLENGE_TTL_MS)),
      ),
    )
  let failed = 0
  for (const row of candidates) {
    if (!overdue(row, now)) continue
    if ((await decideChallenge(db, row.id, now)).changed) failed++
  }
  return failed
}
