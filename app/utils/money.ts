import { intlLocale, type Locale } from './locale.ts'

export type Currency = 'EUR' | 'INR'

const formatters = new Map<string, Intl.NumberFormat>()

function formatter(locale: Locale, currency: Currency) {
  const key = `${locale}:${currency}`
  let f = formatters.get(key)
  if (!f) {
    f = new Intl.NumberFormat(intlLocale(locale), {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      // Spanish CLDR leaves 4-digit amounts ungrouped ('1234,56 €'); the spec wants separators always.
      useGrouping: 'always',
    })
    formatters.set(key, f)
  }
  return f
}

/**
 * Integer minor units (cents) to text: (123456, 'EUR', 'es') → '1.234,56 €',
 * (123456, 'EUR', 'en') → '€1,234.56'. Cents never become floats before this point.
 */
export function formatMoney(cents: number, currency: Currency, locale: Locale): string {
  if (!Number.isSafeInteger(cents)) throw new TypeError(`formatMoney: ${cents} is not an integer amount of cents`)
  // Intl takes a decimal string exactly, so large amounts do not lose precision.
  const negative = cents < 0
  const abs = Math.abs(cents)
  const decimal = `${negative ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
  return formatter(locale, currency).format(decimal as unknown as number)
}
