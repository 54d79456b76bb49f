/**
 * The player's session-time limit (issue 23, safer gambling; ADR 0063): a log-in lasts at most the
 * limit, and the call after it is told why; a first or lower limit holds at once for the log-ins
 * already open; a raise or a removal waits 24 hours, then for the player's confirmation, and holds
 * from the next log-in. Changes and log-ins take the player's row lock.
 */
import { and, eq, isNull, sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { accessTokens } from '../src/db/schema.ts'
import { activePlayer, adminToken, backends, latestMail, login, useApis, type TestApi } from './helpers.ts'

const api = useApis()

const MINUTE = 60_000
const HOUR = 60 * MINUTE
/** The API's clock: the real one moved forward by what the test advanced. */
const clock = () => {
  let moved = 0
  return {
    advance: (a: TestApi, ms: number) => {
      moved += ms
      a.advance(ms)
    },
    now: () => Date.now() + moved,
  }
}
const near = (at: string | null, expected: number) => Math.abs(Date.parse(at ?? '') - expected) < 2 * MINUTE

test.for(backends)(
  'a first limit holds at once for the open log-in, the call after it is told why, and each new log-in lasts it [%s]',
  async (backend) => {
    const a = api(backend)
    const time = clock()
    const player = await activePlayer(a)
    const loggedInAt = time.now()
    const none = await a.ok('get_session_limit', {}, { token: player.token })
    expect(none).toEqual({ minutes: null, pending: null, sessionEndsAt: null })

    time.advance(a, 30 * MINUTE)
    const set = await a.ok('set_session_limit', { minutes: 60 }, { token: player.token })
    expect(set.message).toBe('session_limit_set')
    expect(set.limit).toMatchObject({ minutes: 60, pending: null })
    // The log-in open for half an hour ends an hour after it began.
    expect(near(set.limit.sessionEndsAt, loggedInAt + HOUR)).toBe(true)
    const mail = await latestMail(a, player.params.email)
    expect(mail?.subject).toBe('Tu límite de tiempo de sesión ha cambiado')
    expect(mail?.text).toContain(
      `tu límite de tiempo de sesión de la cuenta ${player.params.username} pasó a ser 1 hora.`,
    )
    const mailbox = await a.ok('get_mailbox', { page: 1, pageSize: 10 }, { token: player.token })
    expect(mailbox.items[0]?.subject).toBe('Tu límite de tiempo de sesión ha cambiado')

    time.advance(a, 31 * MINUTE)
    expect((await a.fail('player', {}, 401, { token: player.token })).code).toBe('session_limit_reached')

    // A new log-in: an hour, told to the game provider as the end of the games it opens.
    const token = await login(a, player.params.username, player.params.password)
    const limit = await a.ok('get_session_limit', {}, { token })
    expect(near(limit.sessionEndsAt, time.now() + HOUR)).toBe(true)
    const launched = await a.ok('get_game_url', { gameId: 'dice', mode: 'real', language: 'es' }, { token })
    expect(Date.parse(launched.expiresAt)).toBeLessThanOrEqual(Date.parse(limit.sessionEndsAt!))
    time.advance(a, 59 * MINUTE)
    await a.ok('player', {}, { token })
    time.advance(a, 2 * MINUTE)
    expect((await a.fail('player', {}, 401, { token })).code).toBe('session_limit_reached')
    // A token revoked (a log-out) is only unauthorized, and an unknown one too.
    expect((await a.fail('player', {}, 401, { token: 'x'.repeat(43) })).code).toBe('unauthorized')
  },
)

test.for(backends)(
  'a raise and a removal wait 24 hours and the confirmation, then hold from the next log-in; a change waiting can be dropped [%s]',
  async (backend) => {
    const a = api(backend)
    const player = await activePlayer(a)
    const { username, password } = player.params
    await a.ok('set_session_limit', { minutes: 60 }, { token: player.token })
    const raise = await a.ok('set_session_limit', { minutes: 120 }, { token: player.token })
    expect(raise).toMatchObject({
      message: 'session_limit_change_waits',
      limit: { minutes: 60, pending: { minutes: 120, due: false } },
    })
    const early = await a.fail('confirm_session_limit', {}, 409, { token: player.token })
    expect(early).toMatchObject({ code: 'session_limit_cooling_off', args: [raise.limit.pending!.from] })

    a.advance(24 * HOUR)
    let token = await login(a, username, password)
    const before = await a.ok('get_session_limit', {}, { token })
    expect(before).toMatchObject({ minutes: 60, pending: { minutes: 120, due: true } })
    const confirmed = await a.ok('confirm_session_limit', {}, { token })
    expect(confirmed.message).toBe('session_limit_confirmed')
    // The log-in made under the hour keeps its end; the next one gets two hours.
    expect(confirmed.limit).toMatchObject({ minutes: 120, pending: null, sessionEndsAt: before.sessionEndsAt })
    token = await login(a, username, password)
    const longer = await a.ok('get_session_limit', {}, { token })
    expect(Date.parse(longer.sessionEndsAt!) - Date.parse(before.sessionEndsAt!)).toBeGreaterThan(HOUR)

    // A removal waits too, and can be dropped.
    expect((await a.ok('set_session_limit', { minutes: null }, { token })).limit.pending).toMatchObject({
      minutes: null,
    })
    const dropped = await a.ok('cancel_session_limit_change', {}, { token })
    expect(dropped).toMatchObject({ message: 'session_limit_change_dropped', limit: { minutes: 120, pending: null } })
    expect((await a.fail('cancel_session_limit_change', {}, 409, { token })).code).toBe('session_limit_nothing_pending')
    expect((await a.fail('confirm_session_limit', {}, 409, { token })).code).toBe('session_limit_nothing_pending')

    // A lower one holds at once and drops a change waiting.
    await a.ok('set_session_limit', { minutes: null }, { token })
    const lower = await a.ok('set_session_limit', { minutes: 90 }, { token })
    expect(lower).toMatchObject({ message: 'session_limit_set', limit: { minutes: 90, pending: null } })

    await a.ok('set_session_limit', { minutes: null }, { token })
    a.advance(24 * HOUR)
    token = await login(a, username, password)
    const removed = await a.ok('confirm_session_limit', {}, { token })
    expect(removed).toMatchObject({ message: 'session_limit_removed', limit: { minutes: null, pending: null } })
    token = await login(a, username, password)
    expect(await a.ok('get_session_limit', {}, { token })).toEqual({
      minutes: null,
      pending: null,
      sessionEndsAt: null,
    })
    expect((await a.fail('set_session_limit', { minutes: null }, 409, { token })).code).toBe('session_limit_none')
  },
)

test.for(backends)(
  'a limit outside 5 minutes to 12 hours is refused under its field; an administrator has none to set [%s]',
  async (backend) => {
    const a = api(backend)
    const { token } = await activePlayer(a)
    for (const minutes of [4, 721, 30.5, '60', -60]) {
      const refused = await a.fail('set_session_limit', { minutes }, 400, { token })
      expect(refused.fields, String(minutes)).toEqual({ minutes: ['session_limit_out_of_range'] })
    }
    expect(await a.ok('get_session_limit', {}, { token })).toMatchObject({ minutes: null })
    const admin = await adminToken(a)
    expect((await a.fail('set_session_limit', { minutes: 60 }, 403, { token: admin })).code).toBe('forbidden')
  },
)

test.for(backends)(
  'log-ins made while a lower limit is set, at the same moment, all end by it [%s]',
  async (backend) => {
    const a = api(backend)
    const player = await activePlayer(a)
    const { username, password } = player.params
    // Log-ins of one account at once may slow each other (429 account_slowed: a log-in counts as a
    // failure until its password is checked, against parallel guessing); those made no token.
    const [answers] = await Promise.all([
      Promise.all(Array.from({ length: 6 }, () => a.call('login', { username, password }))),
      a.ok('set_session_limit', { minutes: 5 }, { token: player.token }),
    ])
    const made = answers.filter((answer) => answer.status === 200).length
    expect(made).toBeGreaterThan(0)
    expect(answers.map((answer) => answer.status).filter((status) => status !== 200 && status !== 429)).toEqual([])
    const open = await a.db
      .select({ lasts: sql<number>`extract(epoch from ${accessTokens.expiresAt} - ${accessTokens.createdAt})` })
      .from(accessTokens)
      .where(and(eq(accessTokens.playerId, player.playerId), isNull(accessTokens.revokedAt)))
    expect(open).toHaveLength(made + 1)
    expect(open.map((t) => Number(t.lasts)).filter((lasts) => lasts > 5 * 60)).toEqual([])
  },
)
