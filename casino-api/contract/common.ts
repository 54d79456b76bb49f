import { z } from 'zod'
import { CURRENCIES } from './format.ts'
import { LOCALES } from './locales.ts'

/**
 * Stable codes for every message the casino API can answer with. The web app shows
 * `catalogue.<code>` from locales/; the casino API also sends the English text so that
 * another client (or an operator reading logs) understands it without the catalogue.
 */
export const MESSAGE_CODES = [
  // generic
  'action_failed',
  'validation_failed',
  'not_found',
  'unauthorized',
  'forbidden',
  'rate_limited',
  'internal_error',
  'site_disabled',
  'country_restricted',
  'upstream_unavailable',
  'access_check_unavailable',
  'payload_too_large',
  'method_not_allowed',
  'unsupported_media_type',
  'malformed_request',
  // field rules (used as zod messages, so a form shows them under the field)
  'field_required',
  'invalid_value',
  'invalid_characters',
  'password_change_required',
  'email_change_sent',
  'email_changed',
  'email_change_invalid',
  'invalid_email',
  'phone_too_short',
  'invalid_phone',
  'password_too_short',
  'password_mismatch',
  'password_too_long',
  'username_invalid',
  'under_age',
  'invalid_date',
  'accept_age',
  'accept_terms',
  'confirm_currency',
  'invalid_card_number',
  'invalid_cvv',
  'invalid_number',
  'amount_out_of_range',
  'amount_too_big',
  'amount_below_minimum',
  'amount_exceeds_balance',
  // accounts
  'wrong_credentials',
  'account_locked',
  'ip_locked',
  'account_slowed',
  'username_checks_limited',
  'registrations_limited',
  'reset_requests_limited',
  'activation_resends_limited',
  'account_not_active',
  'login_required',
  'activation_resent',
  'activation_link_used',
  'activation_link_expired',
  'reset_link_used',
  'reset_link_expired',
  'account_closed',
  'account_closed_dormant',
  'duplicate_player',
  'username_taken',
  'email_taken',
  'phone_taken',
  'player_created',
  'account_activated',
  'activation_invalid',
  'wrong_username_or_email',
  'reset_email_sent',
  'reset_token_invalid',
  'password_reset_done',
  'old_password_wrong',
  'signed_out_password_attempts',
  'password_unchanged',
  'password_changed',
  'profile_updated',
  'logged_out',
  'previous_login',
  'username_available',
  // money, bonuses, payments (later issues build the flows)
  'invalid_promo_code',
  'promo_code_valid',
  'wrong_card_info',
  'voucher_invalid',
  'voucher_attempts_limited',
  'deposit_complete',
  'deposit_failed',
  'deposit_pending',
  'deposit_cancelled',
  'popup_blocked',
  'three_ds_started',
  'card_payment_done',
  'withdrawal_cancelled',
  'withdrawal_sent',
  'withdrawal_accepted',
  'withdrawal_rejected',
  'withdrawal_not_cancellable',
  'transaction_not_pending',
  'wager_not_met',
  'more_bets_needed',
  'insufficient_funds',
  'transaction_conflict',
  'idempotency_conflict',
  'bet_rolled_back',
  'bet_already_rolled_back',
  'rollback_after_win',
  'round_not_found',
  'round_closed',
  'win_above_max',
  'winnings_released',
  'winnings_voided',
  'bonus_code_invalid',
  'bonus_active',
  'bonus_forfeit_required',
  'bonus_forfeited',
  'bonus_not_active',
  'bonus_code_applied',
  'promo_code_created',
  'bonus_granted',
  'bonus_cancelled',
  'bonus_template_saved',
  'promo_code_updated',
  'promo_code_taken',
  'promo_code_attempts_limited',
  'promo_code_not_for_deposit',
  'promo_code_waiting',
  'loyalty_bonus_added',
  'not_enough_loyalty_points',
  'loyalty_redeem_below_minimum',
  'limit_exceeded',
  'game_not_found',
  'game_unavailable',
  'keno_spots_required',
  'betting_closed',
  'round_in_progress',
  'move_in_progress',
  'round_too_soon',
  'no_chips_placed',
  'message_sent',
  'contact_messages_limited',
  'message_deleted',
  'session_ended',
  'other_sessions_ended',
  'session_not_found',
  'deposit_over_limit',
  'deposit_limit_day',
  'deposit_limit_week',
  'deposit_limit_month',
  'deposit_limit_set',
  'deposit_limit_change_waits',
  'deposit_limit_cooling_off',
  'deposit_limit_confirmed',
  'deposit_limit_removed',
  'deposit_limit_change_dropped',
  'deposit_limit_nothing_pending',
  'deposit_limit_none',
  'deposit_limit_too_high',
  'loss_limit_day',
  'loss_limit_week',
  'loss_limit_month',
  'loss_limit_set',
  'loss_limit_confirmed',
  'loss_limit_removed',
  'loss_limit_too_high',
  'reality_check_due',
  'reality_check_set',
  'reality_check_off',
  'reality_check_acknowledged',
  'reality_check_not_due',
  'reality_check_interval',
  'session_limit_set',
  'session_limit_change_waits',
  'session_limit_cooling_off',
  'session_limit_confirmed',
  'session_limit_removed',
  'session_limit_change_dropped',
  'session_limit_nothing_pending',
  'session_limit_none',
  'session_limit_out_of_range',
  'session_limit_reached',
  'two_factor_code_required',
  'two_factor_code_invalid',
  'two_factor_login_expired',
  'two_factor_attempts',
  'two_factor_slowed',
  'two_factor_required',
  'two_factor_already_on',
  'two_factor_not_on',
  'two_factor_not_started',
  'two_factor_enabled',
  'two_factor_disabled',
  'two_factor_admin_keeps',
  'two_factor_reset',
  'recovery_codes_renewed',
  'kyc_document_received',
  'kyc_file_type',
  'kyc_file_too_big',
  'kyc_already_verified',
  'kyc_document_reviewed',
  'kyc_requested',
  'kyc_approved',
  'kyc_rejected',
  'kyc_not_verified',
  'kyc_overdue',
  'confirm_restriction',
  'account_timed_out',
  'account_self_excluded',
  'account_self_excluded_for_good',
  'account_closed_by_player',
  'account_restricted',
  'answer_sent',
  'already_answered',
  'content_saved',
  'content_removed',
  'slug_taken',
  'settings_saved',
  'invalid_ip_range',
  'time_zone_invalid',
  'list_too_long',
] as const

export const MessageCode = z.enum(MESSAGE_CODES)
export type MessageCode = z.infer<typeof MessageCode>

export const Currency = z.enum(CURRENCIES)
export type Currency = z.infer<typeof Currency>

/** Money is integer minor units (cents) with its currency; formatting happens at the edge. */
export const Cents = z.number().int().safe()
export const Money = z.object({ amount: Cents, currency: Currency })
export type Money = z.infer<typeof Money>

/**
 * A value filled into a message: an amount of money is a Money (never bare cents), so that every
 * client writes it as money of the reader's language; other values (minutes, an e-mail address)
 * are plain.
 */
export const MessageArg = z.union([z.string(), z.number(), Money])
export type MessageArg = z.infer<typeof MessageArg>

/** Field errors: field name (dotted path) -> message codes (their values are the error's args). */
export const FieldErrors = z.record(z.string(), z.array(z.string()))
export type FieldErrors = z.infer<typeof FieldErrors>

export const ErrorBody = z.object({
  error: z.object({
    code: MessageCode,
    message: z.string(),
    /**
     * Values filled into the message, e.g. the amounts of 'Amount must be between {0} and {1}',
     * and into the messages of `fields` ('amount': ['amount_out_of_range'] shows the same amounts).
     */
    args: z.array(MessageArg).optional(),
    fields: FieldErrors.optional(),
    retryAfterSeconds: z.number().int().nonnegative().optional(),
  }),
})
export type ErrorBody = z.infer<typeof ErrorBody>

/** The answer of a call that only acknowledges: the catalogue code of its success message. */
export const Done = z.object({ ok: z.literal(true), message: MessageCode })
export type Done = z.infer<typeof Done>

export const Timestamp = z.iso.datetime({ offset: true })
export const IsoDate = z.iso.date()

export const Id = z.string().min(1).max(64)

export const Page = z.object({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
})

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })

export { LOCALES }
export const Locale = z.enum(LOCALES)
export type Locale = z.infer<typeof Locale>

/** Date filters of the history pages: last 24 hours, last 7 days, last 30 days, custom. */
export const DateRange = z.discriminatedUnion('period', [
  z.object({ period: z.enum(['24h', '7d', '30d']) }),
  z.object({ period: z.literal('custom'), from: IsoDate, to: IsoDate }),
])
