/**
 * Sandbox vouchers (Cashlib): an administrator mints codes of a face value, a player redeems one
 * as a deposit of that value. Only a code's hash is kept, with its last four characters for the
 * lists; a code is shown once, when minted.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Currency } from '../../contract/index.ts'
import type { Database } from '../db/open.ts'
import { vouchers } from '../db/schema.ts'
import { ApiError } from '../../contract/errors.ts'
import { audit } from './audit.ts'
import type { PaymentRow } from './records.ts'
import { lockPlayer } from '../bonuses/service.ts'
import { checkDepositLimits } from '../accounts/money-limits.ts'
import { completeDeposit, insertPayment, newReference, sha256Hex } from './service.ts'

export type VoucherRedemption = {
  playerId: string
  currency: Currency
  code: string
  /** The amount the player typed, if any: it must be the voucher's. */
  amount: number | undefined
  claimBonus: boolean
  idempotencyKey: string
  at: Date
}

/**
 * Redeems a voucher as a completed deposit of its value, in one database transaction that locks
 * the voucher: of two redemptions of one code, one finds it unredeemed. Answers the deposit's
 * payment, or null when no unredeemed voucher in the player's currency has this code.
 */
export async function redeemVoucher(db: Database, r: VoucherRedemption): Promise<PaymentRow | null> {
  return db.transaction(async (tx) => {
    const [voucher] = await tx
      .select()
      .from(vouchers)
      .where(and(eq(vouchers.codeHash, sha256Hex(r.code)), sql`${vouchers.redeemedAt} IS NULL`))
      .for('update')
    if (!voucher || voucher.currency !== r.currency) return null
    if (r.amount !== undefined && r.amount !== voucher.amount)
      throw new ApiError(400, 'voucher_invalid', { fields: { amount: ['invalid_value'] } })
    // The voucher's lock first, then the player's (no other path takes them the other way round).
    await lockPlayer(tx, r.playerId)
    await checkDepositLimits(tx, { playerId: r.playerId, amount: voucher.amount, currency: voucher.currency, at: r.at })
    const { row } = await insertPayment(tx, {
      playerId: r.playerId,
      kind: 'deposit',
      processor: 'cashlib',
      status: 'pending',
      amount: voucher.amount,
      currency: voucher.currency,
      reference: newReference('VC'),
      idempotencyKey: r.idempotencyKey,
      details: { voucher: voucher.codeHint },
      claimBonus: r.claimBonus,
      at: r.at,
    })
    await tx.update(vouchers).set({ redeemedAt: r.at, paymentId: row.id }).where(eq(vouchers.id, voucher.id))
    const settled = await completeDeposit(tx as never, row.id, r.at)
    return settled?.row ?? row
  })
}

/** Mints vouchers of one value for the codes given, audited with their hints, in one transaction. */
export async function mintVouchers(
  db: Database,
  mint: { adminId: string; codes: string[]; amount: number; currency: Currency; at: Date },
) {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(vouchers)
      .values(
        mint.codes.map((code) => ({
          codeHash: sha256Hex(code),
          codeHint: code.slice(-4),
          amount: mint.amount,
          currency: mint.currency,
          createdBy: mint.adminId,
          createdAt: mint.at,
        })),
      )
      .returning()
    await audit(tx, {
      adminId: mint.adminId,
      action: 'mint_vouchers',
      target: null,
      details: {
        count: mint.codes.length,
        amount: mint.amount,
        currency: mint.currency,
        hints: inserted.map((v) => v.codeHint),
      },
      at: mint.at,
    })
    return inserted
  })
}
