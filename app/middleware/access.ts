import type { Submission } from '@conform-to/react'
import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { isRestricted, type Geolocation, type MessageCode, type SiteSettings } from '#contract'
import { getGeolocation, getSiteSettings } from '#app/upstream/site.server.ts'
import { getPlayer } from '#app/utils/auth.server.ts'
import { replyFromUpstream } from '#app/utils/forms.server.ts'
import { localeFromPath, localizePath, stripLocale } from '#ui/locale.ts'
import { isCountryCode } from '#app/utils/countries.ts'
import { getRequestInfo } from './context.ts'

export type SiteAccess = {
  settings: SiteSettings | null
  geo: Geolocation | null
  restricted: boolean
  /** Whether the settings and the visitor's geolocation were both known, i.e. the check was made. */
  checked: boolean
}

export const siteAccessContext = createContext<SiteAccess>({
  settings: null,
  geo: null,
  restricted: false,
  checked: false,
})

/** The visitor's country as the forms pre-select it ('ES'), or '' when the casino API did not place them. */
export function visitorCountry(context: Readonly<RouterContextProvider>): string {
  const code = context.get(siteAccessContext).geo?.countryCode
  return code && isCountryCode(code) ? code.toUpperCase() : ''
}

function routePath(request: Request) {
  // Single-fetch data requests end in .data ('/en/login.data', '/_root.data').
  const pathname = new URL(request.url).pathname.replace(/\.data$/, '').replace(/^\/_root$/, '/')
  return pathname
}

/**
 * The root's access check, before any loader or action runs: visitors from a blacklisted
 * country or ip go to /restriction (or /en/restriction); `siteAccess: false` closes the site
 * with a 503 ('You can't access the site.'). The settings and geolocation calls are bounded by
 * a short timeout (site.server.ts). When they could not be made, pages still render (fail
 * open), but the actions that matter fail closed: see refuseUncheckedAccess.
 */
export const accessMiddleware: MiddlewareFunction<Response> = async (args, next) => {
  const [settings, geo] = await Promise.all([getSiteSettings(args), getGeolocation(args)])
  const { clientIp, log } = getRequestInfo(args.context)
  const restricted = Boolean(settings && geo && isRestricted(settings, geo, clientIp))
  args.context.set(siteAccessContext, { settings, geo, restricted, checked: Boolean(settings && geo) })
  if (!settings || !geo)
    log.warn({ settings: Boolean(settings), geo: Boolean(geo) }, 'access check skipped: casino API unavailable')

  const path = routePath(args.request)
  const onRestrictionPage = stripLocale(path) === '/restriction'
  if (restricted && !onRestrictionPage) {
    throw redirect(localizePath(localeFromPath(path), '/restriction'))
  }
  if (settings && !settings.siteAccess && !onRestrictionPage && !(await adminOnAdminPage(args, path))) {
    throw data({ code: 'site_disabled' satisfies MessageCode }, { status: 503 })
  }
  return next()
}

/**
 * With the site switched off, a logged-in administrator keeps the administration (to switch it
 * back on in the settings): the casino API still answers admin calls then. Only asked on /admin
 * pages, so a closed site costs players no extra call.
 */
async function adminOnAdminPage(args: Parameters<MiddlewareFunction<Response>>[0], path: string) {
  const bare = stripLocale(path)
  if (bare !== '/admin' && !bare.startsWith('/admin/')) return false
  return (await getPlayer(args))?.scope === 'admin'
}

/** The refusal of an action that needs the access check when it could not be made. */
export const ACCESS_NOT_CHECKED = {
  ok: false,
  status: 503,
  code: 'access_check_unavailable' satisfies MessageCode,
} as const

/**
 * For the actions that must fail closed — login, registration, and later deposits, withdrawals
 * and real play: when the access check (blacklisted country or ip, site switched off) could not
 * be made, the form comes back with 'We can't confirm right now…' (503, input kept, passwords
 * cleared) and the action does nothing. One line at the top of such an action:
 *
 *   const closed = refuseUncheckedAccess(args, submission); if (closed) return closed
 */
export function refuseUncheckedAccess(
  args: { context: Readonly<RouterContextProvider> },
  submission: Submission<unknown, string[], unknown>,
) {
  if (args.context.get(siteAccessContext).checked) return null
  getRequestInfo(args.context).log.warn(
    { code: ACCESS_NOT_CHECKED.code },
    'action refused: the access check could not be made',
  )
  return data({ result: replyFromUpstream(submission, ACCESS_NOT_CHECKED) }, { status: 503 })
}
