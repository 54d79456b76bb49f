/**
 * A player's own restriction of the account (issue 23, safer gambling; ADR 0060): a break, a
 * self-exclusion, a closure. In force at once and never lifted early: every session and game
 * ends, the log-in says until when, no call, stake or bonus goes through, and a game session
 * opened before it stakes nothing even if the provider never heard of it.
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { formatDate } from '../contract/index.ts'
import { accountRestrictions, players } from '../src/db/schema.ts'
import { asGame, fundedPlayer, launchGame } from './game-helpers.ts'
import {
  adminLogin,
  ADMIN_CHANGED_PASSWORD,
  activePlayer,
  adminToken,
  backends,
  checkLedgerAfterEach,
  latestMail,
  login,
  useApis,
  type TestApi,
} from './helpers.ts'
import { as } from './payment-helpers.ts'

const api = useApis()
checkLedgerAfterEach(api)

const DAY = 24 * 60 * 60 * 1000
const BET = { bets: [{ type: 'red', numbers: [], amount: 100 }] }
const play = (a: TestApi, game: string) => a.call('game_play', { bet: BET, moveId: randomUUID() }, asGame(game))
const historyOf = (a: TestApi, playerId: string) =>
  a.db.select().from(accountRestrictions).where(eq(accountRestrictions.playerId, playerId))

test.for(backends)(
  'a break signs every session out, ends its games, and refuses the log-in and every call until it ends [%s]',
  async (backend) => {
    const a = api(backend)
    const player = await fundedPlayer(a, 10_000)
    const { username, password, email } = player.params
    const other = await login(a, username, password)
    const { session: game } = await launchGame(a, 'european-roulette', 'real', other)
    expect((await play(a, game)).status).toBe(200)

    // Refused without the password, without the confirmation, with a period of another kind: nothing changes.
    const asked = { kind: 'time_out', period: '7d', password, understood: 'on' } as const
    const wrong = await a.fail('restrict_account', { ...asked, password: 'not-it' }, 400, { token: player.token })
    expect(wrong).toMatchObject({ code: 'old_password_wrong', fields: { password: ['old_password_wrong'] } })
    const unconfirmed = await a.fail('restrict_account', { ...asked, understood: undefined }, 400, {
      token: player.token,
    })
    expect(unconfirmed.fields).toEqual({ understood: ['confirm_restriction'] })
    await a.fail('restrict_account', { ...asked, period: 'permanent' }, 400, { token: player.token })
    await a.fail('restrict_account', { ...asked, kind: 'holiday' }, 400, { token: player.token })
    await a.ok('player', {}, { token: other })
    expect(await historyOf(a, player.playerId)).toEqual([])

    const answer = await a.ok('restrict_account', asked, { token: player.token, ip: '10.9.8.7' })
    expect(answer).toMatchObject({ kind: 'time_out', message: 'account_timed_out' })
    const [kept] = await historyOf(a, player.playerId)
    expect(kept).toMatchObject({ kind: 'time_out', period: '7d', endsAt: new Date(answer.until!), ip: '10.9.8.7' })
    expect(kept!.endsAt!.getTime() - kept!.startsAt.getTime()).toBe(7 * DAY)

    // Every session is signed out, the asking one too, and the game it launched ends.
    for (const token of [player.token, other]) await a.fail('player', {}, 401, { token })
    await a.fail('get_processors', {}, 401, { token: other })
    await expect.poll(async () => (await play(a, game)).status).toBe(401)
    // The log-in says until when, and opens nothing.
    const refused = await a.fail('login', { username, password }, 403)
    expect(refused).toMatchObject({ code: 'account_timed_out', args: [answer.until] })
    // A wrong password learns nothing of it.
    expect((await a.fail('login', { username, password: 'not-it' }, 400)).code).toBe('wrong_credentials')
    // The player is told by e-mail, with the end.
    const mail = await latestMail(a, email)
    expect(mail?.subject).toBe('Tu pausa ha empezado')
    // The day as the mail writes it: in the site's time zone (23:30 UTC is the next day in Madrid).
    expect(mail?.text).toContain(`hasta el ${formatDate(answer.until!)}`)

    // The administrator sees it on the player's page, while it holds.
    // (Logged in each time: the clock moves past an administrator's session below.)
    await adminToken(a)
    const restrictionShown = async () => {
      const token = await adminLogin(a)
      return (await a.ok('get_player_ledger', { username, page: 1, pageSize: 1 }, { token })).player.restriction
    }
    expect(await restrictionShown()).toEqual({ kind: 'time_out', until: answer.until })

    // A minute before its end it still holds; once over, the account logs in and plays again.
    a.advance(7 * DAY - 60_000)
    await a.fail('login', { username, password }, 403)
    a.advance(60_000)
    expect(await restrictionShown()).toBeNull()
    const back = await login(a, username, password)
    const { session: again } = await launchGame(a, 'european-roulette', 'real', back)
    expect((await play(a, again)).status).toBe(200)
  },
)

test.for(backends)(
  'a self-exclusion for good never ends; a game session the provider still holds stakes nothing [%s]',
  async (backend) => {
    const a = api(backend)
    const player = await fundedPlayer(a, 10_000)
    const { username, password } = player.params
    const { session: game } = await launchGame(a, 'european-roulette', 'real', player.token)

    // As if the provider had not heard the end of its sessions: the wallet refuses the stake itself.
    await a.db
      .update(players)
      .set({ restriction: 'self_exclusion', restrictedUntil: null })
      .where(eq(players.id, player.playerId))
    const staked = await play(a, game)
    expect(staked.status).toBe(403)
    expect((staked.body as { error: { code: string } }).error.code).toBe('account_not_active')
    await a.db.update(players).set({ restriction: null }).where(eq(players.id, player.playerId))
    expect((await play(a, game)).status).toBe(200)

    const token = await login(a, username, password)
    const answer = await a.ok(
      'restrict_account',
      { kind: 'self_exclusion', period: 'permanent', password, understood: 'on' },
      { token },
    )
    expect(answer).toEqual({ kind: 'self_exclusion', until: null, message: 'account_self_excluded_for_good' })
    a.advance(20 * 365 * DAY)
    expect((await a.fail('login', { username, password }, 403)).code).toBe('account_self_excluded_for_good')
    // No bonus reaches it, not even an administrator's.
    await adminToken(a)
    const admin = await adminLogin(a)
    // (An administrator's own account cannot be restricted: the operator would be locked out.)
    const selfRestricted = await a.fail(
      'restrict_account',
      { kind: 'closure', period: 'permanent', password: ADMIN_CHANGED_PASSWORD, understood: 'on' },
      403,
      { token: admin },
    )
    expect(selfRestricted.code).toBe('forbidden')
    const refused = await a.fail(
      'grant_bonus',
      { playerId: player.playerId, type: 'bonus_code', amount: 10_00, reason: 'goodwill' },
      409,
      as(admin),
    )
    expect(refused.code).toBe('account_restricted')
  },
)

test.for(backends)('a self-exclusion of six months ends on the same day six months later [%s]', async (backend) => {
  const a = api(backend)
  const { params, playerId, token } = await activePlayer(a)
  const answer = await a.ok(
    'restrict_account',
    { kind: 'self_exclusion', period: '6m', password: params.password, understood: true },
    { token },
  )
  const [kept] = await historyOf(a, playerId)
  const end = new Date(kept!.startsAt)
  end.setUTCMonth(end.getUTCMonth() + 6)
  expect(answer.until).toBe(end.toISOString())
  expect(await a.fail('login', { username: params.username, password: params.password }, 403)).toMatchObject({
    code: 'account_self_excluded',
    args: [answer.until],
  })
})

test.for(backends)(
  'a closure, asked from two tabs at once, is one closure; the account never logs in again [%s]',
  async (backend) => {
    const a = api(backend)
    const { params, playerId, token } = await activePlayer(a)
    const closing = { kind: 'closure', period: 'permanent', password: params.password, understood: 'on' } as const
    const answers = await Promise.all([
      a.call('restrict_account', closing, { token }),
      a.call('restrict_account', closing, { token }),
    ])
    const statuses = answers.map((r) => r.status).sort()
    expect(statuses[0]).toBe(200)
    // The second found the first's restriction under the row lock, or its session already revoked.
    expect([401, 409]).toContain(statuses[1])
    expect(await historyOf(a, playerId)).toHaveLength(1)
    const [row] = await a.db.select().from(players).where(eq(players.id, playerId))
    expect(row).toMatchObject({ restriction: 'closure', restrictedUntil: null })
    expect((await a.fail('login', { username: params.username, password: params.password }, 403)).code).toBe(
      'account_closed_by_player',
    )
  },
)
