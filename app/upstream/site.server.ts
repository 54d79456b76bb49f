import type { Geolocation, SiteSettings } from '#contract'
import { getRequestInfo } from '#app/middleware/context.ts'
import { callUpstream, isUpstreamUnavailable, type UpstreamArgs } from './client.server.ts'

/**
 * Site settings and the visitor's geolocation, as the root checks them on every request:
 * both kept in memory for a minute so that a page view costs no extra upstream call.
 */
const SETTINGS_TTL_MS = 60_000
const GEO_TTL_MS = 60_000
const GEO_MAX_ENTRIES = 10_000
/**
 * The root's checks must not hold a page when the casino API hangs: past this (or the request
 * context's accessCheckTimeoutMs) the page renders without them, and the actions that must fail
 * closed refuse (refuseUncheckedAccess).
 */
export const ACCESS_CHECK_TIMEOUT_MS = 2_000

/** After a failure, the root's checks wait this long before asking again (a hanging API would cost every page 5 s). */
const RETRY_AFTER_FAILURE_MS = 10_000

type Entry<T> = { value: T; at: number }
const downUntil = new Map<string, number>()
const isDown = (upstreamUrl: string) => (downUntil.get(upstreamUrl) ?? 0) > Date.now()
const markDown = (upstreamUrl: string) => downUntil.set(upstreamUrl, Date.now() + RETRY_AFTER_FAILURE_MS)
const settingsByUpstream = new Map<string, Entry<SiteSettings>>()
const settingsInFlight = new Map<string, Promise<SiteSettings | null>>()
const geoByIp = new Map<string, Entry<Geolocation>>()

/**
 * The site settings (cached ~60 s), or null when the casino API cannot be reached and nothing
 * is cached; a stale copy is used while the casino API is down.
 */
export async function getSiteSettings(args: UpstreamArgs): Promise<SiteSettings | null> {
  const { upstreamUrl, log, accessCheckTimeoutMs = ACCESS_CHECK_TIMEOUT_MS } = getRequestInfo(args.context)
  const cached = settingsByUpstream.get(upstreamUrl)
  if (cached && Date.now() - cached.at < SETTINGS_TTL_MS) return cached.value
  if (isDown(upstreamUrl)) return cached?.value ?? null
  let pending = settingsInFlight.get(upstreamUrl)
  if (!pending) {
    pending = (async () => {
      try {
        const result = await callUpstream(args, 'get_setting', {}, { timeoutMs: accessCheckTimeoutMs })
        if (result.ok) {
          settingsByUpstream.set(upstreamUrl, { value: result.data, at: Date.now() })
          return result.data
        }
        log.warn({ upstream: 'get_setting', status: result.status, code: result.code }, 'settings refused')
      } catch (error) {
        if (!isUpstreamUnavailable(error)) throw error
        markDown(upstreamUrl)
      }
      return cached?.value ?? null
    })().finally(() => settingsInFlight.delete(upstreamUrl))
    settingsInFlight.set(upstreamUrl, pending)
  }
  return pending
}

/** The visitor's country and ip as the casino API sees them (cached ~60 s per ip), or null. */
export async function getGeolocation(args: UpstreamArgs): Promise<Geolocation | null> {
  const { upstreamUrl, clientIp, accessCheckTimeoutMs = ACCESS_CHECK_TIMEOUT_MS } = getRequestInfo(args.context)
  const key = `${upstreamUrl} ${clientIp}`
  const cached = geoByIp.get(key)
  if (cached && Date.now() - cached.at < GEO_TTL_MS) return cached.value
  if (isDown(upstreamUrl)) return cached?.value ?? null
  try {
    const result = await callUpstream(args, 'geolocation', {}, { timeoutMs: accessCheckTimeoutMs })
    if (!result.ok) return cached?.value ?? null
    geoByIp.delete(key)
    geoByIp.set(key, { value: result.data, at: Date.now() })
    if (geoByIp.size > GEO_MAX_ENTRIES) {
      // Maps keep insertion order: drop the oldest entries.
      for (const oldKey of geoByIp.keys()) {
        geoByIp.delete(oldKey)
        if (geoByIp.size <= GEO_MAX_ENTRIES * 0.9) break
      }
    }
    return result.data
  } catch (error) {
    if (!isUpstreamUnavailable(error)) throw error
    markDown(upstreamUrl)
    return cached?.value ?? null
  }
}

/** A visitor is restricted when the country blacklist (non-null) has their country, or the ip blacklist their ip. */
/** Forget the cached settings (tests, or after an admin changed them). */
export function clearSiteCaches() {
  settingsByUpstream.clear()
  geoByIp.clear()
  downUntil.clear()
}
