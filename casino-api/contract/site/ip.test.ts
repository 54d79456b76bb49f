import { expect, test } from 'vitest'
import { isRestricted } from './schemas.ts'
import { inRange, ipBytes, parseIpRange } from './ip.ts'

test('addresses and ranges, IPv4 and IPv6, are read; anything else is not', () => {
  for (const valid of [
    '203.0.113.9',
    '203.0.113.0/24',
    '0.0.0.0/0',
    '2001:db8::1',
    '2001:db8::/32',
    '::1',
    '::ffff:1.2.3.4',
    'fe80::1:2.3.4.5',
    '1:2:3:4:5:6:7::',
  ])
    expect(parseIpRange(valid), valid).not.toBeNull()
  for (const invalid of [
    '',
    'example.com',
    '203.0.113',
    '256.0.0.1',
    '01.2.3.4',
    '203.0.113.0/33',
    '203.0.113.0/',
    '1.2.3.4/24/1',
    '2001:db8::/129',
    '1::2::3',
    '1:2:3:4:5:6:7:8:9',
    '2001:db8::g',
    ' / ',
  ])
    expect(parseIpRange(invalid), invalid).toBeNull()
  // An IPv4 client on an IPv6 socket is the IPv4 address.
  expect(ipBytes('::ffff:203.0.113.9')).toEqual([203, 0, 113, 9])
})

test('an address lies in the ranges that hold it, of its own family only', () => {
  const v4 = parseIpRange('198.51.100.0/22')!
  expect(['198.51.100.1', '198.51.103.255', '::ffff:198.51.101.7'].map((ip) => inRange(ip, v4))).toEqual([
    true,
    true,
    true,
  ])
  expect(['198.51.104.0', '198.51.99.255', '2001:db8::1', 'nonsense'].map((ip) => inRange(ip, v4))).toEqual([
    false,
    false,
    false,
    false,
  ])
  const v6 = parseIpRange('2001:db8:abcd::/48')!
  expect(inRange('2001:db8:abcd:12::1', v6)).toBe(true)
  expect(inRange('2001:db8:abce::1', v6)).toBe(false)
})

test('the restriction rule blocks the ranges of the ip blacklist, for either address the halves saw', () => {
  const settings = { countryBlackList: null, ipBlackList: ['203.0.113.0/24', '2001:db8::/32', 'not an ip'] }
  expect(isRestricted(settings, { ip: '203.0.113.200', countryCode: 'ES' })).toBe(true)
  expect(isRestricted(settings, { ip: '2001:db8:1::2', countryCode: null })).toBe(true)
  expect(isRestricted(settings, { ip: '10.0.0.1', countryCode: 'ES' }, '203.0.113.5')).toBe(true)
  expect(isRestricted(settings, { ip: '203.0.114.1', countryCode: 'ES' })).toBe(false)
})
