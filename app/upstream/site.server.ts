import type { Geolocation, SettingsAnswer } from '#contract'
import { getRequestInfo } from '#app/middleware/context.ts'
import { createBackOff, createCache } from './cache.server.ts'
import { callUpstream, type UpstreamArgs } from './client.server.ts'

/**
 * Site settings and the visitor's geolocation, as the root checks them on every request:
 * both kept in memory for a minute so that a page view costs no extra upstream call.
 */
const SITE_TTL_MS = 60_000

/**
 * The root's checks must not hold a page when the casino API hangs: past this (or the request
 * context's accessCheckTimeoutMs) the page renders without them, and the actions that must fail
 * closed refuse (refuseUncheckedAccess).
 */
export const ACCESS_CHECK_TIMEOUT_MS = 2_000

/** After a failure, the root's checks wait this long before asking again (a hanging API would cost every page the access check's wait). */
const upstreamDown = createBackOff(10_000)

// Keyed by the casino API's URL (and the visitor's ip): a test site may point at another one.
const settingsCache = createCache<SettingsAnswer>({ ttlMs: SITE_TTL_MS, backOff: upstreamDown })
const geoCache = createCache<Geolocation>({ ttlMs: SITE_TTL_MS, maxEntries: 10_000, backOff: upstreamDown })

/**
 * The site settings (cached ~60 s), or null when the casino API cannot be reached and nothing
 * is cached; a stale copy is used while the casino API is down.
 */
export async function getSiteSettings(args: UpstreamArgs): Promise<SettingsAnswer | null> {
  const {
    upstreamUrl,
    log,
    accessCheckTimeoutMs = ACCESS_CHECK_TIMEOUT_MS,
    siteSettingsTtlMs = SITE_TTL_MS,
  } = getRequestInfo(args.context)
  return settingsCache.get(
    upstreamUrl,
    async () => {
      const result = await callUpstream(args, 'get_setting', {}, { timeoutMs: accessCheckTimeoutMs, shared: true })
      if (result.ok) return result.data
      log.warn({ upstream: 'get_setting', status: result.status, code: result.code }, 'settings refused')
      return null
    },
    upstreamUrl,
    siteSettingsTtlMs,
  )
}

/**
 * Drops the copy of the settings, after an administrator changed them through this web server:
 * the next page here reads them anew. Other web servers see the change when their copy
 * expires (SITE_TTL_MS, a minute).
 */
export function clearSiteSettingsCache() {
  settingsCache.clear()
}

/** The visitor's country and ip as the casino API sees them (cached ~60 s per ip), or null. */
export async function getGeolocation(args: UpstreamArgs): Promise<Geolocation | null> {
  const { upstreamUrl, clientIp, accessCheckTimeoutMs = ACCESS_CHECK_TIMEOUT_MS } = getRequestInfo(args.context)
  return geoCache.get(
    `${upstreamUrl} ${clientIp}`,
    async () => {
      const result = await callUpstream(args, 'geolocation', {}, { timeoutMs: accessCheckTimeoutMs, shared: true })
      return result.ok ? result.data : null
    },
    upstreamUrl,
  )
}
