// Another game provider plugged in by configuration alone (GAME_PROVIDERS; ADR 0049, "other
// providers"): the casino launches its games at its launch call with its key, and its wallet key
// names it in the seamless wallet, which moves money only on that provider's own games. No code
// of the casino API knows the provider or its games.
import { randomUUID } from 'node:crypto'
import { afterAll, expect, test } from 'vitest'
import { playerBalance } from '../src/wallet/ledger.ts'
import { acmeFortune, startOtherProvider } from './feed-fixture.ts'
import { fundedPlayer } from './game-helpers.ts'
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
