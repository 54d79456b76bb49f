/**
 * The 3-D Secure challenge of a card deposit (methods/card.ts), which the web app's
 * /threedsecure page shows on the site's own origin: read it, answer it, or cancel the payment.
 */
import { eq, type SQL } from 'drizzle-orm'
import type { paymentCalls } from '../../contract/index.ts'
import type { Context, DomainHandlers } from '../context.ts'
import { payments } from '../db/schema.ts'
import { ApiError } from '../../contract/errors.ts'
import { playerBalance } from '../wallet/ledger.ts'
import { challengeOf, decideChallenge, expireChallenge } from './challenges.ts'
import { sessionOf } from './methods/processor.ts'
import { financialTransaction, ownPayment } from './records.ts'
import { completeDeposit, failPayment, settle } from './service.ts'

type ChallengeCalls = Pick<
  typeof paymentCalls,
  'get_threeds_challenge' | 'complete_threeds_challenge' | 'cancel_threeds_challenge'
>

/** One of the player's challenged card payments (by reference or id), failed first if past its deadline. */
async function challengePayment(ctx: Context, playerId: string, where: SQL) {
  const row = await ownPayment(ctx.db, playerId, where)
  if (row.kind !== 'deposit' || !challengeOf(row)) throw new ApiError(404, 'not_found')
  return expireChallenge(ctx.db, row, ctx.now())
}

export const threeDSecureHandlers: DomainHandlers<ChallengeCalls> = {
  get_threeds_challenge: async (ctx, input) => {
    const session = sessionOf(input)
    const row = await challengePayment(ctx, session.playerId, eq(payments.reference, input.params.reference))
    const challenge = challengeOf(row)
    return {
      reference: row.reference,
      status: row.status === 'complete' ? 'complete' : row.status === 'pending' ? 'pending' : 'failed',
      amount: { amount: row.amount, currency: row.currency },
      merchant: ctx.payments.merchantName,
      card: { brand: row.cardBrand ?? 'other', last4: row.cardLast4 ?? '0000' },
      expiresAt: challenge?.expiresAt ?? row.updatedAt.toISOString(),
    }
  },

  complete_threeds_challenge: async (ctx, input) => {
    const session = sessionOf(input)
    const row = await challengePayment(ctx, session.playerId, eq(payments.reference, input.params.reference))
    const at = ctx.now()
    const { row: final } = await decideChallenge(ctx.db, row.id, at, (tx) =>
      input.params.outcome === 'approve'
        ? completeDeposit(tx, row.id, at)
        : failPayment(tx, row.id, at, 'deposit_failed', 'challenge_failed'),
    )
    if (final.status !== 'complete' && final.status !== 'failed') throw new ApiError(409, 'transaction_not_pending')
    return {
      reference: final.reference,
      status: final.status,
      message: final.status === 'complete' ? 'deposit_complete' : 'deposit_failed',
      transaction: financialTransaction(final),
      balance: await playerBalance(ctx.db, final.playerId, final.currency),
    }
  },

  cancel_threeds_challenge: async (ctx, input) => {
    const session = sessionOf(input)
    if (!/^[0-9a-f-]{36}$/i.test(input.params.id)) throw new ApiError(404, 'not_found')
    const row = await challengePayment(ctx, session.playerId, eq(payments.id, input.params.id))
    const at = ctx.now()
    const { row: final } = await decideChallenge(ctx.db, row.id, at, (tx) => settle(tx, row.id, 'cancelled', at, {}))
    // A replay of a cancel that went through answers it again; anything else is too late.
    if (final.status !== 'cancelled') throw new ApiError(409, 'transaction_not_pending')
    return { ok: true, message: 'deposit_cancelled', transaction: financialTransaction(final) }
  },
}
