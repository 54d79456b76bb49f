import type { Locale } from './locales.ts'

/*
 * The one formatter of numbers, money and dates, for the pages, the casino API's e-mails and
 * mailbox messages and the site content it renders: the same amount reads the same everywhere
 * ('2.500,00 €', '€2,500.00'). Free of the schema library: the pages and the game clients import
 * it directly ('#casino-api/contract/format.ts') without pulling zod into their startup bundle.
 *
 * Numbers are written by hand rather than by Intl: the browser's first `Intl.NumberFormat` loads
 * ICU's locale and currency data, a task of 25 ms or more on a phone in the middle of hydration
 * (ADR 0023), and each language's rules fit in a line. The output is Intl's for the language's
 * tag (INTL_LOCALES), character for character (format.test.ts compares them), and the same on
 * the server and in every browser whatever ICU version each carries.
 */

/** The currencies an account may hold (the contract's Currency schema is made of this list). */
export const CURRENCIES = ['EUR', 'INR'] as const
type Currency = (typeof CURRENCIES)[number]

/** Each language's number rules: the data a new language adds (ADR 0039). */
type NumberRules = {
  decimal: string
  group: string
  /** Digits from which Intl groups an integer part ('1234,5' but '12.345,6' in Spanish). */
  minimumGrouping: number
  /** An amount of money: its digits and the currency's sign. */
  money: (digits: string, symbol: string) => string
  /** The currency's sign as CLDR writes it in this language (Spanish has none of its own for the rupee). */
  symbols: Record<Currency, string>
}

export const NUMBER_RULES: Record<Locale, NumberRules> = {
  // CLDR's Spanish groups an integer part only from five digits on ('1234,5', '12.345,6').
  es: {
    decimal: ',',
    group: '.',
    minimumGrouping: 5,
    money: (digits, symbol) => `${digits}\u00a0${symbol}`,
    symbols: { EUR: '€', INR: 'INR' },
  },
  en: {
    decimal: '.',
    group: ',',
    minimumGrouping: 4,
    money: (digits, symbol) => `${symbol}${digits}`,
    symbols: { EUR: '€', INR: '₹' },
  },
}

export type NumberOptions = {
  minimumFractionDigits?: number
  /** Default 2 (at least the minimum). */
  maximumFractionDigits?: number
  /** 'always': '1.234' in Spanish too, as amounts of money are written. */
  grouping?: 'auto' | 'always'
}

/** The shortest decimal digits of a finite non-negative number, as Intl reads a double: [integer, fraction]. */
function decimalDigits(abs: number): [string, string] {
  const text = String(abs)
  const e = text.indexOf('e')
  if (e === -1) {
    const point = text.indexOf('.')
    return point === -1 ? [text, ''] : [text.slice(0, point), text.slice(point + 1)]
  }
  // 1e-7, 1.5e+21: the digits and where the point goes.
  const mantissa = text.slice(0, e)
  const digits = mantissa.replace('.', '')
  const point = (mantissa.indexOf('.') === -1 ? mantissa.length : mantissa.indexOf('.')) + Number(text.slice(e + 1))
  if (point <= 0) return ['0', '0'.repeat(-point) + digits]
  return [digits.padEnd(point, '0').slice(0, point), digits.slice(point)]
}

/** One more unit in the last place of a string of decimal digits ('199' → '200', '99' → '100'). */
function increment(digits: string): string {
  let i = digits.length - 1
  while (i >= 0 && digits[i] === '9') i--
  if (i < 0) return `1${'0'.repeat(digits.length)}`
  return digits.slice(0, i) + String(Number(digits[i]) + 1) + '0'.repeat(digits.length - i - 1)
}

/** Rounds half away from zero to `max` fraction digits, then drops trailing zeros down to `min`. */
function rounded([integer, fraction]: [string, string], min: number, max: number): [string, string] {
  if (fraction.length > max) {
    const kept = integer + fraction.slice(0, max)
    const up = fraction[max]! >= '5' ? increment(kept) : kept
    const integerLength = up.length - max
    ;[integer, fraction] = [up.slice(0, integerLength), up.slice(integerLength)]
  }
  let end = fraction.length
  while (end > min && fraction[end - 1] === '0') end--
  return [integer, fraction.slice(0, end).padEnd(min, '0')]
}

function grouped(integer: string, separator: string, minimumGrouping: number): string {
  if (integer.length < minimumGrouping) return integer
  let out = integer.slice(0, integer.length % 3 || 3)
  for (let i = out.length; i < integer.length; i += 3) out += separator + integer.slice(i, i + 3)
  return out
}

/** Integer and fraction digits with the language's separators: ('1234', '5', 'es') → '1234,5'. */
export function localizedDigits(
  integer: string,
  fraction: string,
  locale: Locale,
  grouping: 'auto' | 'always' = 'auto',
) {
  const rules = NUMBER_RULES[locale]
  const text = grouped(integer, rules.group, grouping === 'always' ? 4 : rules.minimumGrouping)
  return fraction ? text + rules.decimal + fraction : text
}

/**
 * A plain number in the page's language (96.17 → '96,17' in Spanish, '96.17' in English), never
 * in the browser's or the server's own: both render the same text, and hydration matches.
 */
export function formatNumber(value: number, locale: Locale, options: NumberOptions = {}): string {
  if (!Number.isFinite(value)) throw new RangeError(`formatNumber: ${value} is not a finite number`)
  const min = options.minimumFractionDigits ?? 0
  const max = Math.max(min, options.maximumFractionDigits ?? 2)
  const [integer, fraction] = rounded(decimalDigits(Math.abs(value)), min, max)
  // Like Intl, -0 and negative numbers that round to zero keep their sign ('-0').
  const negative = value < 0 || Object.is(value, -0)
  return (negative ? '-' : '') + localizedDigits(integer, fraction, locale, options.grouping)
}

export type MoneyOptions = {
  /** '10 €' rather than '10,00 €' for a whole amount, as the site's texts name the limits. */
  wholeWithoutCents?: boolean
}

/**
 * Integer minor units (cents) to text: (123456, 'EUR', 'es') → '1.234,56 €',
 * (123456, 'EUR', 'en') → '€1,234.56'. Cents never become floats: the digits are cut from the
 * integer. Written as Intl writes the language's currency, groups always separated (the spec's
 * '1.234,56 €', and '2.500 €' where CLDR's Spanish would leave four digits ungrouped).
 */
export function formatMoney(cents: number, currency: Currency, locale: Locale, options: MoneyOptions = {}): string {
  if (!Number.isSafeInteger(cents)) throw new TypeError(`formatMoney: ${cents} is not an integer amount of cents`)
  const abs = Math.abs(cents)
  const fraction = options.wholeWithoutCents && abs % 100 === 0 ? '' : String(abs % 100).padStart(2, '0')
  const digits = localizedDigits(String(Math.floor(abs / 100)), fraction, locale, 'always')
  const rules = NUMBER_RULES[locale]
  return (cents < 0 ? '-' : '') + rules.money(digits, rules.symbols[currency])
}
/** The site's own time zone: the same text on the server and in the browser (no hydration drift). */
export const SITE_TIME_ZONE = 'Europe/Madrid'

const formatters = new Map<string, Intl.DateTimeFormat>()

/** The calendar and clock parts ('2026', '11', '27', '23'...) of an instant in a time zone. */
export function partsOf(value: Date, timeZone: string) {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
    formatters.set(timeZone, f)
  }
  const parts: Record<string, string> = {}
  for (const part of f.formatToParts(value)) parts[part.type] = part.value
  return parts
}

function toDate(value: Date | string | number): Date {
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`)
  return date
}

/** 'YYYY.MM.DD hh:mm:ss' (24-hour clock) in the site's time zone, or the one given. */
export function formatDateTime(value: Date | string | number, timeZone = SITE_TIME_ZONE): string {
  const p = partsOf(toDate(value), timeZone)
  return `${p.year}.${p.month}.${p.day} ${p.hour}:${p.minute}:${p.second}`
}

/** 'YYYY.MM.DD' in the site's time zone, or the one given. */
export function formatDate(value: Date | string | number, timeZone = SITE_TIME_ZONE): string {
  const p = partsOf(toDate(value), timeZone)
  return `${p.year}.${p.month}.${p.day}`
}
