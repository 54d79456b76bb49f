import { parseCookie, stringifySetCookie } from 'cookie'
import { DEVICE_COOKIE } from './cookie-names.ts'
import { getEnv, isSecureCookie } from './env.server.ts'

/**
 * OWASP's device cookie: the casino API hands out a device token at every successful log-in,
 * bound to that account, and a later log-in that shows it (with the right password) is let in
 * even while untrusted clients must wait. The browser keeps it in a long-lived HttpOnly cookie
 * of its own, which logout leaves in place; the token is never put into a page.
 */

/** As long as the casino API keeps a device token valid after its last log-in (90 days). */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 90 * 24 * 60 * 60

export function deviceCookieName(secure = isSecureCookie(getEnv())) {
  return secure ? `__Host-${DEVICE_COOKIE}` : DEVICE_COOKIE
}

/** The device token this browser holds, if it looks like one. */
export function readDeviceToken(request: Request): string | undefined {
  const header = request.headers.get('Cookie')
  if (!header) return undefined
  const value = parseCookie(header)[deviceCookieName()]
  return value && /^[A-Za-z0-9_-]{22,200}$/.test(value) ? value : undefined
}

/** The Set-Cookie value that keeps a new device token. */
export function deviceCookie(token: string, secure = isSecureCookie(getEnv())): string {
  return stringifySetCookie({
    name: deviceCookieName(secure),
    value: token,
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  })
}
