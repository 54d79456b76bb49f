/**
 * The player's reality check (issue 23, safer gambling; ADR 0065): every so many minutes the wallet
 * refuses stakes, of every provider, until the player has answered the check; the check says the
 * minutes played since the log-in and the net result; a log-in starts the count again.
 */
import { expect, test } from 'vitest'
import { fundedPlayer, roundOf } from './game-helpers.ts'
import { adminLogin, AS_PROVIDER, adminToken, backends, checkLedgerAfterEach, login, useApis } from './helpers.ts'

const api = useApis()
checkLedgerAfterEach(api)

const MINUTE = 60_000

test.for(backends)(
  'a due check stops every stake until it is answered, and says the minutes played and the net result [%s]',
  async (backend) => {
    const a = api(backend)
    const { playerId, token } = await fundedPlayer(a, 100_00)
    expect(await a.ok('get_reality_check', {}, { token })).toMatchObject({ minutes: null, due: false, net: 0 })
    const set = await a.ok('set_reality_check', { minutes: 30 }, { token })
    expect(set).toMatchObject({ message: 'reality_check_set', check: { minutes: 30, due: false, playedMinutes: 0 } })

    await a.ok('provider_settle', roundOf(playerId).settle(10_00, 4_00), AS_PROVIDER)
    const open = roundOf(playerId)
    await a.ok('provider_bet', open.bet(5_00), AS_PROVIDER)
    a.advance(30 * MINUTE + 1_000)
    expect(await a.ok('get_reality_check', {}, { token })).toMatchObject({
      minutes: 30,
      due: true,
      playedMinutes: 30,
      net: -11_00,
      currency: 'EUR',
    })
    // No stake, by a bet or an instant round; the open round's win is still paid.
    expect((await a.fail('provider_bet', roundOf(playerId).bet(1_00), 403, AS_PROVIDER)).code).toBe('reality_check_due')
    expect((await a.fail('provider_settle', roundOf(playerId).settle(1_00, 0), 403, AS_PROVIDER)).code).toBe(
      'reality_check_due',
    )
    await a.ok('provider_win', open.win(6_00), AS_PROVIDER)
    expect((await a.ok('get_player_balance', {}, { token })).real).toBe(95_00)

    // "Keep playing": the next check is 30 minutes away, and stakes go through again.
    const kept = await a.ok('acknowledge_reality_check', {}, { token })
    expect(kept).toMatchObject({ message: 'reality_check_acknowledged', check: { due: false, net: -5_00 } })
    const nextIn = new Date(kept.check.dueAt!).getTime() - new Date(kept.check.since!).getTime()
    expect(nextIn).toBeGreaterThanOrEqual(60 * MINUTE + 1_000)
    expect(nextIn).toBeLessThan(61 * MINUTE + 1_000)
    await a.ok('provider_bet', roundOf(playerId).bet(1_00), AS_PROVIDER)
    expect((await a.fail('acknowledge_reality_check', {}, 409, { token })).code).toBe('reality_check_not_due')

    // Off: nothing stops play any more.
    a.advance(31 * MINUTE)
    expect(await a.ok('set_reality_check', { minutes: null }, { token })).toMatchObject({
      message: 'reality_check_off',
      check: { minutes: null, due: false },
    })
    await a.ok('provider_bet', roundOf(playerId).bet(1_00), AS_PROVIDER)
  },
)

test.for(backends)('a log-in counts its play from its start; two answers at once count once [%s]', async (backend) => {
  const a = api(backend)
  const { playerId, token, params } = await fundedPlayer(a, 50_00)
  await a.ok('set_reality_check', { minutes: 15 }, { token })
  await a.ok('provider_bet', roundOf(playerId).bet(2_00), AS_PROVIDER)
  a.advance(16 * MINUTE)
  await a.fail('provider_bet', roundOf(playerId).bet(1_00), 403, AS_PROVIDER)
  const answers = await Promise.all([1, 2, 3].map(() => a.call('acknowledge_reality_check', {}, { token })))
  expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409])

  a.advance(16 * MINUTE)
  await a.fail('provider_bet', roundOf(playerId).bet(1_00), 403, AS_PROVIDER)
  // A new log-in: play counts from now, and the next check is 15 minutes away.
  const again = await login(a, params.username, params.password)
  expect(await a.ok('get_reality_check', {}, { token: again })).toMatchObject({
    due: false,
    playedMinutes: 0,
    net: 0,
  })
  await a.ok('provider_bet', roundOf(playerId).bet(1_00), AS_PROVIDER)
})

test.for(backends)('only an interval of the list is taken, and only by a player [%s]', async (backend) => {
  const a = api(backend)
  const { token } = await fundedPlayer(a, 1_00)
  for (const minutes of [7, 0, -30, '30', 30.5, 10_000])
    expect((await a.fail('set_reality_check', { minutes }, 400, { token })).fields).toHaveProperty('minutes')
  await a.fail('get_reality_check', {}, 401)
  await adminToken(a)
  const admin = await adminLogin(a)
  await a.fail('set_reality_check', { minutes: 30 }, 403, { token: admin })
  expect(await a.ok('get_reality_check', {}, { token })).toMatchObject({ minutes: null })
})
