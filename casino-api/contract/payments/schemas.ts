import { z } from 'zod'
import { Cents, Currency, Money, Timestamp } from '../common.ts'
import { Balance } from '../player/schemas.ts'
import { FinancialTransaction, WithdrawalMethod } from '../wallet/schemas.ts'
import { amountInCents, cardNumber, checkbox, cvv, optionalAmountInCents, optionalText, required } from '../rules.ts'

/**
 * What a deposit form asks of bonuses: the deposit bonus (welcome or reload) this deposit earns,
 * if any; a promo code names that bonus instead (ADR 0053) and claims it.
 */
const depositBonusFields = {
  claimBonus: checkbox().optional(),
  promoCode: optionalText(32),
}

export const PaymentKind = z.enum(['card', 'bank_transfer', 'voucher', 'crypto', 'bonus_code', 'loyalty'])

export const AmountLimits = z.object({ min: Cents, max: Cents, currency: Currency })

export const DepositProcessor = z.object({
  /**
   * A registered method's key (DEPOSIT_METHODS in payments/methods.ts, or the bonus domain's);
   * a client offers the methods it knows.
   */
  key: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/),
  kind: PaymentKind,
  name: z.string(),
  logoUrl: z.string().nullable(),
  /** null for processors that take no amount (bonus code, loyalty points). */
  limits: AmountLimits.nullable(),
  /** Card processors that may send the player through a 3-D Secure challenge. */
  threeDSecure: z.boolean(),
})
export type DepositProcessor = z.infer<typeof DepositProcessor>

export const WithdrawalProcessor = z.object({
  key: WithdrawalMethod,
  name: z.string(),
  logoUrl: z.string().nullable(),
  limits: AmountLimits,
  /** Review by the administrator usually takes up to one business day. */
  reviewHours: z.number().int().nonnegative(),
})
export type WithdrawalProcessor = z.infer<typeof WithdrawalProcessor>

export const GetProcessorsParams = z.object({})
export const GetProcessorsAnswer = z.object({ items: z.array(DepositProcessor) })

export const GetWithdrawalProcessorsParams = z.object({})
/** With the wagering progress, so the withdrawal page can explain a refusal before the player types. */
export const GetWithdrawalProcessorsAnswer = z.object({
  items: z.array(WithdrawalProcessor),
  wagering: z.object({ required: Cents, done: Cents, met: z.boolean() }),
  /** Real balance minus pending withdrawals. */
  withdrawable: Cents,
  currency: Currency,
})

// ---- card ------------------------------------------------------------------------------

/** Form strings to numbers: '' is missing (field_required), other non-digits are invalid_date. */
const digitsToNumber = (v: unknown) => {
  if (typeof v !== 'string') return v
  if (!v.trim()) return undefined
  return /^\s*\d{1,4}\s*$/.test(v) ? Number(v) : Number.NaN
}
const expiryNumber = () =>
  z.number({ error: (issue) => (issue.input === undefined ? 'field_required' : 'invalid_date') }).int('invalid_date')

export const cardMonth = () =>
  z.preprocess(digitsToNumber, expiryNumber().min(1, 'invalid_date').max(12, 'invalid_date'))

/** '28' and '2028' are both 2028. */
export const cardYear = () =>
  z.preprocess(
    (v) => {
      const n = digitsToNumber(v)
      return typeof n === 'number' && n < 100 ? 2000 + n : n
    },
    expiryNumber().min(2000, 'invalid_date').max(2099, 'invalid_date'),
  )

/** A card is valid through the last day of its expiry month. */
export function isCardExpired(month: number, year: number, today: Date = new Date()) {
  return year * 12 + month < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1
}

/** Card data goes once to the processor; answers carry brand and last four digits only. */
export const CardDepositParams = z
  .object({
    holderName: required(80),
    cardNumber: cardNumber(),
    month: cardMonth(),
    year: cardYear(),
    cvv2: cvv(),
    amount: amountInCents(),
    ...depositBonusFields,
  })
  .refine((v) => !isCardExpired(v.month, v.year), { path: ['month'], message: 'invalid_date' })
export type CardDepositParams = z.infer<typeof CardDepositParams>

export const DepositComplete = z.object({
  status: z.literal('complete'),
  message: z.literal('deposit_complete'),
  reference: z.string(),
  transaction: FinancialTransaction,
  balance: Balance,
})

export const ThreeDSecureRedirect = z.object({
  status: z.literal('three_ds_required'),
  message: z.literal('three_ds_started'),
  reference: z.string(),
  /** The processor's challenge page; afterwards the player comes back to /threedsecure?reference=… */
  threeDSUrl: z.url(),
  transaction: FinancialTransaction,
})

export const AltitudepayDepositProcessorParams = CardDepositParams
export const AltitudepayDepositProcessorAnswer = z.discriminatedUnion('status', [ThreeDSecureRedirect, DepositComplete])

/** MOTO: a card payment without 3-D Secure. */
export const MotoDepositProcessorParams = CardDepositParams
export const MotoDepositProcessorAnswer = DepositComplete

// ---- bank transfer, voucher, crypto ------------------------------------------------------

export const BankTransferDepositParams = z.object({
  amount: amountInCents(),
  ...depositBonusFields,
})
export const CarespayDepositProcessorParams = BankTransferDepositParams
/** Credited when an administrator confirms the transfer arrived (confirm_bank_transfer). */
export const CarespayDepositProcessorAnswer = z.object({
  status: z.literal('pending'),
  message: z.literal('deposit_pending'),
  /** The player must put this on the transfer so it can be matched. */
  reference: z.string(),
  amount: Money,
  bank: z.object({
    beneficiaryName: z.string(),
    iban: z.string(),
    swift: z.string(),
    bankName: z.string(),
    bankAddress: z.string().nullable(),
  }),
  transaction: FinancialTransaction,
})

export const VoucherDepositParams = z.object({
  voucherCode: required(40)
    .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
    .refine((v) => /^[A-Z0-9]{8,32}$/.test(v), 'invalid_value'),
  /** A voucher is worth its face value; an amount, when sent, must be that value. */
  amount: optionalAmountInCents(),
  ...depositBonusFields,
})
export const CashlibDepositProcessorParams = VoucherDepositParams
export const CashlibDepositProcessorAnswer = DepositComplete

export const CryptoCurrency = z.enum(['BTC', 'USDT'], { error: 'invalid_value' })
export const GenerateWalletParams = z.object({ currency: CryptoCurrency })
/** A deposit address of the player's own, derived from the casino's extended public key. */
export const GenerateWalletAnswer = z.object({
  currency: CryptoCurrency,
  network: z.enum(['bitcoin', 'ethereum', 'tron']),
  address: z.string(),
  /** For a QR code, e.g. 'bitcoin:bc1q…'. */
  paymentUri: z.string(),
  /** Smallest deposit that is credited, in the player's currency. */
  minDeposit: Money,
  createdAt: Timestamp,
})

/**
 * The fields of each kind's deposit form: one form per kind (crypto has none, a coin is picked
 * by a link), whatever the method.
 */
export const DEPOSIT_FORM_PARAMS = {
  card: CardDepositParams,
  bank_transfer: BankTransferDepositParams,
  voucher: VoucherDepositParams,
}

// ---- 3-D Secure ------------------------------------------------------------------------

/**
 * The sandbox issuer's challenge of a card payment, rendered by the web app's /threedsecure page
 * on the site's own origin. Only the casino API decides the outcome: the page posts the
 * cardholder's choice back with complete_threeds_challenge, never trusts a redirect.
 */
export const ThreeDSecureChallenge = z.object({
  reference: z.string(),
  status: z.enum(['pending', 'complete', 'failed']),
  amount: Money,
  merchant: z.string(),
  card: z.object({ brand: z.string(), last4: z.string() }),
  /** The challenge is refused after this moment (the payment then fails). */
  expiresAt: Timestamp,
})
export type ThreeDSecureChallenge = z.infer<typeof ThreeDSecureChallenge>

export const GetThreeDSecureChallengeParams = z.object({ reference: required(64) })
export const GetThreeDSecureChallengeAnswer = ThreeDSecureChallenge

export const CompleteThreeDSecureChallengeParams = z.object({
  reference: required(64),
  outcome: z.enum(['approve', 'fail'], { error: 'invalid_value' }),
})
export const CompleteThreeDSecureChallengeAnswer = z.object({
  reference: z.string(),
  status: z.enum(['complete', 'failed']),
  message: z.enum(['deposit_complete', 'deposit_failed']),
  transaction: FinancialTransaction,
  balance: Balance,
})

/** The player gives up a challenge still pending: the payment is cancelled, no money moved. */
export const CancelThreeDSecureChallengeParams = z.object({ id: required(64) })
export const CancelThreeDSecureChallengeAnswer = z.object({
  ok: z.literal(true),
  message: z.literal('deposit_cancelled'),
  transaction: FinancialTransaction,
})
