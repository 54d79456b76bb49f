import * as W from './schemas.ts'
import { defineCall } from '../define.ts'
import { LOSS_LIMIT_REFUSALS } from '../payments/limits.ts'

export const walletCalls = {
  validate_promo_code: defineCall({
    method: 'POST',
    path: '/front/validate_promo_code',
    auth: 'optional',
    params: W.ValidatePromoCodeParams,
    answer: W.ValidatePromoCodeAnswer,
    summary:
      'Check a promo code (registration, bonus code) and show what it offers: unknown is invalid_promo_code, used up, expired or already used by this player is bonus_code_invalid.',
    errors: ['invalid_promo_code', 'bonus_code_invalid', 'promo_code_attempts_limited'],
  }),
  get_financial_transactions: defineCall({
    method: 'POST',
    path: '/front/get_financial_transactions',
    auth: 'player',
    read: true,
    params: W.GetFinancialTransactionsParams,
    answer: W.GetFinancialTransactionsAnswer,
    summary: 'Transaction history, newest first, filtered by type, status and date range.',
  }),
  get_financial_transaction: defineCall({
    method: 'POST',
    path: '/front/get_financial_transaction',
    auth: 'player',
    read: true,
    params: W.GetFinancialTransactionParams,
    answer: W.GetFinancialTransactionAnswer,
    summary: 'One transaction of the player by id.',
    errors: ['not_found'],
  }),
  get_eupayment_financial_transaction: defineCall({
    method: 'POST',
    path: '/front/get_eupayment_financial_transaction',
    auth: 'player',
    read: true,
    params: W.GetEupaymentFinancialTransactionParams,
    answer: W.GetEupaymentFinancialTransactionAnswer,
    summary: 'The status of a card (3-D Secure) payment by its reference.',
    errors: ['not_found'],
  }),
  cancel_withdrawal_request: defineCall({
    method: 'POST',
    path: '/front/cancel_withdrawal_request',
    auth: 'player',
    params: W.CancelWithdrawalRequestParams,
    answer: W.CancelWithdrawalRequestAnswer,
    summary: 'Cancel a pending withdrawal the administrator has not accepted; the amount returns to the balance.',
    errors: ['not_found', 'withdrawal_not_cancellable'],
    idempotent: true,
    moneyMoving: true,
  }),
  send_withdrawal_request: defineCall({
    method: 'POST',
    path: '/payment/send_withdrawal_request',
    auth: 'player',
    params: W.SendWithdrawalRequestParams,
    answer: W.SendWithdrawalRequestAnswer,
    summary:
      'Request a withdrawal by bank transfer or to a bitcoin wallet; the amount is held until the administrator decides. With an active bonus it is refused (409 `bonus_forfeit_required`) unless `forfeitBonus` confirms that the withdrawal forfeits the bonus.',
    errors: [
      'bonus_forfeit_required',
      'wager_not_met',
      'more_bets_needed',
      'insufficient_funds',
      'amount_exceeds_balance',
      'amount_below_minimum',
      'amount_out_of_range',
      'limit_exceeded',
    ],
    idempotent: true,
    moneyMoving: true,
  }),
}

/** What a bet is refused with; a settlement (a bet and its win) with these too. */
const BET_REFUSALS = [
  'insufficient_funds',
  'transaction_conflict',
  'bet_rolled_back',
  'account_not_active',
  'not_found',
  'game_unavailable',
  'round_closed',
  'amount_out_of_range',
  // The player's own loss limit (ADR 0064): its figures are the error's args.
  ...Object.values(LOSS_LIMIT_REFUSALS),
  // The player's reality check waits for an answer (ADR 0065).
  'reality_check_due',
] as const

/**
 * The provider wallet: what a game provider's server calls to move real-money play (the
 * built-in provider, later others). Server to server with the provider's secret; idempotent by
 * the provider's transaction id in the params (no Idempotency-Key header).
 */
export const providerWalletCalls = {
  provider_get_balance: defineCall({
    method: 'POST',
    path: '/provider/wallet/balance',
    auth: 'provider',
    params: W.ProviderGetBalanceParams,
    answer: W.ProviderGetBalanceAnswer,
    summary: "A player's balances (total, real, bonus) for a game provider.",
    errors: ['not_found'],
  }),
  provider_bet: defineCall({
    method: 'POST',
    path: '/provider/wallet/bet',
    auth: 'provider',
    params: W.ProviderBetParams,
    answer: W.ProviderWalletAnswer,
    summary:
      "Stake money on a game round: real balance first, then bonus. The game must be in the provider's catalogue with its maximum multiplier, and the round not closed by a win. Idempotent by transactionId: a replay answers the first answer.",
    errors: BET_REFUSALS,
  }),
  provider_win: defineCall({
    method: 'POST',
    path: '/provider/wallet/win',
    auth: 'provider',
    params: W.ProviderWinParams,
    answer: W.ProviderWalletAnswer,
    summary:
      "Pay a round's win back to the balances its stakes came from; the win closes the round (zero for a lost round), so a round has one. At most the game's maximum multiplier times the round's standing stake. The part that would take the player's net winnings of the last 24 hours past the site's limit is held for review (`held`). Idempotent by transactionId.",
    errors: [
      'round_not_found',
      'round_closed',
      'win_above_max',
      'transaction_conflict',
      'not_found',
      'amount_out_of_range',
    ],
  }),
  provider_rollback: defineCall({
    method: 'POST',
    path: '/provider/wallet/rollback',
    auth: 'provider',
    params: W.ProviderRollbackParams,
    answer: W.ProviderWalletAnswer,
    summary:
      'Give back the stake of a bet whose round has no win; a rollback of a bet not received yet makes that bet refused. A settled round (provider_settle) has its win, so its bet is not given back (`rollback_after_win`). Idempotent by transactionId.',
    errors: ['bet_already_rolled_back', 'rollback_after_win', 'transaction_conflict', 'not_found'],
  }),
  provider_settle: defineCall({
    method: 'POST',
    path: '/provider/wallet/settle',
    auth: 'provider',
    params: W.ProviderSettleParams,
    answer: W.ProviderSettleAnswer,
    summary:
      "Settle an instant round (its outcome known when it is staked) in one call: its bet and its win, each under its own transactionId, in one transaction, exactly as provider_bet then provider_win would record them: the same refusals with the same codes (insufficient funds, a closed round, a game without its maximum multiplier), a win of at most the game's maximum multiplier times the stake, the part past the net winnings limit held. Nothing moves unless both go through. Idempotent by the two ids together: a replay with the same params answers the first answers (`replayed`) and moves nothing; either id used before by another call, or with other params, is refused (`transaction_conflict`). A bet of the round recorded by provider_bet under the bet's transactionId with the same params is replayed, and only the win moves. Rollback: as for a bet and its win, the bet's transactionId cannot be rolled back once settled (`rollback_after_win`); a rollback that came first (the bet's transactionId) makes the settlement refused (`bet_rolled_back`). Multi-step games keep provider_bet and provider_win.",
    errors: [...BET_REFUSALS, 'win_above_max', 'round_not_found'],
  }),
}
