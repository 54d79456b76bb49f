import { NUMBER_RULES } from './format.ts'
import { LOCALES, type Locale } from './locales.ts'

/*
 * Numbers typed in a page's language, read without the schema library: the game clients (the
 * dice board) read their inputs with these and must start without zod (page-speed test).
 */

/** A number's digits as typed, before and after its decimal mark ('1.234,5' → '1234', '5'). */
export type DecimalDigits = { integer: string; fraction: string }

/**
 * A non-negative decimal number typed in a page's language (ADR 0038): ASCII digits, the
 * language's decimal mark once, and its grouping mark only in well-formed groups of three
 * ('1.234.567,5' in Spanish, '1,234,567.5' in English). The other language's decimal mark is read
 * as a decimal mark when it appears once and cannot be grouping ('0.0025' on the Spanish page,
 * '12,50' on the English one). Spaces around the number and a currency sign are ignored;
 * anything else (a sign, an exponent, other digits, more fraction digits than `maxFractionDigits`)
 * is not a number: null, never a guess.
 */
export function parseDecimal(input: string, locale: Locale, maxFractionDigits: number): DecimalDigits | null {
  const text = input.trim().replace(/^[€$₹]\s*|\s*[€$₹]$/g, '')
  if (text.length > 40 || !/^[\d.,]+$/.test(text)) return null
  const { decimal, group } = NUMBER_RULES[locale]
  const grouped = (digits: string) => new RegExp(`^[1-9]\\d{0,2}(\\${group}\\d{3})+$`).test(digits)
  const parts = text.split(decimal)
  if (parts.length > 2) return null
  let [integer, fraction] = [parts[0]!, parts[1] ?? '']
  if (!text.includes(decimal)) {
    const halves = text.split(group)
    // One grouping mark that groups nothing is the other language's decimal mark.
    if (halves.length === 2 && halves[1] && !grouped(text)) [integer, fraction] = halves as [string, string]
    else if (!/^\d+$/.test(text) && !grouped(text)) return null
  } else if (!fraction) return null
  if (!/^\d*$/.test(integer) && !grouped(integer)) return null
  if (!/^\d+$/.test(fraction || '0') || fraction.length > maxFractionDigits || !(integer || fraction)) return null
  return { integer: integer.replaceAll(group, '').replace(/^0+(?=\d)/, '') || '0', fraction }
}

/** Integer cents (hundredths) of a positive number with at most 2 decimals; null for anything else or too big. */
export function centsOf(digits: DecimalDigits | null): number | null {
  if (!digits || digits.integer.length > 15) return null
  const cents = Number(digits.integer) * 100 + Number(digits.fraction.padEnd(2, '0'))
  return Number.isSafeInteger(cents) && cents > 0 ? cents : null
}

/**
 * An amount typed in major units turned into integer cents: in the page's language when it is
 * known ('1.234,56' in Spanish, '1,234.56' in English; parseDecimal). Without it (a client of the
 * casino API) in either language, when both read the same amount or only one reads an amount at
 * all ('12,50', '1.234,56', '1,234.56'; '1.234' is 1.234 € as 1.234 has too many decimals for
 * an amount in English). Null when it is not a positive amount with at most 2 decimals.
 */
export function parseAmountToCents(input: string, locale?: Locale): number | null {
  if (locale) return centsOf(parseDecimal(input, locale, 2))
  const readings = new Set(LOCALES.map((l) => centsOf(parseDecimal(input, l, 2))).filter((c) => c !== null))
  return readings.size === 1 ? [...readings][0]! : null
}

/**
 * Coin units typed in the page's language ('0,0025' in Spanish) as the casino API takes them: a
 * decimal string with a point ('0.0025'), up to 12 integer digits and 8 decimals (ReportCryptoDepositParams).
 */
export function parseCoinUnits(input: string, locale: Locale): string | null {
  const digits = parseDecimal(input, locale, 8)
  if (!digits || digits.integer.length > 12) return null
  const units = digits.fraction ? `${digits.integer}.${digits.fraction}` : digits.integer
  return Number(units) > 0 ? units : null
}
