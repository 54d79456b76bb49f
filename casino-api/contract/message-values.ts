import type { MessageCode, Money } from './common.ts'

// A module of its own, without the English texts (messages.ts): every page of the web app reads
// these in the browser, and only English pages need those texts.

/**
 * What fills the placeholders ({{0}}, {{1}}) of every message that has some: 'money' is a Money
 * (cents and currency), which each client writes as its pages write money; 'number' a count
 * (minutes, seconds); 'time' an ISO timestamp, written as the pages write a date and time; 'text' a
 * text shown as it is. app/components/use-catalogue.test.tsx checks
 * this against the texts of both languages, so a new message with a value cannot miss its kind.
 */
export const MESSAGE_VALUES = {
  email_change_sent: ['text'],
  previous_login: ['text', 'text'],
  account_timed_out: ['time'],
  account_self_excluded: ['time'],
  amount_out_of_range: ['money', 'money'],
  amount_too_big: ['money'],
  amount_below_minimum: ['money'],
  account_locked: ['number'],
  ip_locked: ['number'],
  account_slowed: ['number'],
  username_checks_limited: ['number'],
  registrations_limited: ['number'],
  reset_requests_limited: ['number'],
  activation_resends_limited: ['number'],
  deposit_complete: ['money'],
  deposit_failed: ['money'],
  withdrawal_sent: ['money'],
  contact_messages_limited: ['number'],
  voucher_attempts_limited: ['number'],
  promo_code_attempts_limited: ['number'],
  promo_code_waiting: ['text'],
  loyalty_redeem_below_minimum: ['number'],
  deposit_limit_day: ['money', 'money', 'time'],
  deposit_limit_week: ['money', 'money', 'time'],
  deposit_limit_month: ['money', 'money', 'time'],
  loss_limit_day: ['money', 'money', 'time'],
  reality_check_set: ['number'],
  two_factor_slowed: ['number'],
  reality_check_acknowledged: ['number'],
  loss_limit_week: ['money', 'money', 'time'],
  loss_limit_month: ['money', 'money', 'time'],
  deposit_limit_change_waits: ['time'],
  deposit_limit_cooling_off: ['time'],
  session_limit_change_waits: ['time'],
  session_limit_cooling_off: ['time'],
  round_too_soon: ['number'],
} as const satisfies Partial<Record<MessageCode, readonly ('money' | 'number' | 'text' | 'time')[]>>

/** A message's value that is an amount of money. */
export const isMoney = (value: unknown): value is Money =>
  typeof value === 'object' && value !== null && 'amount' in value && 'currency' in value
