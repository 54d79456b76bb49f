import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { clearLoggedOut, isLoggedOut, logOutForGood, type RevocationOutcome } from './logged-out.server.ts'

const log = { debug() {}, info() {}, warn() {}, error() {} }

beforeEach(() => {
  vi.useFakeTimers()
  clearLoggedOut()
})
afterEach(() => {
  vi.useRealTimers()
})

test('a logged-out token is refused until the session would have expired, then forgotten', async () => {
  const until = Date.now() + 60_000
  expect(await logOutForGood('tok-a', until, async () => 'revoked', log)).toBe('revoked')
  expect(isLoggedOut('tok-a')).toBe(true)
  expect(isLoggedOut('tok-b')).toBe(false)
  expect(isLoggedOut('tok-a', until + 1)).toBe(false)
})

test('a failed revocation is retried with growing delays until it succeeds', async () => {
  const outcomes: RevocationOutcome[] = ['retry', 'retry', 'retry', 'revoked']
  const tries: number[] = []
  const revoke = async () => {
    tries.push(Date.now())
    return outcomes.shift() ?? 'revoked'
  }
  const start = Date.now()
  expect(await logOutForGood('tok-c', start + 3_600_000, revoke, log)).toBe('retry')
  await vi.advanceTimersByTimeAsync(1_000)
  await vi.advanceTimersByTimeAsync(2_000)
  await vi.advanceTimersByTimeAsync(4_000)
  expect(tries.map((t) => t - start)).toEqual([0, 1_000, 3_000, 7_000])
  await vi.advanceTimersByTimeAsync(600_000)
  expect(tries).toHaveLength(4)
  expect(isLoggedOut('tok-c')).toBe(true)
})

test('retries stop when the session expires (and a throwing attempt counts as a failure)', async () => {
  let tries = 0
  const revoke = async (): Promise<RevocationOutcome> => {
    tries++
    throw new Error('connection refused')
  }
  await logOutForGood('tok-d', Date.now() + 10_000, revoke, log)
  await vi.advanceTimersByTimeAsync(3_600_000)
  // 0 s, 1 s, 3 s, 7 s; the next (15 s) would come after the expiry.
  expect(tries).toBe(4)
})
