import { z } from 'zod'
import { Cents, Currency, DateRange, Id, Locale, MessageCode, Page, paged, Timestamp } from '../common.ts'
import { Balance } from '../player/schemas.ts'
import { BonusOffer } from '../bonuses/schemas.ts'
import { amountInCents, checkbox, required } from '../rules.ts'
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from './constants.ts'
import { DEPOSIT_METHOD_KEYS, WITHDRAWAL_METHOD_KEYS } from '../payments/methods.ts'

export { TRANSACTION_STATUSES, TRANSACTION_TYPES }

export const TransactionStatus = z.enum(TRANSACTION_STATUSES, { error: 'invalid_value' })
export type TransactionStatus = z.infer<typeof TransactionStatus>

export const TransactionType = z.enum(TRANSACTION_TYPES, { error: 'invalid_value' })
export type TransactionType = z.infer<typeof TransactionType>

/** The deposit processors' keys: the payment methods (payments/methods.ts). */
export const DepositProcessorKey = z.enum(DEPOSIT_METHOD_KEYS)
export const WithdrawalMethod = z.enum(WITHDRAWAL_METHOD_KEYS, { error: 'invalid_value' })
export type WithdrawalMethod = z.infer<typeof WithdrawalMethod>
export const ProcessorKey = z.enum([...DEPOSIT_METHOD_KEYS, ...WITHDRAWAL_METHOD_KEYS])
export type ProcessorKey = z.infer<typeof ProcessorKey>

/** The only card data an answer may carry. */
export const CardSummary = z.object({
  brand: z.enum(['visa', 'mastercard', 'amex', 'maestro', 'discover', 'other']),
  last4: z.string().regex(/^\d{4}$/),
})
export type CardSummary = z.infer<typeof CardSummary>

export const FinancialTransaction = z.object({
  id: Id,
  type: TransactionType,
  status: TransactionStatus,
  /** Signed change to the player's balance in cents: deposits positive, withdrawals negative. */
  amount: Cents,
  currency: Currency,
  processor: ProcessorKey.nullable(),
  /** The payment reference (card payment, bank-transfer reference, voucher, wallet). */
  reference: z.string().nullable(),
  card: CardSummary.nullable(),
  /** Masked destination of a withdrawal ('ES91 •••• 1332', 'bc1q…8f3x'). */
  destination: z.string().nullable(),
  /** The player may still cancel it (a pending withdrawal the administrator has not accepted). */
  cancellable: z.boolean(),
  /** Why it failed, was rejected or cancelled; null otherwise. */
  failure: z.object({ code: MessageCode, reason: z.string().nullable() }).nullable(),
  /** Total balance right after the movement; null while pending. */
  balanceAfter: Cents.nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
})
export type FinancialTransaction = z.infer<typeof FinancialTransaction>

// ---- promo code ------------------------------------------------------------------------

/** The offer's name is in `locale` (else the player's language, else Spanish). */
export const ValidatePromoCodeParams = z.object({
  code: required(32).transform((v) => v.toUpperCase()),
  locale: Locale.optional(),
})
export const ValidatePromoCodeAnswer = z.object({
  valid: z.literal(true),
  message: z.literal('promo_code_valid'),
  code: z.string(),
  offer: BonusOffer,
})

// ---- transaction history ---------------------------------------------------------------

export const GetFinancialTransactionsParams = z.object({
  type: TransactionType.optional(),
  status: TransactionStatus.optional(),
  range: DateRange.default({ period: '30d' }),
  ...Page.shape,
})
export const GetFinancialTransactionsAnswer = paged(FinancialTransaction)

export const GetFinancialTransactionParams = z.object({ id: required(64) })
export const GetFinancialTransactionAnswer = FinancialTransaction

/** The 3-D Secure page polls this with the reference of the card payment until it is final. */
export const GetEupaymentFinancialTransactionParams = z.object({ reference: required(64) })
export const GetEupaymentFinancialTransactionAnswer = z.object({
  reference: z.string(),
  status: TransactionStatus,
  message: MessageCode.extract(['deposit_complete', 'deposit_pending', 'deposit_failed']),
  transaction: FinancialTransaction,
})

// ---- withdrawals -----------------------------------------------------------------------

/** ISO 13616 check (mod 97) for values that look like an IBAN; other account numbers pass. */
export function isValidIbanOrAccount(value: string) {
  if (!/^[A-Z0-9]{5,34}$/.test(value)) return false
  if (!/^[A-Z]{2}\d{2}/.test(value)) return true
  const rearranged = value.slice(4) + value.slice(0, 4)
  let rest = 0
  for (const ch of rearranged) {
    const n = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch
    for (const d of n) rest = (rest * 10 + Number(d)) % 97
  }
  return rest === 1
}

const compactUpper = (max: number) => required(max + 10).transform((v) => v.replace(/[\s-]/g, '').toUpperCase())

export const ibanOrAccount = () => compactUpper(34).refine(isValidIbanOrAccount, 'invalid_value')
export const swiftBic = () =>
  compactUpper(11).refine((v) => /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v), 'invalid_value')
/** Bech32 (bc1…, tb1… in the sandbox) or base58 addresses. */
export const bitcoinAddress = () =>
  required(100).regex(/^((bc1|tb1|bcrt1)[a-z0-9]{8,87}|[13mn2][a-km-zA-HJ-NP-Z1-9]{25,34})$/, 'invalid_value')

export const BankWithdrawal = z.object({
  method: z.literal('bank_transfer'),
  amount: amountInCents(),
  iban: ibanOrAccount(),
  beneficiaryName: required(120),
  swift: swiftBic(),
  bankName: required(120),
  zipCode: required(20),
  address: required(200),
  forfeitBonus: checkbox().optional(),
})
export const BitcoinWithdrawal = z.object({
  method: z.literal('bitcoin'),
  amount: amountInCents(),
  walletAddress: bitcoinAddress(),
  forfeitBonus: checkbox().optional(),
})
export const SendWithdrawalRequestParams = z.discriminatedUnion('method', [BankWithdrawal, BitcoinWithdrawal], {
  error: 'invalid_value',
})
export type SendWithdrawalRequestParams = z.infer<typeof SendWithdrawalRequestParams>
export const SendWithdrawalRequestAnswer = z.object({
  ok: z.literal(true),
  message: z.literal('withdrawal_sent'),
  transaction: FinancialTransaction,
  balance: Balance,
  /**
   * The identity check this withdrawal waits for (above the terms' `extraVerificationAbove`, or a
   * request overdue: ADR 0067), due then; null when it waits for nothing but the administrator.
   */
  verificationDueAt: Timestamp.nullable(),
})

export const CancelWithdrawalRequestParams = z.object({ id: required(64) })
export const CancelWithdrawalRequestAnswer = z.object({
  ok: z.literal(true),
  message: z.literal('withdrawal_cancelled'),
  transaction: FinancialTransaction,
  balance: Balance,
})

// ---- idempotency -----------------------------------------------------------------------

/** Header of every call marked `idempotent`: one key per player action, e.g. a UUID made when the form is rendered. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key'
export const IdempotencyKey = z
  .string()
  .min(8)
  .max(128)
  .regex(/^[A-Za-z0-9_.:-]+$/)

// ---- the provider wallet (game providers' servers, never the web app) ----------------------

/** Header of every 'provider' call: the provider's shared secret. */
export const PROVIDER_KEY_HEADER = 'X-Provider-Key'

/** A provider's transaction, round or game id. */
const ProviderRef = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_.:-]+$/)

const ProviderCall = z.object({
  playerId: z.uuid(),
  /** The player's currency: a call in another one is refused. */
  currency: Currency,
})

const RoundCall = ProviderCall.extend({
  /** Unique per provider: a replay answers the first answer and moves nothing. */
  transactionId: ProviderRef,
  roundId: ProviderRef,
  gameId: ProviderRef,
})

export const ProviderGetBalanceParams = ProviderCall
export const ProviderGetBalanceAnswer = Balance

export const ProviderBetParams = RoundCall.extend({ amount: Cents.positive() })
export const ProviderWinParams = RoundCall.extend({ amount: Cents.nonnegative() })
export const ProviderRollbackParams = RoundCall.extend({
  /** The bet whose stake goes back (a rollback of a bet never received is remembered). */
  betTransactionId: ProviderRef,
})

/**
 * An instant round's bet and win at once (ADR 0042): each under its own transaction id, as
 * provider_bet and provider_win would record them, so a later rollback names the bet's.
 */
export const ProviderSettleParams = ProviderCall.extend({
  roundId: ProviderRef,
  gameId: ProviderRef,
  bet: z.object({ transactionId: ProviderRef, amount: Cents.positive() }),
  /** Zero for a lost round. */
  win: z.object({ transactionId: ProviderRef, amount: Cents.nonnegative() }),
})

export const ProviderWalletAnswer = z.object({
  transactionId: z.string(),
  /** The wallet's own id of the transaction. */
  walletTransactionId: Id,
  kind: z.enum(['bet', 'win', 'rollback']),
  roundId: z.string(),
  /** Cents: the stake, the win, or the stake given back. */
  amount: Cents.nonnegative(),
  /** How the amount was split: real money first for a bet; a win as its round's stakes (what was credited). */
  real: Cents.nonnegative(),
  bonus: Cents.nonnegative(),
  /**
   * The part of a win held for review, not credited: it would have taken the player's net
   * winnings of the last 24 hours past the site's limit. An administrator releases it to the
   * player or voids it. 0 for everything else.
   */
  held: Cents.nonnegative(),
  /** The balances right after this transaction (the first answer's, on a replay). */
  balance: Balance,
  /** This answers a replay: nothing moved this time. */
  replayed: z.boolean(),
  createdAt: Timestamp,
})
export type ProviderWalletAnswer = z.infer<typeof ProviderWalletAnswer>

/** The bet's and the win's answers; the win's balance is the balances after the round. */
export const ProviderSettleAnswer = z.object({ bet: ProviderWalletAnswer, win: ProviderWalletAnswer })
export type ProviderSettleAnswer = z.infer<typeof ProviderSettleAnswer>
