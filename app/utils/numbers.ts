import { intlLocale, type Locale } from './locale.ts'

const decimals = new Map<Locale, Intl.NumberFormat>()

/**
 * A plain number in the page's language (96.17 → '96,17' in Spanish, '96.17' in English), never
 * in the browser's or the server's own: both render the same text, and hydration matches.
 */
export function formatNumber(value: number, locale: Locale): string {
  let format = decimals.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 2 })
    decimals.set(locale, format)
  }
  return format.format(value)
}
