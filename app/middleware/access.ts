import { createContext, data, redirect, type MiddlewareFunction } from 'react-router'
import { isRestricted, type Geolocation, type MessageCode, type SiteSettings } from '../../casino-api/contract/index.ts'
import { getGeolocation, getSiteSettings } from '../upstream/site.server.ts'
import { localeFromPath, localizePath, stripLocale } from '../utils/locale.ts'
import { getRequestInfo } from './context.ts'

export type SiteAccess = {
  settings: SiteSettings | null
  geo: Geolocation | null
  restricted: boolean
}

export const siteAccessContext = createContext<SiteAccess>({ settings: null, geo: null, restricted: false })

function routePath(request: Request) {
  // Single-fetch data requests end in .data ('/en/login.data', '/_root.data').
  const pathname = new URL(request.url).pathname.replace(/\.data$/, '').replace(/^\/_root$/, '/')
  return pathname
}

/**
 * The root's access check, before any loader or action runs: visitors from a blacklisted
 * country or ip go to /restriction (or /en/restriction); `siteAccess: false` closes the site
 * with a 503 ('You can't access the site.'). When the casino API is unreachable and no settings
 * are cached, pages still render (fail open): every call that matters — login, registration,
 * payments, games — goes to the casino API, which applies its own checks.
 */
export const accessMiddleware: MiddlewareFunction<Response> = async (args, next) => {
  const [settings, geo] = await Promise.all([getSiteSettings(args), getGeolocation(args)])
  const { clientIp, log } = getRequestInfo(args.context)
  const restricted = Boolean(settings && geo && isRestricted(settings, geo, clientIp))
  args.context.set(siteAccessContext, { settings, geo, restricted })
  if (!settings || !geo) log.warn({ settings: Boolean(settings), geo: Boolean(geo) }, 'access check skipped: casino API unavailable')

  const path = routePath(args.request)
  const onRestrictionPage = stripLocale(path) === '/restriction'
  if (restricted && !onRestrictionPage) {
    throw redirect(localizePath(localeFromPath(path), '/restriction'))
  }
  if (settings && !settings.siteAccess && !onRestrictionPage) {
    throw data({ code: 'site_disabled' satisfies MessageCode }, { status: 503 })
  }
  return next()
}
