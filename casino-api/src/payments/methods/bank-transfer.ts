/**
 * Bank-transfer deposits (carespay): the player is given the casino's bank details and a
 * reference to put on the transfer; an administrator credits it when it arrives
 * (confirm_bank_transfer, admin-handlers.ts).
 */
import { claimForDeposit } from '../../bonuses/promo-codes.ts'
import { financialTransaction } from '../records.ts'
import { insertDeposit, newReference, playerOf, requestKey } from '../service.ts'
import { checkDepositAmount, depositProcessor, keyOf, sessionOf } from './processor.ts'

export const bankTransfer = depositProcessor('carespay', async (ctx, input) => {
  const session = sessionOf(input)
  const key = keyOf(input)
  const player = await playerOf(ctx.db, session.playerId)
  await checkDepositAmount(ctx, input.params.amount, player.currency)
  const claimBonus = await claimForDeposit(ctx, {
    playerId: player.id,
    ip: input.ip,
    claimBonus: input.params.claimBonus,
    promoCode: input.params.promoCode,
    paymentKey: requestKey(player.id, key),
  })
  const { row } = await insertDeposit(ctx.db, {
    playerId: player.id,
    kind: 'deposit',
    processor: 'carespay',
    status: 'pending',
    amount: input.params.amount,
    currency: player.currency,
    reference: newReference('BT'),
    idempotencyKey: requestKey(player.id, key),
    claimBonus,
    at: ctx.now(),
  })
  return {
    status: 'pending',
    message: 'deposit_pending',
    reference: row.reference,
    amount: { amount: row.amount, currency: row.currency },
    bank: ctx.payments.bank,
    transaction: financialTransaction(row),
  }
})
