// The built-in provider plugged in a second time, under another provider id, key and game id
// prefix, in a database of its own (ADR 0049, step 4): the casino syncs its catalogue from its
// feed, launches its games at its launch call, takes its stakes and pays its wins through the
// wallet by its key, and ends its sessions at a log-out, with no code of it, on both backends.
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { CATALOG } from '../../provider/games/catalog.ts'
import { GAME_SESSION_HEADER, gameServerCalls } from '../contract/index.ts'
import { walletTransactions } from '../src/db/schema.ts'
import { playerBalance } from '../src/wallet/ledger.ts'
import { fundedPlayer, launchGame } from './game-helpers.ts'
import { backends, ledgerReport, startTestApi, type Backend, type TestApi } from './helpers.ts'
import { SECOND, startSecondProvider } from './second-provider.ts'

type Second = Awaited<ReturnType<typeof startSecondProvider>>
const sites = new Map<Backend, { api: TestApi; second: Second }>()

beforeAll(async () => {
  for (const backend of backends) {
    let apiUrl = ''
    const second = await startSecondProvider({
      databaseUrl: backend === 'postgres' ? process.env.TEST_DATABASE_URL : undefined,
      walletUrl: () => apiUrl,
      siteUrl: () => 'http://web.test',
    })
    const api = await startTestApi(backend, { gameProviders: [second.entry] })
    apiUrl = api.url
    sites.set(backend, { api, second })
  }
})
afterAll(async () => {
  for (const { api, second } of sites.values()) {
    await api.close()
    await second.close()
  }
})

/** A call of the second provider's game server with a launch's token, as its game client makes it. */
async function play(second: Second, session: string, name: 'game_open' | 'game_play', params: unknown) {
  const def = gameServerCalls[name]
  const res = await fetch(second.url + def.path, {
    method: def.method,
    headers: { [GAME_SESSION_HEADER]: session, 'content-type': 'application/json' },
    body: def.method === 'POST' ? JSON.stringify(params) : undefined,
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

for (const backend of backends) {
  test(`${backend}: its catalogue is synced under its prefix and listed under the name the casino gives it`, async () => {
    const { api } = sites.get(backend)!
    const providers = await api.ok('get_game_providers', {})
    expect(providers.items.find((p) => p.id === SECOND.id)?.name).toBe(SECOND.name)
    const { items, total } = await api.ok('get_games', { provider: SECOND.id, language: 'en', pageSize: 100 })
    expect(total).toBe(CATALOG.length)
    expect(items.every((g) => g.id.startsWith(SECOND.prefix) && g.provider.name === SECOND.name)).toBe(true)
    const dice = await api.ok('get_game', { gameId: `${SECOND.prefix}dice`, language: 'en' })
    expect(dice.name).toBe('Dice')
    // The built-in one keeps its own ids.
    expect((await api.ok('get_game', { gameId: 'dice', language: 'en' })).provider.id).toBe('builtin')
  })

  test(`${backend}: a real round of its game moves the player's money through the wallet by its key, once`, async () => {
    const { api, second } = sites.get(backend)!
    const { playerId, token } = await fundedPlayer(api, 10_00)
    const { url, session } = await launchGame(api, `${SECOND.prefix}dice`, 'real', token)
    // Its client is on its own origin.
    expect(new URL(url).origin).toBe(second.origin)
    const opened = await play(second, session, 'game_open', {})
    expect(opened.status).toBe(200)
    expect(opened.body).toMatchObject({ gameId: `${SECOND.prefix}dice`, balance: { amount: 10_00, mode: 'real' } })

    const move = { bet: { stake: 1_00, target: 5000, side: 'over' }, moveId: randomUUID() }
    const played = await play(second, session, 'game_play', move)
    expect(played.status).toBe(200)
    const round = played.body.round as { id: string; stake: number; win: number }
    expect(round.stake).toBe(1_00)
    expect((await playerBalance(api.db, playerId, 'EUR')).real).toBe(10_00 - 1_00 + round.win)
    // The same move sent again is the same round: nothing moves twice.
    const again = await play(second, session, 'game_play', move)
    expect((again.body.round as { id: string }).id).toBe(round.id)
    expect((await playerBalance(api.db, playerId, 'EUR')).real).toBe(10_00 - 1_00 + round.win)

    // The wallet's records of it are the second provider's, by its own round id.
    const records = await api.db
      .select({ kind: walletTransactions.kind, gameId: walletTransactions.gameId })
      .from(walletTransactions)
      .where(and(eq(walletTransactions.provider, SECOND.id), eq(walletTransactions.roundId, round.id)))
    expect(records.length).toBeGreaterThan(0)
    expect(new Set(records.map((r) => r.gameId))).toEqual(new Set([`${SECOND.prefix}dice`]))
    // Bet History lists it under the provider's name.
    const bets = await api.ok('get_bet_list', { language: 'en' }, { token })
    expect(bets.items.find((b) => b.roundId === round.id)).toMatchObject({
      gameId: `${SECOND.prefix}dice`,
      provider: SECOND.name,
      bet: 1_00,
      win: round.win,
    })
    expect((await ledgerReport(api)).violations).toEqual([])
  })

  test(`${backend}: a log-out ends the player's games at the second provider too`, async () => {
    const { api, second } = sites.get(backend)!
    const { token } = await fundedPlayer(api, 5_00)
    const { session } = await launchGame(api, `${SECOND.prefix}dice`, 'real', token)
    expect((await play(second, session, 'game_open', {})).status).toBe(200)
    await api.ok('logout', {}, { token })
    await expect.poll(async () => (await play(second, session, 'game_open', {})).status).toBe(401)
  })
}
