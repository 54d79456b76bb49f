import type { MiddlewareFunction } from 'react-router'
import { LOCALE_COOKIE, THEME_COOKIE } from '#app/utils/cookie-names.ts'
import { getSession } from '#app/utils/session.server.ts'
import { isTokenPath } from '#app/utils/token-paths.ts'

/** A page for a visitor: the browser may keep it (history, back/forward cache) but asks again before reusing it. */
export const PUBLIC_PAGE_CACHE_CONTROL = 'private, no-cache'
/** A page for a logged-in player (or one that sets the session): never stored. */
export const PRIVATE_PAGE_CACHE_CONTROL = 'private, no-store'

const PREFERENCE_COOKIES = new Set([THEME_COOKIE, LOCALE_COOKIE])

/** Whether a response sets no cookie but the visitor's theme and language. */
export function setsOnlyPreferences(response: Response) {
  return response.headers
    .getSetCookie()
    .every((cookie) => PREFERENCE_COOKIES.has(cookie.slice(0, cookie.indexOf('=')).trim()))
}

/**
 * How long a browser may keep a page (ADR 0021). The web server answers `private, no-store` for
 * anything React Router does not mark otherwise (server/middleware/private-by-default.ts); this middleware, the root's
 * outermost, marks what a visitor sees as `private, no-cache` with `Vary: Cookie`, so that the
 * back/forward cache keeps it and no shared cache does, as long as:
 *
 * - the request is a GET answered 200 (documents and their `.data` for client navigations);
 * - no player is logged in (a page with a name or a balance is never stored);
 * - the answer sets no cookie but the visitor's theme and language (not the session: a login,
 *   a logout, a re-seal, a toast taken from it; not the toast marker);
 * - the path carries no e-mailed token (activation, password reset, e-mail confirmation).
 *
 * A route that sets its own Cache-Control keeps it.
 */
export const httpCacheMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next()
  if (request.method !== 'GET' || response.status !== 200 || response.headers.has('Cache-Control')) return response
  const cacheControl = (await isPublic(request, response)) ? PUBLIC_PAGE_CACHE_CONTROL : PRIVATE_PAGE_CACHE_CONTROL
  try {
    response.headers.set('Cache-Control', cacheControl)
    // The same address answers differently once the visitor logs in or changes theme or language.
    response.headers.append('Vary', 'Cookie')
  } catch {
    // immutable headers (a passed-through Response): the web server's `private, no-store` stays
  }
  return response
}

async function isPublic(request: Request, response: Response) {
  if (isTokenPath(new URL(request.url).pathname)) return false
  if (!setsOnlyPreferences(response)) return false
  return !(await getSession(request)).has('token')
}
