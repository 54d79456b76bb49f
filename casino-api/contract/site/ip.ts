/**
 * IP addresses and CIDR ranges for the ip blacklist, in plain TypeScript: the contract is also
 * bundled for the browser, where node:net does not exist. An address is its bytes (4 for IPv4,
 * 16 for IPv6; '::ffff:1.2.3.4' is the IPv4 address, as the casino API sees a client on an IPv6
 * socket); a range is an address and a prefix length.
 */
export type IpRange = { bytes: number[]; prefix: number }

function ipv4Bytes(text: string): number[] | null {
  const parts = text.split('.')
  if (parts.length !== 4 || !parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255)) return null
  return parts.map(Number)
}

function ipv6Bytes(text: string): number[] | null {
  if (!/^[0-9a-fA-F:.]+$/.test(text) || text.split('::').length > 2) return null
  let tail: number[] = []
  let head = text
  // An IPv4 tail ('::ffff:1.2.3.4') is the last four bytes.
  const v4 = /:(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (v4) {
    const bytes = ipv4Bytes(v4[1]!)
    if (!bytes) return null
    tail = bytes
    // '::1.2.3.4' keeps its '::'; 'a:b::c:1.2.3.4' drops the colon before the tail.
    head = text.slice(0, v4.index + 1)
    if (!head.endsWith('::')) head = head.slice(0, -1)
  }
  const groupsWanted = 8 - tail.length / 2
  const [left = '', right] = head.split('::')
  const leftGroups = left ? left.split(':') : []
  const rightGroups = right ? right.split(':') : []
  const groups =
    right === undefined
      ? leftGroups
      : [
          ...leftGroups,
          ...Array<string>(groupsWanted - leftGroups.length - rightGroups.length).fill('0'),
          ...rightGroups,
        ]
  if (right !== undefined && leftGroups.length + rightGroups.length >= groupsWanted) return null
  if (groups.length !== groupsWanted || !groups.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return null
  return [...groups.flatMap((g) => [Number.parseInt(g, 16) >> 8, Number.parseInt(g, 16) & 0xff]), ...tail]
}

/** The bytes of an address ('::ffff:a.b.c.d' as IPv4), or null when `text` is not one. */
export function ipBytes(text: string): number[] | null {
  const bytes = text.includes(':') ? ipv6Bytes(text) : ipv4Bytes(text)
  if (bytes?.length === 16 && bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff)
    return bytes.slice(12)
  return bytes
}

/** An address ('203.0.113.9', '2001:db8::1') or a range ('203.0.113.0/24', '2001:db8::/32'), or null. */
export function parseIpRange(text: string): IpRange | null {
  const [address = '', prefix, ...rest] = text.trim().split('/')
  if (rest.length) return null
  const bytes = ipBytes(address)
  if (!bytes) return null
  if (prefix === undefined) return { bytes, prefix: bytes.length * 8 }
  if (!/^(0|[1-9]\d{0,2})$/.test(prefix) || Number(prefix) > bytes.length * 8) return null
  return { bytes, prefix: Number(prefix) }
}

/** Whether the address `ip` lies in `range` (an IPv4 address never lies in an IPv6 range). */
export function inRange(ip: string, range: IpRange) {
  const bytes = ipBytes(ip)
  if (!bytes || bytes.length !== range.bytes.length) return false
  for (let bit = 0; bit < range.prefix; bit += 8) {
    const bits = Math.min(8, range.prefix - bit)
    const mask = (0xff << (8 - bits)) & 0xff
    if ((bytes[bit / 8]! & mask) !== (range.bytes[bit / 8]! & mask)) return false
  }
  return true
}
