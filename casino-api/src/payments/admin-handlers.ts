/**
 * The administrator's money calls (contract/admin): decide withdrawals, confirm bank transfers,
 * mint sandbox vouchers, report crypto deposits, read a player's ledger and the audit log. Each
 * call that changes something writes an admin_audit row in the same database transaction; a
 * withdrawal's decision also writes the player's mailbox message there (told live at commit).
 */
import { randomBytes } from 'node:crypto'
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import { formatMoney, type adminCalls, type AuditAction, type Currency } from '../../contract/index.ts'
import type { CallInput, Context, DomainHandlers } from '../context.ts'
import {
  adminAudit,
  cryptoAddresses,
  heldWinnings,
  payments,
  playerBonuses,
  players,
  promoCodes,
  siteContent,
  supportMessages,
  vouchers,
} from '../db/schema.ts'
import { ApiError } from '../../contract/errors.ts'
import { queueMail } from '../mail/mailer.ts'
import { withdrawalDecisionMail } from '../mail/texts.ts'
import { writeMailboxMessage } from '../mailbox/messages.ts'
import { withdrawalDecisionMessage } from '../mailbox/texts.ts'
import { getSettings } from '../site/settings.ts'
import { playerBalance } from '../wallet/ledger.ts'
import { remainingTurnover } from '../wallet/wagering.ts'
import { unitsToCents, type Coin } from './crypto.ts'
import { financialTransaction, historyPage, type PaymentRow } from './records.ts'
import { audit } from './audit.ts'
import { refuseUnverifiedPayout } from '../accounts/kyc.ts'
import { confirmBankTransfer, playerOf, recordCryptoDeposit, releaseWithdrawal, settle } from './service.ts'
import { mintVouchers } from './vouchers.ts'
import { isUuid } from '../db/errors.ts'
import type { Queryable } from '../db/open.ts'
import { inForce } from '../accounts/restricted.ts'
import { twoFactorOn } from '../accounts/two-factor.ts'
import { moneyLimitsOf } from '../accounts/money-limits.ts'

type MoneyAdminCalls = Pick<
  typeof adminCalls,
  | 'list_pending_withdrawals'
  | 'accept_withdrawal'
  | 'reject_withdrawal'
  | 'confirm_bank_transfer'
  | 'list_pending_bank_transfers'
  | 'mint_vouchers'
  | 'list_vouchers'
  | 'report_crypto_deposit'
  | 'get_player_ledger'
  | 'get_admin_audit'
>

/** The administrator's id; 403 'forbidden' for any other session. */
export const adminOf = (input: Pick<CallInput<'get_admin_audit'>, 'session'>) => {
  if (input.session?.scope !== 'admin') throw new ApiError(403, 'forbidden')
  return input.session.playerId
}

type AuditSubject = { player: string | null; label: string | null; amount?: number; currency?: Currency }

/**
 * The records a page of the audit log acted on, readable: the player concerned by username and
 * the record's own name (a payment's reference, a held win's game, a message's subject, a content
 * entry's title, a player's username). Targets are ids of different tables; one query per table.
 */
async function auditSubjects(ctx: Context, targets: readonly (string | null)[]) {
  const ids = [...new Set(targets.filter((t): t is string => t !== null && isUuid(t)))]
  const subjects = new Map<string, AuditSubject>()
  if (ids.length === 0) return subjects
  const [paid, held, messages, content, people, codes, bonuses] = await Promise.all([
    ctx.db
      .select({
        id: payments.id,
        player: players.username,
        label: payments.reference,
        amount: payments.amount,
        currency: payments.currency,
      })
      .from(payments)
      .innerJoin(players, eq(players.id, payments.playerId))
      .where(inArray(payments.id, ids)),
    ctx.db
      .select({ id: heldWinnings.id, player: players.username, label: heldWinnings.gameId })
      .from(heldWinnings)
      .innerJoin(players, eq(players.id, heldWinnings.playerId))
      .where(inArray(heldWinnings.id, ids)),
    ctx.db
      .select({ id: supportMessages.id, player: players.username, label: supportMessages.subject })
      .from(supportMessages)
      .leftJoin(players, eq(players.id, supportMessages.playerId))
      .where(inArray(supportMessages.id, ids)),
    ctx.db
      .select({ id: siteContent.id, title: siteContent.title, slug: siteContent.slug })
      .from(siteContent)
      .where(inArray(siteContent.id, ids)),
    ctx.db.select({ id: players.id, player: players.username }).from(players).where(inArray(players.id, ids)),
    ctx.db
      .select({ id: promoCodes.id, code: promoCodes.code, amount: promoCodes.amount })
      .from(promoCodes)
      .where(inArray(promoCodes.id, ids)),
    // A player's bonus (granted or cancelled by hand) by the player and the bonus's name.
    ctx.db
      .select({ id: playerBonuses.id, player: players.username, label: playerBonuses.nameEn })
      .from(playerBonuses)
      .innerJoin(players, eq(players.id, playerBonuses.playerId))
      .where(inArray(playerBonuses.id, ids)),
  ])
  for (const { id, ...subject } of [...paid, ...held, ...messages, ...bonuses]) subjects.set(id, subject)
  for (const c of content) subjects.set(c.id, { player: null, label: `${c.title} (${c.slug})` })
  for (const p of people) subjects.set(p.id, { player: p.player, label: null })
  // A promo code by its code (its amount, a no-deposit code's, in the casino's currency).
  const { currency } = codes.some((c) => c.amount !== null) ? await getSettings(ctx.db) : { currency: undefined }
  for (const c of codes)
    subjects.set(c.id, { player: null, label: c.code, ...(c.amount !== null ? { amount: c.amount, currency } : {}) })
  return subjects
}

async function pendingPage(
  ctx: Context,
  kind: 'withdrawal' | 'deposit',
  processor: string | null,
  page: number,
  pageSize: number,
) {
  const where = and(
    eq(payments.kind, kind),
    eq(payments.status, 'pending'),
    processor ? eq(payments.processor, processor) : undefined,
  )
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select({ payment: payments, username: players.username, email: players.email })
      .from(payments)
      .innerJoin(players, eq(players.id, payments.playerId))
      .where(where)
      .orderBy(asc(payments.createdAt), asc(payments.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.db.select({ n: count() }).from(payments).where(where),
  ])
  return { rows, total: counted?.n ?? 0 }
}

/** The player is told of the decision by e-mail, queued with the decision (sent once it is committed). */
async function mailDecision(
  ctx: Context,
  tx: Queryable,
  row: PaymentRow,
  decision: { accepted: boolean; reference: string; reason?: string },
) {
  const player = await playerOf(tx, row.playerId)
  const mail = withdrawalDecisionMail(player.language, {
    firstName: player.firstName,
    amount: formatMoney(row.amount, row.currency, player.language),
    ...decision,
  })
  await queueMail(
    ctx,
    tx,
    { to: player.email, ...mail },
    decision.accepted ? 'withdrawal_accepted' : 'withdrawal_rejected',
  )
}

/** Accept or reject: exactly one decision (or the player's cancel) finds the withdrawal pending. */
async function decide(
  ctx: Context,
  adminId: string,
  id: string,
  decision: { status: 'complete'; payoutReference?: string } | { status: 'rejected'; reason: string },
) {
  if (!isUuid(id)) throw new ApiError(404, 'not_found')
  const [row] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.kind, 'withdrawal')))
  if (!row) throw new ApiError(404, 'not_found')
  const at = ctx.now()
  // Paid out only once the player's identity is verified, when it waits for that (ADR 0067).
  if (decision.status === 'complete' && row.status === 'pending') await refuseUnverifiedPayout(ctx.db, row, at)
  const settled = await settle(
    ctx.db,
    row.id,
    decision.status,
    at,
    decision.status === 'rejected'
      ? { failureCode: 'withdrawal_rejected', failureReason: decision.reason }
      : { details: { ...(row.details as object), payoutReference: decision.payoutReference ?? null } },
    async (tx, r) => {
      await releaseWithdrawal(tx, r, at, decision.status === 'complete' ? 'payout' : 'player')
      await audit(tx, {
        adminId,
        action: decision.status === 'complete' ? 'accept_withdrawal' : 'reject_withdrawal',
        target: r.id,
        details: {
          amount: r.amount,
          currency: r.currency,
          ...('reason' in decision ? { reason: decision.reason } : {}),
        },
        at,
      })
      const player = await playerOf(tx, r.playerId)
      const accepted = decision.status === 'complete'
      const told = {
        accepted,
        reference: accepted ? (decision.payoutReference ?? r.reference) : r.reference,
        reason: 'reason' in decision ? decision.reason : undefined,
      }
      await writeMailboxMessage(tx, {
        playerId: r.playerId,
        category: 'payment',
        ...withdrawalDecisionMessage(player.language, {
          amount: formatMoney(r.amount, r.currency, player.language),
          ...told,
        }),
        source: `withdrawal:${r.id}`,
        at,
      })
      await mailDecision(ctx, tx, r, told)
    },
  )
  if (settled) return settled.row
  const [now] = await ctx.db.select().from(payments).where(eq(payments.id, row.id))
  // The same decision again (a resent form) answers it again; any other state is a conflict.
  if (now?.status === decision.status) return now
  throw new ApiError(409, 'transaction_not_pending')
}

const VOUCHER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
function voucherCode() {
  let code = ''
  for (const b of randomBytes(16)) code += VOUCHER_ALPHABET[b % VOUCHER_ALPHABET.length]
  return code
}

export const paymentAdminHandlers: DomainHandlers<MoneyAdminCalls> = {
  list_pending_withdrawals: async (ctx, input) => {
    adminOf(input)
    const { page, pageSize } = input.params
    const { rows, total } = await pendingPage(ctx, 'withdrawal', null, page, pageSize)
    return {
      items: rows.map(({ payment, username, email }) => {
        const details = payment.details as Record<string, string>
        const payout =
          details.method === 'bitcoin'
            ? { method: 'bitcoin' as const, walletAddress: details.walletAddress ?? '' }
            : {
                method: 'bank_transfer' as const,
                iban: details.iban ?? '',
                beneficiaryName: details.beneficiaryName ?? '',
                swift: details.swift ?? '',
                bankName: details.bankName ?? '',
                zipCode: details.zipCode ?? '',
                address: details.address ?? '',
              }
        return { ...financialTransaction(payment), player: { id: payment.playerId, username, email }, payout }
      }),
      total,
      page,
      pageSize,
    }
  },

  accept_withdrawal: async (ctx, input) => {
    const adminId = adminOf(input)
    const row = await decide(ctx, adminId, input.params.id, {
      status: 'complete',
      payoutReference: input.params.payoutReference,
    })
    return { ok: true, message: 'withdrawal_accepted', transaction: financialTransaction(row) }
  },

  reject_withdrawal: async (ctx, input) => {
    const adminId = adminOf(input)
    const row = await decide(ctx, adminId, input.params.id, { status: 'rejected', reason: input.params.reason })
    return { ok: true, message: 'withdrawal_rejected', transaction: financialTransaction(row) }
  },

  list_pending_bank_transfers: async (ctx, input) => {
    adminOf(input)
    const { page, pageSize } = input.params
    const { rows, total } = await pendingPage(ctx, 'deposit', 'carespay', page, pageSize)
    return {
      items: rows.map(({ payment, username, email }) => ({
        ...financialTransaction(payment),
        player: { id: payment.playerId, username, email },
      })),
      total,
      page,
      pageSize,
    }
  },

  confirm_bank_transfer: async (ctx, input) => {
    const adminId = adminOf(input)
    const { limits } = await getSettings(ctx.db)
    const { reference, amount } = input.params
    const [row] = await ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.reference, reference.toUpperCase()), eq(payments.processor, 'carespay')))
    if (!row) throw new ApiError(404, 'not_found')
    if (amount > limits.maxDeposit)
      throw new ApiError(400, 'amount_out_of_range', {
        args: [
          { amount: 1, currency: row.currency },
          { amount: limits.maxDeposit, currency: row.currency },
        ],
        fields: { amount: ['amount_out_of_range'] },
      })
    const settled = await confirmBankTransfer(ctx.db, { adminId, paymentId: row.id, reference, amount, at: ctx.now() })
    if (settled) return { ok: true, message: 'deposit_complete', transaction: financialTransaction(settled.row) }
    const [now] = await ctx.db.select().from(payments).where(eq(payments.id, row.id))
    if (now?.status === 'complete' && now.amount === amount)
      return { ok: true, message: 'deposit_complete', transaction: financialTransaction(now) }
    throw new ApiError(409, 'transaction_not_pending')
  },

  mint_vouchers: async (ctx, input) => {
    const adminId = adminOf(input)
    const { currency, limits } = await getSettings(ctx.db)
    // A voucher is a deposit of its face value: within the deposits' range, as any deposit.
    if (input.params.amount < limits.minDeposit || input.params.amount > limits.maxDeposit)
      throw new ApiError(400, 'amount_out_of_range', {
        args: [
          { amount: limits.minDeposit, currency },
          { amount: limits.maxDeposit, currency },
        ],
        fields: { amount: ['amount_out_of_range'] },
      })
    const at = ctx.now()
    const codes = Array.from({ length: input.params.count }, voucherCode)
    const rows = await mintVouchers(ctx.db, { adminId, codes, amount: input.params.amount, currency, at })
    return {
      ok: true,
      items: rows.map((v, i) => ({
        id: v.id,
        // Shown once, in groups of four for reading aloud; the player may type it with or without dashes.
        code: (codes[i] ?? '').replace(/(.{4})(?=.)/g, '$1-'),
        amount: { amount: v.amount, currency: v.currency },
        createdAt: v.createdAt.toISOString(),
      })),
    }
  },

  list_vouchers: async (ctx, input) => {
    adminOf(input)
    const { page, pageSize } = input.params
    const [rows, [counted]] = await Promise.all([
      ctx.db
        .select({ voucher: vouchers, username: players.username })
        .from(vouchers)
        .leftJoin(payments, eq(payments.id, vouchers.paymentId))
        .leftJoin(players, eq(players.id, payments.playerId))
        .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      ctx.db.select({ n: count() }).from(vouchers),
    ])
    return {
      items: rows.map(({ voucher, username }) => ({
        id: voucher.id,
        hint: voucher.codeHint,
        amount: { amount: voucher.amount, currency: voucher.currency },
        createdAt: voucher.createdAt.toISOString(),
        redeemedAt: voucher.redeemedAt?.toISOString() ?? null,
        redeemedBy: username ?? null,
      })),
      total: counted?.n ?? 0,
      page,
      pageSize,
    }
  },

  report_crypto_deposit: async (ctx, input) => {
    const adminId = adminOf(input)
    const { coin, address, txId, units, confirmations } = input.params
    const chainTx = txId.toLowerCase().replace(/^0x/, '')
    const [owner] = await ctx.db
      .select({ playerId: cryptoAddresses.playerId })
      .from(cryptoAddresses)
      .where(and(eq(cryptoAddresses.coin, coin), eq(cryptoAddresses.address, address)))
    if (!owner) throw new ApiError(404, 'not_found', { fields: { address: ['not_found'] } })
    const player = await playerOf(ctx.db, owner.playerId)
    const { limits } = await getSettings(ctx.db)
    const cents = unitsToCents(units, ctx.payments.crypto.rates[coin as Coin])
    // Above the deposit maximum, as a bank transfer's confirmation: it is the operator's to settle.
    if (cents === null || cents > limits.maxDeposit)
      throw new ApiError(400, 'amount_out_of_range', {
        args: [
          { amount: limits.minDeposit, currency: player.currency },
          { amount: limits.maxDeposit, currency: player.currency },
        ],
        fields: { units: ['amount_out_of_range'] },
      })
    if (cents < limits.minDeposit)
      throw new ApiError(400, 'amount_below_minimum', {
        args: [{ amount: limits.minDeposit, currency: player.currency }],
        fields: { units: ['amount_below_minimum'] },
      })
    const needed = ctx.payments.crypto.confirmations[coin as Coin]
    const result = await recordCryptoDeposit(ctx.db, {
      adminId,
      playerId: player.id,
      currency: player.currency,
      coin,
      address,
      chainTx,
      units,
      cents,
      confirmations,
      needed,
      at: ctx.now(),
    })
    return {
      ok: true,
      message:
        result.status === 'complete'
          ? 'deposit_complete'
          : result.status === 'rejected'
            ? 'deposit_over_limit'
            : 'deposit_pending',
      confirmationsNeeded: result.status === 'pending' ? Math.max(0, needed - confirmations) : 0,
      transaction: financialTransaction(result),
    }
  },

  get_player_ledger: async (ctx, input) => {
    adminOf(input)
    const [player] = await ctx.db
      .select({
        id: players.id,
        username: players.username,
        email: players.email,
        status: players.status,
        currency: players.currency,
        restriction: players.restriction,
        restrictedUntil: players.restrictedUntil,
      })
      .from(players)
      .where(sql`lower(${players.username}) = lower(${input.params.username})`)
    if (!player) throw new ApiError(404, 'not_found', { fields: { username: ['not_found'] } })
    const { page, pageSize } = input.params
    const [balance, wageringRemaining, history, depositLimits, lossLimits, twoFactor] = await Promise.all([
      playerBalance(ctx.db, player.id, player.currency),
      remainingTurnover(ctx.db, player.id, player.currency),
      historyPage(ctx.db, { playerId: player.id, page, pageSize }),
      moneyLimitsOf(ctx.db, player.id, 'deposit', ctx.now()),
      moneyLimitsOf(ctx.db, player.id, 'loss', ctx.now()),
      twoFactorOn(ctx.db, player.id),
    ])
    return {
      player: {
        id: player.id,
        username: player.username,
        email: player.email,
        status: player.status,
        restriction:
          player.restriction && inForce(player, ctx.now())
            ? { kind: player.restriction, until: player.restrictedUntil?.toISOString() ?? null }
            : null,
        depositLimits,
        lossLimits,
        twoFactor,
      },
      balance,
      wageringRemaining,
      transactions: { items: history.rows.map((r) => financialTransaction(r)), total: history.total, page, pageSize },
    }
  },

  get_admin_audit: async (ctx, input) => {
    adminOf(input)
    const { page, pageSize } = input.params
    const [rows, [counted]] = await Promise.all([
      ctx.db
        .select({ entry: adminAudit, admin: players.username })
        .from(adminAudit)
        .innerJoin(players, eq(players.id, adminAudit.adminId))
        .orderBy(desc(adminAudit.seq))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      ctx.db.select({ n: count() }).from(adminAudit),
    ])
    const subjects = await auditSubjects(
      ctx,
      rows.map((r) => r.entry.target),
    )
    return {
      items: rows.map(({ entry, admin }) => {
        const details = (entry.details as Record<string, unknown> | null) ?? null
        const subject = (entry.target && subjects.get(entry.target)) || null
        // What a row of the page says in a few words: a removed content entry is named by its details.
        const named = typeof details?.title === 'string' ? `${details.title} (${String(details.slug)})` : null
        const cents = typeof details?.amount === 'number' ? details.amount : (subject?.amount ?? null)
        const currency = (details?.currency as Currency | undefined) ?? subject?.currency ?? null
        return {
          id: entry.id,
          admin,
          action: entry.action as AuditAction,
          target: entry.target,
          targetPlayer: subject?.player ?? null,
          targetLabel: subject?.label ?? named,
          amount: cents !== null && currency ? { amount: Math.abs(cents), currency } : null,
          details,
          createdAt: entry.createdAt.toISOString(),
        }
      }),
      total: counted?.n ?? 0,
      page,
      pageSize,
    }
  },
}
