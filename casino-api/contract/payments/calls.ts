import * as P from './schemas.ts'
import { defineCall } from '../define.ts'

const CARD_ERRORS = [
  'wrong_card_info',
  'deposit_failed',
  'amount_below_minimum',
  'amount_out_of_range',
  'limit_exceeded',
] as const

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
  altitudepay_deposit_processor: defineCall({
    method: 'POST',
    path: '/front/altitudepay_deposit_processor',
    auth: 'player',
    params: P.AltitudepayDepositProcessorParams,
    answer: P.AltitudepayDepositProcessorAnswer,
    summary:
      'Card deposit; answers either a 3-D Secure challenge URL with the payment reference, or the completed deposit.',
    errors: CARD_ERRORS,
    idempotent: true,
  }),
  moto_deposit_processor: defineCall({
    method: 'POST',
    path: '/front/moto_deposit_processor',
    auth: 'player',
    params: P.MotoDepositProcessorParams,
    answer: P.MotoDepositProcessorAnswer,
    summary: 'Card deposit without 3-D Secure.',
    errors: CARD_ERRORS,
    idempotent: true,
  }),
  carespay_deposit_processor: defineCall({
    method: 'POST',
    path: '/front/carespay_deposit_processor',
    auth: 'player',
    params: P.CarespayDepositProcessorParams,
    answer: P.CarespayDepositProcessorAnswer,
    summary: 'Bank-transfer deposit: answers the bank details and the reference to put on the transfer.',
    errors: ['amount_below_minimum', 'amount_out_of_range', 'limit_exceeded'],
    idempotent: true,
  }),
  cashlib_deposit_processor: defineCall({
    method: 'POST',
    path: '/front/cashlib_deposit_processor',
    auth: 'player',
    params: P.CashlibDepositProcessorParams,
    answer: P.CashlibDepositProcessorAnswer,
    summary: 'Prepaid voucher deposit.',
    errors: ['voucher_invalid', 'deposit_failed', 'amount_below_minimum', 'amount_out_of_range', 'limit_exceeded'],
    idempotent: true,
  }),
  generate_wallet: defineCall({
    method: 'POST',
    path: '/front/generate_wallet',
    auth: 'player',
    params: P.GenerateWalletParams,
    answer: P.GenerateWalletAnswer,
    summary: "The player's crypto deposit address for BTC or USDT; deposits to it are credited once reported.",
  }),
}
