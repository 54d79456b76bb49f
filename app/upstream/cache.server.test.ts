import { expect, test, vi } from 'vitest'
import { createBackOff, createCache } from './cache.server.ts'
import { upstreamUnavailable } from './client.server.ts'

function clock(start = 1_000_000) {
  let t = start
  return { now: () => t, advance: (ms: number) => void (t += ms) }
}

const down = () => Promise.reject(upstreamUnavailable(502))

test('a value is served fresh for the TTL, then loaded again', async () => {
  const time = clock()
  const cache = createCache<number>({ ttlMs: 60_000, now: time.now })
  const load = vi.fn(async () => load.mock.calls.length)
  expect(await cache.get('k', load)).toBe(1)
  time.advance(59_999)
  expect(await cache.get('k', load)).toBe(1)
  time.advance(1)
  expect(await cache.get('k', load)).toBe(2)
  expect(load).toHaveBeenCalledTimes(2)
})

test('concurrent requests for a key share one load', async () => {
  const cache = createCache<string>({ ttlMs: 60_000 })
  let release!: (value: string) => void
  const load = vi.fn(() => new Promise<string>((resolve) => (release = resolve)))
  const all = Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)])
  release('once')
  expect(await all).toEqual(['once', 'once', 'once'])
  expect(load).toHaveBeenCalledTimes(1)
  // Another key has its own load.
  expect(await cache.get('other', async () => 'other')).toBe('other')
})

test('while the casino API is down the stale value is served, and the source rests for the back-off', async () => {
  const time = clock()
  const backOff = createBackOff(10_000, time.now)
  const settings = createCache<string>({ ttlMs: 60_000, backOff, now: time.now })
  const geo = createCache<string>({ ttlMs: 60_000, backOff, now: time.now })
  expect(await settings.get('api', async () => 'v1')).toBe('v1')
  time.advance(60_000)

  const failing = vi.fn(down)
  expect(await settings.get('api', failing)).toBe('v1')
  // The same casino API is resting: neither cache asks it, the other one answers null (nothing cached).
  const geoLoad = vi.fn(async () => 'ES')
  expect(await settings.get('api', failing)).toBe('v1')
  expect(await geo.get('api 203.0.113.5', geoLoad, 'api')).toBeNull()
  expect(failing).toHaveBeenCalledTimes(1)
  expect(geoLoad).not.toHaveBeenCalled()
  // Another casino API is not.
  expect(await geo.get('other 203.0.113.5', geoLoad, 'other')).toBe('ES')

  time.advance(10_000)
  expect(await settings.get('api', async () => 'v2')).toBe('v2')
})

test('nothing cached and the casino API down: null', async () => {
  const cache = createCache<string>({ ttlMs: 60_000 })
  expect(await cache.get('k', down)).toBeNull()
})

test('a refusal (the load answers null) keeps the stale value and does not rest the source', async () => {
  const time = clock()
  const backOff = createBackOff(10_000, time.now)
  const cache = createCache<string>({ ttlMs: 1_000, backOff, now: time.now })
  await cache.get('k', async () => 'kept')
  time.advance(1_000)
  expect(await cache.get('k', async () => null)).toBe('kept')
  expect(backOff.isPaused('k')).toBe(false)
  expect(await cache.get('k', async () => 'new')).toBe('new')
})

test('other errors reach the caller and the next request loads again', async () => {
  const cache = createCache<string>({ ttlMs: 60_000 })
  await expect(cache.get('k', () => Promise.reject(new Error('bug')))).rejects.toThrow('bug')
  expect(await cache.get('k', async () => 'fine')).toBe('fine')
})

test('past maxEntries the oldest stored go, down to nine tenths; storing a key again makes it the newest', async () => {
  const time = clock()
  const cache = createCache<number>({ ttlMs: 60_000, maxEntries: 10, now: time.now })
  for (let i = 0; i < 10; i++) await cache.get(`k${i}`, async () => i)
  time.advance(60_000)
  await cache.get('k0', async () => 100) // k0 is now the newest
  await cache.get('k10', async () => 10) // 11 entries: down to 9, the oldest (k1, k2) go
  const kept = async (key: string) => (await cache.get(key, down)) !== null
  expect(await kept('k1')).toBe(false)
  expect(await kept('k2')).toBe(false)
  expect(await kept('k3')).toBe(true)
  expect(await kept('k0')).toBe(true)
  expect(await kept('k10')).toBe(true)
})

test('clear forgets every value', async () => {
  const cache = createCache<string>({ ttlMs: 60_000 })
  await cache.get('k', async () => 'v')
  cache.clear()
  expect(await cache.get('k', down)).toBeNull()
})
