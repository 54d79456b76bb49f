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
