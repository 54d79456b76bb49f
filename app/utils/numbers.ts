import type { Locale } from './locale.ts'

/**
 * Numbers in the page's language, written by hand rather than by Intl: the browser's first
 * `Intl.NumberFormat` loads ICU's locale and currency data, a task of 25 ms or more on a phone
 * in the middle of hydration (ADR 0023), and the two languages' rules fit in a few lines. The
 * output is Intl's for es-ES and en-GB, character for character (numbers.test.ts compares them),
 * and the same on the server and in every browser whatever ICU version each carries.
 */
const RULES = {
  // CLDR's Spanish groups an integer part only from five digits on ('1234,5', '12.345,6').
  es: { decimal: ',', group: '.', minimumGrouping: 5 },
  en: { decimal: '.', group: ',', minimumGrouping: 4 },
} as const

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
  const rules = RULES[locale]
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
