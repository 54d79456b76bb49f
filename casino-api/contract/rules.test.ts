import { expect, test } from 'vitest'
import { amountInCents, isValidCardNumber, normalizePhone, parseAmountToCents } from './rules.ts'

test('phones are one phone however they are written', () => {
  expect(normalizePhone('+34 600-11 22 33')).toBe('+34600112233')
  expect(normalizePhone('600 112 233')).toBe('600112233')
})

test('card numbers pass the Luhn check', () => {
  expect(isValidCardNumber('4111 1111 1111 1111')).toBe(true)
  expect(isValidCardNumber('4111 1111 1111 1112')).toBe(false)
  expect(isValidCardNumber('1234')).toBe(false)
})

test('amounts typed by players become integer cents, in Spanish and English notation', () => {
  expect(parseAmountToCents('12')).toBe(1200)
  expect(parseAmountToCents('12,5')).toBe(1250)
  expect(parseAmountToCents('12.50')).toBe(1250)
  expect(parseAmountToCents('1.234,56')).toBe(123456)
  expect(parseAmountToCents('1,234.56')).toBe(123456)
  expect(parseAmountToCents('1.234')).toBe(123400)
  expect(parseAmountToCents('€ 20')).toBe(2000)
  for (const bad of ['', 'abc', '0', '1,2,3', '12.345,678', '-5', '1e3'])
    expect(parseAmountToCents(bad), bad).toBeNull()
  expect(amountInCents().safeParse('abc').error?.issues[0]?.message).toBe('invalid_number')
  expect(amountInCents().parse('0,01')).toBe(1)
})
