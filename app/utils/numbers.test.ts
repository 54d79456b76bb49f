import { expect, test } from 'vitest'
import { intlLocale, LOCALES } from './locale.ts'
import { formatMoney } from './money.ts'
import { formatNumber, type NumberOptions } from './numbers.ts'

// The hand-written formatters must write exactly what Intl writes for es-ES and en-GB (the
// browser's first Intl.NumberFormat is what they avoid, not its output).

/** A spread of doubles: halves that round either way in binary, long fractions, big, tiny, negative. */
function sampleValues() {
  let seed = 42
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  const values = [
    0,
    -0,
    1,
    5,
    999,
    1000,
    9999,
    10000,
    123456.789,
    96.175,
    96.17,
    0.005,
    0.015,
    1.005,
    2.675,
    0.995,
    9.995,
    99.995,
    999999.995,
    -0.004,
    -1234.5,
    1e-7,
    1.5e-7,
    5e-7,
    1e21,
    1.5e21,
    2 ** 53,
    0.1 + 0.2,
  ]
  for (let i = 0; i < 3000; i++) {
    const magnitude = 10 ** Math.floor(random() * 10 - 3)
    const value = Math.round(random() * magnitude * 1000) / 1000
    values.push(i % 4 === 0 ? -value : value, value + 0.005, Math.round(value * 100) / 100 + 0.005)
  }
  return values
}

const OPTIONS: NumberOptions[] = [
  {},
  { minimumFractionDigits: 2 },
  { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  { maximumFractionDigits: 1 },
  { maximumFractionDigits: 0 },
  { maximumFractionDigits: 3 },
  { grouping: 'always' },
]

test('formatNumber writes what Intl writes, in both languages and every option the site uses', () => {
  for (const locale of LOCALES)
    for (const options of OPTIONS) {
      const intl = new Intl.NumberFormat(intlLocale(locale), {
        minimumFractionDigits: options.minimumFractionDigits ?? 0,
        maximumFractionDigits: Math.max(options.minimumFractionDigits ?? 0, options.maximumFractionDigits ?? 2),
        useGrouping: options.grouping === 'always' ? 'always' : 'auto',
      })
      for (const value of sampleValues())
        expect(formatNumber(value, locale, options), `${value} ${locale} ${JSON.stringify(options)}`).toBe(
          intl.format(value),
        )
    }
})

test('Spanish numbers group from five digits on, English from four, unless grouping is always', () => {
  expect(formatNumber(1234.5, 'es')).toBe('1234,5')
  expect(formatNumber(12345.678, 'es')).toBe('12.345,68')
  expect(formatNumber(1234.5, 'en')).toBe('1,234.5')
  expect(formatNumber(1234, 'es', { grouping: 'always' })).toBe('1.234')
  // The shortest decimal of the double is rounded, as Intl does (toFixed would give 96.17).
  expect(formatNumber(96.175, 'es')).toBe('96,18')
  expect(() => formatNumber(Number.NaN, 'es')).toThrow(RangeError)
})

test('formatMoney writes what Intl writes for both currencies, in both languages', () => {
  const cents = [
    0, 1, 5, 99, 100, 999, 1000, 123456, 99999, 100000, 1234567890, -5, -123456, 900719925474099, -900719925474099,
  ]
  for (const locale of LOCALES)
    for (const currency of ['EUR', 'INR'] as const) {
      const intl = new Intl.NumberFormat(intlLocale(locale), {
        style: 'currency',
        currency,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        useGrouping: 'always',
      })
      for (const amount of cents) {
        const decimal = `${amount < 0 ? '-' : ''}${Math.floor(Math.abs(amount) / 100)}.${String(Math.abs(amount) % 100).padStart(2, '0')}`
        expect(formatMoney(amount, currency, locale), `${amount} ${currency} ${locale}`).toBe(
          intl.format(decimal as unknown as number),
        )
      }
    }
})
