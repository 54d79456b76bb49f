import { afterEach, expect, test, vi } from 'vitest'
import { canPrefetch } from './smart-link.tsx'

afterEach(() => {
  vi.unstubAllGlobals()
})

const on = (navigator: object) => vi.stubGlobal('navigator', navigator)

test('links prefetch on an ordinary connection', () => {
  on({ onLine: true, connection: { effectiveType: '4g', saveData: false } })
  expect(canPrefetch()).toBe(true)
  on({ onLine: true })
  expect(canPrefetch()).toBe(true)
})

test('no prefetch when offline, on 2g or with data saver on', () => {
  on({ onLine: false })
  expect(canPrefetch()).toBe(false)
  on({ onLine: true, connection: { effectiveType: '2g' } })
  expect(canPrefetch()).toBe(false)
  on({ onLine: true, connection: { effectiveType: 'slow-2g' } })
  expect(canPrefetch()).toBe(false)
  on({ onLine: true, connection: { effectiveType: '4g', saveData: true } })
  expect(canPrefetch()).toBe(false)
})

test('every link shares one watch of the connection, read once after hydration, and all follow a change', async () => {
  vi.useFakeTimers()
  const network = Object.assign(new EventTarget(), { effectiveType: '4g', saveData: false })
  let reads = 0
  vi.stubGlobal('window', new EventTarget())
  on({
    onLine: true,
    get connection() {
      reads += 1
      return network
    },
  })
  const { prefetchAllowed } = await import('./smart-link.tsx')
  const calls = [0, 0, 0]
  const unsubscribe = calls.map((_, i) => prefetchAllowed.subscribe(() => (calls[i]! += 1)))
  // Nothing read while the page hydrates: the links render as the server did.
  expect(reads).toBe(0)
  expect(prefetchAllowed.get()).toBe(true)
  vi.runAllTimers()
  expect(reads).toBeLessThanOrEqual(2)
  network.saveData = true
  network.dispatchEvent(new Event('change'))
  expect(prefetchAllowed.get()).toBe(false)
  expect(calls).toEqual([1, 1, 1])
  unsubscribe[0]!()
  network.saveData = false
  network.dispatchEvent(new Event('change'))
  expect(prefetchAllowed.get()).toBe(true)
  expect(calls).toEqual([1, 2, 2])
  vi.useRealTimers()
})
