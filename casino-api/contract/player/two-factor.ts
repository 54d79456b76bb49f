import { z } from 'zod'
import { Id, MessageCode, Timestamp } from '../common.ts'
import { anyPassword } from '../rules.ts'

/**
 * Two-factor authentication with a time-based code (TOTP, RFC 6238; issue 23, account security;
 * ADR 0066): optional for players, required for administrators. A log-in of an account that has
 * it on answers a challenge instead of a token; the token comes from `login_code` with the
 * challenge and a code of the player's app, or one of the recovery codes given when it was
 * turned on (each usable once).
 */

/** How many recovery codes are made at a time. */
export const RECOVERY_CODE_COUNT = 10

/**
 * A code as typed: six digits from the app, or a recovery code (two groups of five letters and
 * digits). Spaces and dashes are left out before it is checked, so "123 456" and "ABCDE-12345" are
 * both read.
 */
export const OneTimeCode = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/[\s-]/g, '').toLowerCase() : v),
  z
    .string({ error: 'field_required' })
    .min(1, 'field_required')
    .regex(/^(\d{6}|[a-z0-9]{10})$/, 'two_factor_code_invalid'),
)

export const TwoFactorState = z.object({
  /** On: every log-in asks for a code. */
  enabled: z.boolean(),
  enabledAt: Timestamp.nullable(),
  /** The account is an administrator's: it must be on (admin calls are refused until it is). */
  required: z.boolean(),
  /** Recovery codes not used yet (0 while off). */
  recoveryCodesLeft: z.number().int().nonnegative(),
  /**
   * A set-up started and not confirmed: the secret to enter in the app, as text and as the
   * otpauth:// address its QR code carries. Shown only to the account's own sessions.
   */
  pending: z.object({ secret: z.string(), uri: z.string() }).nullable(),
})
export type TwoFactorState = z.infer<typeof TwoFactorState>

export const GetTwoFactorParams = z.object({})
/** Starting a set-up is confirmed with the password: a borrowed session cannot tie the account to another phone. */
export const StartTwoFactorParams = z.object({ password: anyPassword() })
export const ConfirmTwoFactorParams = z.object({ code: OneTimeCode })
/** Turning it off, or making new recovery codes, asks for the password and a code. */
export const DisableTwoFactorParams = z.object({ password: anyPassword(), code: OneTimeCode })
export const RenewRecoveryCodesParams = z.object({ code: OneTimeCode })

export const TwoFactorAnswer = z.object({
  state: TwoFactorState,
  /** Shown once: after the set-up is confirmed, or new ones are made; never again. */
  recoveryCodes: z.array(z.string()).nullable(),
  message: MessageCode.nullable(),
})

/** The log-in's second step: the challenge the first step answered, and a code. */
export const LoginCodeParams = z.object({
  challenge: z.string().min(22).max(200),
  code: OneTimeCode,
})
/** The form of the log-in's second step. */
export const LOGIN_CODE_FORM_PARAMS = z.object({ code: OneTimeCode })

/** The first step's answer for an account with two-factor authentication: no token yet. */
export const LoginChallenge = z.object({
  codeRequired: z.literal(true),
  /** Good for one second step, for a few minutes, and a few wrong codes. */
  challenge: z.string().min(22),
  expiresAt: Timestamp,
})
export type LoginChallenge = z.infer<typeof LoginChallenge>

/**
 * Support's reset for a player who lost the phone and the recovery codes (ADR 0069): the reason
 * is audited and the player must pass a fresh identity check before any withdrawal is paid.
 */
export const ResetTwoFactorParams = z.object({
  playerId: Id,
  reason: z.string({ error: 'field_required' }).trim().min(3, 'field_required').max(500),
})
export const ResetTwoFactorAnswer = z.object({ message: MessageCode })
