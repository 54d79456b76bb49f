import { useLocation } from 'react-router'
import { DEFAULT_LOCALE, INTL_LOCALES, localePrefix, LOCALES, type Locale } from '#casino-api/contract/locales.ts'
import { sameSitePath } from './safe-path.ts'

export { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '#casino-api/contract/locales.ts'

/**
 * The default language (Spanish) has no prefix; each other one lives under '/<code>' ('/en').
 * The locale always comes from the URL (automatic detection is off), so a link is enough to
 * change it. The list of languages is the contract's (casino-api/contract/locales.ts).
 */
const PREFIXED = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE)

/** The language whose prefix starts the path ('/en', '/en/login', '/en.data' for single fetch), if any. */
function prefixOf(pathname: string): Locale | undefined {
  return PREFIXED.find((l) => pathname === `/${l}` || pathname.startsWith(`/${l}/`) || pathname === `/${l}.data`)
}

/** '/en', '/en/login', '/en.data' (single fetch) → 'en'; anything else → the default, 'es'. */
export function localeFromPath(pathname: string): Locale {
  return prefixOf(pathname) ?? DEFAULT_LOCALE
}

/** The path without its locale prefix: '/en/login' → '/login', '/en' → '/'. */
export function stripLocale(pathname: string): string {
  const prefix = prefixOf(pathname)
  if (prefix && pathname !== `/${prefix}.data`) return pathname.slice(prefix.length + 1) || '/'
  return pathname || '/'
}

/**
 * The path in a locale: ('en', '/login') → '/en/login', ('es', '/login') → '/login',
 * ('en', '/') → '/en'. A path that already carries a locale is moved to the other one,
 * and a query or hash is kept. The result is always a path on this site (see sameSitePath),
 * so links and redirects built from the request's path cannot lead elsewhere.
 */
export function localizePath(locale: Locale, path: string): string {
  const cut = path.search(/[?#]/)
  const pathname = cut === -1 ? path : path.slice(0, cut)
  const rest = cut === -1 ? '' : path.slice(cut)
  const bare = stripLocale(pathname.startsWith('/') ? pathname : `/${pathname}`)
  const safe = sameSitePath(bare)
  const prefix = localePrefix(locale)
  return (prefix && safe === '/' ? prefix : prefix + safe) + rest
}

/** BCP 47 tag for Intl (money, dates). */
export function intlLocale(locale: Locale): string {
  return INTL_LOCALES[locale]
}

export function useLocale(): Locale {
  return localeFromPath(useLocation().pathname)
}

/** `(path) => path in the current locale`, for links and redirects in components. */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale()
  return (path: string) => localizePath(locale, path)
}
