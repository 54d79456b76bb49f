import * as W from './schemas.ts'
import { defineCall } from '../define.ts'

export const walletCalls = {
  validate_promo_code: defineCall({
    method: 'POST',
    path: '/front/validate_promo_code',
    auth: 'optional',
    params: W.ValidatePromoCodeParams,
    answer: W.ValidatePromoCodeAnswer,
    summary: 'Check a promo code (registration, deposit) and show what it offers.',
    errors: ['invalid_promo_code'],
  }),
  get_financial_transactions: defineCall({
    method: 'POST',
    path: '/front/get_financial_transactions',
    auth: 'player',
    params: W.GetFinancialTransactionsParams,
    answer: W.GetFinancialTransactionsAnswer,
    summary: 'Transaction history, newest first, filtered by type, status and date range.',
  }),
  get_financial_transaction: defineCall({
    method: 'POST',
    path: '/front/get_financial_transaction',
    auth: 'player',
    params: W.GetFinancialTransactionParams,
    answer: W.GetFinancialTransactionAnswer,
    summary: 'One transaction of the player by id.',
    errors: ['not_found'],
  }),
  get_eupayment_financial_transaction: defineCall({
    method: 'POST',
    path: '/front/get_eupayment_financial_transaction',
    auth: 'player',
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
  }),
  send_withdrawal_request: defineCall({
    method: 'POST',
    path: '/payment/send_withdrawal_request',
    auth: 'player',
    params: W.SendWithdrawalRequestParams,
    answer: W.SendWithdrawalRequestAnswer,
    summary:
      'Request a withdrawal by bank transfer or to a bitcoin wallet; the amount is held until the administrator decides.',
    errors: [
      'wager_not_met',
      'more_bets_needed',
      'insufficient_funds',
      'amount_exceeds_balance',
      'amount_below_minimum',
      'amount_out_of_range',
      'limit_exceeded',
    ],
    idempotent: true,
  }),
}
