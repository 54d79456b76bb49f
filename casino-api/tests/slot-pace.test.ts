import { randomUUID } from 'node:crypto'
import { expect, test } from 'vitest'
import { asGame, fundedPlayer, launchGame } from './game-helpers.ts'
import { backends, checkLedgerAfterEach, useApis } from './helpers.ts'

// The minimum slot round duration (after RTS 14; provider/server/game-server.ts): a slot round of
// a player starts at least SLOT_MIN_ROUND_MS after their last one, whatever the client sends.
const MIN_MS = 2000
const api = useApis({ slotMinRoundMs: MIN_MS })
checkLedgerAfterEach(api)

const spin = { bet: { lineBet: 10 } }
const at = (round: { createdAt: string }) => Date.parse(round.createdAt)

for (const backend of backends) {
  test(`${backend}: a slot spin sent early is held until the minimum round duration has passed, across slot titles; other games are not held`, async () => {
    const a = api(backend)
    const player = await fundedPlayer(a, 10_000)
    const sevens = (await launchGame(a, 'golden-sevens', 'real', player.token)).session
    const crown = (await launchGame(a, 'ember-crown', 'real', player.token)).session
    const wheel = (await launchGame(a, 'european-roulette', 'real', player.token)).session
    // The client hears the duration (its spin lasts as long); a table game has none.
    expect((await a.ok('game_open', {}, asGame(sevens))).minRoundMs).toBe(MIN_MS)
    expect((await a.ok('game_open', {}, asGame(wheel))).minRoundMs).toBe(0)

    const first = await a.ok('game_play', { ...spin, moveId: randomUUID() }, asGame(sevens))
    const second = await a.ok('game_play', { ...spin, moveId: randomUUID() }, asGame(sevens))
    expect(at(second.round) - at(first.round)).toBeGreaterThanOrEqual(MIN_MS)
    // Another slot title is the same player's next slot round.
    const third = await a.ok('game_play', { ...spin, moveId: randomUUID() }, asGame(crown))
    expect(at(third.round) - at(second.round)).toBeGreaterThanOrEqual(MIN_MS)
    // Roulette right after is played at once.
    const roulette = await a.ok(
      'game_play',
      { bet: { bets: [{ type: 'red', numbers: [], amount: 100 }] }, moveId: randomUUID() },
      asGame(wheel),
    )
    expect(at(roulette.round) - at(third.round)).toBeLessThan(MIN_MS)
    // Three slot stakes and a roulette stake: nothing else moved.
    const paid = [first, second, third, roulette].reduce((sum, r) => sum + r.round.win! - r.round.stake, 0)
    expect(roulette.balance.amount).toBe(10_000 + paid)
  })

  test(`${backend}: two spins at once (two tabs): one is played, the other refused with round_too_soon and nothing staked; a resend of the played one answers it`, async () => {
    const a = api(backend)
    const player = await fundedPlayer(a, 10_000)
    const one = (await launchGame(a, 'golden-sevens', 'real', player.token)).session
    const two = (await launchGame(a, 'golden-sevens', 'real', player.token)).session
    // A round just played: both spins below are held for the same time, then meet at the lock.
    const before = await a.ok('game_play', { ...spin, moveId: randomUUID() }, asGame(one))
    const moves = [randomUUID(), randomUUID()]
    const answers = await Promise.all(
      [one, two].map((game, i) => a.call('game_play', { ...spin, moveId: moves[i] }, asGame(game))),
    )
    expect(answers.map((r) => r.status).toSorted()).toEqual([200, 429])
    const refused = answers.find((r) => r.status === 429)!
    expect(refused.body).toMatchObject({ error: { code: 'round_too_soon', args: [MIN_MS / 1000] } })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    const playedAt = answers.findIndex((r) => r.status === 200)
    const played = answers[playedAt]!.body as { round: { id: string; stake: number; win: number } }
    const balance = await a.ok('get_player_balance', {}, { token: player.token })
    expect(balance.total).toBe(10_000 - before.round.stake + before.round.win! - played.round.stake + played.round.win)

    // The same move sent again is its round, not a new one, and is not refused.
    const resent = await a.ok('game_play', { ...spin, moveId: moves[playedAt]! }, asGame([one, two][playedAt]!))
    expect(resent.round.id).toBe(played.round.id)
    expect((await a.ok('get_player_balance', {}, { token: player.token })).total).toBe(balance.total)
  })
}

test('demo: the minimum duration holds between the rounds of a demo session too', async () => {
  const a = api('pglite')
  const game = (await launchGame(a, 'fresh-fruit', 'demo')).session
  const first = await a.ok('game_play', { ...spin, moveId: randomUUID() }, asGame(game))
  const second = await a.ok('game_play', { ...spin, moveId: randomUUID() }, asGame(game))
  expect(at(second.round) - at(first.round)).toBeGreaterThanOrEqual(MIN_MS)
})
