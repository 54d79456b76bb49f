import type { MiddlewareFunction } from 'react-router'
import { LOCALE_COOKIE, THEME_COOKIE } from '#app/utils/cookie-names.ts'
import { LOCALES, localizePath, stripLocale } from '#ui/locale.ts'
import { visitorCountry } from './access.ts'
import { getRequestInfo } from './context.ts'
import { setsOnlyPreferences } from './http-cache.ts'

/** How long a rendered page is served again to other visitors (ADR 0033). */
export const PAGE_CACHE_TTL_MS = 10_000
/** Says whether the page came from the cache (`hit`) or was rendered and kept (`miss`). */
export const PAGE_CACHE_HEADER = 'X-Page-Cache'

/**
 * The pages whose HTML depends only on the path, the language and the theme for a visitor: the
 * home, the lobbies, the promotions and each campaign's landing page (/promotion/{slug}: only a
 * page answered 200 is kept, so no one can grow the cache with made-up slugs). Not the pages with
 * a query (filters: unbounded keys), not a player's pages.
 */
const SHARED_PAGES = new Set(
  ['/', '/casino', '/live-casino', '/promotion'].flatMap((page) => LOCALES.map((l) => localizePath(l, page))),
)
const CAMPAIGN_PAGE = /^\/promotion\/[a-z0-9-]{1,100}$/
/**
 * The registration form, whose only value that differs between visitors is the country it
 * pre-selects from the visitor's address: kept per country (ISSUE 21 §7; ADR 0050). It holds no
 * token, no honeypot and no message for one visitor (the same-origin check stands for CSRF
 * tokens, server/security.ts); a toast or a player comes with a cookie, which renders.
 */
const FORM_PAGES = new Set(['/register'].flatMap((page) => LOCALES.map((l) => localizePath(l, page))))

/** The values a kept page may be for: any other value renders (and no one can grow the cache). */
const KNOWN_VALUES: Record<string, ReadonlySet<string>> = {
  [THEME_COOKIE]: new Set(['light', 'dark']),
  [LOCALE_COOKIE]: new Set(LOCALES),
}
/** Stands for the response's CSP nonce in a kept page (a NUL never occurs in our HTML). */
const NONCE_MARK = '\u0000nonce\u0000'

type Kept = { at: number; headers: [string, string][]; html: string }
const kept = new Map<string, Kept>()

/** Forgets every kept page (the content editor after a change; tests). */
export function clearPageCache() {
  kept.clear()
}

/** The theme and language cookies of a request; null when it carries any other cookie, an unknown value or one twice. */
function preferences(request: Request): Map<string, string> | null {
  const found = new Map<string, string>()
  for (const part of (request.headers.get('Cookie') ?? '').split(';')) {
    const pair = part.trim()
    if (!pair) continue
    const eq = pair.indexOf('=')
    const name = eq === -1 ? pair : pair.slice(0, eq)
    const value = eq === -1 ? '' : pair.slice(eq + 1)
    if (!KNOWN_VALUES[name]?.has(value) || found.has(name)) return null
    found.set(name, value)
  }
  return found
}

/** The key of a request that may be answered from the cache, or null. */
function keyOf(request: Request, country: () => string): string | null {
  if (request.method !== 'GET') return null
  const url = new URL(request.url)
  if (url.search) return null
  const form = FORM_PAGES.has(url.pathname)
  if (!form && !SHARED_PAGES.has(url.pathname) && !CAMPAIGN_PAGE.test(stripLocale(url.pathname))) return null
  // A session (logged in, or a toast waiting), a device cookie: the page is this visitor's own.
  const cookies = preferences(request)
  if (!cookies) return null
  const key = `${url.pathname} ${cookies.get(THEME_COOKIE) ?? ''} ${cookies.get(LOCALE_COOKIE) ?? ''}`
  return form ? `${key} ${country()}` : key
}

/** A rendered page that any visitor with the same key would get: HTML, answered 200, setting only preference cookies. */
function keepable(response: Response) {
  if (response.status !== 200 || !response.headers.get('Content-Type')?.startsWith('text/html')) return false
  return setsOnlyPreferences(response)
}

/**
 * A short-lived shared cache of the pages every visitor sees alike (ADR 0033): the home, the
 * lobbies, the promotions and the registration form (per country, ADR 0050), for requests that carry no cookie but the theme and the language. It sits after the
 * access check (a visitor from a blocked country never gets a kept page) and before the loaders:
 * a kept page is served with this response's own CSP nonce, for ten seconds. Everything else is
 * rendered for its request, as before.
 */
export const pageCacheMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const key = keyOf(request, () => visitorCountry(context))
  if (!key) return next()
  const { nonce } = getRequestInfo(context)
  const page = kept.get(key)
  if (page && Date.now() - page.at < PAGE_CACHE_TTL_MS) {
    const headers = new Headers(page.headers)
    headers.set(PAGE_CACHE_HEADER, 'hit')
    return new Response(page.html.replaceAll(NONCE_MARK, nonce), { status: 200, headers })
  }
  const response = await next()
  if (!nonce || !keepable(response)) return response
  // The headers as rendered (the outer middleware adds Cache-Control and Vary to every answer).
  const headers = [...response.headers]
  const at = Date.now()
  // Kept once the whole page has streamed: the visitor who asked is not kept waiting for it.
  response
    .clone()
    .text()
    .then(
      (html) => {
        if (html.includes(nonce)) kept.set(key, { at, headers, html: html.replaceAll(nonce, NONCE_MARK) })
      },
      () => {},
    )
  try {
    response.headers.set(PAGE_CACHE_HEADER, 'miss')
  } catch {
    // immutable headers: the page is kept all the same
  }
  return response
}
