import { parseCookie, stringifySetCookie } from 'cookie'
import { LOCALE_COOKIE, PREFERENCE_MAX_AGE_SECONDS, THEME_COOKIE } from './cookie-names.ts'
import { isSecureCookie } from './env.server.ts'
import { isLocale, type Locale } from '#ui/locale.ts'

/** Visitor preferences kept in plain cookies: nothing secret, readable by the offline page. */
export type Theme = 'dark' | 'light'

function cookies(request: Request) {
  const header = request.headers.get('Cookie')
  return header ? parseCookie(header) : {}
}

export function readTheme(request: Request): Theme {
  return cookies(request)[THEME_COOKIE] === 'light' ? 'light' : 'dark'
}

export function themeCookie(theme: Theme): string {
  return stringifySetCookie({
    name: THEME_COOKIE,
    value: theme,
    path: '/',
    maxAge: PREFERENCE_MAX_AGE_SECONDS,
    sameSite: 'lax',
    secure: isSecureCookie(),
  })
}

export function readLocaleCookie(request: Request): Locale | null {
  const value = cookies(request)[LOCALE_COOKIE]
  return isLocale(value) ? value : null
}

/**
 * The last locale the visitor browsed in (365 days). Pages take their locale from the URL only;
 * this cookie serves what has no URL locale: the offline page and the plain pages the web server
 * answers itself (403, 503).
 */
export function localeCookie(locale: Locale): string {
  return stringifySetCookie({
    name: LOCALE_COOKIE,
    value: locale,
    path: '/',
    maxAge: PREFERENCE_MAX_AGE_SECONDS,
    sameSite: 'lax',
    secure: isSecureCookie(),
  })
}
