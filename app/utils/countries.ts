/**
 * The countries a player can choose: the contract's ISO 3166-1 alpha-2 codes. Names come from
 * `Intl.DisplayNames` in the page's locale, so no translated list is kept here.
 */
import { COUNTRY_CODES } from '#casino-api/contract/countries.ts'

export { COUNTRY_CODES, isCountryCode, type CountryCode } from '#casino-api/contract/countries.ts'

export type CountryOption = { value: string; label: string }

const cache = new Map<string, CountryOption[]>()
/** One Intl.DisplayNames per locale: making one costs more than the names it gives. */
const namers = new Map<string, Intl.DisplayNames>()

/** The name of a country in `locale`, or the code itself when Intl does not know it. */
export function countryName(code: string, locale: string) {
  try {
    let names = namers.get(locale)
    if (!names) namers.set(locale, (names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' })))
    return names.of(code.toUpperCase()) ?? code
  } catch {
    return code
  }
}

/**
 * Every country as a select option, sorted by its name in `locale` (accents ignored). Made in a
 * loader and sent with the page: the browser's ICU may name and sort countries differently
 * (hydration).
 */
export function countryOptions(locale: string): CountryOption[] {
  const cached = cache.get(locale)
  if (cached) return cached
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' })
  const collator = new Intl.Collator(locale, { sensitivity: 'base' })
  const options = COUNTRY_CODES.map((value) => ({ value, label: names.of(value) ?? value })).sort((a, b) =>
    collator.compare(a.label, b.label),
  )
  cache.set(locale, options)
  return options
}

/**
 * The options of `countryOptions(locale)` as one string ("AD Andorra\nAE Emiratos…"), for loader
 * data. The names are made on the server (the browser's ICU may name and sort them differently,
 * and hydration would then fail); one string costs the page a third of the bytes of 250 objects
 * and is serialized in one step.
 */
export function packedCountryOptions(locale: string): string {
  const cached = packed.get(locale)
  if (cached) return cached
  const text = countryOptions(locale)
    .map((o) => `${o.value} ${o.label}`)
    .join('\n')
  packed.set(locale, text)
  return text
}

const packed = new Map<string, string>()
const unpacked = new Map<string, CountryOption[]>()

/** The options of a `packedCountryOptions` string; the same array for the same string. */
export function unpackCountryOptions(text: string): CountryOption[] {
  let options = unpacked.get(text)
  if (!options) {
    options = text.split('\n').map((line) => ({ value: line.slice(0, 2), label: line.slice(3) }))
    // The page's locale is one of two; keep the last few lists only.
    if (unpacked.size > 3) unpacked.clear()
    unpacked.set(text, options)
  }
  return options
}
