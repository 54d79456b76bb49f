// One call settles an instant round (provider_settle, ADR 0042): its bet and win move once, in
// one transaction, under the same idempotency and guards as provider_bet then provider_win.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { games, walletTransactions } from '../src/db/schema.ts'
import { gameRounds } from '../../provider/server/db/schema.ts'
import { playerBalance } from '../src/wallet/ledger.ts'
import { asGame, fundedPlayer, launchGame } from './game-helpers.ts'
import { AS_PROVIDER, backends, checkLedgerAfterEach, useApis, type TestApi } from './helpers.ts'

const api = useApis()
checkLedgerAfterEach(api)

const GAME = 'golden-sevens'

/** The settlement of a new round of GAME for a player: a stake and a win, each with its own id. */
function settlement(playerId: string, bet: number, win: number) {
  return {
    playerId,
    currency: 'EUR' as const,
    roundId: `round-${randomUUID()}`,
    gameId: GAME,
    bet: { transactionId: `bet-${randomUUID()}`, amount: bet },
    win: { transactionId: `win-${randomUUID()}`, amount: win },
  }
}

const total = async (a: TestApi, playerId: string) => (await playerBalance(a.db, playerId, 'EUR')).total
const rowsOf = (a: TestApi, roundId: string) =>
  a.db.select().from(walletTransactions).where(eq(walletTransactions.roundId, roundId))

test.for(backends)('a settlement stakes and pays the round once, and a replay moves nothing [%s]', async (backend) => {
  const a = api(backend)
  const { playerId } = await fundedPlayer(a, 10_00)
  const round = settlement(playerId, 2_00, 5_00)
  const first = await a.ok('provider_settle', round, AS_PROVIDER)
  expect(first.bet).toMatchObject({ kind: 'bet', amount: 2_00, real: 2_00, replayed: false })
  expect(first.win).toMatchObject({ kind: 'win', amount: 5_00, real: 5_00, replayed: false })
  expect(first.win.balance.total).toBe(13_00)
  expect(await total(a, playerId)).toBe(13_00)

  const again = await a.ok('provider_settle', round, AS_PROVIDER)
  expect(again.bet).toEqual({ ...first.bet, replayed: true })
  expect(again.win).toEqual({ ...first.win, replayed: true })
  expect(await total(a, playerId)).toBe(13_00)
  expect((await rowsOf(a, round.roundId)).map((r) => r.kind).sort()).toEqual(['bet', 'win'])
})

test.for(backends)(
  "without the provider's key, a settlement is refused, a player's own token included [%s]",
  async (backend) => {
    const a = api(backend)
    const { playerId, token } = await fundedPlayer(a, 10_00)
    const round = settlement(playerId, 2_00, 20_00)
    await a.fail('provider_settle', round, 401)
    await a.fail('provider_settle', round, 401, { token })
    expect(await rowsOf(a, round.roundId)).toEqual([])
    expect(await total(a, playerId)).toBe(10_00)
  },
)

test.for(backends)('the same ids with another body are refused, and nothing moves [%s]', async (backend) => {
  const a = api(backend)
  const { playerId } = await fundedPlayer(a, 10_00)
  const round = settlement(playerId, 2_00, 0)
  await a.ok('provider_settle', round, AS_PROVIDER)
  for (const changed of [
    { ...round, win: { ...round.win, amount: 4_00 } },
    { ...round, bet: { ...round.bet, amount: 1_00 } },
    { ...round, roundId: `round-${randomUUID()}` },
    // One id reused with a new one: neither a replay nor a new round.
    { ...round, win: { ...round.win, transactionId: `win-${randomUUID()}` } },
  ])
    expect((await a.fail('provider_settle', changed, 409, AS_PROVIDER)).code).toBe('transaction_conflict')
  // A new round whose ids were used by another call: a win's id as a bet's, or one id for both.
  const fresh = settlement(playerId, 1_00, 0)
  for (const reused of [
    { ...fresh, win: { ...fresh.win, transactionId: round.bet.transactionId } },
    { ...fresh, bet: { ...fresh.bet, transactionId: round.win.transactionId } },
    { ...fresh, win: { ...fresh.win, transactionId: fresh.bet.transactionId } },
  ])
    expect((await a.fail('provider_settle', reused, 409, AS_PROVIDER)).code).toBe('transaction_conflict')
  expect(await rowsOf(a, fresh.roundId)).toEqual([])
  expect(await total(a, playerId)).toBe(8_00)
})

test.for(backends)(
  'a settlement the balance cannot stake is refused as a bet is, and writes nothing [%s]',
  async (backend) => {
    const a = api(backend)
    const { playerId } = await fundedPlayer(a, 1_00)
    const round = settlement(playerId, 2_00, 10_00)
    expect((await a.fail('provider_settle', round, 400, AS_PROVIDER)).code).toBe('insufficient_funds')
    expect(await rowsOf(a, round.roundId)).toEqual([])
    expect(await total(a, playerId)).toBe(1_00)
  },
)

test.for(backends)(
  "a win past the game's maximum multiplier is refused, and the stake is not taken [%s]",
  async (backend) => {
    const a = api(backend)
    const { playerId } = await fundedPlayer(a, 10_00)
    const [game] = await a.db.select({ max: games.maxMultiplier }).from(games).where(eq(games.id, GAME))
    const max = Number(game!.max)
    const round = settlement(playerId, 1_00, Math.floor(1_00 * max) + 1)
    expect((await a.fail('provider_settle', round, 400, AS_PROVIDER)).code).toBe('win_above_max')
    expect(await rowsOf(a, round.roundId)).toEqual([])
    expect(await total(a, playerId)).toBe(10_00)
  },
)

test.for(backends)(
  'two settlements of one round at once move its money once, and both answer it [%s]',
  async (backend) => {
    const a = api(backend)
    const { playerId } = await fundedPlayer(a, 10_00)
    const round = settlement(playerId, 3_00, 1_00)
    const answers = await Promise.all([1, 2, 3].map(() => a.call('provider_settle', round, AS_PROVIDER)))
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200])
    const bodies = answers.map((r) => r.body as { win: { walletTransactionId: string; replayed: boolean } })
    expect(new Set(bodies.map((b) => b.win.walletTransactionId)).size).toBe(1)
    expect(bodies.filter((b) => !b.win.replayed)).toHaveLength(1)
    expect(await total(a, playerId)).toBe(8_00)
    expect(await rowsOf(a, round.roundId)).toHaveLength(2)
  },
)

test.for(backends)(
  "a settled round's bet is not rolled back; a rollback that came first makes the settlement refused [%s]",
  async (backend) => {
    const a = api(backend)
    const { playerId } = await fundedPlayer(a, 10_00)
    const settled = settlement(playerId, 2_00, 0)
    await a.ok('provider_settle', settled, AS_PROVIDER)
    const rollback = (round: ReturnType<typeof settlement>) => ({
      playerId,
      currency: 'EUR' as const,
      roundId: round.roundId,
      gameId: GAME,
      transactionId: `rollback-${randomUUID()}`,
      betTransactionId: round.bet.transactionId,
    })
    expect((await a.fail('provider_rollback', rollback(settled), 409, AS_PROVIDER)).code).toBe('rollback_after_win')

    const late = settlement(playerId, 2_00, 4_00)
    await a.ok('provider_rollback', rollback(late), AS_PROVIDER)
    expect((await a.fail('provider_settle', late, 409, AS_PROVIDER)).code).toBe('bet_rolled_back')
    expect(await total(a, playerId)).toBe(8_00)
  },
)

test.for(backends)('a round staked by provider_bet is settled by its win alone [%s]', async (backend) => {
  const a = api(backend)
  const { playerId } = await fundedPlayer(a, 10_00)
  const round = settlement(playerId, 2_00, 6_00)
  const { bet, win, ...ref } = round
  await a.ok('provider_bet', { ...ref, ...bet }, AS_PROVIDER)
  const settled = await a.ok('provider_settle', round, AS_PROVIDER)
  expect(settled.bet.replayed).toBe(true)
  expect(settled.win).toMatchObject({ amount: win.amount, replayed: false })
  expect(await total(a, playerId)).toBe(14_00)
})

test.for(backends)(
  "the game server settles a real instant round in one call, under the round's bet and win ids [%s]",
  async (backend) => {
    const a = api(backend)
    const { token } = await fundedPlayer(a, 10_00)
    const { session } = await launchGame(a, GAME, 'real', token)
    const { round } = await a.ok('game_play', { bet: { lineBet: 10 }, moveId: randomUUID() }, asGame(session))
    const [row] = await a.providerDb.select().from(gameRounds).where(eq(gameRounds.id, round.id))
    expect(row).toMatchObject({ status: 'settled', pending: null })
    const moved = await rowsOf(a, round.id)
    expect(moved.map((r) => [r.externalId, r.amount]).sort()).toEqual([
      [`${round.id}:bet:0`, round.stake],
      [`${round.id}:win`, round.win],
    ])
    // One call: both written at the same instant, by one statement.
    expect(new Set(moved.map((r) => r.createdAt.getTime())).size).toBe(1)
    expect((await a.ok('get_player_balance', {}, { token })).total).toBe(10_00 - round.stake + round.win!)
  },
)

test.for(backends)(
  'a settled win past the net winnings limit is held as a win is, and the player told once [%s]',
  async (backend) => {
    const a = api(backend)
    const { playerId, token } = await fundedPlayer(a, 20_00)
    // The default limit (5 000 € a day) lets the stake back and 5 000 € through; the rest is held.
    const round = { ...settlement(playerId, 10_00, 5_100_00), gameId: 'classic-keno' }
    const paid = await a.ok('provider_settle', round, AS_PROVIDER)
    expect(paid.win).toMatchObject({ amount: 5_100_00, real: 5_010_00, held: 90_00 })
    await a.ok('provider_settle', round, AS_PROVIDER)
    expect(await total(a, playerId)).toBe(20_00 - 10_00 + 5_010_00)
    const mailbox = await a.ok('get_mailbox', {}, { token })
    expect(mailbox.items.filter((m) => m.subject === 'Estamos revisando parte de tu premio')).toHaveLength(1)
  },
)
