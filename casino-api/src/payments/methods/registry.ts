/**
 * The payment methods the casino API offers: one processor module per method of the contract
 * (contract/payments/methods.ts). The records are keyed by the contract's method keys, so the
 * compiler fails when a method of the contract has no module here. Adding a method: ADR 0044 and
 * docs/web-internals.md ("How to add a payment method").
 */
import type { DepositMethodKey, WithdrawalMethodKey } from '../../../contract/index.ts'
import { bankTransfer } from './bank-transfer.ts'
import { bankWithdrawal } from './bank-withdrawal.ts'
import { bonusCode } from './bonus-code.ts'
import { bitcoinWithdrawal } from './bitcoin-withdrawal.ts'
import { motoCard, threeDSecureCard } from './card.ts'
import { crypto } from './crypto.ts'
import { loyaltyRedemption } from './loyalty.ts'
import type { DepositProcessor, WithdrawalProcessor } from './processor.ts'
import { voucher } from './voucher.ts'

export const DEPOSIT_PROCESSORS: Record<DepositMethodKey, DepositProcessor> = {
  altitudepay: threeDSecureCard,
  moto: motoCard,
  carespay: bankTransfer,
  cashlib: voucher,
  crypto,
  bonuscode: bonusCode,
  loyalty: loyaltyRedemption,
}

export const WITHDRAWAL_PROCESSORS: { [M in WithdrawalMethodKey]: WithdrawalProcessor<M> } = {
  bank_transfer: bankWithdrawal,
  bitcoin: bitcoinWithdrawal,
}

/** The deposit methods offered, in the order the web app shows them. */
export const depositProcessors: readonly DepositProcessor[] = Object.values(DEPOSIT_PROCESSORS)
