import type { Locale } from './locale.ts'
import { localizedDigits } from './numbers.ts'

export type Currency = 'EUR' | 'INR'

/** The currency's sign as CLDR writes it in each language (Spanish has none of its own for the rupee). */
const SYMBOLS: Record<Currency, Record<Locale, string>> = {
  EUR: { es: '€', en: '€' },
  INR: { es: 'INR', en: '₹' },
}

/**
 * Integer minor units (cents) to text: (123456, 'EUR', 'es') → '1.234,56 €',
 * (123456, 'EUR', 'en') → '€1,234.56'. Cents never become floats: the digits are cut from the
 * integer. Written as Intl writes es-ES and en-GB currency, groups always separated (the spec's
 * '1.234,56 €', where CLDR's Spanish would leave four digits ungrouped); see numbers.ts for why
 * not with Intl itself.
 */
export function formatMoney(cents: number, currency: Currency, locale: Locale): string {
  if (!Number.isSafeInteger(cents)) throw new TypeError(`formatMoney: ${cents} is not an integer amount of cents`)
  const abs = Math.abs(cents)
  const digits = localizedDigits(String(Math.floor(abs / 100)), String(abs % 100).padStart(2, '0'), locale, 'always')
  const sign = cents < 0 ? '-' : ''
  const symbol = SYMBOLS[currency][locale]
  return locale === 'es' ? `${sign}${digits}\u00a0${symbol}` : `${sign}${symbol}${digits}`
}
