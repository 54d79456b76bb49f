import { expect, test } from 'vitest'
import { requestHash } from './idempotency.ts'

const card = {
  holderName: 'Ana García',
  cardNumber: '4242424242424242',
  month: 12,
  year: 2030,
  cvv2: '737',
  amount: 50_00,
}

test('one request, one hash: the order of the params does not matter, the call and every value do', () => {
  const reordered = Object.fromEntries(Object.entries(card).toReversed())
  expect(requestHash('moto_deposit_processor', reordered)).toBe(requestHash('moto_deposit_processor', card))
  expect(requestHash('moto_deposit_processor', { ...card, optional: undefined })).toBe(
    requestHash('moto_deposit_processor', card),
  )
  expect(requestHash('altitudepay_deposit_processor', card)).not.toBe(requestHash('moto_deposit_processor', card))
  expect(requestHash('moto_deposit_processor', { ...card, amount: 50_01 })).not.toBe(
    requestHash('moto_deposit_processor', card),
  )
  expect(requestHash('send_withdrawal_request', { method: 'bitcoin', amount: 1 })).not.toBe(
    requestHash('send_withdrawal_request', { method: 'bank_transfer', amount: 1 }),
  )
  expect(requestHash('send_withdrawal_request', { a: { b: 1, c: 2 } })).toBe(
    requestHash('send_withdrawal_request', { a: { c: 2, b: 1 } }),
  )
})

test('a card is bound by its brand and last four digits: no card number or CVV goes into the hash', () => {
  const hash = requestHash('moto_deposit_processor', card)
  // Another CVV, or another Visa ending in the same four digits, is the same request...
  expect(requestHash('moto_deposit_processor', { ...card, cvv2: '738' })).toBe(hash)
  expect(requestHash('moto_deposit_processor', { ...card, cardNumber: '4000056655664242' })).toBe(hash)
  // ...another last four or another brand is not.
  expect(requestHash('moto_deposit_processor', { ...card, cardNumber: '4000000000000077' })).not.toBe(hash)
  expect(requestHash('moto_deposit_processor', { ...card, cardNumber: '5555555555554242' })).not.toBe(hash)
})
