/**
 * Prepaid voucher deposits (cashlib): a voucher of the casino's (vouchers.ts) is redeemed for its
 * face value. Guessing codes is rate limited: every try counts before the code is looked at, so a
 * burst of guesses sees itself; a voucher redeemed gives its point back, so only wrong codes add up.
 */
import { claimForDeposit } from '../../bonuses/promo-codes.ts'
import { eq } from 'drizzle-orm'
import type { Context } from '../../context.ts'
import { payments } from '../../db/schema.ts'
import { ApiError } from '../../../contract/errors.ts'
import { playerBalance } from '../../wallet/ledger.ts'
import { financialTransaction, type PaymentRow } from '../records.ts'
import { playerOf, requestKey } from '../service.ts'
import { redeemVoucher } from '../vouchers.ts'
import { depositProcessor, keyOf, sessionOf } from './processor.ts'

const invalid = () => new ApiError(400, 'voucher_invalid', { fields: { voucherCode: ['voucher_invalid'] } })

async function voucherAnswer(ctx: Context, row: PaymentRow) {
  if (row.status !== 'complete') throw invalid()
  return {
    status: 'complete' as const,
    message: 'deposit_complete' as const,
    reference: row.reference,
    transaction: financialTransaction(row),
    balance: await playerBalance(ctx.db, row.playerId, row.currency),
  }
}

export const voucher = depositProcessor(
  'cashlib',
  async (ctx, input) => {
    const session = sessionOf(input)
    const player = await playerOf(ctx.db, session.playerId)
    const idempotencyKey = requestKey(player.id, keyOf(input))
    const [replayed] = await ctx.db.select().from(payments).where(eq(payments.idempotencyKey, idempotencyKey))
    if (replayed) return voucherAnswer(ctx, replayed)
    const claimBonus = await claimForDeposit(ctx, {
      playerId: player.id,
      ip: input.ip,
      claimBonus: input.params.claimBonus,
      promoCode: input.params.promoCode,
      paymentKey: idempotencyKey,
    })
    const redeemed = await redeemVoucher(ctx.db, {
      playerId: player.id,
      currency: player.currency,
      code: input.params.voucherCode,
      amount: input.params.amount,
      claimBonus,
      idempotencyKey,
      at: ctx.now(),
    })
    if (!redeemed) throw invalid()
    return voucherAnswer(ctx, redeemed)
  },
  { rateLimit: 'voucherRedemption' },
)
