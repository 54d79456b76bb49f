import { test, expect } from 'vitest'
import type { z } from 'zod'
import {
  AltitudepayDepositProcessorAnswer,
  CardDepositParams,
  CashlibDepositProcessorParams,
  GenerateWalletParams,
  isCardExpired,
  CarespayDepositProcessorParams,
} from './schemas.ts'

const codes = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input)
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]))
}

const nextYear = new Date().getUTCFullYear() + 1
const card = {
  holderName: 'Ana García',
  cardNumber: '4242 4242 4242 4242',
  month: '07',
  year: String(nextYear % 100),
  cvv2: '123',
  amount: '25',
}

test('a card deposit parses the form strings', () => {
  expect(CardDepositParams.parse(card)).toEqual({
    ...card,
    cardNumber: '4242424242424242',
    month: 7,
    year: nextYear,
    amount: 2500,
  })
})

test('card fields answer catalogue codes', () => {
  expect(
    codes(CardDepositParams, { ...card, cardNumber: '4242 4242 4242 4241', cvv2: '12', amount: '-5', holderName: ' ' }),
  ).toEqual({
    cardNumber: 'invalid_card_number',
    cvv2: 'invalid_cvv',
    amount: 'invalid_number',
    holderName: 'field_required',
  })
  expect(codes(CardDepositParams, { ...card, month: '13' })).toEqual({ month: 'invalid_date' })
  expect(codes(CardDepositParams, { ...card, month: '', year: 'xx' })).toEqual({
    month: 'field_required',
    year: 'invalid_date',
  })
})

test('an expired card is refused on the month field', () => {
  expect(codes(CardDepositParams, { ...card, month: 1, year: 2020 })).toEqual({ month: 'invalid_date' })
  expect(isCardExpired(11, 2026, new Date('2026-11-30T12:00:00Z'))).toBe(false)
  expect(isCardExpired(10, 2026, new Date('2026-11-01T00:00:00Z'))).toBe(true)
})

const tx = {
  id: 'tx_1',
  type: 'deposit',
  status: 'pending',
  amount: 2500,
  currency: 'EUR',
  processor: 'altitudepay',
  reference: 'AP-1',
  card: { brand: 'visa', last4: '4242' },
  destination: null,
  cancellable: false,
  failure: null,
  balanceAfter: null,
  createdAt: '2026-11-22T10:00:00Z',
  updatedAt: '2026-11-22T10:00:00Z',
}

test('a card deposit answers a 3-D Secure redirect or the completed deposit', () => {
  const redirect = {
    status: 'three_ds_required',
    message: 'three_ds_started',
    reference: 'AP-1',
    threeDSUrl: 'https://pay.example/3ds/AP-1',
    transaction: tx,
  }
  expect(AltitudepayDepositProcessorAnswer.parse(redirect)).toEqual(redirect)
  const done = {
    status: 'complete',
    message: 'deposit_complete',
    reference: 'AP-1',
    transaction: { ...tx, status: 'complete', balanceAfter: 2500 },
    balance: { currency: 'EUR', total: 2500, real: 2500, bonus: 0 },
  }
  expect(AltitudepayDepositProcessorAnswer.parse(done)).toEqual(done)
  expect(AltitudepayDepositProcessorAnswer.safeParse({ ...redirect, threeDSUrl: 'not a url' }).success).toBe(false)
})

test('bank transfer, voucher and crypto params', () => {
  expect(CarespayDepositProcessorParams.parse({ amount: '1.000,50' })).toEqual({ amount: 100050 })
  expect(codes(CarespayDepositProcessorParams, {})).toEqual({ amount: 'invalid_number' })
  expect(CashlibDepositProcessorParams.parse({ voucherCode: 'abcd-1234-efgh', amount: 5000 })).toEqual({
    voucherCode: 'ABCD1234EFGH',
    amount: 5000,
  })
  expect(codes(CashlibDepositProcessorParams, { voucherCode: 'x!', amount: 5000 })).toEqual({
    voucherCode: 'invalid_value',
  })
  expect(GenerateWalletParams.parse({ currency: 'USDT' })).toEqual({ currency: 'USDT' })
  expect(codes(GenerateWalletParams, { currency: 'ETH' })).toEqual({ currency: 'invalid_value' })
})
