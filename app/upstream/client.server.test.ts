import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { calls, type CallName } from '#contract'
import { requestContext } from '#app/middleware/context.ts'
import {
  callUpstream,
  closeUpstreamPools,
  isRetriedRead,
  isUpstreamUnavailable,
  RETRIED_READS,
} from './client.server.ts'

// A casino API whose behaviour per path the test sets: drop the connection the first `drops`
// times, or never answer; it counts what reached it.
const behaviour = new Map<string, { drops?: number; hang?: boolean; answer?: unknown }>()
const reached = new Map<string, number>()
let server: http.Server
let upstreamUrl: string

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!
    const seen = (reached.get(path) ?? 0) + 1
    reached.set(path, seen)
    const rule = behaviour.get(path) ?? {}
    if (rule.hang) return
    if (seen <= (rule.drops ?? 0)) return req.socket.destroy()
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rule.answer ?? {}))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  upstreamUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await closeUpstreamPools()
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

const quiet = () => {}

function args(providerUrl?: string) {
  const context = new RouterContextProvider()
  context.set(requestContext, {
    nonce: 'n',
    requestId: 'r',
    clientIp: '203.0.113.5',
    upstreamUrl,
    ...(providerUrl ? { providerUrl } : {}),
    origin: 'http://site.test',
    log: { debug: quiet, info: quiet, warn: quiet, error: quiet },
  })
  return { request: new Request('http://site.test/'), context }
}

async function statusOfThrown(run: () => Promise<unknown>) {
  try {
    await run()
  } catch (error) {
    expect(isUpstreamUnavailable(error)).toBe(true)
    return (error as { init: ResponseInit }).init.status
  }
  throw new Error('expected the call to throw')
}

test('a read whose connection drops is asked once more and answered', async () => {
  behaviour.set('/front/geolocation', { drops: 1, answer: { ip: '203.0.113.5', countryCode: 'ES' } })
  const result = await callUpstream(args(), 'geolocation', {})
  expect(result).toEqual({ ok: true, data: { ip: '203.0.113.5', countryCode: 'ES' } })
  expect(reached.get('/front/geolocation')).toBe(2)
})

test('a read is asked twice at most', async () => {
  behaviour.set('/front/get_setting', { drops: 5 })
  expect(await statusOfThrown(() => callUpstream(args(), 'get_setting', {}))).toBe(502)
  expect(reached.get('/front/get_setting')).toBe(2)
})

test('a call that moves money is never sent twice', async () => {
  behaviour.set('/front/cancel_withdrawal_request', { drops: 1 })
  expect(
    await statusOfThrown(() =>
      callUpstream(args(), 'cancel_withdrawal_request', { id: 'w-1' }, { token: 't', idempotencyKey: 'k' }),
    ),
  ).toBe(502)
  expect(reached.get('/front/cancel_withdrawal_request')).toBe(1)
})

test('a read that timed out is not asked again (its time is spent)', async () => {
  behaviour.set('/front/auth/player', { hang: true })
  expect(await statusOfThrown(() => callUpstream(args(), 'player', {}, { token: 't', timeoutMs: 300 }))).toBe(504)
  expect(reached.get('/front/auth/player')).toBe(1)
})

test('only reads are retried: none of them moves money, and no call that moves money is', () => {
  const names = Object.keys(calls) as CallName[]
  for (const name of RETRIED_READS) {
    expect(calls[name].idempotent, name).not.toBe(true)
    expect(name, name).toMatch(/^(get_|list_|preview_|player$|geolocation$)/)
  }
  expect(names.filter((name) => calls[name].idempotent && isRetriedRead(name))).toEqual([])
  expect(names.filter(isRetriedRead).sort()).toEqual([...RETRIED_READS].sort())
})

/** Who was asked to rotate seeds: the provider (at its path of the test server), the casino API. */
const asked = () => [reached.get('/the-provider/game-server/rotate_seeds'), reached.get('/game-server/rotate_seeds')]
const rotate = (providerUrl?: string) =>
  callUpstream(args(providerUrl), 'game_rotate_seeds', {}, { gameSession: 'g'.repeat(43) })

test("the game frame's calls go to the built-in provider's address, never to the casino API's; without one, none is sent", async () => {
  const seeds = { serverSeedHash: 'a'.repeat(64), clientSeed: 'c', nonce: 0 }
  const answer = {
    revealed: { serverSeed: 'b'.repeat(64), serverSeedHash: 'a'.repeat(64), clientSeed: 'c', rounds: 3 },
    seeds,
  }
  // The provider stands at a path of the same test server, so the path it reached tells who was asked.
  behaviour.set('/the-provider/game-server/rotate_seeds', { answer })
  behaviour.set('/game-server/rotate_seeds', { answer })
  expect(await rotate()).toEqual({ ok: false, status: 503, code: 'upstream_unavailable' })
  expect(asked()).toEqual([undefined, undefined])
  const answered = await rotate(`${upstreamUrl}/the-provider`)
  expect(answered.ok).toBe(true)
  expect(asked()).toEqual([1, undefined])
})
