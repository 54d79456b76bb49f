/**
 * What the payment processors need from the operator: the card acquirer, the bank account that
 * bank-transfer deposits are paid to, and the crypto public keys, rates and confirmations.
 * Sandbox defaults outside production (README, "Payments sandbox").
 */
import { sandboxAcquirer, type CardAcquirer } from './cards.ts'
import { cryptoConfigFromEnv, type CryptoConfig } from './crypto.ts'

export type BankAccount = {
  beneficiaryName: string
  iban: string
  swift: string
  bankName: string
  bankAddress: string | null
}

export type PaymentsConfig = {
  acquirer: CardAcquirer
  /** The merchant name the 3-D Secure challenge shows. */
  merchantName: string
  bank: BankAccount
  crypto: CryptoConfig
}

/** A 3-D Secure challenge not answered within this time fails. */
export const CHALLENGE_TTL_MS = 15 * 60_000

export const SANDBOX_BANK: BankAccount = {
  beneficiaryName: 'Casino Sandbox S.L.',
  iban: 'ES9121000418450200051332',
  swift: 'CAIXESBBXXX',
  bankName: 'CaixaBank',
  bankAddress: 'Calle Pintor Sorolla 2-4, 46002 Valencia',
}

export function paymentsConfigFromEnv(env: NodeJS.ProcessEnv = process.env): PaymentsConfig {
  return {
    acquirer: sandboxAcquirer,
    merchantName: env.PAYMENT_MERCHANT_NAME ?? 'Casino',
    bank: {
      beneficiaryName: env.BANK_BENEFICIARY_NAME ?? SANDBOX_BANK.beneficiaryName,
      iban: env.BANK_IBAN ?? SANDBOX_BANK.iban,
      swift: env.BANK_SWIFT ?? SANDBOX_BANK.swift,
      bankName: env.BANK_NAME ?? SANDBOX_BANK.bankName,
      bankAddress: env.BANK_ADDRESS ?? SANDBOX_BANK.bankAddress,
    },
    crypto: cryptoConfigFromEnv(env),
  }
}
