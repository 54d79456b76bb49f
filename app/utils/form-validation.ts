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
  AltitudepayDepositProcessorParams,
  BankWithdrawal,
  BitcoinWithdrawal,
  CarespayDepositProcessorParams,
  catalogueError,
  CashlibDepositProcessorParams,
  LoginParams,
  MotoDepositProcessorParams,
  ResendActivationParams,
  ResetPlayerPasswordParams,
  UpdateProfileParams,
} from '#contract'
import {
  ChangePasswordForm,
  ContactPlayerForm,
  ContactVisitorForm,
  RegisterForm,
  ResetPasswordForm,
} from './form-schemas.ts'

export const FORMS = {
  login: LoginParams,
  register: RegisterForm,
  'forgot-password': ResetPlayerPasswordParams,
  'reset-password': ResetPasswordForm,
  'resend-activation': ResendActivationParams,
  'change-password': ChangePasswordForm,
  profile: UpdateProfileParams,
  'contact-player': ContactPlayerForm,
  'contact-visitor': ContactVisitorForm,
  'deposit-altitudepay': AltitudepayDepositProcessorParams,
  'deposit-moto': MotoDepositProcessorParams,
  'deposit-carespay': CarespayDepositProcessorParams,
  'deposit-cashlib': CashlibDepositProcessorParams,
  'withdrawal-bank_transfer': BankWithdrawal,
  'withdrawal-bitcoin': BitcoinWithdrawal,
}

export type FormName = keyof typeof FORMS
export type FormSchema<N extends FormName> = (typeof FORMS)[N]

/** A posted form checked against the named form's schema (conform's submission). */
export const parseForm = <N extends FormName>(name: N, formData: FormData) =>
  // What parseWithZod answers for that schema (TypeScript cannot pick its overload for a generic name).
  // Catalogue codes for the messages zod would write in English (contract/rules.ts).
  parseWithZod(formData, { schema: FORMS[name], error: catalogueError }) as Submission<
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
