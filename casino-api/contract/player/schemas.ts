import { z } from 'zod'
import { Currency, Done, Id, Locale, MessageCode, Timestamp } from '../common.ts'
import { DEFAULT_LOCALE } from '../locales.ts'
import { LoginChallenge } from './two-factor.ts'
import {
  anyPassword,
  birthday,
  checkbox,
  countryCode,
  email,
  isPrintableText,
  mustAccept,
  newPassword,
  optionalText,
  PASSWORD_MAX,
  phone,
  required,
  username,
} from '../rules.ts'

export const Gender = z.enum(['male', 'female'], { error: 'field_required' })
export const Scope = z.enum(['player', 'admin'])
export const PlayerStatus = z.enum(['pending', 'active', 'suspended', 'closed'])

export const Balance = z.object({
  currency: Currency,
  /** real + bonus, in cents */
  total: z.number().int(),
  real: z.number().int().nonnegative(),
  bonus: z.number().int().nonnegative(),
  /**
   * Grows with every movement of the player's money (postings to their real and bonus accounts in
   * this currency), whichever way it reaches the client: the `player` answer and the socket's
   * `balance_changed` event tell the same version for the same balance, so a client keeps the
   * balance with the highest version and a late, older one (a page loaded before the movement,
   * an event delayed) never replaces it. Optional: a casino API without it leaves the client to
   * keep the balance that arrived last.
   */
  version: z.number().int().nonnegative().optional(),
})
export type Balance = z.infer<typeof Balance>

export const Player = z.object({
  id: Id,
  username: z.string(),
  email: z.string(),
  phone: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gender: z.enum(['male', 'female']),
  birthday: z.iso.date(),
  address: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string().length(2),
  language: Locale,
  currency: Currency,
  newsletter: z.boolean(),
  scope: Scope,
  status: PlayerStatus,
  loyaltyPoints: z.number().int().nonnegative(),
  createdAt: Timestamp,
  /**
   * A seeded account (the admin) must choose a new password first: until then the casino API
   * answers 403 'password_change_required' to every call but player, logout,
   * update_player_password, get_setting and geolocation.
   */
  passwordChangeRequired: z.boolean(),
  balance: Balance,
  /** Unread messages in the player's mailbox (the header shows the count). */
  unreadMessages: z.number().int().nonnegative(),
  /**
   * An administrator's account without two-factor authentication (ADR 0066): every admin call is
   * refused with 403 'two_factor_required' until it is turned on.
   */
  twoFactorMissing: z.boolean(),
})
export type Player = z.infer<typeof Player>

// ---- login / session ------------------------------------------------------------------

export const LoginParams = z.object({
  username: required(64),
  password: anyPassword(),
  /** The device token of an earlier log-in from this device (OWASP device cookies), if any. */
  deviceToken: z.string().max(200).optional(),
})
/**
 * A log-in as the player is shown it: when, from which address, and the country that address is
 * in (ISO 3166-1 alpha-2; null when the casino cannot tell).
 */
export const LoginRecord = z.object({
  at: Timestamp,
  ip: z.string(),
  countryCode: z.string().length(2).nullable(),
})
export type LoginRecord = z.infer<typeof LoginRecord>

export const LoginToken = z.object({
  accessToken: z.string().min(22),
  tokenType: z.literal('Bearer'),
  expiresAt: Timestamp,
  /** Proves later log-ins come from a device this account used: the client keeps it (replacing any older one). */
  deviceToken: z.string().min(22),
  /** The account's log-in before this one (null for the first), for the player to recognise. */
  previousLogin: LoginRecord.nullable(),
})
export type LoginToken = z.infer<typeof LoginToken>
/** A token, or, for an account with two-factor authentication, the challenge of the code step (two-factor.ts). */
export const LoginAnswer = z.union([LoginToken, LoginChallenge])
export type LoginAnswer = z.infer<typeof LoginAnswer>

/**
 * One of the player's signed-in sessions (an access token not revoked nor expired): where and on
 * what it was opened, when it was last used (to within five minutes), and whether it is the one
 * asking.
 */
export const PlayerSession = z.object({
  id: z.uuid(),
  current: z.boolean(),
  createdAt: Timestamp,
  lastSeenAt: Timestamp,
  expiresAt: Timestamp,
  /** The browser's User-Agent at the log-in, as the web app sent it (null when none came). */
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  countryCode: z.string().length(2).nullable(),
})
export type PlayerSession = z.infer<typeof PlayerSession>
export const GetSessionsParams = z.object({})
export const GetSessionsAnswer = z.object({ items: z.array(PlayerSession) })
/** One of the player's other sessions, ended now; the one asking ends with logout. */
export const EndSessionParams = z.object({ sessionId: z.uuid() })
export const EndSessionsAnswer = z.object({ ended: z.number().int().nonnegative() })
export const EndOtherSessionsParams = z.object({})

/**
 * The periods a player may restrict their own account for (ADR 0060): a break (time-out) of a day
 * to six weeks; a self-exclusion of 30 days (the terms' shortest), 6 months, a year, 5 years or for
 * good; a closure, for good. `Nd` is N days, `Nm` N calendar months, `Ny` N calendar years.
 */
export const RESTRICTION_KINDS = ['time_out', 'self_exclusion', 'closure'] as const
export type RestrictionKind = (typeof RESTRICTION_KINDS)[number]
export const RESTRICTION_PERIODS = {
  time_out: ['1d', '2d', '7d', '14d', '28d', '42d'],
  self_exclusion: ['30d', '6m', '1y', '5y', 'permanent'],
  closure: ['permanent'],
} as const satisfies Record<RestrictionKind, readonly string[]>
export type RestrictionPeriod = (typeof RESTRICTION_PERIODS)[RestrictionKind][number]

/** When a restriction of `period` started at `from` ends: null for good. */
export function restrictionEnd(period: RestrictionPeriod, from: Date): Date | null {
  if (period === 'permanent') return null
  const count = Number(period.slice(0, -1))
  const end = new Date(from)
  const unit = period.at(-1)
  if (unit === 'd') end.setUTCDate(end.getUTCDate() + count)
  else if (unit === 'm') end.setUTCMonth(end.getUTCMonth() + count)
  else end.setUTCFullYear(end.getUTCFullYear() + count)
  return end
}

const restriction = <K extends RestrictionKind>(kind: K) =>
  z.object({
    kind: z.literal(kind),
    period: z.enum(RESTRICTION_PERIODS[kind], { error: 'field_required' }),
    /** The account's password: the restriction cannot be undone, so it is confirmed as the player. */
    password: anyPassword(),
    /** "I understand it cannot be undone before it ends." */
    understood: mustAccept('confirm_restriction'),
  })
/** Each kind's form (the web app's account page has one per kind). */
export const RESTRICTION_FORM_PARAMS = {
  time_out: restriction('time_out'),
  self_exclusion: restriction('self_exclusion'),
  closure: restriction('closure'),
}
/** A restriction the player puts on their own account: in force at once, not lifted early. */
export const RestrictAccountParams = z.discriminatedUnion('kind', [
  RESTRICTION_FORM_PARAMS.time_out,
  RESTRICTION_FORM_PARAMS.self_exclusion,
  RESTRICTION_FORM_PARAMS.closure,
])
export const RestrictAccountAnswer = z.object({
  kind: z.enum(RESTRICTION_KINDS),
  /** When it ends; null for good. */
  until: Timestamp.nullable(),
  message: MessageCode,
})

export const LogoutParams = z.object({})
export const LogoutAnswer = Done

// ---- registration ---------------------------------------------------------------------

/** The fields the casino API takes; the web app's form adds confirmPassword on top. */
export const RegisterPlayerParams = z.object({
  username: username(),
  password: newPassword(),
  email: email(),
  phone: phone(),
  promoCode: optionalText(32),
  /** The code of the referral link the player came through (ADR 0057); an unknown one is ignored. */
  referralCode: optionalText(32),
  gender: Gender,
  birthday: birthday(),
  firstName: required(80),
  lastName: required(80),
  address: required(200),
  postalCode: required(20),
  city: required(80),
  country: countryCode(),
  language: Locale.catch(DEFAULT_LOCALE),
  currency: Currency.catch('EUR'),
  newsletter: checkbox(),
  ageConfirmed: mustAccept('accept_age'),
  termsAccepted: mustAccept('accept_terms'),
  currencyConfirmed: mustAccept('confirm_currency'),
})
export type RegisterPlayerParams = z.infer<typeof RegisterPlayerParams>

export const RegisterPlayerAnswer = z.object({
  ok: z.literal(true),
  message: z.literal('player_created'),
  playerId: Id,
  /** The player must open the link sent by e-mail before logging in. */
  activationRequired: z.boolean(),
})

export const ValidatePlayerNameParams = z.object({ username: username() })
export const ValidatePlayerNameAnswer = z.object({ available: z.boolean() })

export const ActivatePlayerParams = z.object({ token: z.string().min(16).max(200) })
export const ActivatePlayerAnswer = z.object({
  ok: z.literal(true),
  message: z.literal('account_activated'),
  username: z.string(),
})

// ---- passwords ------------------------------------------------------------------------

export const ResetPlayerPasswordParams = z.object({
  username: required(64),
  email: email(),
  language: Locale.catch(DEFAULT_LOCALE),
})
export const ResetPlayerPasswordAnswer = Done

export const ConfirmPasswordResetParams = z.object({
  token: z.string().min(16).max(200),
  password: newPassword(),
})
export const ConfirmPasswordResetAnswer = Done

export const UpdatePlayerPasswordParams = z.object({
  oldPassword: anyPassword(),
  newPassword: newPassword(),
})
export const UpdatePlayerPasswordAnswer = Done

// ---- profile --------------------------------------------------------------------------

export const GetPlayerProfileParams = z.object({})
export const PlayerProfile = Player.omit({ balance: true, unreadMessages: true, twoFactorMissing: true })
export const GetPlayerProfileAnswer = PlayerProfile.extend({
  /** The account's latest log-in other than the session asking (null when there is none). */
  otherLogin: LoginRecord.nullable(),
})

/**
 * What a player may change themselves. Username never; names and birthday only through
 * support (the terms: personal details change only through support). A new e-mail address needs
 * the current password and takes effect only when the link sent to it is opened
 * (confirm_email_change); the old address is told.
 */
export const UpdateProfileParams = z.object({
  email: email(),
  /** Required when `email` differs from the account's; ignored otherwise. */
  currentPassword: z
    .string()
    .refine((v) => isPrintableText(v), 'invalid_characters')
    .max(PASSWORD_MAX, 'password_too_long')
    .optional(),
  phone: phone(),
  address: required(200),
  postalCode: required(20),
  city: required(80),
  country: countryCode(),
  language: Locale.catch(DEFAULT_LOCALE),
  newsletter: checkbox(),
})
export const UpdateProfileAnswer = z.object({
  ok: z.literal(true),
  /** 'email_change_sent' when a new address waits for confirmation (the other changes are saved). */
  message: z.enum(['profile_updated', 'email_change_sent']),
  profile: PlayerProfile,
  /** The address the confirmation link went to, with 'email_change_sent'. */
  pendingEmail: z.string().optional(),
})

export const ConfirmEmailChangeParams = z.object({ token: z.string().min(16).max(200) })
export const ConfirmEmailChangeAnswer = z.object({
  ok: z.literal(true),
  message: z.literal('email_changed'),
  email: z.string(),
})

export const GetPlayerBalanceParams = z.object({})
export const GetPlayerBalanceAnswer = Balance

// ---- e-mailed links: their state without spending them; a new activation e-mail -----------

/** What a link's page shows when it opens: the form (valid), or the next step for the others. */
export const LinkState = z.enum(['valid', 'used', 'expired', 'invalid'])
export type LinkState = z.infer<typeof LinkState>
export const CheckTokenParams = z.object({ token: z.string().min(1).max(200) })
export const CheckTokenAnswer = z.object({ state: LinkState })

/**
 * A new activation link for a pending account named by its username or e-mail. The answer is the
 * same whether such an account exists or not (no account enumeration).
 */
export const ResendActivationParams = z.object({
  /** The e-mail goes out in the account's own language. */
  login: required(254),
})
export const ResendActivationAnswer = z.object({ ok: z.literal(true), message: z.literal('activation_resent') })
