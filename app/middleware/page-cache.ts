import type { MiddlewareFunction } from 'react-router'
import { LOCALE_COOKIE, THEME_COOKIE } from '#app/utils/cookie-names.ts'
import { LOCALES, localizePath } from '#app/utils/locale.ts'
import { getRequestInfo } from './context.ts'
import { setsOnlyPreferences } from './http-cache.ts'

/** How long a rendered page is served again to other visitors (ADR 0033). */
export const PAGE_CACHE_TTL_MS = 10_000
/** Says whether the page came from the cache (`hit`) or was rendered and kept (`miss`). */
export const PAGE_CACHE_HEADER = 'X-Page-Cache'

/**
 * The pages whose HTML depends only on the path, the language and the theme for a visitor: the
 * home and the lobbies. Not the forms (the registration picks the visitor's country), not the
 * pages with a query (filters: unbounded keys), not a player's pages.
 */
const SHARED_PAGES = new Set(
  ['/', '/casino', '/live-casino'].flatMap((page) => LOCALES.map((l) => localizePath(l, page))),
)
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
function keyOf(request: Request): string | null {
  if (request.method !== 'GET') return null
  const url = new URL(request.url)
  if (url.search || !SHARED_PAGES.has(url.pathname)) return null
  // A session (logged in, or a toast waiting), a device cookie: the page is this visitor's own.
  const cookies = preferences(request)
  if (!cookies) return null
  return `${url.pathname} ${cookies.get(THEME_COOKIE) ?? ''} ${cookies.get(LOCALE_COOKIE) ?? ''}`
}

/** A rendered page that any visitor with the same key would get: HTML, answered 200, setting only preference cookies. */
function keepable(response: Response) {
  if (response.status !== 200 || !response.headers.get('Content-Type')?.startsWith('text/html')) return false
  return setsOnlyPreferences(response)
}

/**
 * A short-lived shared cache of the pages every visitor sees alike (ADR 0033): the home and the
 * lobbies, for requests that carry no cookie but the theme and the language. It sits after the
 * access check (a visitor from a blocked country never gets a kept page) and before the loaders:
 * a kept page is served with this response's own CSP nonce, for ten seconds. Everything else is
 * rendered for its request, as before.
 */
export const pageCacheMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const key = keyOf(request)
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
