// Dormant accounts (issue 23, ADR 0062): the clock moved a year on, an account without a log-in is
// told a month before and then closed, once; a log-in in between keeps it open, and so does money
// left in it; a closed account cannot log in and its sessions end.
import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { englishMessages } from '../contract/index.ts'
import { players } from '../src/db/schema.ts'
import { fundedPlayer } from './game-helpers.ts'
import { activePlayer, backends, checkLedgerAfterEach, latestMail, login, useApis } from './helpers.ts'

const api = useApis()
checkLedgerAfterEach(api)
const DAY = 86_400_000

for (const backend of backends) {
  test(`${backend}: an account a year without a log-in is told a month before, then closed once; a log-in or money left keeps it open`, async () => {
    const a = api(backend)
    const idle = await activePlayer(a)
    const comesBack = await activePlayer(a)
    const withMoney = await fundedPlayer(a, 25_00)

    // Ten months on: nothing yet.
    a.advance(300 * DAY)
    expect(await a.runDormancy()).toEqual({ warned: 0, closed: 0 })

    // Eleven months and some days on: each is told, once, by e-mail and in the mailbox.
    a.advance(40 * DAY)
    expect(await a.runDormancy()).toEqual({ warned: 3, closed: 0 })
    expect(await a.runDormancy()).toEqual({ warned: 0, closed: 0 })
    const warning = await latestMail(a, idle.params.email)
    expect(warning?.subject).toBe('Tu cuenta se cerrará por inactividad')
    expect(warning?.text).toContain('Basta con iniciar sesión una vez')
    const idleAgain = await login(a, idle.params.username, idle.params.password)
    const mailbox = await a.ok('get_mailbox', { page: 1, pageSize: 10 }, { token: idleAgain })
    expect(mailbox.items.map((m) => m.subject)).toContain('Tu cuenta se cerrará por inactividad')
    // That log-in counts: the idle player is active again. Another one, last seen 400 days ago, never comes back.
    const stillIdle = await activePlayer(a)
    const [seen] = await a.db
      .select({ at: players.lastLoginAt })
      .from(players)
      .where(eq(players.id, stillIdle.playerId))
    await a.db
      .update(players)
      .set({ lastLoginAt: new Date(seen!.at!.getTime() - 400 * DAY) })
      .where(eq(players.id, stillIdle.playerId))
    await login(a, comesBack.params.username, comesBack.params.password)

    // A month and more after the notice: only the account told, idle since and without money closes.
    a.advance(31 * DAY)
    expect(await a.runDormancy()).toEqual({ warned: 1, closed: 0 })
    a.advance(31 * DAY)
    const closing = await a.runDormancy()
    expect(closing.closed).toBe(1)
    expect(await a.runDormancy()).toEqual({ warned: 0, closed: 0 })
    const rows = await a.db.select().from(players)
    const status = (id: string) => rows.find((r) => r.id === id)?.status
    expect(status(stillIdle.playerId)).toBe('closed')
    expect(status(idle.playerId)).toBe('active')
    expect(status(comesBack.playerId)).toBe('active')
    expect(status(withMoney.playerId)).toBe('active')
    expect(rows.find((r) => r.id === stillIdle.playerId)?.dormantClosedAt).not.toBeNull()
    // Told, and its log-in refused with the catalogue's words; its old session is over.
    const closed = await latestMail(a, stillIdle.params.email)
    expect(closed?.subject).toBe('Tu cuenta se ha cerrado por inactividad')
    const refused = await a.fail(
      'login',
      { username: stillIdle.params.username, password: stillIdle.params.password },
      403,
    )
    expect(refused.code).toBe('account_closed_dormant')
    expect(refused.message).toBe(englishMessages.account_closed_dormant)
    await a.fail('get_player_balance', {}, 401, { token: stillIdle.token })
    // Money left keeps the account open: its owner logs in and finds it there.
    const back = await login(a, withMoney.params.username, withMoney.params.password)
    expect((await a.ok('get_player_balance', {}, { token: back })).real).toBe(25_00)
  })
}
