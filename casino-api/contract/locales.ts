/*
 * The site's languages: the one list every other place derives from (the contract's Locale
 * schema, the pages' routing and i18next, the formatter, the database's locale enum). Free of the
 * schema library, so the pages and the game clients import it without pulling zod into their
 * startup bundle (page-speed test). Adding a language: docs/decisions/0039-locales-as-data.md.
 */

/** The first is the default: its pages have no prefix ('/casino'); the others live under '/<code>'. */
export const LOCALES = ['es', 'en'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = LOCALES[0]

/** The path prefix of a language's pages: '' for the default, '/en' for English. */
export const localePrefix = (locale: Locale) => (locale === DEFAULT_LOCALE ? '' : `/${locale}`)

export const isLocale = (value: unknown): value is Locale => LOCALES.some((locale) => locale === value)

/** Each language's BCP 47 tag for Intl (country names, the tests that compare with Intl). */
export const INTL_LOCALES: Record<Locale, string> = { es: 'es-ES', en: 'en-GB' }
