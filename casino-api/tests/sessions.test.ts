/**
 * The player's signed-in sessions (issue 23, account security): listed with where and on what
 * each was opened and when it was last used; another one ended at once, every other one at once;
 * never another player's.
 */
import { expect, test } from 'vitest'
import { SESSION_SEEN_EVERY_MS } from '../src/http/auth.ts'
import { launchGame } from './game-helpers.ts'
import { activePlayer, backends, login, useApis } from './helpers.ts'

const api = useApis({ geoLocalCountry: 'ES' })

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile Safari/604.1'

test.for(backends)(
  'the list shows each session with its browser, address, country and last use, this one marked [%s]',
  async (backend) => {
    const a = api(backend)
    const { params, token: first } = await activePlayer(a)
    const second = await login(a, params.username, params.password, {
      ip: '10.1.2.3',
      headers: { 'user-agent': PHONE },
    })
    const { items } = await a.ok('get_sessions', {}, { token: first })
    expect(items).toHaveLength(2)
    // Newest first: the phone's, then the one asking.
    expect(items.map((s) => s.current)).toEqual([false, true])
    expect(items[0]).toMatchObject({ userAgent: PHONE, ip: '10.1.2.3', countryCode: 'ES' })
    expect(items[0]!.lastSeenAt).toBe(items[0]!.createdAt)

    // A call made with the phone's session later than a few minutes after it was last seen moves its last use.
    a.advance(SESSION_SEEN_EVERY_MS + 60_000)
    await a.ok('player', {}, { token: second })
    const later = (await a.ok('get_sessions', {}, { token: first })).items[0]!
    expect(Date.parse(later.lastSeenAt) - Date.parse(later.createdAt)).toBeGreaterThanOrEqual(SESSION_SEEN_EVERY_MS)
    // Within those minutes, it is not written again.
    a.advance(60_000)
    await a.ok('player', {}, { token: second })
    expect((await a.ok('get_sessions', {}, { token: first })).items[0]!.lastSeenAt).toBe(later.lastSeenAt)
  },
)

test.for(backends)(
  'ending another session signs it out and ends its games; the asking one and other players are never reached [%s]',
  async (backend) => {
    const a = api(backend)
    const { params, token: mine } = await activePlayer(a)
    const other = await login(a, params.username, params.password)
    const stranger = await activePlayer(a)
    const { session: game } = await launchGame(a, 'european-roulette', 'real', other)
    const { items } = await a.ok('get_sessions', {}, { token: mine })
    const otherId = items.find((s) => !s.current)!.id
    const mineId = items.find((s) => s.current)!.id

    // Another player's session, this one, an id of nobody's: not found, nothing ended.
    const strangerId = (await a.ok('get_sessions', {}, { token: stranger.token })).items[0]!.id
    for (const sessionId of [strangerId, mineId, crypto.randomUUID()])
      expect((await a.fail('end_session', { sessionId }, 404, { token: mine })).code).toBe('not_found')
    await a.ok('player', {}, { token: stranger.token })
    expect((await a.fail('end_session', { sessionId: 'not-an-id' }, 400, { token: mine })).code).toBe(
      'validation_failed',
    )

    expect(await a.ok('end_session', { sessionId: otherId }, { token: mine })).toEqual({ ended: 1 })
    await a.fail('player', {}, 401, { token: other })
    await a.mailSettled()
    await expect
      .poll(async () => (await a.call('game_open', {}, { headers: { 'x-game-session': game } })).status)
      .toBe(401)
    // Asked again: it has ended already.
    await a.fail('end_session', { sessionId: otherId }, 404, { token: mine })
    expect((await a.ok('get_sessions', {}, { token: mine })).items.map((s) => s.id)).toEqual([mineId])
  },
)

test.for(backends)('ending every other session leaves the asking one alone [%s]', async (backend) => {
  const a = api(backend)
  const { params, token: mine } = await activePlayer(a)
  const others = [await login(a, params.username, params.password), await login(a, params.username, params.password)]
  expect(await a.ok('end_other_sessions', {}, { token: mine })).toEqual({ ended: 2 })
  for (const token of others) await a.fail('player', {}, 401, { token })
  await a.ok('player', {}, { token: mine })
  expect(await a.ok('end_other_sessions', {}, { token: mine })).toEqual({ ended: 0 })
  expect((await a.ok('get_sessions', {}, { token: mine })).items).toHaveLength(1)
})
