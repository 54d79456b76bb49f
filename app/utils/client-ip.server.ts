import { BlockList, isIP } from 'node:net'

/**
 * Which peers may tell us the visitor's address in X-Forwarded-For. Everything else is the
 * visitor's own socket address: a browser cannot choose its ip by sending the header.
 */
export type TrustedProxies = (address: string) => boolean

const NAMED_RANGES: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
}

/** '::ffff:127.0.0.1' → '127.0.0.1'; other addresses unchanged. */
export function normalizeIp(address: string): string {
  const trimmed = address.trim()
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed)
  return mapped?.[1] ?? trimmed
}

/**
 * TRUST_PROXY: a comma list of addresses, CIDR ranges and the words loopback, linklocal and
 * uniquelocal (default loopback). 'none' (or an empty value) trusts nobody.
 */
export function parseTrustedProxies(value: string | undefined = 'loopback'): TrustedProxies {
  const list = new BlockList()
  for (const raw of value
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)) {
    if (raw === 'none' || raw === 'false') continue
    const named = NAMED_RANGES[raw]
    if (named) {
      for (const [net, prefix, type] of named) list.addSubnet(net, prefix, type)
      continue
    }
    const [address = '', prefixText] = raw.split('/')
    const ip = normalizeIp(address)
    const type = isIP(ip) === 6 ? 'ipv6' : isIP(ip) === 4 ? 'ipv4' : null
    if (!type)
      throw new Error(`TRUST_PROXY: '${raw}' is not an address, a CIDR range or loopback/linklocal/uniquelocal`)
    if (prefixText === undefined) list.addAddress(ip, type)
    else {
      const prefix = Number(prefixText)
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > (type === 'ipv4' ? 32 : 128))
        throw new Error(`TRUST_PROXY: bad prefix in '${raw}'`)
      list.addSubnet(ip, prefix, type)
    }
  }
  return (address) => {
    const ip = normalizeIp(address)
    const type = isIP(ip)
    if (!type) return false
    return list.check(ip, type === 6 ? 'ipv6' : 'ipv4')
  }
}

/**
 * The visitor's address: walk X-Forwarded-For from the right while the hop we are looking at
 * is a trusted proxy; the first untrusted (or the leftmost) address is the visitor.
 */
export function clientIpFrom(
  remoteAddress: string | undefined,
  forwardedFor: string | null | undefined,
  trusted: TrustedProxies,
): string {
  let ip = normalizeIp(remoteAddress ?? '')
  if (!ip) return '0.0.0.0'
  if (!forwardedFor || !trusted(ip)) return ip
  const hops = forwardedFor
    .split(',')
    .map((s) => normalizeIp(s))
    .filter(Boolean)
  while (hops.length > 0 && trusted(ip)) {
    const next = hops.pop() as string
    if (!isIP(next)) break
    ip = next
  }
  return ip
}
