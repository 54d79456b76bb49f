/**
 * Every form of the site that conform checks, by name, with its schema. The actions parse the
 * posted form against these schemas on the server; in the browser this module (and zod with it) is
 * loaded only when the player starts on a form (app/components/schema-form.ts), so that building
 * the schemas is not work on the phone's main thread while the page loads.
 */
import type { Submission } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'
import {
  amountInCents,
  BankWithdrawal,
  BitcoinWithdrawal,
  BonuscodeDepositProcessorParams,
  LoyaltyRedeemProcessorParams,
  catalogueError,
  DEPOSIT_FORM_PARAMS,
  type Currency,
  LoginParams,
  optionalAmountInCents,
  ResendActivationParams,
  ResetPlayerPasswordParams,
  RESTRICTION_FORM_PARAMS,
  DEPOSIT_LIMIT_FORM_PARAMS,
  LOSS_LIMIT_FORM_PARAMS,
  SESSION_LIMIT_FORM_PARAMS,
  REALITY_CHECK_FORM_PARAMS,
  LOGIN_CODE_FORM_PARAMS,
  StartTwoFactorParams,
  ConfirmTwoFactorParams,
  DisableTwoFactorParams,
  RenewRecoveryCodesParams,
  KYC_FORM_PARAMS,
  UpdateProfileParams,
} from '#contract'
import {
  ChangePasswordForm,
  ContactPlayerForm,
  ContactVisitorForm,
  RegisterForm,
  ResetPasswordForm,
} from './form-schemas.ts'
import { encodeMessage } from './form-messages.ts'
import type { Locale } from '#ui/locale.ts'

export const FORMS = {
  login: LoginParams,
  // The log-in's second step, and the Security tab's forms (ADR 0066).
  'login-code': LOGIN_CODE_FORM_PARAMS,
  'two-factor-start': StartTwoFactorParams,
  'two-factor-confirm': ConfirmTwoFactorParams,
  'two-factor-disable': DisableTwoFactorParams,
  'recovery-codes': RenewRecoveryCodesParams,
  // An identity document or a proof of address (ADR 0067), multipart.
  'kyc-document': KYC_FORM_PARAMS,
  register: RegisterForm,
  'forgot-password': ResetPlayerPasswordParams,
  'reset-password': ResetPasswordForm,
  'resend-activation': ResendActivationParams,
  'change-password': ChangePasswordForm,
  profile: UpdateProfileParams,
  'contact-player': ContactPlayerForm,
  'contact-visitor': ContactVisitorForm,
  // One deposit form per kind of method (contract/payments/methods.ts), whatever the method.
  'deposit-card': DEPOSIT_FORM_PARAMS.card,
  'deposit-bank_transfer': DEPOSIT_FORM_PARAMS.bank_transfer,
  'deposit-voucher': DEPOSIT_FORM_PARAMS.voucher,
  'withdrawal-bank_transfer': BankWithdrawal,
  'withdrawal-bitcoin': BitcoinWithdrawal,
  'bonus-code': BonuscodeDepositProcessorParams,
  'loyalty-redeem': LoyaltyRedeemProcessorParams,
  // One form per deposit limit's period (ADR 0061): the period is the form's hidden field.
  'deposit-limit': DEPOSIT_LIMIT_FORM_PARAMS,
  // And per loss limit's period (ADR 0064).
  'loss-limit': LOSS_LIMIT_FORM_PARAMS,
  // The session-time limit (ADR 0063): one of a list of durations.
  'session-limit': SESSION_LIMIT_FORM_PARAMS,
  // The reality check's interval, or off (ADR 0065).
  'reality-check': REALITY_CHECK_FORM_PARAMS,
  // One form per kind of restriction the player puts on their account (ADR 0060).
  'restrict-time_out': RESTRICTION_FORM_PARAMS.time_out,
  'restrict-self_exclusion': RESTRICTION_FORM_PARAMS.self_exclusion,
  'restrict-closure': RESTRICTION_FORM_PARAMS.closure,
}

export type FormName = keyof typeof FORMS
export type FormSchema<N extends FormName> = (typeof FORMS)[N]

/**
 * The limits of a money form's amount as its page shows them (from the loader's data): the
 * browser checks them before the form is sent, with the message and values the casino API answers
 * when it refuses the amount (a deposit's range; a withdrawal's minimum), so the player reads the
 * same text with JavaScript or without. Only the casino's settings: what hangs on the balance
 * (too much to withdraw) is left to the casino API, which knows the balance of the moment.
 */
export type AmountLimits =
  | { refusal: 'amount_out_of_range'; min: number; max: number; currency: Currency }
  | { refusal: 'amount_below_minimum'; min: number; currency: Currency }

const localized = new Map<string, z.ZodType>()

/**
 * The named form's schema for a page: its amount read in the page's language (ADR 0038), and in
 * the browser checked against the page's limits too.
 */
function schemaFor(name: FormName, locale: Locale | undefined, limits: AmountLimits | undefined): z.ZodType {
  const schema = FORMS[name] as z.ZodObject
  const amount = schema.shape.amount
  if (!amount || (!locale && !limits)) return schema
  const key = JSON.stringify([name, locale, limits])
  let extended = localized.get(key)
  if (!extended) {
    // A voucher's amount may be left empty (it is the voucher's own).
    const optional = amount.safeParse(undefined).success
    extended = schema.safeExtend({
      amount: limits ? limitedAmount(limits, locale) : optional ? optionalAmountInCents(locale) : amountInCents(locale),
    })
    // Two languages and a page's limits: the map stays small.
    localized.set(key, extended)
  }
  return extended
}

function limitedAmount(limits: AmountLimits, locale: Locale | undefined) {
  const money = (amount: number) => ({ amount, currency: limits.currency })
  const max = limits.refusal === 'amount_out_of_range' ? limits.max : Number.MAX_SAFE_INTEGER
  const message = encodeMessage(
    limits.refusal,
    limits.refusal === 'amount_out_of_range' ? [money(limits.min), money(max)] : [money(limits.min)],
  )
  return amountInCents(locale).refine((cents) => cents >= limits.min && cents <= max, message)
}

/**
 * A posted form checked against the named form's schema (conform's submission), its amount read
 * in the page's language, and in the browser against its amount's limits too.
 */
export const parseForm = <N extends FormName>(
  name: N,
  formData: FormData,
  { locale, amountLimits }: { locale?: Locale; amountLimits?: AmountLimits } = {},
) =>
  // Catalogue codes for the messages zod would write in English (contract/rules.ts).
  parseWithZod(formData, {
    schema: schemaFor(name, locale, amountLimits),
    error: catalogueError,
  }) as Submission<
    // What parseWithZod answers for that schema (TypeScript cannot pick its overload for a generic name).
    z.input<FormSchema<N>>,
    string[],
    z.output<FormSchema<N>>
  >

/** Boxes a player may leave unticked: zod's preprocess (an unticked box sends nothing) makes them look required to conform. */
const OPTIONAL_BOXES: Partial<Record<FormName, readonly string[]>> = {
  register: ['newsletter'],
  profile: ['newsletter'],
}

const constraints = new Map<FormName, ReturnType<typeof getZodConstraint>>()

/**
 * The named form's HTML constraints (required, lengths, patterns). Pages take them from their
 * loader's data, so the browser renders the inputs' attributes without loading zod.
 */
export function formConstraint(name: FormName) {
  let constraint = constraints.get(name)
  if (!constraint) {
    constraint = getZodConstraint(FORMS[name])
    for (const box of OPTIONAL_BOXES[name] ?? []) constraint[box] = { required: false }
    constraints.set(name, constraint)
  }
  return constraint
}
