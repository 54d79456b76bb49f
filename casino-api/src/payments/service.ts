/**
 * Payments: a deposit or withdrawal is a `payments` row whose every change of state happens in
 * one database transaction with the ledger movement it stands for, so a crash leaves either both
 * or neither. A row is first locked by a conditional update (status still 'pending'), then the
 * money moves: of two decisions racing on one payment (a player's cancel and an administrator's
 * accept) exactly one finds it pending.
 */
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Balance, Currency } from '../../contract/index.ts'
import type { Database, Queryable } from '../db/open.ts'
import { payments, players } from '../db/schema.ts'
import { ApiError } from '../../contract/errors.ts'
import { playerBalance, post } from '../wallet/ledger.ts'
import { creditDeposit, remainingTurnover } from '../wallet/wagering.ts'
import { queueEvent } from '../realtime/outbox.ts'
// The player's row lock is the grants' (FOR NO KEY UPDATE, ADR 0054): one money request of a
// player at a time, while a bet's rows that reference the player do not wait for it.
import { forfeitForWithdrawal, grantDepositBonus, lockPlayer } from '../bonuses/service.ts'
import { decideReferral, pendingReferral } from '../bonuses/referrals.ts'
import { audit } from './audit.ts'
import { financialTransaction, type PaymentRow } from './records.ts'
import { maskDestination, type Destination } from './withdrawal-checks.ts'
import { checkDepositLimits, depositLimitRefusal } from '../accounts/money-limits.ts'

/** Where a withdrawal's amount waits between the request and the administrator's decision. */
export const WITHDRAWALS_HELD = 'withdrawals_pending'
/** The casino's money at its banks and processors: where deposits come from and payouts go. */
export const CASH = 'cash'

export type NewPayment = Omit<typeof payments.$inferInsert, 'id' | 'createdAt' | 'updatedAt'> & { at: Date }

/** A reference for the player and the administrator: a prefix and ten unambiguous characters. */
export function newReference(prefix: string) {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  const bytes = randomBytes(10)
  let out = ''
  for (const b of bytes) out += alphabet[b % alphabet.length]
  return `${prefix}-${out.slice(0, 5)}-${out.slice(5)}`
}

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex')

/** The player's key of one request: the same key from another player is another request. */
export const requestKey = (playerId: string, idempotencyKey: string) => `${playerId}:${idempotencyKey}`

/**
 * Inserts a payment, or finds the one its idempotency key already made (`created: false`). A
 * player's Idempotency-Key reaches here only with the params it was bound to (http/idempotency.ts);
 * a key the service makes (a crypto credit's chain transaction) reused for another processor or
 * amount is a transaction conflict, never a second payment.
 */
export async function insertPayment(db: Queryable, p: NewPayment): Promise<{ row: PaymentRow; created: boolean }> {
  const { at, ...values } = p
  const [row] = await db
    .insert(payments)
    .values({ ...values, createdAt: at, updatedAt: at })
    .onConflictDoNothing({ target: payments.idempotencyKey })
    .returning()
  if (row) return { row, created: true }
  const [first] = await db.select().from(payments).where(eq(payments.idempotencyKey, p.idempotencyKey))
  if (!first) throw new Error('payment idempotency conflict without a payment')
  if (first.playerId !== p.playerId || first.processor !== p.processor || first.amount !== p.amount)
    throw new ApiError(409, 'transaction_conflict')
  return { row: first, created: false }
}

/**
 * Inserts a deposit the player asked for (insertPayment) under their row lock, refused if it would
 * pass one of their limits. A replay of a deposit already recorded (its idempotency key) is not
 * counted again: it answers as the first time did, whatever the limits say now.
 */
export async function insertDeposit(db: Database, p: NewPayment) {
  return db.transaction(async (tx) => {
    await lockPlayer(tx, p.playerId)
    const [recorded] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.idempotencyKey, p.idempotencyKey))
    if (!recorded) await checkDepositLimits(tx, p)
    return insertPayment(tx, p)
  })
}

export async function playerOf(db: Queryable, playerId: string) {
  const [player] = await db
    .select({
      id: players.id,
      username: players.username,
      email: players.email,
      firstName: players.firstName,
      language: players.language,
      currency: players.currency,
      status: players.status,
    })
    .from(players)
    .where(eq(players.id, playerId))
  if (!player) throw new ApiError(404, 'not_found')
  return player
}

/**
 * Moves a pending payment to `status`, and runs `move` (the ledger movement) in the same
 * database transaction. Null when the payment is no longer pending: nothing changed.
 */
export async function settle(
  db: Database,
  id: string,
  status: Exclude<PaymentRow['status'], 'pending'>,
  at: Date,
  changes: Partial<Pick<PaymentRow, 'amount' | 'failureCode' | 'failureReason' | 'details'>>,
  move?: (tx: Database, row: PaymentRow) => Promise<void>,
): Promise<{ row: PaymentRow; balance: Balance } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(payments)
      .set({ status, updatedAt: at, ...changes })
      .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
      .returning()
    if (!row) return null
    await move?.(tx as unknown as Database, row)
    const balance = await playerBalance(tx, row.playerId, row.currency)
    const moved = status === 'complete' || row.kind === 'withdrawal'
    const [updated] = moved
      ? await tx.update(payments).set({ balanceAfter: balance.total }).where(eq(payments.id, id)).returning()
      : [row]
    await notifyStatus(tx, updated ?? row, at)
    return { row: updated ?? row, balance }
  })
}

/**
 * Completes a pending deposit: credits it (with its wagering requirement), grants the deposit
 * bonus it earns when the player asked for it, and records the balance.
 */
export function completeDeposit(db: Database, id: string, at: Date, amount?: number) {
  return settle(db, id, 'complete', at, amount ? { amount } : {}, async (tx, row) => {
    // A friend's first deposit decides their referral (ADR 0057): the referrer's row and the
    // friend's are locked first, the decision made last.
    const referral = await pendingReferral(tx, row)
    // The player's row before the accounts, as a withdrawal request takes them (no deadlock).
    if (row.claimBonus) await lockPlayer(tx, row.playerId)
    const credited = await creditDeposit(tx, {
      playerId: row.playerId,
      currency: row.currency,
      amount: row.amount,
      idempotencyKey: `deposit:${row.processor}:${row.id}`,
      processor: row.processor,
      reference: row.reference,
      at,
    })
    if (row.claimBonus)
      await grantDepositBonus(tx, {
        playerId: row.playerId,
        currency: row.currency,
        amount: row.amount,
        depositTransactionId: credited.transactionId,
        at,
      })
    if (referral) await decideReferral(tx, referral, row, at)
  })
}

/**
 * An administrator's confirmation that a bank transfer arrived: completes the pending deposit
 * with the amount received, audited in the same database transaction. Null when it was not
 * pending (nothing moved, nothing audited).
 */
export async function confirmBankTransfer(
  db: Database,
  c: { adminId: string; paymentId: string; reference: string; amount: number; at: Date },
) {
  return db.transaction(async (tx) => {
    const done = await completeDeposit(tx as never, c.paymentId, c.at, c.amount)
    if (done)
      await audit(tx, {
        adminId: c.adminId,
        action: 'confirm_bank_transfer',
        target: c.paymentId,
        details: { reference: c.reference, amount: c.amount },
        at: c.at,
      })
    return done
  })
}

export type CryptoDepositReport = {
  adminId: string
  playerId: string
  currency: Currency
  coin: string
  address: string
  /** The chain transaction's id, lower case, without 0x. */
  chainTx: string
  units: string
  /** What the units are worth, in the player's cents. */
  cents: number
  confirmations: number
  /** The confirmations that complete a deposit of this coin. */
  needed: number
  at: Date
}

/**
 * An administrator's report of a crypto deposit seen on chain: one payment per chain transaction
 * (a report again updates its confirmations, other units or another address are a conflict),
 * completed once it has the confirmations needed; audited in the same database transaction.
 * Answers the payment.
 */
export async function recordCryptoDeposit(db: Database, r: CryptoDepositReport): Promise<PaymentRow> {
  return db.transaction(async (tx) => {
    const idempotencyKey = `crypto:${r.coin}:${r.chainTx}`
    // Coins sent past one of the player's deposit limits cannot be refused on chain: the payment
    // is recorded rejected (nothing credited) for the casino to send them back (ADR 0061).
    const [known] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.idempotencyKey, idempotencyKey))
    let passed: string | null = null
    if (!known) {
      await lockPlayer(tx, r.playerId)
      passed = await depositLimitRefusal(tx, { playerId: r.playerId, amount: r.cents, currency: r.currency, at: r.at })
    }
    const { row, created } = await insertPayment(tx, {
      playerId: r.playerId,
      kind: 'deposit',
      processor: 'crypto',
      status: passed ? 'rejected' : 'pending',
      failureCode: passed,
      amount: r.cents,
      currency: r.currency,
      reference: `${r.coin}-${r.chainTx.slice(0, 16).toUpperCase()}`,
      // One credit per chain transaction, whoever reports it and however often.
      idempotencyKey,
      destination: `${r.address.slice(0, 6)}…${r.address.slice(-4)}`,
      details: { coin: r.coin, address: r.address, txId: r.chainTx, units: r.units, confirmations: r.confirmations },
      at: r.at,
    })
    const details = row.details as { address?: string; units?: string }
    if (!created && (details.address !== r.address || details.units !== r.units))
      throw new ApiError(409, 'transaction_conflict')
    await audit(tx, {
      adminId: r.adminId,
      action: 'report_crypto_deposit',
      target: row.id,
      details: { coin: r.coin, txId: r.chainTx, units: r.units, confirmations: r.confirmations },
      at: r.at,
    })
    if (row.status === 'pending' && r.confirmations >= r.needed) {
      const done = await completeDeposit(tx as never, row.id, r.at)
      return done?.row ?? row
    }
    if (row.status === 'pending')
      await tx
        .update(payments)
        .set({ details: { ...(row.details as object), confirmations: r.confirmations }, updatedAt: r.at })
        .where(eq(payments.id, row.id))
    return row
  })
}

/** Marks a pending payment failed (a decline, a failed or abandoned challenge): no money moved. */
export function failPayment(db: Database, id: string, at: Date, code: string, reason: string | null = null) {
  return settle(db, id, 'failed', at, { failureCode: code, failureReason: reason })
}

/** Holds a withdrawal's amount: the player's real balance to the held account. */
export async function holdWithdrawal(tx: Database, row: PaymentRow, at: Date) {
  await post(tx, {
    kind: 'withdrawal',
    idempotencyKey: `withdrawal:hold:${row.id}`,
    currency: row.currency,
    playerId: row.playerId,
    reference: row.reference,
    meta: { processor: row.processor, step: 'hold' },
    createdAt: at,
    postings: [
      { account: { playerId: row.playerId, kind: 'real' }, amount: -row.amount },
      { account: { system: WITHDRAWALS_HELD }, amount: row.amount },
    ],
  })
}

/** The held amount paid out (accepted) or given back to the player (cancelled, rejected). */
export async function releaseWithdrawal(tx: Database, row: PaymentRow, at: Date, to: 'payout' | 'player') {
  await post(tx, {
    kind: 'withdrawal',
    idempotencyKey: `withdrawal:${to === 'payout' ? 'payout' : 'return'}:${row.id}`,
    currency: row.currency,
    playerId: row.playerId,
    reference: row.reference,
    meta: { processor: row.processor, step: to },
    createdAt: at,
    postings: [
      { account: { system: WITHDRAWALS_HELD }, amount: -row.amount },
      to === 'payout'
        ? { account: { system: CASH }, amount: row.amount }
        : { account: { playerId: row.playerId, kind: 'real' }, amount: row.amount },
    ],
  })
}

export type WithdrawalRequest = {
  playerId: string
  currency: Currency
  amount: number
  /** Where the money goes, as the player gave it (kept whole, shown masked). */
  details: Destination & Record<string, string | undefined>
  idempotencyKey: string
  /** The player confirmed that the withdrawal forfeits their active bonus. */
  forfeitBonus: boolean
  limits: { maxWithdrawalPerMonth: number; extraVerificationAbove: number }
  at: Date
}

/**
 * Records a player's withdrawal request and holds its amount, in one database transaction under
 * the player's row lock (one money request of a player at a time), after the checks that need
 * that lock: the real balance covers it, every deposit is wagered, and the month's withdrawals
 * stay within the limit. Answers the pending payment with the balance after the hold.
 */
export async function requestWithdrawal(db: Database, w: WithdrawalRequest): Promise<PaymentRow> {
  return db.transaction(async (tx) => {
    await lockPlayer(tx, w.playerId)
    const balance = await playerBalance(tx, w.playerId, w.currency)
    if (w.amount > balance.real)
      throw new ApiError(400, 'amount_too_big', {
        args: [{ amount: balance.real, currency: w.currency }],
        fields: { amount: ['amount_too_big'] },
      })
    await forfeitForWithdrawal(tx as unknown as Database, w, w.forfeitBonus, w.at)
    const remaining = await remainingTurnover(tx, w.playerId, w.currency)
    if (remaining > 0)
      throw new ApiError(400, 'wager_not_met', {
        args: [{ amount: remaining, currency: w.currency }],
        fields: { amount: ['more_bets_needed'] },
      })
    const month = await withdrawnThisMonth(tx, w.playerId, w.currency, w.at)
    if (month + w.amount > w.limits.maxWithdrawalPerMonth)
      throw new ApiError(400, 'limit_exceeded', {
        args: [{ amount: Math.max(0, w.limits.maxWithdrawalPerMonth - month), currency: w.currency }],
        fields: { amount: ['amount_too_big'] },
      })
    const { row: created } = await insertPayment(tx, {
      playerId: w.playerId,
      kind: 'withdrawal',
      processor: w.details.method,
      status: 'pending',
      amount: w.amount,
      currency: w.currency,
      reference: newReference('WD'),
      idempotencyKey: w.idempotencyKey,
      destination: maskDestination(w.details),
      details: w.details,
      reviewRequired: w.amount > w.limits.extraVerificationAbove,
      at: w.at,
    })
    await holdWithdrawal(tx as never, created, w.at)
    const after = await playerBalance(tx, w.playerId, w.currency)
    const [updated] = await tx
      .update(payments)
      .set({ balanceAfter: after.total })
      .where(eq(payments.id, created.id))
      .returning()
    return updated ?? created
  })
}

/** Cents withdrawn (pending or paid) by a player in the calendar month (UTC) of `at`. */
export async function withdrawnThisMonth(db: Queryable, playerId: string, currency: Currency, at: Date) {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1))
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${payments.amount}), 0)::text` })
    .from(payments)
    .where(
      and(
        eq(payments.playerId, playerId),
        eq(payments.currency, currency),
        eq(payments.kind, 'withdrawal'),
        sql`${payments.status} IN ('pending', 'complete')`,
        sql`${payments.createdAt} >= ${start.toISOString()}`,
      ),
    )
  return Number(row?.sum ?? 0)
}

/**
 * Tells the player's sockets (realtime/socket.ts) that a payment changed state, once it commits: a
 * contract `transaction_status_changed` event on the 'casino_events' channel, through the same
 * outbox as the ledger's balance events (realtime/outbox.ts), so it goes out after the balance
 * event of the same movement.
 */
export async function notifyStatus(tx: Queryable, row: PaymentRow, at: Date) {
  const event = { type: 'transaction_status_changed', at: at.toISOString(), transaction: financialTransaction(row) }
  await queueEvent(tx, { playerId: row.playerId, event })
}
