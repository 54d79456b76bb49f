import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { catalogGame } from '../../provider/games/catalog.ts'
import { hashServerSeed, roundRng } from '../../provider/games/fair.ts'
import { gameNames } from '../src/db/schema.ts'
import { asGame, fundedPlayer, launchGame } from './game-helpers.ts'
import { activePlayer, AS_PROVIDER, backends, checkLedgerAfterEach, useApis, type TestApi } from './helpers.ts'

const api = useApis()
checkLedgerAfterEach(api)

const move = () => randomUUID()
const RED = { bets: [{ type: 'red', numbers: [], amount: 100 }] }

async function launch(a: TestApi, gameId: string, mode: 'demo' | 'real', token?: string) {
  const { url, session } = await launchGame(a, gameId, mode, token, 'es')
  // The client is the provider's own page, on its origin.
  expect(url.startsWith(`${a.providerUrl}/game-frame/`)).toBe(true)
  return session
}

for (const backend of backends) {
  test(`${backend}: a game not yet named in the page's language is listed, searched and shown by its Spanish name`, async () => {
    const a = api(backend)
    const english = and(eq(gameNames.gameId, 'golden-sevens'), eq(gameNames.locale, 'en'))
    await a.db.delete(gameNames).where(english)
    try {
      const found = await a.ok('get_games', { search: 'sietes', language: 'en' })
      expect(found.items).toMatchObject([{ id: 'golden-sevens', name: 'Sietes de Oro' }])
      expect((await a.ok('get_games', { search: 'golden sevens', language: 'en' })).total).toBe(0)
    } finally {
      await a.db.insert(gameNames).values({ gameId: 'golden-sevens', locale: 'en', name: 'Golden Sevens' })
    }
  })

  test(`${backend}: the lobby lists, filters, searches, sorts and pages the games, with localized names`, async () => {
    const a = api(backend)
    const all = await a.ok('get_games', { pageSize: 100 })
    expect(all.total).toBeGreaterThanOrEqual(14)
    expect(all.items.filter((g) => g.category === 'slots')).toHaveLength(10)
    const slots = await a.ok('get_games', { category: 'slots', pageSize: 4, page: 2, language: 'en' })
    expect(slots.total).toBe(10)
    expect(slots.items).toHaveLength(4)
    const found = await a.ok('get_games', { search: 'ruleta', live: false })
    expect(found.items.map((g) => g.id).sort()).toEqual(['american-roulette', 'european-roulette', 'french-roulette'])
    expect((await a.ok('get_games', { search: 'roulette', language: 'en', live: false })).total).toBe(3)
    expect((await a.ok('get_games', { search: 'ruleta', live: true })).items.map((g) => g.id)).toEqual([
      'live-roulette',
    ])
    // Wildcards typed by a player are plain characters.
    expect((await a.ok('get_games', { search: '%' })).total).toBe(0)
    const byName = await a.ok('get_games', { sort: 'name', language: 'en', pageSize: 100 })
    const names = byName.items.map((g) => g.name)
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, 'en')))
    const popular = await a.ok('get_games', { group: 'popular' })
    expect(popular.items.every((g) => g.tags.includes('popular'))).toBe(true)
    const groups = await a.ok('get_game_group_list', { language: 'en' })
    expect(groups.items.map((g) => g.name)).toEqual(['Popular', 'New', 'Exclusive', 'Live'])
    const providers = await a.ok('get_game_providers', {})
    expect(providers.items).toEqual([{ id: 'builtin', name: 'Casino Originals', logoUrl: null, gameCount: all.total }])
    // A visitor has no favourites; a player marks one.
    expect((await a.ok('get_games', { group: 'favourites' })).total).toBe(0)
    const { token } = await activePlayer(a)
    await a.ok('set_game_favourite', { gameId: 'dice', favourite: true }, { token })
    const favourites = await a.ok('get_games', { group: 'favourites' }, { token })
    expect(favourites.items.map((g) => [g.id, g.favourite])).toEqual([['dice', true]])
    await a.fail('set_game_favourite', { gameId: 'no-such-game', favourite: true }, 404, { token })
  })

  test(`${backend}: demo needs no account, plays with fun chips, and the same derivation as real play`, async () => {
    const a = api(backend)
    const game = await launch(a, 'european-roulette', 'demo')
    const opened = await a.ok('game_open', {}, asGame(game))
    expect(opened.balance).toEqual({ amount: 100_000, currency: 'EUR', mode: 'demo' })
    expect(opened.seeds.nonce).toBe(0)
    const played = await a.ok('game_play', { bet: RED, moveId: move() }, asGame(game))
    const pocket = (played.round.view as { pocket: number }).pocket
    expect(played.balance.amount).toBe(100_000 - 100 + (played.round.win ?? 0))
    expect(played.seeds.nonce).toBe(1)
    // The frame's session line: how long it has lasted and its net result.
    expect(opened.session).toEqual({ minutes: 0, net: 0 })
    const later = 5 * 60_000 + 1_000
    a.advance(later)
    expect((await a.ok('game_open', {}, asGame(game))).session).toEqual({
      minutes: 5,
      net: (played.round.win ?? 0) - 100,
    })
    a.advance(-later) // the clock back: the next tests read their rounds by date
    // Rotating reveals the server seed: it matches the hash shown before, and recomputes the pocket.
    const rotated = await a.ok('game_rotate_seeds', { clientSeed: 'mine' }, asGame(game))
    expect(hashServerSeed(rotated.revealed.serverSeed)).toBe(opened.seeds.serverSeedHash)
    expect(rotated.revealed.rounds).toBe(1)
    expect(
      roundRng({ serverSeed: rotated.revealed.serverSeed, clientSeed: opened.seeds.clientSeed, nonce: 0 }).int(37),
    ).toBe(pocket)
    expect(rotated.seeds).toMatchObject({ clientSeed: 'mine', nonce: 0 })
    // Real play needs a login; a demo token opens nothing else.
    await a.fail('get_game_url', { gameId: 'european-roulette', mode: 'real' }, 401)
    await a.fail('game_open', {}, 401, asGame('x'.repeat(43)))
    await a.fail('get_player_balance', {}, 401, { token: game })
  })

  test(`${backend}: real play stakes and pays through the wallet; a resent move plays once; the bet list shows it`, async () => {
    const a = api(backend)
    const { token, playerId } = await fundedPlayer(a, 10_000)
    const game = await launch(a, 'golden-sevens', 'real', token)
    const opened = await a.ok('game_open', {}, asGame(game))
    expect(opened.balance).toEqual({ amount: 10_000, currency: 'EUR', mode: 'real' })
    expect(opened.name).toBe('Sietes de Oro')
    const moveId = move()
    const [first, again] = await Promise.all([
      a.ok('game_play', { bet: { lineBet: 10 }, moveId }, asGame(game)),
      a.ok('game_play', { bet: { lineBet: 10 }, moveId }, asGame(game)),
    ]).catch(async () => {
      // The two may race on the unique move id; then the resend alone answers the round.
      const one = await a.ok('game_play', { bet: { lineBet: 10 }, moveId }, asGame(game))
      return [one, one]
    })
    expect(again.round.id).toBe(first.round.id)
    const win = first.round.win!
    const balance = await a.ok('get_player_balance', {}, { token })
    expect(balance.total).toBe(10_000 - 50 + win)
    const bets = await a.ok('get_bet_list', { language: 'en' }, { token })
    expect(bets.items).toHaveLength(1)
    expect(bets.items[0]).toMatchObject({ gameName: 'Golden Sevens', bet: 50, win, total: win - 50, status: 'settled' })
    expect(bets.totals).toMatchObject({ bet: 50, win })
    // Not verifiable until the seed pair is rotated; then the details carry the revealed seed.
    expect(bets.items[0]!.verifiable).toBe(false)
    await a.ok('game_rotate_seeds', {}, asGame(game))
    const details = await a.ok('get_bet_details', { id: first.round.id, language: 'es' }, { token })
    expect(details.verifiable).toBe(true)
    const config = catalogGame('golden-sevens')!
    const replay = config.engine.start(
      config.config,
      details.moves!.bet,
      roundRng({ ...details.seeds!, serverSeed: details.seeds!.serverSeed! }),
    )
    expect(replay.win).toBe(win)
    expect(replay.state).toEqual(details.outcome)
    // Another player cannot read it.
    const other = await activePlayer(a)
    await a.fail('get_bet_details', { id: first.round.id }, 404, { token: other.token })
    // The casino reads the round from the provider with the key they share; nobody reads it without.
    const asked = { playerId, id: first.round.id }
    await a.fail('get_provider_round', asked, 401)
    await a.fail('get_provider_round', asked, 401, { headers: { 'x-provider-key': 'k'.repeat(40) } })
    await a.fail('get_provider_round', asked, 401, { token })
    expect(await a.ok('get_provider_round', asked, AS_PROVIDER)).toMatchObject({ stake: 50, win, settled: true })
    await a.fail('get_provider_round', { ...asked, playerId: other.playerId }, 404, AS_PROVIDER)
    const window = { from: new Date(Date.now() - 60_000).toISOString(), to: new Date().toISOString(), page: 1 }
    const history = await a.ok('get_provider_rounds', { ...window, playerId, pageSize: 10 }, AS_PROVIDER)
    expect(history).toMatchObject({ total: 1, totals: { bet: 50, win }, items: [{ id: first.round.id }] })
    await a.fail('get_provider_rounds', { ...window, playerId, pageSize: 10 }, 401, { token })
  })

  test(`${backend}: not enough money is refused with a clear code and nothing moves; limits and bad bets are field errors`, async () => {
    const a = api(backend)
    const { token } = await fundedPlayer(a, 150)
    const game = await launch(a, 'european-roulette', 'real', token)
    await a.ok('game_play', { bet: RED, moveId: move() }, asGame(game))
    const poorer = (await a.ok('get_player_balance', {}, { token })).total
    const big = { bets: [{ type: 'black', numbers: [], amount: poorer + 1 }] }
    const refusal = await a.fail('game_play', { bet: big, moveId: move() }, 400, asGame(game))
    expect(refusal.code).toBe('insufficient_funds')
    expect((await a.ok('get_player_balance', {}, { token })).total).toBe(poorer)
    const limits = await a.fail(
      'game_play',
      { bet: { bets: [{ type: 'red', numbers: [], amount: 5 }] }, moveId: move() },
      400,
      asGame(game),
    )
    expect(limits.fields).toEqual({ 'bet.stake': ['amount_out_of_range'] })
    // The table's limits fill the message, as money of the player's currency.
    const { minBet, maxBet } = catalogGame('european-roulette')!.limits
    expect(limits.args).toEqual([
      { amount: minBet, currency: 'EUR' },
      { amount: maxBet, currency: 'EUR' },
    ])
    // A number off the wheel is a catalogue code, not zod's 'Too small: expected number to be >=0'.
    const offTheWheel = await a.fail(
      'game_play',
      { bet: { bets: [{ type: 'straight', numbers: [-1], amount: 10 }] }, moveId: move() },
      400,
      asGame(game),
    )
    expect(offTheWheel.fields).toEqual({ 'bet.bets.0.numbers.0': ['invalid_value'] })
    const table = await a.fail(
      'game_play',
      { bet: { bets: [{ type: 'split', numbers: [1, 9], amount: 10 }] }, moveId: move() },
      400,
      asGame(game),
    )
    expect(table.fields).toEqual({ 'bet.bets.0': ['invalid_value'] })
    const shape = await a.fail('game_play', { bet: 'all in', moveId: move() }, 400, asGame(game))
    expect(shape.code).toBe('validation_failed')
    // The refused round is not in the history.
    expect((await a.ok('get_bet_list', {}, { token })).total).toBe(1)
  })

  test(`${backend}: rounds played at once on one wallet never overdraw it`, async () => {
    const a = api(backend)
    const { token } = await fundedPlayer(a, 1_000)
    const game = await launch(a, 'dice', 'real', token)
    // Twenty bets of 1.00 at 98 % to lose (over 98.00) against 10.00: at most ten can be staked.
    const bet = { stake: 100, target: 9800, side: 'over' }
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => a.call('game_play', { bet, moveId: move() }, asGame(game))),
    )
    const balance = await a.ok('get_player_balance', {}, { token })
    expect(balance.total).toBeGreaterThanOrEqual(0)
    const played = answers.filter((r) => r.status === 200).length
    const bets = await a.ok('get_bet_list', { pageSize: 100 }, { token })
    expect(bets.total).toBe(played)
    expect(balance.total).toBe(1_000 - bets.totals.bet + bets.totals.win)
    for (const r of answers.filter((x) => x.status !== 200))
      expect((r.body as { error: { code: string } }).error.code).toBe('insufficient_funds')
  })

  test(`${backend}: the lobby's recently played row lists a player's games by their last round, demo or real, as the provider tells`, async () => {
    const a = api(backend)
    const { token, playerId } = await fundedPlayer(a, 10_00)
    const recent = async () =>
      (await a.ok('get_games', { group: 'recent', language: 'en' }, { token })).items.map((g) => g.id)
    expect(await recent()).toEqual([])
    await a.ok('game_play', { bet: RED, moveId: move() }, asGame(await launch(a, 'european-roulette', 'real', token)))
    const dice = await launch(a, 'dice', 'demo', token)
    await a.ok('game_play', { bet: { stake: 100, target: 5000, side: 'over' }, moveId: move() }, asGame(dice))
    expect(await recent()).toEqual(['dice', 'european-roulette'])
    // A launch alone plays nothing; another round puts its game first again.
    await launch(a, 'golden-sevens', 'demo', token)
    const roulette = await launch(a, 'european-roulette', 'demo', token)
    await a.ok('game_play', { bet: RED, moveId: move() }, asGame(roulette))
    expect(await recent()).toEqual(['european-roulette', 'dice'])
    // The casino asks the provider, which keeps the rounds, with the key they share; nobody else may.
    const asked = { playerId, limit: 1 }
    expect((await a.ok('get_provider_recent_games', asked, AS_PROVIDER)).items).toEqual([
      { gameId: 'european-roulette', lastPlayedAt: expect.any(String) },
    ])
    await a.fail('get_provider_recent_games', asked, 401, { token })
    await a.fail('get_provider_recent_games', asked, 401, { headers: { 'x-provider-key': 'k'.repeat(40) } })
    // Another player's rounds are not theirs, and a visitor has none.
    const other = await activePlayer(a)
    expect((await a.ok('get_games', { group: 'recent' }, { token: other.token })).items).toEqual([])
    expect((await a.ok('get_games', { group: 'recent' })).items).toEqual([])
  })
}
