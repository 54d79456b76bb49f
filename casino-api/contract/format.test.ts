import { expect, test } from 'vitest'
import { CURRENCIES, formatDate, formatDateTime, formatMoney, formatNumber, type NumberOptions } from './format.ts'
import { INTL_LOCALES, LOCALES } from './locales.ts'

// The hand-written formatters must write exactly what Intl writes for each language's tag (the
// browser's first Intl.NumberFormat is what they avoid, not its output), except that amounts of
// money are always grouped.

const NBSP = '\u00a0'

/** The same pseudo-random numbers on every run: a failure names a value that fails again. */
function seeded(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
}

/** A spread of doubles: halves that round either way in binary, long fractions, big, tiny, negative. */
function sampleValues() {
  const random = seeded(42)
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
      const intl = new Intl.NumberFormat(INTL_LOCALES[locale], {
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

/** Amounts in cents: the edges (nothing, one cent, the last 3- and 4-digit amounts, a million, the largest), then random ones of every length, half of them negative (refunds and losses are shown signed). */
function sampleCents() {
  const random = seeded(7)
  const edges = [0, 1, 5, 99, 100, 999, 99_900, 100_000, 123_456, 999_999, 1_000_000, 100_000_000]
  const cents = [...edges, ...edges.map((c) => -c), Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER]
  for (let i = 0; i < 3000; i++) {
    const amount = Math.floor(random() * 10 ** Math.ceil(random() * 15))
    cents.push(i % 2 === 0 ? amount : -amount)
  }
  return cents
}

/** The amount as an exact decimal string: Intl reads it without a trip through a double. */
const decimalOf = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`

test('formatMoney writes what Intl writes with grouping always on, for every currency and language', () => {
  for (const locale of LOCALES)
    for (const currency of CURRENCIES) {
      const intl = new Intl.NumberFormat(INTL_LOCALES[locale], {
        style: 'currency',
        currency,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        useGrouping: 'always',
      })
      for (const amount of sampleCents())
        expect(formatMoney(amount, currency, locale), `${amount} ${currency} ${locale}`).toBe(
          intl.format(decimalOf(amount) as Intl.StringNumericLiteral),
        )
    }
})

test('four-digit amounts are grouped in both languages (CLDR Spanish alone would write 2500,00 €)', () => {
  expect(formatMoney(250_000, 'EUR', 'es')).toBe(`2.500,00${NBSP}€`)
  expect(formatMoney(999_999, 'EUR', 'es')).toBe(`9.999,99${NBSP}€`)
  expect(formatMoney(100_000, 'EUR', 'en')).toBe('€1,000.00')
  expect(formatMoney(999_999, 'EUR', 'en')).toBe('€9,999.99')
  expect(formatMoney(-250_000, 'EUR', 'es')).toBe(`-2.500,00${NBSP}€`)
  for (const locale of LOCALES)
    for (let cents = 100_000; cents < 1_000_000; cents += 7_919)
      expect(formatMoney(cents, 'EUR', locale)).toMatch(/^€?\d[.,]\d{3}[.,]\d{2}(\u00a0€)?$/)
})

test('amounts keep every cent, the signs of each language, and only integer cents', () => {
  expect(formatMoney(1, 'EUR', 'es')).toBe(`0,01${NBSP}€`)
  expect(formatMoney(Number.MAX_SAFE_INTEGER, 'EUR', 'en')).toBe('€90,071,992,547,409.91')
  expect(formatMoney(123_456, 'INR', 'en')).toBe('₹1,234.56')
  expect(formatMoney(123_456, 'INR', 'es')).toBe(`1.234,56${NBSP}INR`)
  expect(() => formatMoney(12.5, 'EUR', 'es')).toThrow(TypeError)
})

test('a whole amount may leave out its cents (the site texts name their limits so), grouped all the same', () => {
  expect(formatMoney(250_000, 'EUR', 'es', { wholeWithoutCents: true })).toBe(`2.500${NBSP}€`)
  expect(formatMoney(1_000, 'EUR', 'en', { wholeWithoutCents: true })).toBe('€10')
  expect(formatMoney(1_050, 'EUR', 'en', { wholeWithoutCents: true })).toBe('€10.50')
  for (const locale of LOCALES) {
    const intl = new Intl.NumberFormat(INTL_LOCALES[locale], {
      style: 'currency',
      currency: 'EUR',
      maximumFractionDigits: 0,
      useGrouping: 'always',
    })
    for (const euros of [0, 1, 10, 999, 1000, 2500, 9999, 10_000, 50_000, 1_000_000])
      expect(formatMoney(euros * 100, 'EUR', locale, { wholeWithoutCents: true })).toBe(intl.format(euros))
  }
})

test('dates read YYYY.MM.DD hh:mm:ss on a 24-hour clock', () => {
  expect(formatDateTime('2026-01-05T03:04:05Z', 'UTC')).toBe('2026.01.05 03:04:05')
  expect(formatDateTime('2026-11-22T23:59:59Z', 'UTC')).toBe('2026.11.22 23:59:59')
  expect(formatDateTime(new Date(Date.UTC(2026, 0, 1, 0, 0, 0)), 'UTC')).toBe('2026.01.01 00:00:00')
  expect(formatDate('2026-03-09T10:00:00Z', 'UTC')).toBe('2026.03.09')
})

test("the site's time zone by default (Madrid: +2 h in summer, +1 h in winter)", () => {
  expect(formatDateTime('2026-07-05T23:04:05Z')).toBe('2026.07.06 01:04:05')
  expect(formatDateTime('2026-01-05T23:04:05Z')).toBe('2026.01.06 00:04:05')
})

test('an invalid date is an error, not "Invalid Date"', () => {
  expect(() => formatDateTime('not a date')).toThrow(RangeError)
})
