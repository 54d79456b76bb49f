/**
 * Card deposits through the card acquirer (cards.ts's `CardAcquirer`): with 3-D Secure
 * (altitudepay), which may answer a challenge the player completes on /threedsecure
 * (threeds-handlers.ts), and without (moto, mail and telephone order), which completes or fails
 * at once.
 */
import { claimForDeposit } from '../../bonuses/promo-codes.ts'
import { eq } from 'drizzle-orm'
import type { CardDepositParams } from '../../../contract/index.ts'
import type { CallInput, Context } from '../../context.ts'
import { payments } from '../../db/schema.ts'
import { ApiError } from '../../../contract/errors.ts'
import { playerBalance } from '../../wallet/ledger.ts'
import { cardFingerprint, cardSummary } from '../cards.ts'
import { challengeOf } from '../challenges.ts'
import { CHALLENGE_TTL_MS } from '../config.ts'
import { financialTransaction, type PaymentRow } from '../records.ts'
import { completeDeposit, failPayment, insertDeposit, newReference, playerOf, requestKey } from '../service.ts'
import { checkDepositAmount, depositProcessor, keyOf, sessionOf } from './processor.ts'

/** A card payment's answer from its row: the same for the first request and every replay. */
async function cardAnswer(ctx: Context, row: PaymentRow) {
  const transaction = financialTransaction(row)
  if (row.status === 'complete')
    return {
      status: 'complete' as const,
      message: 'deposit_complete' as const,
      reference: row.reference,
      transaction,
      balance: await playerBalance(ctx.db, row.playerId, row.currency),
    }
  if (row.status === 'failed')
    throw new ApiError(402, row.failureCode === 'wrong_card_info' ? 'wrong_card_info' : 'deposit_failed', {
      args: [{ amount: row.amount, currency: row.currency }],
    })
  // Cancelled by the player (or pending without a challenge): nothing a replay can be answered with.
  if (row.status !== 'pending' || !challengeOf(row)) throw new ApiError(409, 'transaction_conflict')
  return {
    status: 'three_ds_required' as const,
    message: 'three_ds_started' as const,
    reference: row.reference,
    threeDSUrl: `${ctx.webUrl}/threedsecure?reference=${encodeURIComponent(row.reference)}`,
    transaction,
  }
}

async function cardDeposit(
  ctx: Context,
  input: Omit<CallInput<'moto_deposit_processor'>, 'params'> & { params: CardDepositParams },
  processor: 'altitudepay' | 'moto',
) {
  const { params } = input
  const session = sessionOf(input)
  const key = keyOf(input)
  const player = await playerOf(ctx.db, session.playerId)
  await checkDepositAmount(ctx, params.amount, player.currency)
  const claimBonus = await claimForDeposit(ctx, {
    playerId: player.id,
    ip: input.ip,
    claimBonus: params.claimBonus,
    promoCode: params.promoCode,
    paymentKey: requestKey(player.id, key),
  })
  const at = ctx.now()
  const card = cardSummary(params.cardNumber)
  const { row, created } = await insertDeposit(ctx.db, {
    playerId: player.id,
    kind: 'deposit',
    processor,
    status: 'pending',
    amount: params.amount,
    currency: player.currency,
    reference: newReference('CP'),
    idempotencyKey: requestKey(player.id, key),
    cardBrand: card.brand,
    cardLast4: card.last4,
    cardFingerprint: cardFingerprint(ctx.cardKey, params.cardNumber),
    claimBonus,
    at,
  })
  // A replay answers from the payment; one a crash left between its two steps is taken up again.
  if (!created && (row.status !== 'pending' || challengeOf(row))) return cardAnswer(ctx, row)
  const auth = await ctx.payments.acquirer.authorize(params, params.amount, processor === 'altitudepay', row.reference)
  if (auth.outcome === 'challenge') {
    const expiresAt = new Date(at.getTime() + CHALLENGE_TTL_MS).toISOString()
    const [updated] = await ctx.db
      .update(payments)
      .set({ details: { challenge: { expiresAt } } })
      .where(eq(payments.id, row.id))
      .returning()
    return cardAnswer(ctx, updated ?? row)
  }
  const settled =
    auth.outcome === 'approved'
      ? await completeDeposit(ctx.db, row.id, ctx.now())
      : await failPayment(ctx.db, row.id, ctx.now(), auth.code)
  const [final] = await ctx.db.select().from(payments).where(eq(payments.id, row.id))
  return cardAnswer(ctx, settled?.row ?? final ?? row)
}

export const threeDSecureCard = depositProcessor('altitudepay', (ctx, input) => cardDeposit(ctx, input, 'altitudepay'))

export const motoCard = depositProcessor('moto', async (ctx, input) => {
  const answer = await cardDeposit(ctx, input, 'moto')
  if (answer.status !== 'complete') throw new ApiError(409, 'transaction_conflict')
  return answer
})
