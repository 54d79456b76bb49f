import { expect, test } from 'vitest'
import { isRestricted } from '#contract'

const open = { countryBlackList: null, ipBlackList: null }

test('nobody is restricted when both lists are empty or null', () => {
  expect(isRestricted(open, { ip: '203.0.113.5', countryCode: 'ES' })).toBe(false)
  expect(isRestricted({ countryBlackList: [], ipBlackList: [] }, { ip: '203.0.113.5', countryCode: 'ES' })).toBe(false)
})

test("a blacklisted country restricts its visitors (any letter case); an unknown country doesn't", () => {
  const settings = { countryBlackList: ['US', 'fr'], ipBlackList: null }
  expect(isRestricted(settings, { ip: '203.0.113.5', countryCode: 'us' })).toBe(true)
  expect(isRestricted(settings, { ip: '203.0.113.5', countryCode: 'FR' })).toBe(true)
  expect(isRestricted(settings, { ip: '203.0.113.5', countryCode: 'ES' })).toBe(false)
  expect(isRestricted(settings, { ip: '127.0.0.1', countryCode: null })).toBe(false)
})

test('a blacklisted ip is restricted', () => {
  const settings = { countryBlackList: null, ipBlackList: ['198.51.100.7'] }
  expect(isRestricted(settings, { ip: '198.51.100.7', countryCode: 'ES' })).toBe(true)
  expect(isRestricted(settings, { ip: '10.0.0.1', countryCode: 'ES' }, '198.51.100.7')).toBe(true)
  expect(isRestricted(settings, { ip: '198.51.100.8', countryCode: 'ES' })).toBe(false)
})
