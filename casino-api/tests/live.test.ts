import { randomBytes, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { WebSocket } from 'ws'
import { LIVE_SOCKET_PATH, LiveSocketEvent, englishMessages, type LiveRoundView } from '../contract/index.ts'
import { betReturn } from '../../provider/games/engines/roulette.ts'
import { hashServerSeed, roundRng } from '../../provider/games/fair.ts'
import { liveBets, liveRounds } from '../../provider/server/db/schema.ts'
import { settleTable } from '../../provider/server/live.ts'
import { httpWallet } from '../../provider/server/wallet-client.ts'
import { asGame, fundedPlayer } from './game-helpers.ts'
import {
  activePlayer,
  backends,
  checkLedgerAfterEach,
  PROVIDER_SECRET,
  startTestApi,
  useApis,
  type TestApi,
} from './helpers.ts'

// Short rounds: a 6 s betting window (room for a few bets on a busy machine), a 0.3 s spin, the
// result shown 0.3 s.
const TIMINGS = { bettingMs: 6_000, spinMs: 300, resultMs: 300, tickMs: 100 }
// The leader test takes no bets: rounds as fast as the instances tick.
const FAST = { bettingMs: 600, spinMs: 200, resultMs: 200, tickMs: 50 }
const api = useApis({ liveTables: TIMINGS })
checkLedgerAfterEach(api)

const TABLE = 'live-roulette'
const RED = { bets: [{ type: 'red' as const, numbers: [], amount: 100 }] }
const STRAIGHT_7 = { bets: [{ type: 'straight' as const, numbers: [7], amount: 50 }] }
const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!

const until = async <T>(
  check: () => Promise<T | undefined> | T | undefined,
  what: string,
  withinMs = 30_000,
): Promise<T> => {
  const end = Date.now() + withinMs
  for (;;) {
    const value = await check()
    if (value !== undefined && value !== false) return value
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

async function launchTable(a: TestApi, mode: 'demo' | 'real', token?: string) {
  const answer = await a.ok('get_live_game_url', { gameId: TABLE, mode, language: 'en' }, token ? { token } : {})
  expect(answer.tableId).toBe(TABLE)
  return tokenOf(answer.url)
}

/** A round whose betting window stays open for at least `margin` ms more. */
const openRound = (a: TestApi, game: string, margin = 4_500) =>
  until(async () => {
    const table = await a.ok('get_live_table', {}, asGame(game))
    const round = table.round
    if (round?.phase === 'betting' && Date.parse(round.bettingClosesAt) - Date.parse(table.now) > margin) return round
    return undefined
  }, 'a round taking bets')

const finished = (a: TestApi, game: string, roundId: string) =>
  until(async () => {
    const table = await a.ok('get_live_table', {}, asGame(game))
    const round = table.history.find((r) => r.id === roundId)
    return round ? { round, table } : undefined
  }, 'the round’s result')

/** Opens the provider's live socket and sends `watch` with a launch's game session (any text). */
async function openLive(providerUrl: string, gameSession: string) {
  const ws = new WebSocket(providerUrl.replace(/^http/, 'ws') + LIVE_SOCKET_PATH)
  const events: LiveSocketEvent[] = []
  ws.on('message', (data) => events.push(LiveSocketEvent.parse(JSON.parse(data.toString()))))
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)))
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  ws.send(JSON.stringify({ type: 'watch', session: gameSession }))
  return { ws, events, closed }
}

/** Watches the table on the provider's live socket with a launch's game session. */
async function connect(providerUrl: string, gameSession: string) {
  const socket = await openLive(providerUrl, gameSession)
  await until(() => socket.events.some((e) => e.type === 'subscribed'), 'the subscription')
  return socket
}

/** The pocket as anyone can recompute it: client seed = round id, nonce 0, first draw of 37. */
const verifyPocket = (round: LiveRoundView) =>
  roundRng({ serverSeed: round.serverSeed!, clientSeed: round.id, nonce: 0 }).int(37)

for (const backend of backends) {
  test(`${backend}: a round opens with its seed committed, takes bets in its window, shows one verifiable result and pays once`, async () => {
    const a = api(backend)
    const player = await fundedPlayer(a, 10_00)
    const game = await launchTable(a, 'real', player.token)
    const visitor = await launchTable(a, 'demo')
    const socket = await connect(a.providerUrl, game)

    const round = await openRound(a, game)
    expect(round.serverSeed).toBeNull()
    expect(round.result).toBeNull()
    expect(round.serverSeedHash).toMatch(/^[0-9a-f]{64}$/)

    const moveId = randomUUID()
    const placed = await a.ok('live_bet', { roundId: round.id, bet: RED, moveId }, asGame(game))
    expect(placed.bet).toMatchObject({ roundId: round.id, stake: 100, status: 'staked', win: null })
    expect(placed.balance.amount).toBe(10_00 - 100)
    // In Bet History at once: open, its round's seed still secret.
    const pending = await a.ok('get_bet_details', { id: placed.bet.id, language: 'en' }, { token: player.token })
    expect(pending).toMatchObject({
      gameId: TABLE,
      gameName: 'Live Roulette',
      roundId: round.id,
      bet: 100,
      status: 'open',
      verifiable: false,
      engine: 'roulette',
      seeds: { serverSeedHash: round.serverSeedHash, serverSeed: null, clientSeed: round.id, nonce: 0 },
      moves: { bet: RED, actions: [] },
      outcome: null,
    })
    // The lobby's recently played row has the table.
    const recent = await a.ok('get_games', { group: 'recent', language: 'en' }, { token: player.token })
    expect(recent.items.map((g) => g.id)).toEqual([TABLE])
    // A resend of the same bet answers it again and stakes nothing more.
    const again = await a.ok('live_bet', { roundId: round.id, bet: RED, moveId }, asGame(game))
    expect(again.bet.id).toBe(placed.bet.id)
    expect(again.balance.amount).toBe(10_00 - 100)
    // A visitor bets fun chips on the same round.
    const demo = await a.ok('live_bet', { roundId: round.id, bet: STRAIGHT_7, moveId: randomUUID() }, asGame(visitor))
    expect(demo.balance).toMatchObject({ mode: 'demo', amount: 100_000 - 50 })

    const { round: done, table } = await finished(a, game, round.id)
    // The seed revealed is the one committed before any bet, and it alone gives the result.
    expect(hashServerSeed(done.serverSeed!)).toBe(round.serverSeedHash)
    expect(done.clientSeed).toBe(round.id)
    expect(done.result).toBe(verifyPocket(done))
    const win = betReturn({ wheel: 'european' }, RED.bets[0]!, done.result!)

    const settled = await until(async () => {
      const t = await a.ok('get_live_table', {}, asGame(game))
      const bet = t.bets.find((b) => b.id === placed.bet.id)
      return bet?.status === 'settled' ? { bet, t } : undefined
    }, 'the bet paid')
    expect(settled.bet.win).toBe(win)
    expect(settled.t.balance.amount).toBe(10_00 - 100 + win)
    expect(table.history[0]!.seq).toBeGreaterThanOrEqual(done.seq)

    // Bet History: the bet with its win, in the totals, and checkable with the round's revealed
    // seed; the engine replays it to the pocket the table showed. Nobody else reads it.
    const history = await a.ok('get_bet_list', { language: 'en' }, { token: player.token })
    expect(history.items.find((b) => b.id === placed.bet.id)).toMatchObject({
      roundId: round.id,
      gameName: 'Live Roulette',
      status: 'settled',
      bet: 100,
      win,
      total: win - 100,
      verifiable: true,
    })
    expect(history.totals).toMatchObject({ bet: 100, win, total: win - 100, currency: 'EUR' })
    const details = await a.ok('get_bet_details', { id: placed.bet.id, language: 'es' }, { token: player.token })
    expect(details).toMatchObject({ gameName: 'Ruleta en Vivo', status: 'settled', win, verifiable: true })
    expect(details.seeds?.serverSeed).toBe(done.serverSeed)
    expect(details.outcome).toMatchObject({ pocket: done.result })
    const other = await activePlayer(a)
    await a.fail('get_bet_details', { id: placed.bet.id, language: 'en' }, 404, { token: other.token })
    expect((await a.ok('get_bet_list', { language: 'en' }, { token: other.token })).items).toEqual([])

    // The visitor's chips: paid in the same step as the result.
    const demoTable = await a.ok('get_live_table', {}, asGame(visitor))
    const demoBet = demoTable.bets.find((b) => b.id === demo.bet.id)!
    expect(demoBet).toMatchObject({ status: 'settled', win: done.result === 7 ? 50 * 36 : 0 })
    expect(demoTable.balance.amount).toBe(100_000 - 50 + demoBet.win!)

    // The socket told the table's story in order, with the same seed, and the player's payout.
    const eventsOfRound = () => socket.events.filter((e) => 'roundId' in e && e.roundId === round.id).map((e) => e.type)
    // The settlement's notice is sent after its commit: it may still be on its way.
    await expect
      .poll(eventsOfRound)
      .toEqual(expect.arrayContaining(['live_bets_closed', 'live_round_result', 'live_round_settled']))
    const forRound = eventsOfRound()
    expect(forRound.indexOf('live_bets_closed')).toBeLessThan(forRound.indexOf('live_round_result'))
    const result = socket.events.find((e) => e.type === 'live_round_result' && e.roundId === round.id)
    expect(result).toMatchObject({ outcome: { value: done.result }, serverSeed: done.serverSeed, nonce: 0 })
    expect(socket.events.find((e) => e.type === 'live_round_settled' && e.roundId === round.id)).toMatchObject({
      bet: 100,
      win,
      currency: 'EUR',
    })
    socket.ws.close()

    // Settling again (a crash after the payment, before the bet was marked) pays nothing more.
    await a.providerDb.update(liveBets).set({ status: 'staked' }).where(eq(liveBets.id, placed.bet.id))
    await a.providerDb.update(liveRounds).set({ settledAt: null }).where(eq(liveRounds.id, round.id))
    const ctx = {
      db: a.providerDb,
      now: () => new Date(),
      wallet: httpWallet(() => a.url, PROVIDER_SECRET),
    }
    await settleTable(ctx, TABLE)
    await settleTable(ctx, TABLE)
    const after = await a.ok('get_live_table', {}, asGame(game))
    expect(after.balance.amount).toBe(10_00 - 100 + win)
    expect(after.bets.find((b) => b.id === placed.bet.id)?.status).toBe('settled')
  })

  test(`${backend}: a bet after the window closes, on an unknown round, or beyond the balance is refused and moves nothing`, async () => {
    const a = api(backend)
    const player = await fundedPlayer(a, 1_50)
    const game = await launchTable(a, 'real', player.token)
    const round = await openRound(a, game)
    const closed = await until(async () => {
      const t = await a.ok('get_live_table', {}, asGame(game))
      if (t.round?.id === round.id && t.round.phase !== 'betting') return t.round
      // A busy machine's reading may come after the short spin and result: the round is closed
      // once it is in the history.
      return t.history.find((r) => r.id === round.id)
    }, 'the window to close')
    const late = await a.fail('live_bet', { roundId: closed.id, bet: RED, moveId: randomUUID() }, 409, asGame(game))
    expect(late.code).toBe('betting_closed')
    expect(late.message).toBe(englishMessages.betting_closed)
    expect(
      (await a.fail('live_bet', { roundId: 'not-a-round', bet: RED, moveId: randomUUID() }, 409, asGame(game))).code,
    ).toBe('betting_closed')
    expect(
      (await a.fail('live_bet', { roundId: randomUUID(), bet: RED, moveId: randomUUID() }, 409, asGame(game))).code,
    ).toBe('betting_closed')

    const next = await openRound(a, game)
    const tooMuch = { bets: [{ type: 'black', numbers: [], amount: 2_00 }] }
    expect(
      (await a.fail('live_bet', { roundId: next.id, bet: tooMuch, moveId: randomUUID() }, 400, asGame(game))).code,
    ).toBe('insufficient_funds')
    const wrong = { bets: [{ type: 'split', numbers: [1, 9], amount: 100 }] }
    expect(
      (await a.fail('live_bet', { roundId: next.id, bet: wrong, moveId: randomUUID() }, 400, asGame(game))).code,
    ).toBe('validation_failed')
    // Too small a chip and a number off the wheel: the table's limits as money, catalogue codes only.
    const small = { bets: [{ type: 'red', numbers: [], amount: 1 }] }
    const limits = await a.fail('live_bet', { roundId: next.id, bet: small, moveId: randomUUID() }, 400, asGame(game))
    expect(limits).toMatchObject({ fields: { 'bet.stake': ['amount_out_of_range'] } })
    expect(limits.args).toEqual([
      expect.objectContaining({ currency: 'EUR' }),
      expect.objectContaining({ currency: 'EUR' }),
    ])
    const offTheWheel = { bets: [{ type: 'straight', numbers: [-1], amount: 100 }] }
    const hostile = await a.fail(
      'live_bet',
      { roundId: next.id, bet: offTheWheel, moveId: randomUUID() },
      400,
      asGame(game),
    )
    expect(hostile.fields).toEqual({ 'bet.bets.0.numbers.0': ['invalid_value'] })
    const table = await a.ok('get_live_table', {}, asGame(game))
    expect(table.balance.amount).toBe(1_50)
    expect(table.bets.filter((b) => b.status !== 'cancelled')).toEqual([])
    // The table is a live one: its session cannot play private rounds through game_play.
    await a.fail('game_play', { bet: RED, moveId: randomUUID() }, 403, asGame(game))
    // And a casino game is not launched as a live table.
    await a.fail('get_live_game_url', { gameId: 'european-roulette', mode: 'demo' }, 404)
  })

  test(`${backend}: the provider's live socket tells a table's watchers its rounds, each player only their own payouts, and closes when the session ends`, async () => {
    const a = api(backend)
    const table = await a.ok('get_live_table', {}, asGame(await launchTable(a, 'demo')))
    // The table's reading names the socket, on the provider's own origin.
    expect(table.socket).toBe(`${a.providerUrl.replace(/^http/, 'ws')}${LIVE_SOCKET_PATH}`)

    // A visitor watches too; the first frame says where the table stands.
    const visitor = await connect(a.providerUrl, await launchTable(a, 'demo'))
    expect(visitor.events[0]).toMatchObject({ type: 'subscribed', tableId: TABLE })
    const player = await fundedPlayer(a, 5_00)
    const game = await launchTable(a, 'real', player.token)
    const mine = await connect(a.providerUrl, game)
    const other = await fundedPlayer(a, 5_00)
    const theirs = await connect(a.providerUrl, await launchTable(a, 'real', other.token))

    const round = await openRound(a, game)
    const placed = await a.ok('live_bet', { roundId: round.id, bet: RED, moveId: randomUUID() }, asGame(game))
    await finished(a, game, round.id)
    await until(
      () => mine.events.some((e) => e.type === 'live_round_settled' && e.roundId === round.id),
      'the payout told to its player',
    )
    // Everyone watching heard the round's result; the payout only its player.
    for (const socket of [visitor, theirs])
      await until(
        () => socket.events.some((e) => e.type === 'live_round_result' && e.roundId === round.id),
        'the result told to every watcher',
      )
    expect(theirs.events.some((e) => e.type === 'live_round_settled')).toBe(false)
    expect(visitor.events.some((e) => e.type === 'live_round_settled')).toBe(false)
    expect(placed.bet.stake).toBe(100)

    // The player logs out: the casino ends their games, and their socket closes at once.
    await a.ok('logout', {}, { token: player.token })
    expect(await mine.closed).toBe(4401)
    expect(theirs.ws.readyState).toBe(WebSocket.OPEN)
    // The ended session cannot watch again, a made-up one neither; a casino game's is not a table's.
    expect(await (await openLive(a.providerUrl, game)).closed).toBe(4401)
    expect(await (await openLive(a.providerUrl, 'x'.repeat(43))).closed).toBe(4401)
    const slots = await a.ok('get_game_url', { gameId: 'european-roulette', mode: 'demo', language: 'en' })
    expect(await (await openLive(a.providerUrl, tokenOf(slots.url))).closed).toBe(4404)
    // Another path is no socket; frames it does not know are ignored, and a ping answered.
    const stray = new WebSocket(`${a.providerUrl.replace(/^http/, 'ws')}/front/socket`)
    expect(
      await new Promise((resolve) => stray.once('unexpected-response', (_req, res) => resolve(res.statusCode))),
    ).toBe(404)
    theirs.ws.send('{"type":"transfer","amount":100000}')
    theirs.ws.send('not json')
    theirs.ws.send('{"type":"ping","id":"p1"}')
    await until(() => theirs.events.some((e) => e.type === 'pong' && e.id === 'p1'), 'the pong')
    // A second watch (another table's session, say) changes nothing: one socket, one table, once.
    const before = theirs.events.filter((e) => e.type === 'subscribed').length
    theirs.ws.send(JSON.stringify({ type: 'watch', session: tokenOf(slots.url) }))
    theirs.ws.send('{"type":"ping","id":"p2"}')
    await until(() => theirs.events.some((e) => e.type === 'pong' && e.id === 'p2'), 'the second pong')
    expect(theirs.events.filter((e) => e.type === 'subscribed')).toHaveLength(before)
    expect(theirs.ws.readyState).toBe(WebSocket.OPEN)
    // A frame past the socket's 4 KiB is never read: the socket closes (1009).
    const flooded = await openLive(a.providerUrl, 'x'.repeat(43))
    flooded.ws.send('x'.repeat(5_000))
    expect([1009, 4401]).toContain(await flooded.closed)
    const big = new WebSocket(`${a.providerUrl.replace(/^http/, 'ws')}${LIVE_SOCKET_PATH}`)
    const bigClosed = new Promise<number>((resolve) => big.once('close', (code) => resolve(code)))
    await new Promise((resolve) => big.once('open', resolve))
    big.send(JSON.stringify({ type: 'watch', session: 'y'.repeat(10_000) }))
    expect(await bigClosed).toBe(1009)
    visitor.ws.close()
    theirs.ws.close()
  })

  test(`${backend}: the home rows include the live table in a live row, localized`, async () => {
    const a = api(backend)
    const es = await a.ok('get_game_group_list', { language: 'es' })
    const live = es.items.find((g) => g.id === 'live')!
    expect(live).toMatchObject({ name: 'En vivo', live: true })
    expect(live.games.map((g) => [g.id, g.name, g.live])).toEqual([[TABLE, 'Ruleta en Vivo', true]])
    const lobby = await a.ok('get_games', { live: true, language: 'en' })
    expect(lobby.items.map((g) => g.name)).toEqual(['Live Roulette'])
  })
}

/** The results a socket got, as `<round>:<pocket>`. */
const results = (events: LiveSocketEvent[]) =>
  events.flatMap((e) => (e.type === 'live_round_result' ? [`${e.roundId}:${e.outcome.value}`] : []))

// Several instances on one PostgreSQL: one drives the table; the others' sockets get the same rounds.
test.skipIf(!process.env.TEST_DATABASE_URL)(
  'two instances on one database run one table: one round at a time, each seen by both',
  async () => {
    const schema = `test_${randomBytes(6).toString('hex')}`
    const first = await startTestApi('postgres', { schema, dropSchemaOnClose: false, liveTables: FAST })
    const second = await startTestApi('postgres', { schema, dropSchemaOnClose: true, liveTables: FAST })
    try {
      const game = await launchTable(first, 'demo')
      const onFirst = await connect(first.providerUrl, game)
      const onSecond = await connect(second.providerUrl, await launchTable(second, 'demo'))
      const start = await openRound(first, game, 0)
      // Three more rounds, through both instances' ticks.
      await until(
        async () => {
          const t = await first.ok('get_live_table', {}, asGame(game))
          return t.history.some((r) => r.seq >= start.seq + 3) || undefined
        },
        'three more rounds',
        60_000,
      )
      const rounds = (await first.ok('get_live_table', {}, asGame(game))).history
        .filter((r) => r.seq >= start.seq)
        .toReversed()
      // One round per number, each opened only when the previous one's result had been shown.
      expect(rounds.map((r) => r.seq)).toEqual(rounds.map((_, i) => start.seq + i))
      for (let i = 1; i < rounds.length; i++)
        expect(Date.parse(rounds[i]!.openedAt)).toBeGreaterThanOrEqual(Date.parse(rounds[i - 1]!.nextAt))
      // Both instances' sockets got each result once, the same one.
      const done = new Set(rounds.filter((r) => r.seq > start.seq).map((r) => `${r.id}:${r.result}`))
      await until(
        () =>
          [...done].every((r) => results(onSecond.events).includes(r) && results(onFirst.events).includes(r)) ||
          undefined,
        'results on both',
      )
      expect(
        results(onFirst.events)
          .filter((r) => done.has(r))
          .sort(),
      ).toEqual([...done].sort())
      expect(
        results(onSecond.events)
          .filter((r) => done.has(r))
          .sort(),
      ).toEqual([...done].sort())
      onFirst.ws.close()
      onSecond.ws.close()
    } finally {
      await first.close()
      await second.close()
    }
  },
)
