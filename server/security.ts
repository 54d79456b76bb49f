import type { MessageCode } from '#contract'
import { resources } from '#locales/index.ts'
import { LOCALE_COOKIE } from '#app/utils/cookie-names.ts'
import { DEFAULT_LOCALE, isLocale, localeFromPath, localizePath } from '#ui/locale.ts'
import { escapeHtml } from '#app/utils/html.ts'

/**
 * A state-changing request is accepted only from the site itself: a browser sends Origin on
 * every POST and Sec-Fetch-Site on every request, so a form on another site is refused here,
 * before React Router. With SameSite=Lax cookies this replaces hidden CSRF tokens, and forms
 * keep working without JavaScript. Without either header (old browsers, some privacy tools) the
 * Referer's origin must be the site's; a request with none of the three (curl, scripts) passes:
 * it carries no ambient credentials a victim's browser would add.
 */
export function isSameOrigin({
  origin,
  secFetchSite,
  referer,
  ownOrigins,
}: {
  origin: string | undefined
  secFetchSite: string | undefined
  referer?: string | undefined
  ownOrigins: (string | undefined)[]
}) {
  const isOwn = (value: string) => ownOrigins.some((own) => own !== undefined && own === value)
  if (secFetchSite === 'cross-site') return false
  if (origin !== undefined) return isOwn(origin)
  if (secFetchSite !== undefined) return secFetchSite === 'same-origin' || secFetchSite === 'none'
  if (referer === undefined || referer === '') return true
  try {
    return isOwn(new URL(referer).origin)
  } catch {
    return false
  }
}

/** The answers the web server gives itself, before React Router. */
export type PlainPageCode = Extract<
  MessageCode,
  | 'forbidden'
  | 'internal_error'
  | 'payload_too_large'
  | 'method_not_allowed'
  | 'unsupported_media_type'
  | 'malformed_request'
>

/**
 * A small self-contained page for answers the web server gives itself (403, 405, 413, 415, 500),
 * in the visitor's language: the path's (/en…), else the last one (the `lng` cookie), else
 * Spanish. No scripts, no styles needed.
 */
export function plainPage(cookieHeader: string | undefined, code: PlainPageCode, path = '') {
  const fromPath = localeFromPath(path)
  const cookie = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`).exec(cookieHeader ?? '')?.[1]
  const lng = fromPath !== DEFAULT_LOCALE || !isLocale(cookie) ? fromPath : cookie
  const { catalogue, common } = resources[lng].translation
  const home = localizePath(lng, '/')
  const homeText = escapeHtml(common.errors.goHome)
  const message = escapeHtml(catalogue[code])
  return `<!doctype html><html lang="${lng}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${message}</title></head><body><main><h1>${message}</h1><p><a href="${home}">${homeText}</a></p></main></body></html>`
}
