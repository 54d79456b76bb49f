import { expect, test } from 'vitest'
import { clientIpFrom, parseTrustedProxies } from './client-ip.server.ts'

test('without a trusted proxy the socket address is the visitor, whatever X-Forwarded-For says', () => {
  const trusted = parseTrustedProxies('loopback')
  expect(clientIpFrom('203.0.113.9', '1.2.3.4', trusted)).toBe('203.0.113.9')
})

test('from a trusted proxy, the right-most untrusted hop is the visitor', () => {
  const trusted = parseTrustedProxies('loopback,10.0.0.0/8')
  expect(clientIpFrom('127.0.0.1', '198.51.100.7', trusted)).toBe('198.51.100.7')
  expect(clientIpFrom('::ffff:127.0.0.1', '6.6.6.6, 198.51.100.7, 10.1.2.3', trusted)).toBe('198.51.100.7')
  expect(clientIpFrom('127.0.0.1', undefined, trusted)).toBe('127.0.0.1')
})

test('TRUST_PROXY none trusts nobody; bad entries fail loudly', () => {
  expect(clientIpFrom('127.0.0.1', '198.51.100.7', parseTrustedProxies('none'))).toBe('127.0.0.1')
  expect(() => parseTrustedProxies('nonsense')).toThrow(/TRUST_PROXY/)
})
