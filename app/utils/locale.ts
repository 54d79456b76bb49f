import { useLocation } from 'react-router'
import { sameSitePath } from './safe-path.ts'

/**
 * Spanish is the default and has no prefix; English lives under /en. The locale always comes
 * from the URL (automatic detection is off), so a link is enough to change it.
 */
export const LOCALES = ['es', 'en'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'es'

export function isLocale(value: unknown): value is Locale {
  return value === 'es' || value === 'en'
}

/** '/en', '/en/login', '/en.data' (single fetch) → 'en'; anything else → 'es'. */
export function localeFromPath(pathname: string): Locale {
  return pathname === '/en' || pathname.startsWith('/en/') || pathname === '/en.data' ? 'en' : 'es'
}

/** The path without its locale prefix: '/en/login' → '/login', '/en' → '/'. */
export function stripLocale(pathname: string): string {
  if (pathname === '/en') return '/'
  if (pathname.startsWith('/en/')) return pathname.slice(3)
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
  if (locale === 'es') return safe + rest
  return (safe === '/' ? '/en' : `/en${safe}`) + rest
}

/** BCP 47 tag for Intl (money, dates). */
export function intlLocale(locale: Locale): string {
  return locale === 'en' ? 'en-GB' : 'es-ES'
}

export function useLocale(): Locale {
  return localeFromPath(useLocation().pathname)
}

/** `(path) => path in the current locale`, for links and redirects in components. */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale()
  return (path: string) => localizePath(locale, path)
}
