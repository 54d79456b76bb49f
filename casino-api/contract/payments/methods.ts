/**
 * The payment methods, each described once (ADR 0044): its key, its kind (which form the web app
 * renders for it: one form per kind), its limits and the call that makes a deposit with it (whose
 * params are the method's fields). The casino API's processor modules
 * (casino-api/src/payments/methods/) implement these; `get_processors` and
 * `get_withdrawal_processors` offer what is registered there, and the web app's method
 * navigation is built from their answers.
 *
 * This module imports nothing: the transaction schemas take their processor keys from it.
 */

/**
 * What a method asks the player for: one web form per kind. A bonus code and a loyalty
 * redemption are methods too (the spec's processor list): they credit the bonus balance, not the
 * real one, so they make no payment (ADR 0044, addendum).
 */
export const DEPOSIT_KINDS = ['card', 'bank_transfer', 'voucher', 'crypto', 'bonus_code', 'loyalty'] as const
export type DepositKind = (typeof DEPOSIT_KINDS)[number]

export type DepositMethodDescriptor = {
  kind: DepositKind
  /** The processor's name as the casino API answers it (the web app shows its own catalogue's). */
  name: string
  /** The call that deposits with the method: its params are the method's fields. */
  call: string
  /** 'deposit': the site settings' deposit range; null: the method's own rules (a code, points). */
  limits: 'deposit' | null
  /** A card method that may send the player through a 3-D Secure challenge. */
  threeDSecure: boolean
}

export const DEPOSIT_METHODS = {
  altitudepay: {
    kind: 'card',
    name: 'Visa / Mastercard (3-D Secure)',
    call: 'altitudepay_deposit_processor',
    limits: 'deposit',
    threeDSecure: true,
  },
  moto: {
    kind: 'card',
    name: 'Visa / Mastercard',
    call: 'moto_deposit_processor',
    limits: 'deposit',
    threeDSecure: false,
  },
  carespay: {
    kind: 'bank_transfer',
    name: 'Bank transfer',
    call: 'carespay_deposit_processor',
    limits: 'deposit',
    threeDSecure: false,
  },
  cashlib: {
    kind: 'voucher',
    name: 'Cashlib',
    call: 'cashlib_deposit_processor',
    limits: 'deposit',
    threeDSecure: false,
  },
  crypto: { kind: 'crypto', name: 'Bitcoin / USDT', call: 'generate_wallet', limits: 'deposit', threeDSecure: false },
  bonuscode: {
    kind: 'bonus_code',
    name: 'Bonus code',
    call: 'bonuscode_deposit_processor',
    limits: null,
    threeDSecure: false,
  },
  loyalty: {
    kind: 'loyalty',
    name: 'Loyalty points',
    call: 'loyalty_redeem_processor',
    limits: null,
    threeDSecure: false,
  },
} as const satisfies Record<string, DepositMethodDescriptor>
export type DepositMethodKey = keyof typeof DEPOSIT_METHODS
export const DEPOSIT_METHOD_KEYS = Object.keys(DEPOSIT_METHODS) as DepositMethodKey[]

export type WithdrawalMethodDescriptor = {
  name: string
  /** 'withdrawal': the settings' minimum withdrawal and monthly maximum. */
  limits: 'withdrawal'
  /** Review by the administrator usually takes this long. */
  reviewHours: number
}

/** The withdrawal methods: each a variant of send_withdrawal_request's params (`method`). */
export const WITHDRAWAL_METHODS = {
  bank_transfer: { name: 'Bank transfer', limits: 'withdrawal', reviewHours: 24 },
  bitcoin: { name: 'Bitcoin', limits: 'withdrawal', reviewHours: 24 },
} as const satisfies Record<string, WithdrawalMethodDescriptor>
export type WithdrawalMethodKey = keyof typeof WITHDRAWAL_METHODS
export const WITHDRAWAL_METHOD_KEYS = Object.keys(WITHDRAWAL_METHODS) as [WithdrawalMethodKey, ...WithdrawalMethodKey[]]
