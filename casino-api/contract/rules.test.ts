import { expect, test } from 'vitest'
import { LOCALES } from './locales.ts'
import { amountInCents, isValidCardNumber, normalizePhone } from './rules.ts'
import { parseAmountToCents, parseCoinUnits, parseDecimal } from './decimal.ts'

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

test("amounts are read in the page's language: its decimal mark, its grouping in groups of three", () => {
  expect(parseAmountToCents('1.234,56', 'es')).toBe(123456)
  expect(parseAmountToCents('1,234.56', 'en')).toBe(123456)
  expect(parseAmountToCents('12,5', 'es')).toBe(1250)
  expect(parseAmountToCents('12.5', 'en')).toBe(1250)
  // A grouping mark in well-formed groups groups; once, where it cannot group, it is a decimal mark.
  expect(parseAmountToCents('1.234', 'es')).toBe(123400)
  expect(parseAmountToCents('1,234', 'en')).toBe(123400)
  expect(parseAmountToCents('12.50', 'es')).toBe(1250)
  expect(parseAmountToCents('12,50', 'en')).toBe(1250)
  expect(parseAmountToCents(' 12 ', 'es')).toBe(1200)
  expect(parseAmountToCents('1.234.567,89', 'es')).toBe(123456789)
  // In Spanish ',' is the decimal mark: 1,234 € has too many decimals rather than being 1.234 €.
  expect(parseAmountToCents('1,234', 'es')).toBeNull()
  expect(parseAmountToCents('1.234', 'en')).toBeNull()
  for (const locale of LOCALES)
    for (const bad of ['1,2,3', '1.2.3', '١٢٣', '1e3', '-5', '+5', '0', '', ' ', ',', '.', '12,', '1 234', '12.34,5,6'])
      expect(parseAmountToCents(bad, locale), `${bad} (${locale})`).toBeNull()
  // Too big for cents is refused, not rounded (the form says invalid_number).
  expect(parseAmountToCents('99999999999999999999', 'es')).toBeNull()
  expect(parseAmountToCents('90071992547409,91', 'es')).toBe(Number.MAX_SAFE_INTEGER)
  expect(parseAmountToCents('90071992547409,92', 'es')).toBeNull()
  expect(amountInCents('es').safeParse('1,2,3').error?.issues[0]?.message).toBe('invalid_number')
  expect(amountInCents('en').parse('1,234.56')).toBe(123456)
})

test("coin units are read in the page's language and sent with a point", () => {
  expect(parseCoinUnits('0,0025', 'es')).toBe('0.0025')
  expect(parseCoinUnits('0.0025', 'es')).toBe('0.0025')
  expect(parseCoinUnits('0.0025', 'en')).toBe('0.0025')
  expect(parseCoinUnits('1.234,5', 'es')).toBe('1234.5')
  expect(parseCoinUnits('1,234.5', 'en')).toBe('1234.5')
  expect(parseCoinUnits('120', 'en')).toBe('120')
  expect(parseCoinUnits('999999999999,99999999', 'es')).toBe('999999999999.99999999')
  for (const bad of ['0,000000001', '1000000000000', '0', '0,0', '1,2,3', '١٢٣', '1e3', 'abc'])
    expect(parseCoinUnits(bad, 'es'), bad).toBeNull()
  expect(parseDecimal('007,5', 'es', 2)).toEqual({ integer: '7', fraction: '5' })
})
