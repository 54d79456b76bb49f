/**
 * The player's payment calls: the deposit processors (contract/payments) and the history and
 * withdrawal calls (contract/wallet, all but the promo code, which the bonuses domain answers).
 * Every call that moves money is wrapped in `moneyMoving` (geo guard) and keyed by the player's
 * Idempotency-Key, which the router binds to the request (http/idempotency.ts): a replay answers
 * from the payment the first request made.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { Currency, paymentCalls, walletCalls } from '../../contract/index.ts'
import { isValidIBAN, isValidBIC } from 'ibantools'
import type { Context, DomainHandlers, CallInput } from '../context.ts'
import { cryptoAddresses, payments } from '../db/schema.ts'
import { ApiError } from '../http/errors.ts'
import { moneyMoving } from '../site/geo-guard.ts'
import { getSettings } from '../site/settings.ts'
import { playerBalance } from '../wallet/ledger.ts'
import { remainingTurnover } from '../wallet/wagering.ts'
import { cardSummary, type CardDetails } from './cards.ts'
import { challengeOf, decideChallenge, expireChallenge } from './challenges.ts'
import { CHALLENGE_TTL_MS } from './config.ts'
import { depositAddress, networkOf, paymentUri, type Coin } from './crypto.ts'
import { financialTransaction, historyPage, ownPayment, periodOf, type PaymentRow } from './records.ts'
import {
  completeDeposit,
  failPayment,
  insertPayment,
  newReference,
  playerOf,
  releaseWithdrawal,
  requestKey,
  requestWithdrawal,
  settle,
} from './service.ts'
import { redeemVoucher } from './vouchers.ts'
import { isValidBitcoinAddress } from './withdrawal-checks.ts'

type PlayerCalls = typeof paymentCalls & Omit<typeof walletCalls, 'validate_promo_code'>

const sessionOf = (input: { session: CallInput<'get_processors'>['session'] }) => {
  if (!input.session) throw new ApiError(401, 'unauthorized')
  return input.session
}

const keyOf = (input: { idempotencyKey?: string }) => {
  if (!input.idempotencyKey)
    throw new ApiError(400, 'validation_failed', { fields: { idempotencyKey: ['field_required'] } })
  return input.idempotencyKey
}

/** The deposit limits of the settings, checked like the amount field's rules. */
async function checkDepositAmount(ctx: Context, amount: number, currency: Currency) {
  const { limits } = await getSettings(ctx.db)
  if (amount < limits.minDeposit || amount > limits.maxDeposit)
    throw new ApiError(400, 'amount_out_of_range', {
      args: [
        { amount: limits.minDeposit, currency },
        { amount: limits.maxDeposit, currency },
      ],
      fields: { amount: ['amount_out_of_range'] },
    })
  return limits
}

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
  input: { session: CallInput<'moto_deposit_processor'>['session']; idempotencyKey?: string },
  processor: 'altitudepay' | 'moto',
  params: CardDetails & { amount: number },
) {
  const session = sessionOf(input)
  const key = keyOf(input)
  const player = await playerOf(ctx.db, session.playerId)
  await checkDepositAmount(ctx, params.amount, player.currency)
  const at = ctx.now()
  const card = cardSummary(params.cardNumber)
  const { row, created } = await insertPayment(ctx.db, {
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

/** One of the player's challenged card payments (by reference or id), failed first if past its deadline. */
async function challengePayment(ctx: Context, playerId: string, where: SQL) {
  const row = await ownPayment(ctx.db, playerId, where)
  if (row.kind !== 'deposit' || !challengeOf(row)) throw new ApiError(404, 'not_found')
  return expireChallenge(ctx.db, row, ctx.now())
}

export const paymentHandlers: DomainHandlers<PlayerCalls> = {
  get_processors: async (ctx, input) => {
    const session = sessionOf(input)
    const [{ limits }, player] = await Promise.all([getSettings(ctx.db), playerOf(ctx.db, session.playerId)])
    const range = { min: limits.minDeposit, max: limits.maxDeposit, currency: player.currency }
    const card = (key: 'altitudepay' | 'moto', name: string, threeDSecure: boolean) => ({
      key,
      kind: 'card' as const,
      name,
      logoUrl: null,
      limits: range,
      threeDSecure,
    })
    return {
      items: [
        card('altitudepay', 'Visa / Mastercard (3-D Secure)', true),
        card('moto', 'Visa / Mastercard', false),
        {
          key: 'carespay',
          kind: 'bank_transfer',
          name: 'Bank transfer',
          logoUrl: null,
          limits: range,
          threeDSecure: false,
        },
        { key: 'cashlib', kind: 'voucher', name: 'Cashlib', logoUrl: null, limits: range, threeDSecure: false },
        { key: 'crypto', kind: 'crypto', name: 'Bitcoin / USDT', logoUrl: null, limits: range, threeDSecure: false },
      ],
    }
  },

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
      items: [
        { key: 'bank_transfer', name: 'Bank transfer', logoUrl: null, limits: range, reviewHours: 24 },
        { key: 'bitcoin', name: 'Bitcoin', logoUrl: null, limits: range, reviewHours: 24 },
      ],
      wagering: {
        required: Number(required?.required ?? 0),
        done: Number(required?.wagered ?? 0),
        met: remaining === 0,
      },
      withdrawable: balance.real,
      currency: player.currency,
    }
  },

  altitudepay_deposit_processor: moneyMoving(async (ctx, input) =>
    cardDeposit(ctx, input, 'altitudepay', input.params),
  ),

  moto_deposit_processor: moneyMoving(async (ctx, input) => {
    const answer = await cardDeposit(ctx, input, 'moto', input.params)
    if (answer.status !== 'complete') throw new ApiError(409, 'transaction_conflict')
    return answer
  }),

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

  complete_threeds_challenge: moneyMoving(async (ctx, input) => {
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
  }),

  // Not a money call (moneyMoving): it stops a deposit before any money moved, which a player
  // may do from anywhere.
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

  carespay_deposit_processor: moneyMoving(async (ctx, input) => {
    const session = sessionOf(input)
    const key = keyOf(input)
    const player = await playerOf(ctx.db, session.playerId)
    await checkDepositAmount(ctx, input.params.amount, player.currency)
    const { row } = await insertPayment(ctx.db, {
      playerId: player.id,
      kind: 'deposit',
      processor: 'carespay',
      status: 'pending',
      amount: input.params.amount,
      currency: player.currency,
      reference: newReference('BT'),
      idempotencyKey: requestKey(player.id, key),
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
  }),

  cashlib_deposit_processor: moneyMoving(async (ctx, input) => {
    const session = sessionOf(input)
    const key = keyOf(input)
    const player = await playerOf(ctx.db, session.playerId)
    const idempotencyKey = requestKey(player.id, key)
    const answer = async (row: PaymentRow) => {
      if (row.status !== 'complete')
        throw new ApiError(400, 'voucher_invalid', { fields: { voucherCode: ['voucher_invalid'] } })
      return {
        status: 'complete' as const,
        message: 'deposit_complete' as const,
        reference: row.reference,
        transaction: financialTransaction(row),
        balance: await playerBalance(ctx.db, row.playerId, row.currency),
      }
    }
    const [replayed] = await ctx.db.select().from(payments).where(eq(payments.idempotencyKey, idempotencyKey))
    if (replayed) return answer(replayed)
    // Every try counts before the code is looked at, so a burst of guesses sees itself; a voucher
    // redeemed gives its point back: only wrong codes add up.
    const limited = { ip: input.ip, accounts: [`player:${player.id}`] }
    await ctx.limits.check('voucherRedemption', limited)
    const redeemed = await redeemVoucher(ctx.db, {
      playerId: player.id,
      currency: player.currency,
      code: input.params.voucherCode,
      amount: input.params.amount,
      idempotencyKey,
      at: ctx.now(),
    })
    if (!redeemed) throw new ApiError(400, 'voucher_invalid', { fields: { voucherCode: ['voucher_invalid'] } })
    await ctx.limits.refund('voucherRedemption', limited)
    return answer(redeemed)
  }),

  generate_wallet: moneyMoving(async (ctx, input) => {
    const session = sessionOf(input)
    const coin = input.params.currency as Coin
    const { limits } = await getSettings(ctx.db)
    const player = await playerOf(ctx.db, session.playerId)
    const existing = async () =>
      (
        await ctx.db
          .select()
          .from(cryptoAddresses)
          .where(and(eq(cryptoAddresses.playerId, player.id), eq(cryptoAddresses.coin, coin)))
      )[0]
    let row = await existing()
    // The next index of the coin's chain; two players asking at once collide on it, and one asks again.
    for (let attempt = 0; !row && attempt < 5; attempt++) {
      const [next] = await ctx.db
        .select({ index: sql<number>`coalesce(max(${cryptoAddresses.derivationIndex}) + 1, 0)::int` })
        .from(cryptoAddresses)
        .where(eq(cryptoAddresses.coin, coin))
      const index = next?.index ?? 0
      await ctx.db
        .insert(cryptoAddresses)
        .values({
          playerId: player.id,
          coin,
          derivationIndex: index,
          address: depositAddress(ctx.payments.crypto, coin, index),
          createdAt: ctx.now(),
        })
        .onConflictDoNothing()
      row = await existing()
    }
    if (!row) throw new ApiError(503, 'action_failed')
    return {
      currency: coin,
      network: networkOf(coin),
      address: row.address,
      paymentUri: paymentUri(coin, row.address),
      minDeposit: { amount: limits.minDeposit, currency: player.currency },
      createdAt: row.createdAt.toISOString(),
    }
  }),

  get_financial_transactions: async (ctx, input) => {
    const session = sessionOf(input)
    const { range, type, status, page, pageSize } = input.params
    const { from, to } = periodOf(range, ctx.now())
    const settings = await getSettings(ctx.db)
    const { rows, total } = await historyPage(ctx.db, {
      playerId: session.playerId,
      from,
      to,
      type,
      status,
      page,
      pageSize,
    })
    return {
      items: rows.map((r) => financialTransaction(r, { cancellable: settings.withdrawalCancellation })),
      total,
      page,
      pageSize,
    }
  },

  get_financial_transaction: async (ctx, input) => {
    const session = sessionOf(input)
    if (!/^[0-9a-f-]{36}$/i.test(input.params.id)) throw new ApiError(404, 'not_found')
    const [row, settings] = await Promise.all([
      ownPayment(ctx.db, session.playerId, eq(payments.id, input.params.id)),
      getSettings(ctx.db),
    ])
    return financialTransaction(row, { cancellable: settings.withdrawalCancellation })
  },

  get_eupayment_financial_transaction: async (ctx, input) => {
    const session = sessionOf(input)
    let row = await ownPayment(ctx.db, session.playerId, eq(payments.reference, input.params.reference))
    if (row.kind !== 'deposit') throw new ApiError(404, 'not_found')
    row = await expireChallenge(ctx.db, row, ctx.now())
    return {
      reference: row.reference,
      status: row.status,
      message:
        row.status === 'complete'
          ? 'deposit_complete'
          : row.status === 'pending'
            ? 'deposit_pending'
            : 'deposit_failed',
      transaction: financialTransaction(row),
    }
  },

  send_withdrawal_request: moneyMoving(async (ctx, input) => {
    const session = sessionOf(input)
    const key = keyOf(input)
    const params = input.params
    const fields: Record<string, string[]> = {}
    if (params.method === 'bank_transfer') {
      if (/^[A-Z]{2}\d{2}/.test(params.iban) && !isValidIBAN(params.iban)) fields.iban = ['invalid_value']
      if (!isValidBIC(params.swift)) fields.swift = ['invalid_value']
    } else if (!isValidBitcoinAddress(params.walletAddress)) fields.walletAddress = ['invalid_value']
    if (Object.keys(fields).length) throw new ApiError(400, 'validation_failed', { fields })

    const [settings, player] = await Promise.all([getSettings(ctx.db), playerOf(ctx.db, session.playerId)])
    const { limits } = settings
    const idempotencyKey = requestKey(player.id, key)
    const answer = async (row: PaymentRow) => ({
      ok: true as const,
      message: 'withdrawal_sent' as const,
      transaction: financialTransaction(row, { cancellable: settings.withdrawalCancellation }),
      balance: await playerBalance(ctx.db, row.playerId, row.currency),
    })
    // The key names this request (http/idempotency.ts): a payment it made is this withdrawal.
    const [replayed] = await ctx.db.select().from(payments).where(eq(payments.idempotencyKey, idempotencyKey))
    if (replayed) return answer(replayed)
    if (params.amount < limits.minWithdrawal)
      throw new ApiError(400, 'amount_below_minimum', {
        args: [{ amount: limits.minWithdrawal, currency: player.currency }],
        fields: { amount: ['amount_below_minimum'] },
      })
    const details =
      params.method === 'bank_transfer'
        ? {
            method: params.method,
            iban: params.iban,
            beneficiaryName: params.beneficiaryName,
            swift: params.swift,
            bankName: params.bankName,
            zipCode: params.zipCode,
            address: params.address,
          }
        : { method: params.method, walletAddress: params.walletAddress }
    const row = await requestWithdrawal(ctx.db, {
      playerId: player.id,
      currency: player.currency,
      amount: params.amount,
      details,
      idempotencyKey,
      limits,
      at: ctx.now(),
    })
    return answer(row)
  }),

  cancel_withdrawal_request: moneyMoving(async (ctx, input) => {
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
  }),
}
