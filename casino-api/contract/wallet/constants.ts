// The wallet's closed lists, without zod: a page that only lists them (the history's filters)
// does not load the schema library with them (see contractWithoutSideEffects in vite.config.ts).

/**
 * The spec names pending, complete and cancelled. 'failed' is a declined or abandoned payment
 * (card, 3-D Secure) and 'rejected' a withdrawal the administrator refused: both end a
 * transaction without moving money, and the history must tell them apart from a player's cancel.
 */
export const TRANSACTION_STATUSES = ['pending', 'complete', 'cancelled', 'failed', 'rejected'] as const

/** The financial movements a player sees in Transaction History (bets are in the bet list). */
export const TRANSACTION_TYPES = [
  'deposit',
  'withdrawal',
  'bonus_grant',
  'bonus_conversion',
  'bonus_forfeit',
  'fee',
  'adjustment',
] as const
