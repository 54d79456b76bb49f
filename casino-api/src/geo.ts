import { isIP } from 'node:net'
import geoip from 'geoip-country'
import { isRestricted, type Geolocation, type SiteSettings } from '../contract/index.ts'

/** '::ffff:1.2.3.4' (an IPv4 client on an IPv6 socket) is 1.2.3.4. */
export function normalizeIp(ip: string) {
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip
}

/**
 * The client's address from the chain fastify computed with the trusted proxies (`ips`: the
 * socket's peer, then X-Forwarded-For from the right up to the first address not trusted): its
 * last entry, skipping anything that is not an IP address.
 */
export function clientIp(ips: string[] | undefined, socketIp: string | undefined) {
  for (const ip of (ips ?? []).toReversed()) {
    const candidate = normalizeIp(ip.trim())
    if (isIP(candidate)) return candidate
  }
  return normalizeIp(socketIp ?? '')
}

/** ISO country of an address, null for private, reserved or unknown ones. */
export function countryOf(ip: string): string | null {
  const country = isIP(ip) ? geoip.lookup(ip)?.country : undefined
  return country && /^[A-Z]{2}$/.test(country) ? country : null
}

export const geolocate = (ip: string): Geolocation => ({ ip, countryCode: countryOf(ip) })

/** Whether the settings' blacklists keep this address out (the contract's rule). */
export const isBlocked = (settings: SiteSettings, ip: string) => isRestricted(settings, geolocate(ip))
