// A round is one state machine: rotation against dealing, two moves against one round, a move
// whose request died, and game sessions that end with the player's session. Races show mostly on
// PostgreSQL, where requests really run at once; on PGlite they still must hold.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import type { BlackjackView } from '../../provider/games/engines/blackjack.ts'
import { hashServerSeed } from '../../provider/games/fair.ts'
import { players } from '../src/db/schema.ts'
import { gameRounds } from '../../provider/server/db/schema.ts'
import { asGame, fundedPlayer, launchGame } from './game-helpers.ts'
import {
  AS_PROVIDER,
  backends,
  checkLedgerAfterEach,
  useApis,
  type TestApi,
  ledgerReport,
  loginAnswer,
} from './helpers.ts'

const api = useApis()
checkLedgerAfterEach(api)

type Rows<T> = { rows: T[] }
const rows = async <T>(a: TestApi, query: ReturnType<typeof sql>) =>
  ((await a.db.execute(query)) as unknown as Rows<T>).rows
/** The same from the provider's schema: its rounds and seed pairs. */
const providerRows = async <T>(a: TestApi, query: ReturnType<typeof sql>) =>
  ((await a.providerDb.execute(query)) as unknown as Rows<T>).rows

/** Rounds whose seed pair is revealed while they are still open: each one a leak. */
const openOnRevealed = (a: TestApi) =>
  providerRows<{ id: string }>(
    a,
    sql`SELECT r.id FROM game_rounds r JOIN game_seeds s ON s.id = r.seed_id
        WHERE r.status = 'open' AND s.revealed_at IS NOT NULL`,
  )

/** The player's total balance as the wallet keeps it. */
const balanceOf = async (a: TestApi, token: string) => (await a.ok('get_player_balance', {}, { token })).total

/** Deals blackjack hands of 100 until one waits for a move that allows a double; answers it. */
async function waitingHand(a: TestApi, game: string) {
  for (;;) {
    const dealt = await a.ok('game_play', { bet: { stake: 100 }, moveId: randomUUID() }, asGame(game))
    if (dealt.round.win !== null) continue
    const view = dealt.round.view as BlackjackView
    if (view.moves.includes('double')) return dealt.round
    await a.ok('game_act', { roundId: dealt.round.id, action: { move: 'stand' }, moveId: randomUUID() }, asGame(game))
  }
}

for (const backend of backends) {
  test(`${backend}: rotating the seed pair while hands are dealt never reveals the seed of an open round`, async () => {
    const a = api(backend)
    const player = await fundedPlayer(a, 1_000_000)
    // Two game sessions of the same player: one deals, the other rotates (any session may).
    const dealer = (await launchGame(a, 'blackjack', 'real', player.token)).session
    const rotator = (await launchGame(a, 'blackjack', 'real', player.token)).session
    let rotated = 0
    let refused = 0
    for (let i = 0; i < 30; i++) {
      const [dealt, rotation] = await Promise.all([
        a.call('game_play', { bet: { stake: 100 }, moveId: randomUUID() }, asGame(dealer)),
        // A few milliseconds apart, as an attacker would try.
        new Promise((resolve) => setTimeout(resolve, i % 4)).then(() =>
          a.call('game_rotate_seeds', {}, asGame(rotator)),
        ),
      ])
      expect(dealt.status).toBe(200)
      const round = (dealt.body as { round: { id: string; finished: boolean } }).round
      if (rotation.status === 200) {
        rotated++
        const revealed = (rotation.body as { revealed: { serverSeed: string } }).revealed
        // The dealt round, if still waiting, must not be on the revealed pair.
        if (!round.finished) {
          const [seed] = await providerRows<{ server_seed_hash: string }>(
            a,
            sql`SELECT s.server_seed_hash FROM game_rounds r JOIN game_seeds s ON s.id = r.seed_id
                WHERE r.id = ${round.id}::uuid`,
          )
          expect(seed!.server_seed_hash).not.toBe(hashServerSeed(revealed.serverSeed))
        }
      } else {
        expect(rotation.status).toBe(409)
        expect((rotation.body as { error: { code: string } }).error.code).toBe('round_in_progress')
        refused++
      }
      expect(await openOnRevealed(a)).toEqual([])
      if (!round.finished)
        await a.ok('game_act', { roundId: round.id, action: { move: 'stand' }, moveId: randomUUID() }, asGame(dealer))
    }
    expect(rotated + refused).toBe(30)
    // With no round open, rotation works, and the revealed pair proves every round played on it.
    const last = await a.ok('game_rotate_seeds', {}, asGame(rotator))
    const [{ played }] = (await providerRows<{ played: number }>(
      a,
      sql`SELECT count(*)::int AS played FROM game_rounds r JOIN game_seeds s ON s.id = r.seed_id
          WHERE s.server_seed_hash = ${hashServerSeed(last.revealed.serverSeed)}`,
    )) as [{ played: number }]
    expect(last.revealed.rounds).toBe(played)
  })

  test(`${backend}: two moves sent at once on one hand are played once: one stake, and the balance agrees with the round`, async () => {
    const a = api(backend)
    const player = await fundedPlayer(a, 1_000_000)
    const game = (await launchGame(a, 'blackjack', 'real', player.token)).session
    const statuses = new Set<number>()
    for (let i = 0; i < 12; i++) {
      const round = await waitingHand(a, game)
      const before = await balanceOf(a, player.token)
      // Two doubles (another tab, a replayed request), or a double against a stand.
      const moves = i % 2 ? ['double', 'double'] : ['double', 'stand']
      const answers = await Promise.all(
        moves.map((move) =>
          a.call('game_act', { roundId: round.id, action: { move }, moveId: randomUUID() }, asGame(game)),
        ),
      )
      for (const answer of answers) {
        statuses.add(answer.status)
        expect([200, 409]).toContain(answer.status)
        if (answer.status === 409)
          expect((answer.body as { error: { code: string } }).error.code).toBe('move_in_progress')
      }
      const [kept] = await a.providerDb
        .select()
        .from(gameRounds)
        .where(sql`${gameRounds.id} = ${round.id}::uuid`)
      // One move was applied, and the wallet took exactly the round's stake and paid its win.
      expect(kept!.pending).toBeNull()
      expect((kept!.actions as unknown[]).length).toBe(1)
      expect(kept!.status).toBe('settled')
      const moved = await rows<{ bets: string; wins: string }>(
        a,
        sql`SELECT coalesce(sum(amount) FILTER (WHERE kind = 'bet'), 0)::text AS bets,
                   coalesce(sum(amount) FILTER (WHERE kind = 'win'), 0)::text AS wins
            FROM wallet_transactions WHERE round_id = ${round.id}`,
      )
      expect(Number(moved[0]!.bets)).toBe(kept!.stake)
      expect(Number(moved[0]!.wins)).toBe(kept!.win)
      // The deal's 100 had already left; the move took the rest of the stake and paid the win.
      expect(await balanceOf(a, player.token)).toBe(before - (kept!.stake - 100) + kept!.win!)
    }
    expect(statuses.has(500)).toBe(false)
  })

  test(`${backend}: a move whose request died is played on by the next launch, once; a fresh one refuses other moves`, async () => {
    const a = api(backend)
    const player = await fundedPlayer(a, 100_000)
    const game = (await launchGame(a, 'blackjack', 'real', player.token)).session
    const round = await waitingHand(a, game)
    const before = await balanceOf(a, player.token)
    // A double taken by a request that is still under way: another move waits its turn.
    const moveId = randomUUID()
    const hold = (at: string) =>
      a.providerDb
        .update(gameRounds)
        .set({ pending: { moveId, at, action: { move: 'double' } } })
        .where(sql`${gameRounds.id} = ${round.id}::uuid`)
    await hold(new Date().toISOString())
    const busy = await a.fail(
      'game_act',
      { roundId: round.id, action: { move: 'stand' }, moveId: randomUUID() },
      409,
      asGame(game),
    )
    expect(busy.code).toBe('move_in_progress')
    // The rotation waits for the round too.
    expect((await a.fail('game_rotate_seeds', {}, 409, asGame(game))).code).toBe('round_in_progress')

    // The request died a minute ago: the next launch plays the double, staking it once.
    await hold(new Date(Date.now() - 120_000).toISOString())
    const relaunched = (await launchGame(a, 'blackjack', 'real', player.token)).session
    const opened = await a.ok('game_open', {}, asGame(relaunched))
    expect(opened.openRound).toBeNull()
    const [kept] = await a.providerDb
      .select()
      .from(gameRounds)
      .where(sql`${gameRounds.id} = ${round.id}::uuid`)
    expect(kept!.status).toBe('settled')
    expect(kept!.stake).toBe(200)
    expect(kept!.actions).toEqual([{ moveId, action: { move: 'double' } }])
    expect(await balanceOf(a, player.token)).toBe(before - 100 + kept!.win!)
    // The same move sent again answers the round as it stands and moves nothing.
    const again = await a.ok('game_act', { roundId: round.id, action: { move: 'double' }, moveId }, asGame(game))
    expect(again.round.win).toBe(kept!.win)
    expect(await balanceOf(a, player.token)).toBe(before - 100 + kept!.win!)
  })

  test(`${backend}: a game session ends with the player's session: logout, a password change elsewhere, a blocked account`, async () => {
    const a = api(backend)
    const player = await fundedPlayer(a, 10_000)
    const bet = { bets: [{ type: 'red', numbers: [], amount: 100 }] }
    const play = (game: string) => a.call('game_play', { bet, moveId: randomUUID() }, asGame(game))
    const refused = async (game: string) => {
      expect((await play(game)).status).toBe(401)
      expect((await a.call('game_open', {}, asGame(game))).status).toBe(401)
    }

    // Logout: the games that session launched, real and demo, stake nothing more.
    const real = (await launchGame(a, 'european-roulette', 'real', player.token)).session
    const demo = (await launchGame(a, 'european-roulette', 'demo', player.token)).session
    expect((await play(real)).status).toBe(200)
    await a.ok('logout', {}, { token: player.token })
    const tokenA = await loginAgain(a, player)
    const before = await balanceOf(a, tokenA)
    await refused(real)
    await refused(demo)
    expect(await balanceOf(a, tokenA)).toBe(before)

    // A password change elsewhere revokes the other sessions, and their games with them.
    const tokenB = await loginAgain(a, player)
    const gameA = (await launchGame(a, 'european-roulette', 'real', tokenA)).session
    const gameB = (await launchGame(a, 'european-roulette', 'real', tokenB)).session
    const newPassword = `${player.params.password}-2`
    await a.ok('update_player_password', { oldPassword: player.params.password, newPassword }, { token: tokenB })
    player.params.password = newPassword
    await refused(gameA)
    const played = await play(gameB)
    expect(played.status).toBe(200)
    const afterB = (played.body as { balance: { amount: number } }).balance.amount

    // An account blocked by an operator stakes nothing more, whatever session it had: the casino's
    // wallet refuses its money at once, and the casino ends its game sessions at the provider
    // (the provider keeps no account status of its own).
    await a.db
      .update(players)
      .set({ status: 'suspended' })
      .where(sql`${players.id} = ${player.playerId}::uuid`)
    expect((await play(gameB)).status).toBe(403)
    await a.ok('end_provider_sessions', { playerId: player.playerId }, AS_PROVIDER)
    await refused(gameB)
    await a.db
      .update(players)
      .set({ status: 'active' })
      .where(sql`${players.id} = ${player.playerId}::uuid`)
    expect(await balanceOf(a, tokenB)).toBe(afterB)

    // A visitor's demo has no player's session to end with.
    const visitor = (await launchGame(a, 'european-roulette', 'demo')).session
    expect((await play(visitor)).status).toBe(200)
  })

  test(`${backend}: the casino ends game sessions at the provider with its key; a launch ends with its log-in at the latest`, async () => {
    const a = api(backend)
    const player = await fundedPlayer(a, 10_000)
    const bet = { bets: [{ type: 'red', numbers: [], amount: 100 }] }
    const status = async (game: string) =>
      (await a.call('game_play', { bet, moveId: randomUUID() }, asGame(game))).status
    const roulette = (await launchGame(a, 'european-roulette', 'real', player.token)).session
    const dice = (await launchGame(a, 'dice', 'demo', player.token)).session
    // Only the casino, with the provider's key, may end sessions.
    const ending = { gameId: 'european-roulette' }
    await a.fail('end_provider_sessions', ending, 401)
    await a.fail('end_provider_sessions', ending, 401, { token: player.token })
    expect((await a.fail('end_provider_sessions', {}, 400, AS_PROVIDER)).code).toBe('validation_failed')
    // A player's sessions of a game end, the others play on; ending them again ends nothing more.
    const mine = { ...ending, playerId: player.playerId }
    expect(await a.ok('end_provider_sessions', mine, AS_PROVIDER)).toEqual({ ended: 1 })
    expect(await a.ok('end_provider_sessions', mine, AS_PROVIDER)).toEqual({ ended: 0 })
    // A game's sessions end for every player (other tests of this file launched it too).
    const other = await fundedPlayer(a, 1_000)
    const theirs = (await launchGame(a, 'european-roulette', 'real', other.token)).session
    expect((await a.ok('end_provider_sessions', ending, AS_PROVIDER)).ended).toBeGreaterThanOrEqual(1)
    expect(await status(theirs)).toBe(401)
    expect(await a.ok('end_provider_sessions', ending, AS_PROVIDER)).toEqual({ ended: 0 })
    expect(await status(roulette)).toBe(401)
    expect(
      (
        await a.call(
          'game_play',
          { bet: { stake: 100, target: 5000, side: 'over' }, moveId: randomUUID() },
          asGame(dice),
        )
      ).status,
    ).toBe(200)

    // A log-in ending in a minute launches a game that ends with it, not six hours later.
    const inAMinute = new Date(Date.now() + 60_000)
    await a.db.execute(
      sql`UPDATE access_tokens SET expires_at = ${inAMinute.toISOString()}::timestamptz WHERE player_id = ${player.playerId}::uuid`,
    )
    const launched = await a.ok(
      'get_game_url',
      { gameId: 'european-roulette', mode: 'real', language: 'en' },
      { token: player.token },
    )
    expect(new Date(launched.expiresAt).getTime()).toBe(inAMinute.getTime())
  })

  test(`${backend}: the casino launches a game at the provider with its key; the provider answers the game client's URL`, async () => {
    const a = api(backend)
    const player = await fundedPlayer(a, 1_000)
    const inAnHour = new Date(Date.now() + 3600_000).toISOString()
    const launch = {
      gameId: 'dice',
      mode: 'real' as const,
      playerId: player.playerId,
      casinoSession: randomUUID(),
      currency: 'EUR' as const,
      language: 'en' as const,
      endsBy: inAnHour,
    }
    // Only the casino, with the provider's key, launches: not a visitor, not a player's token.
    await a.fail('provider_launch', launch, 401)
    await a.fail('provider_launch', launch, 401, { token: player.token })
    // A game the provider does not have; real money without a player; a field out of its range.
    expect((await a.fail('provider_launch', { ...launch, gameId: 'no-such-game' }, 404, AS_PROVIDER)).code).toBe(
      'game_not_found',
    )
    const anonymous = await a.fail('provider_launch', { ...launch, playerId: null }, 400, AS_PROVIDER)
    expect(anonymous.fields).toEqual({ playerId: ['field_required'] })
    await a.fail('provider_launch', { ...launch, gameId: 'x'.repeat(65) }, 400, AS_PROVIDER)

    // The URL opens the game for that player, in the game client's language, until the log-in's end.
    const made = await a.ok('provider_launch', launch, AS_PROVIDER)
    expect(made.expiresAt).toBe(inAnHour)
    const url = new URL(made.url)
    expect(url.pathname).toMatch(/^\/en\/game-frame\/[A-Za-z0-9_-]{43}$/)
    const session = url.pathname.split('/').pop()!
    const opened = await a.ok('game_open', {}, asGame(session))
    expect(opened.balance).toMatchObject({ amount: 1_000, currency: 'EUR', mode: 'real' })
    // A live table's client is its own page, and the Spanish one has no prefix.
    const live = await a.ok(
      'provider_launch',
      { ...launch, gameId: 'live-roulette', language: 'es' as const },
      AS_PROVIDER,
    )
    expect(new URL(live.url).pathname).toMatch(/^\/game-frame\/live\/[A-Za-z0-9_-]{43}$/)
  })

  test(`${backend}: ledger:check proves rounds against the wallet and finds an open round on a revealed seed`, async () => {
    const a = api(backend)
    const player = await fundedPlayer(a, 100_000)
    const game = (await launchGame(a, 'blackjack', 'real', player.token)).session
    const round = await waitingHand(a, game)
    expect((await ledgerReport(a)).violations).toEqual([])

    // A round that says it staked more than the wallet took.
    await a.providerDb
      .update(gameRounds)
      .set({ stake: 300 })
      .where(sql`${gameRounds.id} = ${round.id}::uuid`)
    const staked = await ledgerReport(a)
    expect(staked.violations.map((v) => v.rule)).toEqual(["each game round's stakes and win are its wallet movements"])
    expect(staked.violations[0]!.detail).toContain(round.id)
    await a.providerDb
      .update(gameRounds)
      .set({ stake: 100 })
      .where(sql`${gameRounds.id} = ${round.id}::uuid`)

    // Its seed pair revealed while it waits: a leak, and its details keep the seed hidden.
    await a.providerDb.execute(
      sql`UPDATE game_seeds SET revealed_at = now() WHERE id = (SELECT seed_id FROM game_rounds WHERE id = ${round.id}::uuid)`,
    )
    const leaked = await ledgerReport(a)
    expect(leaked.violations.map((v) => v.rule)).toEqual(['no revealed seed pair has an open round'])
    const details = await a.ok('get_bet_details', { id: round.id, language: 'en' }, { token: player.token })
    expect(details.seeds?.serverSeed).toBeNull()
    await a.ok('game_act', { roundId: round.id, action: { move: 'stand' }, moveId: randomUUID() }, asGame(game))
    const settled = await a.ok('get_bet_details', { id: round.id, language: 'en' }, { token: player.token })
    expect(settled.seeds?.serverSeed).toMatch(/^[0-9a-f]{64}$/)
  })
}

async function loginAgain(a: TestApi, player: { params: { username: string; password: string } }) {
  return (await loginAnswer(a, { username: player.params.username, password: player.params.password })).accessToken
}
