import { isIP } from 'node:net'
import geoip from 'geoip-country'
import { isRestricted, type Geolocation, type SiteSettings } from '../../contract/index.ts'
import { inRange, parseIpRange } from '../../contract/site/ip.ts'

/** '::ffff:1.2.3.4' (an IPv4 client on an IPv6 socket) is 1.2.3.4. */
export function normalizeIp(ip: string) {
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip
}

/**
 * The key of an address for counting and locking: IPv4 as it is, IPv6 by its /64 (one
 * household or server gets a whole /64, so keying each /128 would let it rotate addresses
 * without end). '::ffff:1.2.3.4' is the IPv4 address.
 */
export function addressKey(ip: string) {
  const address = normalizeIp(ip.trim())
  if (isIP(address) !== 6) return address
  let text = address.split('%')[0]!.toLowerCase()
  // An IPv4 tail ('64:ff9b::1.2.3.4') is the last two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`
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

/** Loopback, private, unique-local and link-local ranges: no geo database knows where they are. */
const LOCAL_RANGES = [
  '127.0.0.0/8',
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '169.254.0.0/16',
  '::1/128',
  'fc00::/7',
  'fe80::/10',
].map((range) => parseIpRange(range)!)

export const isLocalAddress = (ip: string) => LOCAL_RANGES.some((range) => inRange(ip, range))

/**
 * ISO country of an address, null for reserved or unknown ones. A loopback or private address is
 * `localCountry` (GEO_LOCAL_COUNTRY; null by default): a test or a staging site on one machine
 * can be geo-blocked like a visitor from that country. Behind a proxy the client's own address
 * counts only when the proxy is trusted (TRUSTED_PROXIES); otherwise every visitor is the
 * proxy's local address.
 */
export function countryOf(ip: string, localCountry: string | null = null): string | null {
  const country = isIP(ip) ? geoip.lookup(ip)?.country : undefined
  if (country && /^[A-Z]{2}$/.test(country)) return country
  return localCountry && isIP(ip) && isLocalAddress(ip) ? localCountry : null
}

export const geolocate = (ip: string, localCountry: string | null = null): Geolocation => ({
  ip,
  countryCode: countryOf(ip, localCountry),
})

/** Whether the settings' blacklists keep this address out (the contract's rule). */
export const isBlocked = (settings: SiteSettings, ip: string, localCountry: string | null = null) =>
  isRestricted(settings, geolocate(ip, localCountry))
