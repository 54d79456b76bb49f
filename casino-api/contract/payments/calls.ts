import * as P from './schemas.ts'
import * as L from './limits.ts'
import { defineCall } from '../define.ts'
import { DEPOSIT_METHODS as M } from './methods.ts'

/** A deposit that would pass one of the player's own limits (limits.ts) is refused with that one. */
const LIMIT_ERRORS = Object.values(L.DEPOSIT_LIMIT_REFUSALS)

const CARD_ERRORS = [
  ...LIMIT_ERRORS,
  'wrong_card_info',
  'deposit_failed',
  'amount_below_minimum',
  'amount_out_of_range',
  'limit_exceeded',
  'bonus_active',
] as const

/**
 * A deposit method's call is named by its descriptor (methods.ts); it moves money (the geo guard)
 * and, when it makes a payment, is idempotent.
 */
export const paymentCalls = {
  get_processors: defineCall({
    method: 'POST',
    path: '/front/get_processors',
    auth: 'player',
    read: true,
    params: P.GetProcessorsParams,
    answer: P.GetProcessorsAnswer,
    summary: 'Deposit methods available to the player, with their limits.',
  }),
  get_withdrawal_processors: defineCall({
    method: 'POST',
    path: '/front/get_withdrawal_processors',
    auth: 'player',
    read: true,
    params: P.GetWithdrawalProcessorsParams,
    answer: P.GetWithdrawalProcessorsAnswer,
    summary: 'Withdrawal methods with their limits, the wagering progress and the withdrawable amount.',
  }),
  [M.altitudepay.call]: defineCall({
    method: 'POST',
    path: `/front/${M.altitudepay.call}`,
    auth: 'player',
    params: P.AltitudepayDepositProcessorParams,
    answer: P.AltitudepayDepositProcessorAnswer,
    summary:
      'Card deposit; answers either a 3-D Secure challenge URL with the payment reference, or the completed deposit.',
    errors: CARD_ERRORS,
    idempotent: true,
    moneyMoving: true,
  }),
  [M.moto.call]: defineCall({
    method: 'POST',
    path: `/front/${M.moto.call}`,
    auth: 'player',
    params: P.MotoDepositProcessorParams,
    answer: P.MotoDepositProcessorAnswer,
    summary: 'Card deposit without 3-D Secure.',
    errors: CARD_ERRORS,
    idempotent: true,
    moneyMoving: true,
  }),
  [M.carespay.call]: defineCall({
    method: 'POST',
    path: `/front/${M.carespay.call}`,
    auth: 'player',
    params: P.CarespayDepositProcessorParams,
    answer: P.CarespayDepositProcessorAnswer,
    summary: 'Bank-transfer deposit: answers the bank details and the reference to put on the transfer.',
    errors: [...LIMIT_ERRORS, 'amount_below_minimum', 'amount_out_of_range', 'limit_exceeded', 'bonus_active'],
    idempotent: true,
    moneyMoving: true,
  }),
  [M.cashlib.call]: defineCall({
    method: 'POST',
    path: `/front/${M.cashlib.call}`,
    auth: 'player',
    params: P.CashlibDepositProcessorParams,
    answer: P.CashlibDepositProcessorAnswer,
    summary: 'Prepaid voucher deposit.',
    errors: [
      ...LIMIT_ERRORS,
      'voucher_invalid',
      'voucher_attempts_limited',
      'deposit_failed',
      'amount_below_minimum',
      'amount_out_of_range',
      'limit_exceeded',
      'bonus_active',
    ],
    idempotent: true,
    moneyMoving: true,
  }),
  [M.crypto.call]: defineCall({
    method: 'POST',
    path: `/front/${M.crypto.call}`,
    auth: 'player',
    params: P.GenerateWalletParams,
    answer: P.GenerateWalletAnswer,
    summary:
      "The player's crypto deposit address for BTC or USDT; deposits to it are credited once reported. Refused while one of the player's deposit limits is used up.",
    errors: LIMIT_ERRORS,
    moneyMoving: true,
  }),
  get_threeds_challenge: defineCall({
    method: 'POST',
    path: '/front/get_threeds_challenge',
    auth: 'player',
    read: true,
    params: P.GetThreeDSecureChallengeParams,
    answer: P.GetThreeDSecureChallengeAnswer,
    summary: "The sandbox issuer's 3-D Secure challenge of one of the player's card payments.",
    errors: ['not_found'],
  }),
  complete_threeds_challenge: defineCall({
    method: 'POST',
    path: '/front/complete_threeds_challenge',
    auth: 'player',
    params: P.CompleteThreeDSecureChallengeParams,
    answer: P.CompleteThreeDSecureChallengeAnswer,
    summary:
      "The cardholder's answer to the challenge: approve credits the deposit, fail declines it; a finished challenge answers its outcome again.",
    errors: ['not_found', 'transaction_not_pending'],
    moneyMoving: true,
  }),
  // Not moneyMoving: it stops a deposit before any money moved, which a player may do from anywhere.
  cancel_threeds_challenge: defineCall({
    method: 'POST',
    path: '/front/cancel_threeds_challenge',
    auth: 'player',
    params: P.CancelThreeDSecureChallengeParams,
    answer: P.CancelThreeDSecureChallengeAnswer,
    summary:
      "Cancel one of the player's card payments still waiting for its 3-D Secure challenge; a cancelled one answers again, a decided or expired one is no longer pending.",
    errors: ['not_found', 'transaction_not_pending'],
  }),
  // The player's own deposit limits (ADR 0061): reading and changing them moves no money.
  get_deposit_limits: defineCall({
    method: 'POST',
    path: '/front/get_deposit_limits',
    auth: 'player',
    read: true,
    params: L.GetDepositLimitsParams,
    answer: L.GetDepositLimitsAnswer,
    summary:
      "The player's daily, weekly and monthly deposit limits: each in force, what the period has used, when it resets, and a raise or removal waiting.",
  }),
  set_deposit_limit: defineCall({
    method: 'POST',
    path: '/front/set_deposit_limit',
    auth: 'player',
    params: L.SetDepositLimitParams,
    answer: L.DepositLimitAnswer,
    summary:
      'Set the limit of one period: a lower one (or a first one) holds at once and drops a raise waiting; a higher one waits 24 hours, then for the player to confirm it.',
    errors: ['deposit_limit_too_high'],
  }),
  remove_deposit_limit: defineCall({
    method: 'POST',
    path: '/front/remove_deposit_limit',
    auth: 'player',
    params: L.RemoveDepositLimitParams,
    answer: L.DepositLimitAnswer,
    summary: 'Ask to remove the limit of one period: it waits 24 hours, then for the player to confirm it.',
    errors: ['deposit_limit_none'],
  }),
  confirm_deposit_limit: defineCall({
    method: 'POST',
    path: '/front/confirm_deposit_limit',
    auth: 'player',
    params: L.ConfirmDepositLimitParams,
    answer: L.DepositLimitAnswer,
    summary: "Confirm a period's raise or removal once its 24 hours are over; before then it is refused with the time.",
    errors: ['deposit_limit_nothing_pending', 'deposit_limit_cooling_off'],
  }),
  cancel_deposit_limit_change: defineCall({
    method: 'POST',
    path: '/front/cancel_deposit_limit_change',
    auth: 'player',
    params: L.CancelDepositLimitChangeParams,
    answer: L.DepositLimitAnswer,
    summary: "Drop a period's raise or removal still waiting: the limit in force stays.",
    errors: ['deposit_limit_nothing_pending'],
  }),
}
