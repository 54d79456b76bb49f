/**
 * The player's withdrawals: the methods offered (the registry's withdrawal processors), a request
 * (checked by its method's processor, then held from the balance until the administrator decides),
 * and its cancellation while pending.
 */
import { eq, sql } from 'drizzle-orm'
import type { paymentCalls, walletCalls } from '../../contract/index.ts'
import type { DomainHandlers } from '../context.ts'
import { payments } from '../db/schema.ts'
import { ApiError } from '../../contract/errors.ts'
import { getSettings } from '../site/settings.ts'
import { withdrawalVerification } from '../accounts/kyc.ts'
import { playerBalance } from '../wallet/ledger.ts'
import { remainingTurnover } from '../wallet/wagering.ts'
import { keyOf, sessionOf, type WithdrawalProcessor } from './methods/processor.ts'
import { WITHDRAWAL_PROCESSORS } from './methods/registry.ts'
import { financialTransaction, ownPayment, type PaymentRow } from './records.ts'
import { playerOf, releaseWithdrawal, requestKey, requestWithdrawal, settle } from './service.ts'

type WithdrawalCalls = Pick<typeof paymentCalls, 'get_withdrawal_processors'> &
  Pick<typeof walletCalls, 'send_withdrawal_request' | 'cancel_withdrawal_request'>

export const withdrawalHandlers: DomainHandlers<WithdrawalCalls> = {
  get_withdrawal_processors: async (ctx, input) => {
    const session = sessionOf(input)
    const [{ limits }, player] = await Promise.all([getSettings(ctx.db), playerOf(ctx.db, session.playerId)])
    const [balance, remaining, required] = await Promise.all([
      playerBalance(ctx.db, player.id, player.currency),
      remainingTurnover(ctx.db, player.id, player.currency),
      ctx.db
        .execute(
          sql`SELECT coalesce(sum(required), 0)::text AS required, coalesce(sum(wagered), 0)::text AS wagered
              FROM wagering_requirements WHERE player_id = ${player.id} AND kind = 'deposit' AND met_at IS NULL`,
        )
        .then((r) => (r as unknown as { rows: { required: string; wagered: string }[] }).rows[0]),
    ])
    const range = { min: limits.minWithdrawal, max: limits.maxWithdrawalPerMonth, currency: player.currency }
    return {
      items: Object.values(WITHDRAWAL_PROCESSORS).map(({ key, method }) => ({
        key,
        name: method.name,
        logoUrl: null,
        limits: range,
        reviewHours: method.reviewHours,
      })),
      wagering: {
        required: Number(required?.required ?? 0),
        done: Number(required?.wagered ?? 0),
        met: remaining === 0,
      },
      withdrawable: balance.real,
      currency: player.currency,
    }
  },

  send_withdrawal_request: async (ctx, input) => {
    const session = sessionOf(input)
    const key = keyOf(input)
    const params = input.params
    const processor = WITHDRAWAL_PROCESSORS[params.method] as WithdrawalProcessor
    const fields = processor.check(params)
    if (Object.keys(fields).length) throw new ApiError(400, 'validation_failed', { fields })

    const [settings, player] = await Promise.all([getSettings(ctx.db), playerOf(ctx.db, session.playerId)])
    const { limits } = settings
    const idempotencyKey = requestKey(player.id, key)
    const answer = async (row: PaymentRow) => ({
      ok: true as const,
      message: 'withdrawal_sent' as const,
      transaction: financialTransaction(row, { cancellable: settings.withdrawalCancellation }),
      balance: await playerBalance(ctx.db, row.playerId, row.currency),
      // Above the terms' amount, or with documents overdue, it waits for the identity check (ADR 0067).
      verificationDueAt: await withdrawalVerification(ctx, row),
    })
    // The key names this request (http/idempotency.ts): a payment it made is this withdrawal.
    const [replayed] = await ctx.db.select().from(payments).where(eq(payments.idempotencyKey, idempotencyKey))
    if (replayed) return answer(replayed)
    if (params.amount < limits.minWithdrawal)
      throw new ApiError(400, 'amount_below_minimum', {
        args: [{ amount: limits.minWithdrawal, currency: player.currency }],
        fields: { amount: ['amount_below_minimum'] },
      })
    const row = await requestWithdrawal(ctx.db, {
      playerId: player.id,
      currency: player.currency,
      amount: params.amount,
      details: processor.details(params),
      idempotencyKey,
      forfeitBonus: params.forfeitBonus === true,
      limits,
      at: ctx.now(),
    })
    return answer(row)
  },

  cancel_withdrawal_request: async (ctx, input) => {
    const session = sessionOf(input)
    const settings = await getSettings(ctx.db)
    if (!/^[0-9a-f-]{36}$/i.test(input.params.id)) throw new ApiError(404, 'not_found')
    const row = await ownPayment(ctx.db, session.playerId, eq(payments.id, input.params.id))
    if (row.kind !== 'withdrawal') throw new ApiError(404, 'not_found')
    if (!settings.withdrawalCancellation) throw new ApiError(409, 'withdrawal_not_cancellable')
    const settled =
      row.status === 'pending'
        ? await settle(ctx.db, row.id, 'cancelled', ctx.now(), {}, (tx, r) =>
            releaseWithdrawal(tx, r, ctx.now(), 'player'),
          )
        : null
    const final = settled?.row ?? (await ownPayment(ctx.db, session.playerId, eq(payments.id, row.id)))
    // A replay of a cancel that went through answers it again; anything else is too late.
    if (final.status !== 'cancelled') throw new ApiError(409, 'withdrawal_not_cancellable')
    return {
      ok: true,
      message: 'withdrawal_cancelled',
      transaction: financialTransaction(final, { cancellable: false }),
      balance: await playerBalance(ctx.db, final.playerId, final.currency),
    }
  },
}
