// Another game provider plugged in by configuration alone (GAME_PROVIDERS; ADR 0049, "other
// providers"): the casino launches its games at its launch call with its key, and its wallet key
// names it in the seamless wallet, which moves money only on that provider's own games. No code
// of the casino API knows the provider or its games.
import { randomUUID } from 'node:crypto'
import { afterAll, expect, test } from 'vitest'
import { and, eq, TransactionRollbackError } from 'drizzle-orm'
import { walletTransactions } from '../src/db/schema.ts'
import { pruneSpentRows } from '../src/maintenance.ts'
import { playerBalance } from '../src/wallet/ledger.ts'
import { acmeFortune, startOtherProvider } from './feed-fixture.ts'
import { asGame, fundedPlayer, launchGame } from './game-helpers.ts'
import { AS_PROVIDER, backends, checkLedgerAfterEach, PROVIDER_SECRET, useApis } from './helpers.ts'

const ACME_KEY = 'the-key-the-casino-sends-acme'
const ACME_WALLET_KEY = 'acme-wallet-key-of-at-least-32-characters'
const asAcme = { headers: { 'x-provider-key': ACME_WALLET_KEY } }

const acme = await startOtherProvider([acmeFortune])
// A provider listed from its feed, without a launch call.
const beta = await startOtherProvider([{ ...acmeFortune, id: 'beta-stars', names: { es: 'Estrellas', en: 'Stars' } }])
afterAll(async () => {
  await acme.close()
  await beta.close()
})

const api = useApis({
  gameProviders: [
    {
      id: 'acme',
      name: 'Acme Gaming',
      feedUrl: acme.feedUrl,
      launchUrl: acme.launchUrl,
      endSessionsUrl: acme.endSessionsUrl,
      key: ACME_KEY,
      walletKey: ACME_WALLET_KEY,
    },
    { id: 'beta', feedUrl: beta.feedUrl },
  ],
})
checkLedgerAfterEach(api)

/** The calls of one round of `gameId`, each with a new transaction id. */
function roundOf(playerId: string, gameId: string) {
  const base = { playerId, currency: 'EUR' as const, roundId: `round-${randomUUID()}`, gameId }
  return {
    bet: (amount: number) => ({ ...base, transactionId: `bet-${randomUUID()}`, amount }),
    win: (amount: number) => ({ ...base, transactionId: `win-${randomUUID()}`, amount }),
  }
}

for (const backend of backends) {
  test(`${backend}: players see each provider by the name the casino gives it, or its id when it gives none`, async () => {
    const a = api(backend)
    const providers = await a.ok('get_game_providers', {})
    expect(providers.items.map((p) => [p.id, p.name])).toEqual([
      ['acme', 'Acme Gaming'],
      ['beta', 'beta'],
      ['builtin', 'Casino Originals'],
    ])
    const { items } = await a.ok('get_games', { provider: 'acme', language: 'en' })
    expect(items.map((g) => [g.id, g.provider])).toEqual([['acme-fortune', { id: 'acme', name: 'Acme Gaming' }]])
  })

  test(`${backend}: its game launches at its launch call, with its key, for the logged-in player or a visitor's demo`, async () => {
    const a = api(backend)
    const { playerId, token } = await fundedPlayer(a, 50_00)
    const launched = await a.ok('get_game_url', { gameId: 'acme-fortune', mode: 'real', language: 'en' }, { token })
    expect(new URL(launched.url).origin).toBe(acme.origin)
    expect(launched).toMatchObject({ gameId: 'acme-fortune', mode: 'real' })
    const asked = acme.launches.at(-1)!
    expect(asked.key).toBe(ACME_KEY)
    expect(asked.params).toMatchObject({
      gameId: 'acme-fortune',
      mode: 'real',
      playerId,
      currency: 'EUR',
      language: 'en',
    })
    expect(asked.params.casinoSession).toEqual(expect.any(String))
    expect(Date.parse(String(asked.params.endsBy))).toBeGreaterThan(Date.now())

    await a.ok('get_game_url', { gameId: 'acme-fortune', mode: 'demo', language: 'es' })
    expect(acme.launches.at(-1)!.params).toMatchObject({ mode: 'demo', playerId: null, casinoSession: null })

    // Real play still needs a log-in, which the casino checks before asking the provider.
    const before = acme.launches.length
    await a.fail('get_game_url', { gameId: 'acme-fortune', mode: 'real', language: 'en' }, 401)
    expect(acme.launches).toHaveLength(before)
  })

  test(`${backend}: a provider without a launch call, one that refuses, is down or answers outside the contract leaves its game unavailable`, async () => {
    const a = api(backend)
    const { token } = await fundedPlayer(a, 10_00)
    const launch = { gameId: 'acme-fortune', mode: 'real', language: 'en' } as const
    expect((await a.fail('get_game_url', { ...launch, gameId: 'beta-stars' }, 403, { token })).code).toBe(
      'game_unavailable',
    )
    try {
      // It no longer has the game.
      acme.answerLaunch({ status: 404 })
      expect((await a.fail('get_game_url', launch, 403, { token })).code).toBe('game_unavailable')
      // Down (asked twice), or a client's URL the site's page must not frame.
      for (const answer of [
        { status: 503 },
        { status: 200, body: { url: 'javascript:alert(1)', expiresAt: new Date().toISOString() } },
        { status: 200, body: { url: 'not a url' } },
      ]) {
        acme.answerLaunch(answer)
        expect((await a.fail('get_game_url', launch, 503, { token })).code).toBe('game_unavailable')
      }
    } finally {
      acme.answerLaunch(null)
    }
    await a.ok('get_game_url', launch, { token })
  })

  test(`${backend}: its wallet key moves money on its own games only, and the built-in provider's key not on its games`, async () => {
    const a = api(backend)
    const { playerId } = await fundedPlayer(a, 20_00)
    const round = roundOf(playerId, 'acme-fortune')
    expect((await a.ok('provider_bet', round.bet(5_00), asAcme)).balance.total).toBe(15_00)
    expect((await a.ok('provider_win', round.win(12_00), asAcme)).balance.total).toBe(27_00)
    expect((await playerBalance(a.db, playerId, 'EUR')).total).toBe(27_00)

    // Acme's key on a built-in game, the built-in provider's key on Acme's game: nothing moves.
    expect((await a.fail('provider_bet', roundOf(playerId, 'golden-sevens').bet(1_00), 403, asAcme)).code).toBe(
      'game_unavailable',
    )
    expect((await a.fail('provider_bet', roundOf(playerId, 'acme-fortune').bet(1_00), 403, AS_PROVIDER)).code).toBe(
      'game_unavailable',
    )
    const builtin = roundOf(playerId, 'golden-sevens')
    await a.ok('provider_bet', builtin.bet(1_00), AS_PROVIDER)
    // Acme has no bet standing in a round the built-in provider opened.
    expect((await a.fail('provider_win', builtin.win(50_00), 404, asAcme)).code).toBe('round_not_found')
    await a.ok('provider_win', builtin.win(0), AS_PROVIDER)
    // A wrong key, the key the casino sends Acme, or none, opens nothing.
    for (const key of [`${ACME_WALLET_KEY}x`, ACME_KEY, ''])
      await a.fail('provider_get_balance', { playerId, currency: 'EUR' }, 401, { headers: { 'x-provider-key': key } })
    expect((await playerBalance(a.db, playerId, 'EUR')).total).toBe(26_00)
  })

  test(`${backend}: a log-out ends the games it launched at the provider, asked again until a provider that was down answers`, async () => {
    const a = api(backend)
    const { token } = await fundedPlayer(a, 10_00)
    await a.ok('get_game_url', { gameId: 'acme-fortune', mode: 'real', language: 'es' }, { token })
    const casinoSession = acme.launches.at(-1)!.params.casinoSession
    await a.ok('logout', {}, { token })
    expect(acme.ends.find((e) => e.params.casinoSession === casinoSession)?.key).toBe(ACME_KEY)

    const second = await fundedPlayer(a, 10_00)
    await a.ok('get_game_url', { gameId: 'acme-fortune', mode: 'real', language: 'es' }, { token: second.token })
    const secondSession = acme.launches.at(-1)!.params.casinoSession
    acme.answerEnds(503)
    try {
      // The log-out does not wait for a provider that is down.
      await a.ok('logout', {}, { token: second.token })
      expect(acme.ends.filter((e) => e.params.casinoSession === secondSession).length).toBeGreaterThan(0)
    } finally {
      acme.answerEnds(200)
    }
    const asked = acme.ends.filter((e) => e.params.casinoSession === secondSession).length
    await expect
      .poll(() => acme.ends.filter((e) => e.params.casinoSession === secondSession).length, { timeout: 30_000 })
      .toBeGreaterThan(asked)
  })

  test(`${backend}: its rounds are in Bet History among the built-in games' ones, newest first, paged as one list, each with its details`, async () => {
    const a = api(backend)
    const { playerId, token } = await fundedPlayer(a, 100_00)
    const { session } = await launchGame(a, 'golden-sevens', 'real', token)
    const spin = () => a.ok('game_play', { bet: { lineBet: 10 }, moveId: randomUUID() }, asGame(session))
    const won = roundOf(playerId, 'acme-fortune')
    const open = roundOf(playerId, 'acme-fortune')
    const refunded = roundOf(playerId, 'acme-fortune')
    const twice = roundOf(playerId, 'acme-fortune')
    // Built-in spins and Acme's rounds in turn, so the two lists interleave in time.
    await spin()
    await a.ok('provider_bet', won.bet(5_00), asAcme)
    await a.ok('provider_win', won.win(12_00), asAcme)
    await spin()
    await a.ok('provider_bet', open.bet(2_00), asAcme)
    await spin()
    const refundedBet = refunded.bet(3_00)
    await a.ok('provider_bet', refundedBet, asAcme)
    await a.ok(
      'provider_rollback',
      { ...refundedBet, transactionId: `rb-${randomUUID()}`, betTransactionId: refundedBet.transactionId },
      asAcme,
    )
    await spin()
    await a.ok('provider_bet', twice.bet(1_00), asAcme)
    await a.ok('provider_bet', twice.bet(1_50), asAcme)
    await a.ok('provider_win', twice.win(0), asAcme)
    await spin()

    const list = (params: { page: number; pageSize: number }) =>
      a.ok('get_bet_list', { ...params, language: 'en' }, { token })
    const whole = await list({ page: 1, pageSize: 100 })
    expect(whole.total).toBe(9)
    expect(whole.items).toHaveLength(9)
    const times = whole.items.map((line) => Date.parse(line.placedAt))
    expect(times).toEqual([...times].sort((x, y) => y - x))
    const theirs = whole.items.filter((line) => line.provider === 'Acme Gaming')
    expect(theirs.map((line) => [line.roundId, line.status, line.bet, line.win, line.total])).toEqual([
      [twice.win(0).roundId, 'settled', 2_50, 0, -2_50],
      [refundedBet.roundId, 'rolled_back', 0, 0, 0],
      [open.bet(0).roundId, 'open', 2_00, 0, -2_00],
      [won.bet(0).roundId, 'settled', 5_00, 12_00, 7_00],
    ])
    expect(theirs.every((line) => line.gameName === 'Acme Fortune' && !line.verifiable)).toBe(true)
    // Acme's rounds sit between the spins they were played between.
    expect(whole.items.map((line) => line.provider)).toEqual([
      'Casino Originals',
      'Acme Gaming',
      'Casino Originals',
      'Acme Gaming',
      'Casino Originals',
      'Acme Gaming',
      'Casino Originals',
      'Acme Gaming',
      'Casino Originals',
    ])
    const spins = whole.items.filter((line) => line.provider !== 'Acme Gaming')
    const sum = (key: 'bet' | 'win') => whole.items.reduce((total, line) => total + line[key], 0)
    expect(whole.totals).toMatchObject({ bet: sum('bet'), win: sum('win'), total: sum('win') - sum('bet') })
    expect(whole.totals.bet).toBe(spins.reduce((total, line) => total + line.bet, 0) + 9_50)

    // Pages of two, of four: the same list cut in pieces, the totals of the whole window on each.
    for (const pageSize of [2, 4]) {
      const pages = await Promise.all([1, 2, 3, 4, 5].map((page) => list({ page, pageSize })))
      expect(pages.flatMap((p) => p.items.map((line) => line.id))).toEqual(whole.items.map((line) => line.id))
      expect(pages.every((p) => p.total === 9 && p.totals.bet === whole.totals.bet)).toBe(true)
    }

    // A round's details: what the wallet moved, its provider's own round, no seeds to show.
    const details = await a.ok('get_bet_details', { id: theirs[3]!.id, language: 'en' }, { token })
    expect(details).toMatchObject({
      provider: 'Acme Gaming',
      roundId: won.bet(0).roundId,
      bet: 5_00,
      win: 12_00,
      status: 'settled',
      mode: 'real',
      engine: null,
      seeds: null,
      moves: null,
    })
    // A round is named by its first bet; its second bet names nothing, nor does another player's look.
    const [second] = await a.db
      .select({ id: walletTransactions.id })
      .from(walletTransactions)
      .where(and(eq(walletTransactions.roundId, twice.bet(0).roundId), eq(walletTransactions.kind, 'bet')))
      .orderBy(walletTransactions.createdAt)
      .offset(1)
    expect((await a.ok('get_bet_details', { id: theirs[0]!.id, language: 'en' }, { token })).bet).toBe(2_50)
    await a.fail('get_bet_details', { id: second!.id, language: 'en' }, 404, { token })
    const other = await fundedPlayer(a, 1_00)
    await a.fail('get_bet_details', { id: theirs[3]!.id, language: 'en' }, 404, { token: other.token })
    expect((await a.ok('get_bet_list', { language: 'en' }, { token: other.token })).total).toBe(0)

    // The built-in provider's wallet records are pruned after four months; Acme's are its rounds'
    // only record and stay. Seen inside a transaction rolled back, so the ledger check after the
    // test still finds every wallet movement.
    let kept: { provider: string }[] = []
    await a.db
      .transaction(async (tx) => {
        await pruneSpentRows(tx, new Date(Date.now() + 200 * 24 * 3600_000))
        kept = await tx
          .select({ provider: walletTransactions.provider })
          .from(walletTransactions)
          .where(eq(walletTransactions.playerId, playerId))
        tx.rollback()
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error
      })
    expect(kept.map((row) => row.provider)).toEqual(Array(8).fill('acme'))
  })

  test(`${backend}: transaction ids are each provider's own: the same id from two providers is two transactions`, async () => {
    const a = api(backend)
    const { playerId } = await fundedPlayer(a, 10_00)
    const id = `bet-${randomUUID()}`
    const ours = { ...roundOf(playerId, 'golden-sevens').bet(1_00), transactionId: id }
    const theirs = { ...roundOf(playerId, 'acme-fortune').bet(2_00), transactionId: id }
    expect((await a.ok('provider_bet', ours, AS_PROVIDER)).balance.total).toBe(9_00)
    expect((await a.ok('provider_bet', theirs, asAcme)).balance.total).toBe(7_00)
    // Each replay answers as its first time did.
    expect((await a.ok('provider_bet', theirs, asAcme)).balance.total).toBe(7_00)
    expect((await playerBalance(a.db, playerId, 'EUR')).total).toBe(7_00)
    // Acme's bets are rolled back and their rounds closed by acme alone.
    await a.ok('provider_rollback', { ...theirs, transactionId: `rb-${randomUUID()}`, betTransactionId: id }, asAcme)
    expect((await playerBalance(a.db, playerId, 'EUR')).total).toBe(9_00)
  })
}

test("a wallet key that is the built-in provider's secret is refused; each key names its provider", async () => {
  const { providerAuth } = await import('../src/wallet/provider-auth.ts')
  expect(() => providerAuth(PROVIDER_SECRET, [{ id: 'acme', walletKey: PROVIDER_SECRET }])).toThrow(/wallet key/)
  const auth = providerAuth(PROVIDER_SECRET, [{ id: 'acme', walletKey: ACME_WALLET_KEY }, { id: 'beta' }])
  expect(auth(PROVIDER_SECRET)).toBe('builtin')
  expect(auth(ACME_WALLET_KEY)).toBe('acme')
  expect(auth(undefined)).toBeNull()
})
