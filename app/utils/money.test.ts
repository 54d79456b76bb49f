import { expect, test } from 'vitest'
import { formatMoney } from './money.ts'

const NBSP = '\u00a0'

test('Spanish amounts: thousands with dots, decimal comma, euro sign after a no-break space', () => {
  expect(formatMoney(123456, 'EUR', 'es')).toBe(`1.234,56${NBSP}€`)
  expect(formatMoney(1234567890, 'EUR', 'es')).toBe(`12.345.678,90${NBSP}€`)
  expect(formatMoney(5, 'EUR', 'es')).toBe(`0,05${NBSP}€`)
  expect(formatMoney(0, 'EUR', 'es')).toBe(`0,00${NBSP}€`)
})

test('English amounts: euro sign first, thousands with commas, decimal point', () => {
  expect(formatMoney(123456, 'EUR', 'en')).toBe('€1,234.56')
  expect(formatMoney(99, 'EUR', 'en')).toBe('€0.99')
  expect(formatMoney(-123456, 'EUR', 'en')).toBe('-€1,234.56')
})

test('rupees for the INR currency', () => {
  expect(formatMoney(123456, 'INR', 'en')).toBe('₹1,234.56')
})

test('large amounts keep every cent (no float rounding)', () => {
  expect(formatMoney(900719925474099, 'EUR', 'en')).toBe('€9,007,199,254,740.99')
})

test('only integer cents are accepted', () => {
  expect(() => formatMoney(12.5, 'EUR', 'es')).toThrow(TypeError)
})
