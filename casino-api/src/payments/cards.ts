/**
 * The sandbox card processor: what a card acquirer answers for a payment, decided by the card
 * number the way processors' test environments do (README, "Payments sandbox"). Behind the
 * `CardAcquirer` interface, so a real acquirer replaces it without touching the handlers or the
 * web app. The full number and the CVV live only in the call's memory: nothing here stores or
 * logs them; the brand and the last four digits are all that leave.
 */
import { createHmac } from 'node:crypto'
import type { CardSummary } from '../../contract/index.ts'

export type CardDetails = { holderName: string; cardNumber: string; month: number; year: number; cvv2: string }

export type Authorization =
  | { outcome: 'approved' }
  | { outcome: 'declined'; code: 'wrong_card_info' | 'deposit_failed' }
  /** The issuer wants the cardholder to pass a 3-D Secure challenge first. */
  | { outcome: 'challenge' }

export interface CardAcquirer {
  /**
   * `threeDSecure`: whether this processor may challenge (altitudepay) or never does (moto).
   * `reference` is the payment's own: asked again for the same reference (a request resent after
   * a crash), the acquirer answers the same and charges once, as acquirers do with merchant references.
   */
  authorize(card: CardDetails, amount: number, threeDSecure: boolean, reference: string): Promise<Authorization>
}

/** The sandbox's test cards; any other number that passes the Luhn check is approved. */
export const TEST_CARDS = {
  approvedVisa: '4242424242424242',
  approvedMastercard: '5555555555554444',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  challenge: '4000000000003220',
} as const

export const sandboxAcquirer: CardAcquirer = {
  async authorize(card, _amount, threeDSecure, _reference) {
    const number = digitsOf(card.cardNumber)
    if (number === TEST_CARDS.declined) return { outcome: 'declined', code: 'wrong_card_info' }
    if (number === TEST_CARDS.insufficientFunds) return { outcome: 'declined', code: 'deposit_failed' }
    // A MOTO payment (no cardholder present) is exempt from 3-D Secure.
    if (number === TEST_CARDS.challenge && threeDSecure) return { outcome: 'challenge' }
    return { outcome: 'approved' }
  },
}

export const digitsOf = (cardNumber: string) => cardNumber.replace(/\D/g, '')

/** The brand from the issuer identification number (the first digits). */
export function cardBrand(cardNumber: string): CardSummary['brand'] {
  const n = digitsOf(cardNumber)
  if (n.startsWith('4')) return 'visa'
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(n)) return 'mastercard'
  if (/^3[47]/.test(n)) return 'amex'
  if (/^(50|5[6-9]|6[0-9])/.test(n) && !/^6(011|5)/.test(n)) return 'maestro'
  if (/^6(011|5)/.test(n)) return 'discover'
  return 'other'
}

export const cardSummary = (cardNumber: string): CardSummary => ({
  brand: cardBrand(cardNumber),
  last4: digitsOf(cardNumber).slice(-4),
})

/**
 * The key card fingerprints are made with (ADR 0057): derived from the server's secret (the
 * provider secret, PROVIDER_SECRET or the generated one), never stored in the database.
 */
export const cardFingerprintKey = (serverSecret: string) =>
  createHmac('sha256', serverSecret).update('card-fingerprint:v1').digest()

/** HMAC-SHA256 of the card's digits: the same card gives the same value; the number is not kept. */
export const cardFingerprint = (key: Buffer, cardNumber: string) =>
  createHmac('sha256', key).update(digitsOf(cardNumber)).digest('hex')
