import { expect, test } from 'vitest'
import { LOCALES } from '#ui/locale.ts'
import {
  COUNTRY_CODES,
  countryName,
  countryOptions,
  isCountryCode,
  packedCountryOptions,
  unpackCountryOptions,
} from './countries.ts'

test('every ISO 3166-1 alpha-2 code is listed once', () => {
  expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length)
  expect(COUNTRY_CODES.length).toBe(250) // 249 assigned + XK
  for (const code of ['ES', 'GB', 'US', 'DE', 'MX', 'AR', 'XK']) expect(isCountryCode(code)).toBe(true)
  expect(isCountryCode('es')).toBe(true)
  expect(isCountryCode('UK')).toBe(false)
})

test('names follow the locale', () => {
  expect(countryName('DE', 'es')).toBe('Alemania')
  expect(countryName('DE', 'en')).toBe('Germany')
  expect(countryName('ES', 'es')).toBe('España')
  expect(countryName('ES', 'en')).toBe('Spain')
})

test('options are sorted by their name in the locale', () => {
  for (const locale of LOCALES) {
    const options = countryOptions(locale)
    expect(options).toHaveLength(COUNTRY_CODES.length)
    const collator = new Intl.Collator(locale, { sensitivity: 'base' })
    for (let i = 1; i < options.length; i++)
      expect(collator.compare(options[i - 1]!.label, options[i]!.label)).toBeLessThanOrEqual(0)
  }
  const es = countryOptions('es').map((o) => o.label)
  // Accented names sort by their base letters, not after Z.
  expect(es.indexOf('Alemania')).toBeLessThan(es.indexOf('Andorra'))
  expect(es.indexOf('España')).toBeLessThan(es.indexOf('Estados Unidos'))
  expect(countryOptions('en')[0]).toEqual({ value: 'AF', label: 'Afghanistan' })
  expect(countryOptions('en')[1]?.value).toBe('AX') // Åland Islands
})

test('the packed list for loader data unpacks to the same options', () => {
  for (const locale of LOCALES) {
    const text = packedCountryOptions(locale)
    expect(unpackCountryOptions(text)).toEqual(countryOptions(locale))
    expect(unpackCountryOptions(text)).toBe(unpackCountryOptions(text))
  }
  // Names with spaces, commas and parentheses survive.
  expect(unpackCountryOptions(packedCountryOptions('en'))).toContainEqual({
    value: 'BA',
    label: 'Bosnia & Herzegovina',
  })
})
