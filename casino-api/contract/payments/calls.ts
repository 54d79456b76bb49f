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

const REMOVE = 'Ask to remove the limit of one period: it waits 24 hours, then for the player to confirm it.'
const CONFIRM =
  "Confirm a period's raise or removal once its 24 hours are over; before then it is refused with the time."
const CANCEL = "Drop a period's raise or removal still waiting: the limit in force stays."
const PENDING_ERRORS = ['deposit_limit_nothing_pending'] as const
const CONFIRM_ERRORS = [...PENDING_ERRORS, 'deposit_limit_cooling_off'] as const

/** A money limit's reading: each period's limit, what it has used, when it resets, a change waiting. */
const readLimits = (kind: L.MoneyLimitKind, what: string, used: string) =>
  defineCall({
    method: 'POST',
    path: `/front/get_${kind}_limits`,
    auth: 'player',
    read: true,
    params: L.GetDepositLimitsParams,
    answer: L.GetDepositLimitsAnswer,
    summary: `The player's daily, weekly and monthly ${what}: each in force, what the period ${used}, when it resets, and a raise or removal waiting.`,
  })

/** A new limit of one period. */
const setLimit = (
  kind: L.MoneyLimitKind,
  params: typeof L.SetDepositLimitParams | typeof L.SetLossLimitParams,
  tooHigh: 'deposit_limit_too_high' | 'loss_limit_too_high',
) =>
  defineCall({
    method: 'POST',
    path: `/front/set_${kind}_limit`,
    auth: 'player',
    params,
    answer: L.DepositLimitAnswer,
    summary:
      'Set the limit of one period: a lower one (or a first one) holds at once and drops a raise waiting; a higher one waits 24 hours, then for the player to confirm it.',
    errors: [tooHigh],
  })

/** A removal, confirmation or drop of one period's change: named by the call. */
const changeLimit = (
  name: string,
  summary: string,
  errors: readonly ('deposit_limit_none' | 'deposit_limit_nothing_pending' | 'deposit_limit_cooling_off')[],
) =>
  defineCall({
    method: 'POST',
    path: `/front/${name}`,
    auth: 'player',
    params: L.RemoveDepositLimitParams,
    answer: L.DepositLimitAnswer,
    summary,
    errors: [...errors],
  })

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
  // The player's own deposit limits (ADR 0061) and loss limits (ADR 0064): reading and changing
  // them moves no money.
  get_deposit_limits: readLimits('deposit', 'deposit limits', 'has used'),
  set_deposit_limit: setLimit('deposit', L.SetDepositLimitParams, 'deposit_limit_too_high'),
  remove_deposit_limit: changeLimit('remove_deposit_limit', REMOVE, ['deposit_limit_none']),
  confirm_deposit_limit: changeLimit('confirm_deposit_limit', CONFIRM, CONFIRM_ERRORS),
  cancel_deposit_limit_change: changeLimit('cancel_deposit_limit_change', CANCEL, PENDING_ERRORS),
  get_loss_limits: readLimits('loss', 'loss limits', 'has lost (net, real money)'),
  set_loss_limit: setLimit('loss', L.SetLossLimitParams, 'loss_limit_too_high'),
  remove_loss_limit: changeLimit('remove_loss_limit', REMOVE, ['deposit_limit_none']),
  confirm_loss_limit: changeLimit('confirm_loss_limit', CONFIRM, CONFIRM_ERRORS),
  cancel_loss_limit_change: changeLimit('cancel_loss_limit_change', CANCEL, PENDING_ERRORS),
}
