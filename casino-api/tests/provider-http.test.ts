/**
 * The built-in game provider's own server (provider/server/http.ts, ADR 0049): on its own port,
 * its calls opened only by its key or a launch's token, every refusal the contract's ErrorBody,
 * never a 500; the casino API serves none of its calls.
 */
import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { PROVIDER_OPENAPI_FILE } from '../contract/openapi.ts'
import { calls, ErrorBody, GAME_SESSION_HEADER, PROVIDER_KEY_HEADER } from '../contract/index.ts'
import { asGame, fundedPlayer, launchGame } from './game-helpers.ts'
import { AS_PROVIDER, backends, useApis } from './helpers.ts'

const api = useApis()

const send = (url: string, body: string | undefined, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })

async function refusal(res: Response, status: number) {
  expect(res.status).toBe(status)
  expect(res.headers.get('cache-control')).toBe('no-store')
  return ErrorBody.parse(await res.json()).error
}

test.for(backends)(
  "the provider's calls open only with its key: none, a wrong one or a player's bearer token is refused [%s]",
  async (backend) => {
    const a = api(backend)
    const { token, playerId } = await fundedPlayer(a, 10_00)
    const rounds = `${a.providerUrl}${calls.get_provider_rounds.path}`
    const params = JSON.stringify({
      playerId,
      from: '2026-01-01T00:00:00Z',
      to: '2030-01-01T00:00:00Z',
      page: 1,
      pageSize: 20,
    })
    for (const headers of [
      {} as Record<string, string>,
      { [PROVIDER_KEY_HEADER]: 'x'.repeat(40) },
      { [PROVIDER_KEY_HEADER]: '' },
      { authorization: `Bearer ${token}` },
    ])
      expect(await refusal(await send(rounds, params, headers), 401)).toMatchObject({ code: 'unauthorized' })
    // With the key the casino holds, it answers.
    const answered = await send(rounds, params, AS_PROVIDER.headers)
    expect(answered.status).toBe(200)
    // A launch asked by anyone but the casino makes no session.
    const launch = `${a.providerUrl}${calls.provider_launch.path}`
    const launchParams = JSON.stringify({
      gameId: 'european-roulette',
      mode: 'real',
      playerId,
      casinoSession: null,
      currency: 'EUR',
      language: 'en',
      endsBy: null,
    })
    expect((await refusal(await send(launch, launchParams, { authorization: `Bearer ${token}` }), 401)).code).toBe(
      'unauthorized',
    )
  },
)

test.for(backends)(
  "a game client's calls open only with a live launch's token; bad bodies are 400 (too large 413), unknown paths 404 [%s]",
  async (backend) => {
    const a = api(backend)
    const play = `${a.providerUrl}${calls.game_play.path}`
    const bet = JSON.stringify({
      bet: { bets: [{ type: 'red', numbers: [], amount: 100 }] },
      moveId: crypto.randomUUID(),
    })
    for (const session of ['', 'not-a-token', 'A'.repeat(43), "'; drop table game_rounds; --"])
      expect((await refusal(await send(play, bet, { [GAME_SESSION_HEADER]: session }), 401)).code).toBe('unauthorized')
    const { session } = await launchGame(a, 'european-roulette', 'demo')
    const asClient = asGame(session).headers
    for (const body of ['{"bet":', 'null', '[]'])
      expect((await refusal(await send(play, body, asClient), 400)).code).toBe('validation_failed')
    // A body past the provider's limit says so.
    const huge = JSON.stringify({ bet: 'x'.repeat(40_000), moveId: 'm' })
    expect((await refusal(await send(play, huge, asClient), 413)).code).toBe('payload_too_large')
    expect((await refusal(await send(`${a.providerUrl}/front/auth/login/`, '{}'), 404)).code).toBe('not_found')
    // The casino API does not answer the provider's calls: they are the provider's alone.
    for (const path of [calls.game_play.path, calls.provider_launch.path, calls.get_catalog_feed.path])
      expect((await refusal(await a.fetch(path, { method: 'POST', body: bet, headers: asClient }), 404)).code).toBe(
        'not_found',
      )
    // The token's play goes through at the provider, with its request id answered.
    const played = await send(play, bet, { ...asClient, 'x-request-id': 'frame-request-0001' })
    expect(played.status).toBe(200)
    expect(played.headers.get('x-request-id')).toBe('frame-request-0001')
  },
)

test.for(backends)(
  'the provider answers its probes (alive, and ready while its database answers) and its own OpenAPI document [%s]',
  async (backend) => {
    const a = api(backend)
    const doc = await fetch(`${a.providerUrl}/openapi.json`)
    expect(doc.status).toBe(200)
    expect(await doc.json()).toEqual(JSON.parse(readFileSync(PROVIDER_OPENAPI_FILE, 'utf8')))
    for (const probe of ['/healthz', '/readyz']) {
      const res = await fetch(`${a.providerUrl}${probe}`)
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ ok: true })
    }
  },
)
