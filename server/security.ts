import { resources } from '../locales/index.ts'
import { LOCALE_COOKIE } from '../app/utils/cookie-names.ts'

/**
 * A state-changing request is accepted only from the site itself: a browser sends Origin on
 * every POST and Sec-Fetch-Site on every request, so a form on another site is refused here,
 * before React Router. With SameSite=Lax cookies this replaces hidden CSRF tokens, and forms
 * keep working without JavaScript. Requests without either header (curl, old browsers) pass:
 * they carry no ambient credentials a victim's browser would add.
 */
export function isSameOrigin({ origin, secFetchSite, ownOrigins }: { origin: string | undefined; secFetchSite: string | undefined; ownOrigins: (string | undefined)[] }) {
  if (secFetchSite === 'cross-site') return false
  if (origin === undefined) return true
  return ownOrigins.some((own) => own !== undefined && own === origin)
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * A small self-contained page for answers the web server gives itself (403, 500), in the
 * visitor's last language (the `lng` cookie; Spanish by default). No scripts, no styles needed.
 */
export function plainPage(cookieHeader: string | undefined, code: 'forbidden' | 'internal_error') {
  const lng = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=en(?:;|$)`).test(cookieHeader ?? '') ? 'en' : 'es'
  const { catalogue, common } = resources[lng].translation
  const home = lng === 'en' ? '/en' : '/'
  const homeText = escapeHtml(common.errors.goHome)
  const message = escapeHtml(catalogue[code])
  return `<!doctype html><html lang="${lng}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${message}</title></head><body><main><h1>${message}</h1><p><a href="${home}">${homeText}</a></p></main></body></html>`
}
