/**
 * The countries a player can choose: the 249 officially assigned ISO 3166-1 alpha-2 codes plus
 * XK (Kosovo, user-assigned but used by geolocation databases and Intl). Names come from
 * `Intl.DisplayNames` in the page's locale, so no translated list is kept here.
 */
export const COUNTRY_CODES = [
  'AD',
  'AE',
  'AF',
  'AG',
  'AI',
  'AL',
  'AM',
  'AO',
  'AQ',
  'AR',
  'AS',
  'AT',
  'AU',
  'AW',
  'AX',
  'AZ',
  'BA',
  'BB',
  'BD',
  'BE',
  'BF',
  'BG',
  'BH',
  'BI',
  'BJ',
  'BL',
  'BM',
  'BN',
  'BO',
  'BQ',
  'BR',
  'BS',
  'BT',
  'BV',
  'BW',
  'BY',
  'BZ',
  'CA',
  'CC',
  'CD',
  'CF',
  'CG',
  'CH',
  'CI',
  'CK',
  'CL',
  'CM',
  'CN',
  'CO',
  'CR',
  'CU',
  'CV',
  'CW',
  'CX',
  'CY',
  'CZ',
  'DE',
  'DJ',
  'DK',
  'DM',
  'DO',
  'DZ',
  'EC',
  'EE',
  'EG',
  'EH',
  'ER',
  'ES',
  'ET',
  'FI',
  'FJ',
  'FK',
  'FM',
  'FO',
  'FR',
  'GA',
  'GB',
  'GD',
  'GE',
  'GF',
  'GG',
  'GH',
  'GI',
  'GL',
  'GM',
  'GN',
  'GP',
  'GQ',
  'GR',
  'GS',
  'GT',
  'GU',
  'GW',
  'GY',
  'HK',
  'HM',
  'HN',
  'HR',
  'HT',
  'HU',
  'ID',
  'IE',
  'IL',
  'IM',
  'IN',
  'IO',
  'IQ',
  'IR',
  'IS',
  'IT',
  'JE',
  'JM',
  'JO',
  'JP',
  'KE',
  'KG',
  'KH',
  'KI',
  'KM',
  'KN',
  'KP',
  'KR',
  'KW',
  'KY',
  'KZ',
  'LA',
  'LB',
  'LC',
  'LI',
  'LK',
  'LR',
  'LS',
  'LT',
  'LU',
  'LV',
  'LY',
  'MA',
  'MC',
  'MD',
  'ME',
  'MF',
  'MG',
  'MH',
  'MK',
  'ML',
  'MM',
  'MN',
  'MO',
  'MP',
  'MQ',
  'MR',
  'MS',
  'MT',
  'MU',
  'MV',
  'MW',
  'MX',
  'MY',
  'MZ',
  'NA',
  'NC',
  'NE',
  'NF',
  'NG',
  'NI',
  'NL',
  'NO',
  'NP',
  'NR',
  'NU',
  'NZ',
  'OM',
  'PA',
  'PE',
  'PF',
  'PG',
  'PH',
  'PK',
  'PL',
  'PM',
  'PN',
  'PR',
  'PS',
  'PT',
  'PW',
  'PY',
  'QA',
  'RE',
  'RO',
  'RS',
  'RU',
  'RW',
  'SA',
  'SB',
  'SC',
  'SD',
  'SE',
  'SG',
  'SH',
  'SI',
  'SJ',
  'SK',
  'SL',
  'SM',
  'SN',
  'SO',
  'SR',
  'SS',
  'ST',
  'SV',
  'SX',
  'SY',
  'SZ',
  'TC',
  'TD',
  'TF',
  'TG',
  'TH',
  'TJ',
  'TK',
  'TL',
  'TM',
  'TN',
  'TO',
  'TR',
  'TT',
  'TV',
  'TW',
  'TZ',
  'UA',
  'UG',
  'UM',
  'US',
  'UY',
  'UZ',
  'VA',
  'VC',
  'VE',
  'VG',
  'VI',
  'VN',
  'VU',
  'WF',
  'WS',
  'XK',
  'YE',
  'YT',
  'ZA',
  'ZM',
  'ZW',
] as const

export type CountryCode = (typeof COUNTRY_CODES)[number]

export type CountryOption = { value: string; label: string }

const cache = new Map<string, CountryOption[]>()

/** The name of a country in `locale`, or the code itself when Intl does not know it. */
export function countryName(code: string, locale: string) {
  try {
    return new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }).of(code.toUpperCase()) ?? code
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

export function isCountryCode(value: string): value is CountryCode {
  return (COUNTRY_CODES as readonly string[]).includes(value.toUpperCase())
}
