// The casino API keeps its catalogue from the game providers' feeds, over real HTTP (ADR 0045):
// a second provider's game, which no code of the casino API or the web app knows, is listed and
// shown with its art, rules and paytables; the built-in provider's own feed goes the same way.
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, expect, test } from 'vitest'
import { CatalogFeed, type FeedGame } from '../contract/index.ts'
import { catalogFeed } from '../games/feed.ts'
import { fundedPlayer } from './game-helpers.ts'
import { backends, useApis } from './helpers.ts'

const FEED_KEY = 'acme-feed-key-for-tests'

const acmeFortune: FeedGame = {
  id: 'acme-fortune',
  names: { es: 'Fortuna Acme', en: 'Acme Fortune' },
  category: 'slots',
  live: false,
  tags: ['new'],
  volatility: 'high',
  rtp: 95.5,
  minBet: 20,
  maxBet: 5000,
  maxMultiplier: 2500,
  order: 1,
  art: {
    hues: [12, 48],
    emblem: '☼',
    symbols: { sun: { glyph: '☼', tone: 'gold' }, moon: { glyph: '☾', tone: 'ice' } },
  },
  rules: { es: 'Tres soles en línea pagan.', en: 'Three suns on a line pay.' },
  paytable: {
    runs: [3, 4, 5],
    rows: [
      { glyph: '☼', tone: 'gold', pays: [10, 50, 250] },
      { glyph: '☾', tone: 'ice', pays: [null, 5, 20] },
    ],
  },
  tables: {
    es: [{ caption: 'Premios', head: ['Símbolo', 'Paga'], rows: [['Sol', '× 250']] }],
    en: [{ caption: 'Prizes', head: ['Symbol', 'Pays'], rows: [['Sun', '× 250']] }],
  },
}

/** A provider's feed server: what it serves can change, and it remembers the headers it was asked with. */
let served: { status: number; feed: unknown } = {
  status: 200,
  // An id the built-in provider holds is not taken from it.
  feed: { games: [acmeFortune, { ...acmeFortune, id: 'ember-crown', names: { es: 'Robada', en: 'Stolen' } }] },
}
const asked: IncomingHttpHeaders[] = []
const feedServer = createServer((request, response) => {
  asked.push(request.headers)
  response.writeHead(served.status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(served.feed))
})
await new Promise<void>((listening) => feedServer.listen(0, '127.0.0.1', listening))
afterAll(() => new Promise((closed) => feedServer.close(closed)))
const feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/catalog`

const api = useApis({ gameProviders: [{ id: 'acme', feedUrl, key: FEED_KEY }] })

for (const backend of backends) {
  test(`${backend}: a second provider's game is synced from its feed and shown through the contract`, async () => {
    const a = api(backend)
    expect(asked.at(-1)?.['x-provider-key']).toBe(FEED_KEY)
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

  test(`${backend}: the built-in provider publishes its feed over HTTP, and its games are shown from it`, async () => {
    const a = api(backend)
    const answer = await a.fetch('/game-server/catalog')
    expect(answer.status).toBe(200)
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
    served = { status: 503, feed: { error: 'down' } }
    expect(await a.syncCatalogs()).toMatchObject([{ provider: 'acme' }])
    expect((await a.ok('get_games', { provider: 'acme' })).total).toBe(1)

    served = { status: 200, feed: { games: [] } }
    expect(await a.syncCatalogs()).toEqual([])
    expect((await a.ok('get_games', { provider: 'acme' })).total).toBe(0)
    expect(await a.ok('get_game', { gameId: 'acme-fortune', language: 'en' })).toMatchObject({ name: 'Acme Fortune' })
    const { token } = await fundedPlayer(a, 100_00)
    expect(
      (await a.fail('get_game_url', { gameId: 'acme-fortune', mode: 'real', language: 'en' }, 403, { token })).code,
    ).toBe('game_unavailable')

    served = { status: 200, feed: { games: [acmeFortune] } }
    expect(await a.syncCatalogs()).toEqual([])
    expect((await a.ok('get_games', { provider: 'acme' })).total).toBe(1)
  })
}
