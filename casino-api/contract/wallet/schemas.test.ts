import { test, expect } from 'vitest'
import type { z } from 'zod'
import {
  CancelWithdrawalRequestParams,
  FinancialTransaction,
  GetEupaymentFinancialTransactionParams,
  GetFinancialTransactionsParams,
  isValidIbanOrAccount,
  SendWithdrawalRequestParams,
  ValidatePromoCodeParams,
} from './schemas.ts'

/** field path -> message code */
const codes = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input)
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]))
}

const bank = {
  method: 'bank_transfer',
  amount: '150,00',
  iban: 'ES91 2100 0418 4502 0005 1332',
  beneficiaryName: 'Ana García',
  swift: 'caixesbb xxx',
  bankName: 'CaixaBank',
  zipCode: '28001',
  address: 'Calle Mayor 1, Madrid',
}

test('a bank withdrawal parses with cents, a compact IBAN and an upper-case BIC', () => {
  expect(SendWithdrawalRequestParams.parse(bank)).toEqual({
    ...bank,
    amount: 15000,
    iban: 'ES9121000418450200051332',
    swift: 'CAIXESBBXXX',
  })
})

test('a bitcoin withdrawal needs a wallet address', () => {
  expect(
    SendWithdrawalRequestParams.parse({
      method: 'bitcoin',
      amount: 5000,
      walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    }).method,
  ).toBe('bitcoin')
  expect(
    codes(SendWithdrawalRequestParams, { method: 'bitcoin', amount: 5000, walletAddress: 'not a wallet' }),
  ).toEqual({ walletAddress: 'invalid_value' })
  expect(codes(SendWithdrawalRequestParams, { method: 'bitcoin', amount: 5000 })).toEqual({
    walletAddress: 'field_required',
  })
})

test('withdrawal fields answer catalogue codes', () => {
  expect(
    codes(SendWithdrawalRequestParams, {
      ...bank,
      amount: 'abc',
      iban: 'ES91 2100 0418 4502 0005 1333',
      swift: 'XX',
      bankName: '',
    }),
  ).toEqual({
    amount: 'invalid_number',
    iban: 'invalid_value',
    swift: 'invalid_value',
    bankName: 'field_required',
  })
  expect(codes(SendWithdrawalRequestParams, { ...bank, method: 'paypal' })).toEqual({ method: 'invalid_value' })
})

test('IBANs are checked with mod 97, other account numbers only for their shape', () => {
  expect(isValidIbanOrAccount('GB82WEST12345698765432')).toBe(true)
  expect(isValidIbanOrAccount('GB82WEST12345698765433')).toBe(false)
  expect(isValidIbanOrAccount('0123456789')).toBe(true)
  expect(isValidIbanOrAccount('12')).toBe(false)
})

test('transaction filters default to the last 30 days and the first page', () => {
  expect(GetFinancialTransactionsParams.parse({})).toEqual({ range: { period: '30d' }, page: 1, pageSize: 20 })
  expect(
    GetFinancialTransactionsParams.parse({
      type: 'withdrawal',
      status: 'pending',
      range: { period: 'custom', from: '2026-01-01', to: '2026-01-31' },
    }).status,
  ).toBe('pending')
  expect(codes(GetFinancialTransactionsParams, { status: 'lost' })).toEqual({ status: 'invalid_value' })
})

test('promo code, payment reference and withdrawal id are required', () => {
  expect(ValidatePromoCodeParams.parse({ code: ' welcome100 ' })).toEqual({ code: 'WELCOME100' })
  expect(codes(ValidatePromoCodeParams, { code: '  ' })).toEqual({ code: 'field_required' })
  expect(codes(GetEupaymentFinancialTransactionParams, {})).toEqual({ reference: 'field_required' })
  expect(codes(CancelWithdrawalRequestParams, { id: '' })).toEqual({ id: 'field_required' })
})

test('a transaction shows the card as brand and last four digits only', () => {
  const tx = {
    id: 'tx_1',
    type: 'deposit',
    status: 'complete',
    amount: 2500,
    currency: 'EUR',
    processor: 'altitudepay',
    reference: 'AP-123',
    card: { brand: 'visa', last4: '4242' },
    destination: null,
    cancellable: false,
    failure: null,
    balanceAfter: 7500,
    createdAt: '2026-11-22T10:00:00Z',
    updatedAt: '2026-11-22T10:00:05Z',
  }
  expect(FinancialTransaction.parse(tx)).toEqual(tx)
  expect(FinancialTransaction.safeParse({ ...tx, card: { brand: 'visa', last4: '4242424242424242' } }).success).toBe(
    false,
  )
  expect(Object.keys(FinancialTransaction.shape).some((k) => /cvv|cardNumber/i.test(k))).toBe(false)
})
