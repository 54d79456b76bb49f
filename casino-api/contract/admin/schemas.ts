import { z } from 'zod'
import { Cents, Id, Money, Page, paged, Timestamp } from '../common.ts'
import { Balance, RESTRICTION_KINDS } from '../player/schemas.ts'
import { FinancialTransaction } from '../wallet/schemas.ts'
import { DepositLimit } from '../payments/limits.ts'
import { SiteContent, SiteContentFields } from '../content/schemas.ts'
import { amountInCents, checkbox, optionalText, required } from '../rules.ts'
import { COUNTRY_CODES, isCountryCode } from '../countries.ts'
import { parseIpRange } from '../site/ip.ts'
import { isTimeZone, SiteSettings } from '../site/schemas.ts'

// ---- site content ----------------------------------------------------------------------

export const GetSiteContentParams = z.object({})
/** Every entry of every kind and locale, published or not. */
export const GetSiteContentAnswer = z.object({ items: z.array(SiteContent) })

export const CreateSiteContentParams = SiteContentFields
export const SiteContentSaved = z.object({
  ok: z.literal(true),
  message: z.literal('content_saved'),
  content: SiteContent,
})
export const CreateSiteContentAnswer = SiteContentSaved

export const UpdateTemplateParams = SiteContentFields.extend({ id: required(64) })
export const UpdateTemplateAnswer = SiteContentSaved

export const RemoveSiteContentParams = z.object({ id: required(64) })
export const RemoveSiteContentAnswer = z.object({ ok: z.literal(true), message: z.literal('content_removed'), id: Id })

/** The editor's preview: a body rendered exactly as the front calls will render it, nothing saved. */
export const PreviewSiteContentParams = SiteContentFields.pick({ locale: true, body: true })
export const PreviewSiteContentAnswer = z.object({ html: z.string() })

// ---- site settings ---------------------------------------------------------------------

/** At most this many addresses and ranges in the ip blacklist (ranges cover the rest). */
export const IP_BLACKLIST_MAX = 500

/** The settings the administrator's settings page edits: geo-blocking, site access, cancellations, the time zone. */
export const EditableSiteSettings = SiteSettings.pick({
  siteAccess: true,
  countryBlackList: true,
  ipBlackList: true,
  withdrawalCancellation: true,
  timeZone: true,
})
export type EditableSiteSettings = z.infer<typeof EditableSiteSettings>

export const GetSiteSettingsParams = z.object({})
export const GetSiteSettingsAnswer = z.object({ settings: EditableSiteSettings })

/** One value or none from a form, or a list from JSON: always a list. */
const asList = (v: unknown) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v])

/**
 * The whole of the page's settings, absolute values (so sending them twice changes nothing). A
 * form sends the ticked countries as repeated values and the ip blacklist as one text, one entry
 * a line; an empty list is stored as null (nothing blocked). Every error is under its field.
 */
export const UpdateSiteSettingsParams = z.object({
  siteAccess: checkbox(),
  withdrawalCancellation: checkbox(),
  /** The casino's time zone (IANA name, ADR 0055); absent: the stored one stays. */
  timeZone: z.string().trim().max(64, 'time_zone_invalid').refine(isTimeZone, 'time_zone_invalid').optional(),
  countryBlackList: z.preprocess(
    asList,
    z
      .array(z.string().trim().toUpperCase().refine(isCountryCode, 'invalid_value'), { error: 'invalid_value' })
      .max(COUNTRY_CODES.length, 'list_too_long')
      .transform((codes) => (codes.length ? [...new Set(codes)].sort() : null)),
  ),
  ipBlackList: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(/\r?\n/) : asList(v)),
    z
      .array(z.string().trim(), { error: 'invalid_value' })
      .transform((lines) => [...new Set(lines.filter(Boolean))])
      .pipe(
        z
          .array(
            z
              .string()
              .max(50, 'invalid_ip_range')
              .refine((v) => parseIpRange(v) !== null, 'invalid_ip_range'),
          )
          .max(IP_BLACKLIST_MAX, 'list_too_long'),
      )
      .transform((entries) => (entries.length ? entries : null)),
  ),
})
export const UpdateSiteSettingsAnswer = z.object({
  ok: z.literal(true),
  message: z.literal('settings_saved'),
  settings: EditableSiteSettings,
})

// ---- withdrawals and bank transfers ----------------------------------------------------

/** What the administrator needs to pay out: the full destination, unlike the player's masked view. */
export const PendingWithdrawal = FinancialTransaction.extend({
  player: z.object({ id: Id, username: z.string(), email: z.string() }),
  payout: z.discriminatedUnion('method', [
    z.object({
      method: z.literal('bank_transfer'),
      iban: z.string(),
      beneficiaryName: z.string(),
      swift: z.string(),
      bankName: z.string(),
      zipCode: z.string(),
      address: z.string(),
    }),
    z.object({ method: z.literal('bitcoin'), walletAddress: z.string() }),
  ]),
})
export type PendingWithdrawal = z.infer<typeof PendingWithdrawal>

export const ListPendingWithdrawalsParams = z.object({ ...Page.shape })
export const ListPendingWithdrawalsAnswer = paged(PendingWithdrawal)

export const AcceptWithdrawalParams = z.object({
  id: required(64),
  /** The bank's or the blockchain's reference of the payout, for the player's confirmation e-mail. */
  payoutReference: optionalText(120),
})
export const AcceptWithdrawalAnswer = z.object({
  ok: z.literal(true),
  message: z.literal('withdrawal_accepted'),
  transaction: FinancialTransaction,
})

/** The amount goes back to the player's balance; the reason is shown to the player. */
export const RejectWithdrawalParams = z.object({ id: required(64), reason: required(500, { multiline: true }) })
export const RejectWithdrawalAnswer = z.object({
  ok: z.literal(true),
  message: z.literal('withdrawal_rejected'),
  transaction: FinancialTransaction,
})

/** Matched by the reference the player put on the transfer; the amount is what actually arrived. */
export const ConfirmBankTransferParams = z.object({ reference: required(64), amount: amountInCents() })
export const ConfirmBankTransferAnswer = z.object({
  ok: z.literal(true),
  message: z.literal('deposit_complete'),
  transaction: FinancialTransaction,
})

export const ListPendingBankTransfersParams = z.object({ ...Page.shape })
export const PendingBankTransfer = FinancialTransaction.extend({
  player: z.object({ id: Id, username: z.string(), email: z.string() }),
})
export const ListPendingBankTransfersAnswer = paged(PendingBankTransfer)

// ---- held winnings (the net winnings limit, ADR 0036) ---------------------------------------

export const HELD_WINNING_STATUSES = ['held', 'released', 'voided'] as const

/** The part of a win the net winnings limit held back, waiting for (or after) a decision. */
export const HeldWinning = z.object({
  id: Id,
  player: z.object({ id: Id, username: z.string(), email: z.string() }),
  /** What was held, in the player's currency. */
  amount: Money,
  /** The win: its provider, game, round and the provider's transaction id. */
  provider: z.string(),
  gameId: z.string(),
  roundId: z.string(),
  transactionId: z.string(),
  status: z.enum(HELD_WINNING_STATUSES),
  /** Why it was voided (shown to the player); null otherwise. */
  reason: z.string().nullable(),
  createdAt: Timestamp,
  decidedAt: Timestamp.nullable(),
})
export type HeldWinning = z.infer<typeof HeldWinning>

export const ListHeldWinningsParams = z.object({
  status: z.enum(HELD_WINNING_STATUSES, { error: 'invalid_value' }).default('held'),
  ...Page.shape,
})
export const ListHeldWinningsAnswer = paged(HeldWinning)

/** Pays the held amount to the balances the win would have gone to. */
export const ReleaseHeldWinningParams = z.object({ id: required(64) })
export const ReleaseHeldWinningAnswer = z.object({
  ok: z.literal(true),
  message: z.literal('winnings_released'),
  item: HeldWinning,
})

/** The held amount goes back to the games account; the reason is shown to the player. */
export const VoidHeldWinningParams = z.object({ id: required(64), reason: required(500, { multiline: true }) })
export const VoidHeldWinningAnswer = z.object({
  ok: z.literal(true),
  message: z.literal('winnings_voided'),
  item: HeldWinning,
})

// ---- vouchers, crypto, a player's ledger, the audit log -----------------------------------

/** Sandbox prepaid vouchers: each code is shown once, in this answer; only its hash is kept. */
export const MintVouchersParams = z.object({
  amount: amountInCents(),
  count: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,3}\s*$/.test(v) ? Number(v) : v),
    z.number({ error: 'invalid_number' }).int('invalid_number').min(1, 'invalid_value').max(50, 'invalid_value'),
  ),
})
export const MintedVoucher = z.object({ id: Id, code: z.string(), amount: Money, createdAt: Timestamp })
export const MintVouchersAnswer = z.object({ ok: z.literal(true), items: z.array(MintedVoucher) })

export const Voucher = z.object({
  id: Id,
  /** The code's last four characters. */
  hint: z.string(),
  amount: Money,
  createdAt: Timestamp,
  redeemedAt: Timestamp.nullable(),
  redeemedBy: z.string().nullable(),
})
export const ListVouchersParams = z.object({ ...Page.shape })
export const ListVouchersAnswer = paged(Voucher)

/**
 * A deposit seen on a chain (the sandbox's stand-in for a chain watcher): credited once per chain
 * transaction id, at the configured rate, once it has the configured confirmations. Reporting the
 * same transaction again with more confirmations completes a pending one.
 */
export const ReportCryptoDepositParams = z.object({
  coin: z.enum(['BTC', 'USDT'], { error: 'invalid_value' }),
  address: required(100),
  txId: required(100).refine((v) => /^(0x)?[0-9a-fA-F]{64}$/.test(v), 'invalid_value'),
  /** In the coin's units as a decimal string ('0.0025' BTC, '120.5' USDT). */
  units: required(40).refine((v) => /^\d{1,12}(\.\d{1,8})?$/.test(v) && Number(v) > 0, 'invalid_number'),
  confirmations: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,6}\s*$/.test(v) ? Number(v) : v),
    z.number({ error: 'invalid_number' }).int('invalid_number').min(0, 'invalid_number').max(1_000_000),
  ),
})
export const ReportCryptoDepositAnswer = z.object({
  ok: z.literal(true),
  /** deposit_over_limit: it passes one of the player's deposit limits, recorded rejected, nothing credited. */
  message: z.enum(['deposit_complete', 'deposit_pending', 'deposit_over_limit']),
  /** Confirmations still wanted before the credit (0 once credited). */
  confirmationsNeeded: z.number().int().nonnegative(),
  transaction: FinancialTransaction,
})

export const GetPlayerLedgerParams = z.object({ username: required(40), ...Page.shape })
export const GetPlayerLedgerAnswer = z.object({
  player: z.object({
    id: Id,
    username: z.string(),
    email: z.string(),
    status: z.string(),
    /** The player's own break, self-exclusion or closure in force (ADR 0060): until when, null for good. */
    restriction: z.object({ kind: z.enum(RESTRICTION_KINDS), until: Timestamp.nullable() }).nullable(),
    /** The player's own deposit limits (ADR 0061): per period, the one in force and a change waiting. */
    depositLimits: z.array(DepositLimit),
    /** And their loss limits (ADR 0064), read the same way. */
    lossLimits: z.array(DepositLimit),
    /** Two-factor authentication is on (support may reset it, ADR 0069). */
    twoFactor: z.boolean(),
  }),
  balance: Balance,
  /** Turnover the player must still stake before a withdrawal. */
  wageringRemaining: Cents,
  transactions: paged(FinancialTransaction),
})

/** Everything the casino API writes in the audit log (the pages have a text for each). */
export const AUDIT_ACTIONS = [
  'accept_withdrawal',
  'reject_withdrawal',
  'confirm_bank_transfer',
  'mint_vouchers',
  'create_promo_code',
  'report_crypto_deposit',
  'answer_support_message',
  'change_own_password',
  'reset_own_password',
  'two_factor_on',
  'recovery_codes_renewed',
  'reset_two_factor',
  'request_kyc',
  'approve_kyc_document',
  'reject_kyc_document',
  'release_held_winning',
  'void_held_winning',
  'content_created',
  'content_updated',
  'content_removed',
  'settings_updated',
  'grant_bonus',
  'cancel_bonus',
  'update_bonus_template',
  'update_promo_code',
] as const
export const AuditAction = z.enum(AUDIT_ACTIONS)
export type AuditAction = z.infer<typeof AuditAction>

export const AuditEntry = z.object({
  id: Id,
  /** The administrator's username. */
  admin: z.string(),
  action: AuditAction,
  /** The id of the record acted on (a payment, held winning, support message, player, content entry). */
  target: z.string().nullable(),
  /** The player the action concerned, by username (a payment's, a held winning's, a message's writer). */
  targetPlayer: z.string().nullable(),
  /** The record's own name: a payment's reference, a content entry's title, a message's subject. */
  targetLabel: z.string().nullable(),
  /** The money the action moved, held or minted (each voucher's value), when it concerned money. */
  amount: Money.nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: Timestamp,
})
export const GetAdminAuditParams = z.object({ ...Page.shape })
export const GetAdminAuditAnswer = paged(AuditEntry)

// ---- scheduled jobs ----------------------------------------------------------------------

/** A scheduled job as the queue holds it: its cron (in its time zone), last run and next run. */
export const JobSchedule = z.object({
  name: z.string(),
  cron: z.string(),
  timezone: z.string(),
  /** The last job it created, while the queue keeps it (its finish, start or creation time). */
  lastRun: z
    .object({
      at: Timestamp,
      state: z.enum(['created', 'retry', 'active', 'completed', 'cancelled', 'failed']),
    })
    .nullable(),
  nextRun: Timestamp.nullable(),
})
export const ListJobSchedulesParams = z.object({})
export const ListJobSchedulesAnswer = z.object({ items: z.array(JobSchedule) })
