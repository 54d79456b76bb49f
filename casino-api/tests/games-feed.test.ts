// The casino API keeps its catalogue from the game providers' feeds, over real HTTP (ADR 0045):
// a second provider's game, which no code of the casino API or the web app knows, is listed and
// shown with its art, rules and paytables; the built-in provider's own feed goes the same way.
import { afterAll, expect, test } from 'vitest'
import { CatalogFeed } from '../contract/index.ts'
import { catalogFeed } from '../../provider/games/feed.ts'
import { acmeFortune, startFeedServer } from './feed-fixture.ts'
import { fundedPlayer } from './game-helpers.ts'
import { backends, useApis } from './helpers.ts'

const FEED_KEY = 'acme-feed-key-for-tests'

// An id the built-in provider holds is not taken from it.
const acme = await startFeedServer({
  games: [acmeFortune, { ...acmeFortune, id: 'ember-crown', names: { es: 'Robada', en: 'Stolen' } }],
})
afterAll(acme.close)

const api = useApis({ gameProviders: [{ id: 'acme', feedUrl: acme.url, key: FEED_KEY }] })

for (const backend of backends) {
  test(`${backend}: a second provider's game is synced from its feed and shown through the contract`, async () => {
    const a = api(backend)
    expect(acme.asked.at(-1)?.['x-provider-key']).toBe(FEED_KEY)
    const lobby = await a.ok('get_games', { provider: 'acme', language: 'en' })
    expect(lobby.items).toMatchObject([
      { id: 'acme-fortune', name: 'Acme Fortune', provider: { id: 'acme' }, rtp: 95.5, volatility: 'high', minBet: 20 },
    ])
    const page = await a.ok('get_game', { gameId: 'acme-fortune', language: 'es' })
    expect(page).toMatchObject({
      name: 'Fortuna Acme',
      maxMultiplier: 2500,
      art: acmeFortune.art,
      rules: acmeFortune.rules.es,
      paytable: acmeFortune.paytable,
      tables: acmeFortune.tables.es,
    })
    // The built-in provider's title keeps its own name and provider.
    expect(await a.ok('get_game', { gameId: 'ember-crown', language: 'es' })).toMatchObject({
      name: 'Corona de Ascuas',
      provider: { id: 'builtin' },
    })
    await a.fail('get_game', { gameId: 'no-such-game', language: 'es' }, 404)
  })

  test(`${backend}: the built-in provider publishes its feed over HTTP on its own port, and its games are shown from it`, async () => {
    const a = api(backend)
    const answer = await fetch(`${a.providerUrl}/game-server/catalog`)
    expect(answer.status).toBe(200)
    // The casino API serves none of the provider's calls.
    expect((await a.fetch('/game-server/catalog')).status).toBe(404)
    const feed = CatalogFeed.parse(await answer.json())
    expect(feed).toEqual(catalogFeed())
    const roulette = feed.games.find((g) => g.id === 'european-roulette')!
    const page = await a.ok('get_game', { gameId: 'european-roulette', language: 'en' })
    expect(page).toMatchObject({
      rtp: roulette.rtp,
      maxMultiplier: roulette.maxMultiplier,
      rules: roulette.rules.en,
      tables: roulette.tables.en,
      paytable: null,
    })
    expect((await a.ok('get_game', { gameId: 'ember-crown', language: 'en' })).paytable?.rows.length).toBeGreaterThan(5)
  })

  test(`${backend}: a feed that fails leaves its games as they were; a game it drops stays, disabled`, async () => {
    const a = api(backend)
    acme.serve(503, { error: 'down' })
    expect(await a.syncCatalogs()).toMatchObject([{ provider: 'acme' }])
    expect((await a.ok('get_games', { provider: 'acme' })).total).toBe(1)

    acme.serve(200, { games: [] })
    expect(await a.syncCatalogs()).toEqual([])
    expect((await a.ok('get_games', { provider: 'acme' })).total).toBe(0)
    expect(await a.ok('get_game', { gameId: 'acme-fortune', language: 'en' })).toMatchObject({ name: 'Acme Fortune' })
    const { token } = await fundedPlayer(a, 100_00)
    expect(
      (await a.fail('get_game_url', { gameId: 'acme-fortune', mode: 'real', language: 'en' }, 403, { token })).code,
    ).toBe('game_unavailable')

    acme.serve(200, { games: [acmeFortune] })
    expect(await a.syncCatalogs()).toEqual([])
    expect((await a.ok('get_games', { provider: 'acme' })).total).toBe(1)
    // Listed again, but not launched through the built-in provider's game server, which does not
    // know it: without a launch call of its provider (ADR 0049) it is unavailable, in both modes.
    for (const mode of ['demo', 'real'] as const)
      expect(
        (await a.fail('get_game_url', { gameId: 'acme-fortune', mode, language: 'en' }, 403, { token })).code,
      ).toBe('game_unavailable')
  })
}
