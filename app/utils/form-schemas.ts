/**
 * The forms that exist only in the web app: the contract's params plus a repeated password that
 * must match. The confirmation never crosses the wire (the actions send only the contract's params),
 * so it lives here and not in the contract.
 */
import { z } from 'zod'
import {
  ConfirmPasswordResetParams,
  email,
  PlayerSendMessageParams,
  RegisterPlayerParams,
  required,
  UpdatePlayerPasswordParams,
} from '#contract'

const confirmPassword = () => z.string({ error: 'field_required' }).min(1, 'field_required')

/**
 * Runs a confirmation check even when other fields of the form failed (zod skips refinements of
 * an object with failed fields): a mismatched confirmation is reported together with everything
 * else, not only after the rest was fixed. Only when both passwords are text.
 */
const bothTyped = (first: string, second: string) => (payload: { value: unknown }) => {
  const value = payload.value as Record<string, unknown> | null
  return typeof value?.[first] === 'string' && typeof value?.[second] === 'string'
}

/** The registration form: the API fields plus a repeated password that must match. */
export const RegisterForm = RegisterPlayerParams.extend({ confirmPassword: confirmPassword() }).refine(
  (v) => v.password === v.confirmPassword,
  { path: ['confirmPassword'], message: 'password_mismatch', when: bothTyped('password', 'confirmPassword') },
)

export const ResetPasswordForm = ConfirmPasswordResetParams.extend({ confirmPassword: confirmPassword() }).refine(
  (v) => v.password === v.confirmPassword,
  { path: ['confirmPassword'], message: 'password_mismatch', when: bothTyped('password', 'confirmPassword') },
)

/** The casino API refuses an unchanged password too; the form says so before the call. */
export const ChangePasswordForm = UpdatePlayerPasswordParams.extend({ confirmPassword: confirmPassword() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'password_mismatch',
    when: bothTyped('newPassword', 'confirmPassword'),
  })
  .refine((v) => v.newPassword !== v.oldPassword, {
    path: ['newPassword'],
    message: 'password_unchanged',
    when: bothTyped('oldPassword', 'newPassword'),
  })

/** The contact form of a logged-in player: the casino API knows who writes from the session. */
export const ContactPlayerForm = PlayerSendMessageParams.pick({ subject: true, message: true })

/** A visitor's contact form: the name and e-mail the answer goes to are required. */
export const ContactVisitorForm = ContactPlayerForm.extend({ name: required(120), email: email() })
