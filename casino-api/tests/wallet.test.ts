import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { Agent, fetch as undiciFetch } from 'undici'
import { calls, type ProviderWalletAnswer } from '../contract/index.ts'
import { ledgerTransactions, players, walletTransactions, wageringRequirements } from '../src/db/schema.ts'
import { playerBalance, post } from '../src/wallet/ledger.ts'
import { creditDeposit, remainingTurnover } from '../src/wallet/wagering.ts'
import {
  activePlayer,
  AS_PROVIDER,
  backends,
  checkLedgerAfterEach,
  PROVIDER_SECRET,
  useApis,
  type TestApi,
} from './helpers.ts'

const api = useApis()
checkLedgerAfterEach(api)

/** A player with `cents` deposited (and the deposit's wagering requirement). */
async function funded(a: TestApi, cents: number) {
  const player = await activePlayer(a)
  if (cents > 0) await deposit(a, player.playerId, cents)
  return player
}

const deposit = (a: TestApi, playerId: string, cents: number, key = `deposit:test:${randomUUID()}`) =>
  creditDeposit(a.db, {
    playerId,
    currency: 'EUR',
    amount: cents,
    idempotencyKey: key,
    processor: 'sandbox',
    at: new Date(),
  })

/** Bonus money put straight on the account (an adjustment: no bonus's terms, which bonuses/ grants). */
const grantBonus = (a: TestApi, playerId: string, cents: number) =>
  post(a.db, {
    kind: 'adjustment',
    idempotencyKey: `bonus:test:${randomUUID()}`,
    currency: 'EUR',
    playerId,
    createdAt: new Date(),
    postings: [
      { account: { playerId, kind: 'bonus' }, amount: cents },
      { account: { system: 'adjustments' }, amount: -cents },
    ],
  })

type Round = { playerId: string; roundId?: string; gameId?: string; transactionId?: string }
const round = (r: Round) => ({
  playerId: r.playerId,
  currency: 'EUR' as const,
  roundId: r.roundId ?? `round-${randomUUID()}`,
  // A title of the catalogue (the wallet takes bets only on those): a slot paying up to 220 x.
  gameId: r.gameId ?? 'golden-sevens',
  transactionId: r.transactionId ?? `tx-${randomUUID()}`,
})

const betParams = (r: Round & { amount: number }) => ({ ...round(r), amount: r.amount })

const balanceOf = async (a: TestApi, playerId: string) => playerBalance(a.db, playerId, 'EUR')

test.for(backends)('a bet, a win and their replays move money once [%s]', async (backend) => {
  const a = api(backend)
  const { playerId, token } = await funded(a, 100_00)
  const bet = betParams({ playerId, amount: 10_00 })
  const first = await a.ok('provider_bet', bet, AS_PROVIDER)
  expect(first).toMatchObject({
    transactionId: bet.transactionId,
    kind: 'bet',
    roundId: bet.roundId,
    amount: 10_00,
    real: 10_00,
    bonus: 0,
    balance: { currency: 'EUR', real: 90_00, bonus: 0, total: 90_00 },
    replayed: false,
  })
  const again = await a.ok('provider_bet', bet, AS_PROVIDER)
  expect(again).toEqual({ ...first, replayed: true })

  const win = { ...bet, transactionId: `win-${randomUUID()}`, amount: 25_00 }
  const paid = await a.ok('provider_win', win, AS_PROVIDER)
  expect(paid).toMatchObject({ kind: 'win', amount: 25_00, real: 25_00, bonus: 0, balance: { total: 115_00 } })
  expect(await a.ok('provider_win', win, AS_PROVIDER)).toEqual({ ...paid, replayed: true })

  // The same ids with other params are refused, and move nothing.
  expect((await a.fail('provider_bet', { ...bet, amount: 11_00 }, 409, AS_PROVIDER)).code).toBe('transaction_conflict')
  expect((await a.fail('provider_win', { ...win, roundId: 'another-round' }, 409, AS_PROVIDER)).code).toBe(
    'transaction_conflict',
  )
  expect((await a.fail('provider_bet', { ...win, amount: 25_00 }, 409, AS_PROVIDER)).code).toBe('transaction_conflict')

  expect(await a.ok('provider_get_balance', { playerId, currency: 'EUR' }, AS_PROVIDER)).toEqual({
    currency: 'EUR',
    real: 115_00,
    bonus: 0,
    total: 115_00,
  })
  expect(await a.ok('get_player_balance', {}, { token })).toEqual({
    currency: 'EUR',
    real: 115_00,
    bonus: 0,
    total: 115_00,
    // Three movements of the player's money (the deposit, the bet, the win); the replays none.
    version: 3,
  })
  // A lost round closes with a win of zero.
  const other = betParams({ playerId, amount: 5_00 })
  await a.ok('provider_bet', other, AS_PROVIDER)
  const lost = await a.ok('provider_win', { ...other, transactionId: `win-${randomUUID()}`, amount: 0 }, AS_PROVIDER)
  expect(lost).toMatchObject({ amount: 0, real: 0, bonus: 0, held: 0, balance: { total: 110_00 } })
  expect((await balanceOf(a, playerId)).total).toBe(110_00)
})

test.for(backends)(
  'a bet larger than the balance is refused and moves nothing; amounts are whole cents [%s]',
  async (backend) => {
    const a = api(backend)
    const { playerId } = await funded(a, 5_00)
    const bet = betParams({ playerId, amount: 5_01 })
    expect((await a.fail('provider_bet', bet, 400, AS_PROVIDER)).code).toBe('insufficient_funds')
    expect(
      await a.db.select().from(walletTransactions).where(eq(walletTransactions.externalId, bet.transactionId)),
    ).toEqual([])
    // Refusals are not remembered: the same id goes through once the money is there.
    await deposit(a, playerId, 1)
    expect((await a.ok('provider_bet', bet, AS_PROVIDER)).balance.total).toBe(0)
    for (const amount of [0, -1, 1.5, '100'])
      expect(
        (await a.fail('provider_bet', { ...betParams({ playerId, amount: 1 }), amount }, 400, AS_PROVIDER)).fields,
      ).toHaveProperty('amount')
    expect((await a.fail('provider_win', { ...bet, amount: -1 }, 400, AS_PROVIDER)).fields).toHaveProperty('amount')
  },
)

test.for(backends)('a bet takes real money first, then bonus; a win goes back in proportion [%s]', async (backend) => {
  const a = api(backend)
  const { playerId } = await funded(a, 30_00)
  await grantBonus(a, playerId, 20_00)
  const bet = betParams({ playerId, amount: 40_00 })
  expect(await a.ok('provider_bet', bet, AS_PROVIDER)).toMatchObject({
    real: 30_00,
    bonus: 10_00,
    balance: { real: 0, bonus: 10_00, total: 10_00 },
  })
  // 3/4 of the stake was real: so is 3/4 of the win; the odd cent goes to real.
  const win = await a.ok('provider_win', { ...bet, transactionId: `win-${randomUUID()}`, amount: 10_01 }, AS_PROVIDER)
  expect(win).toMatchObject({ real: 7_51, bonus: 2_50, balance: { real: 7_51, bonus: 12_50, total: 20_01 } })
  // Only the real part of a stake counts toward the deposit's wagering (3 x 30 € = 90 €).
  expect(await remainingTurnover(a.db, playerId, 'EUR')).toBe(90_00 - 30_00)
})

test.for(backends)(
  'a rollback gives a stake back once, never after a win, and a late bet after its rollback is refused [%s]',
  async (backend) => {
    const a = api(backend)
    const { playerId } = await funded(a, 50_00)
    const bet = betParams({ playerId, amount: 20_00 })
    await a.ok('provider_bet', bet, AS_PROVIDER)
    const undo = { ...round({ ...bet }), transactionId: `rb-${randomUUID()}`, betTransactionId: bet.transactionId }
    const back = await a.ok('provider_rollback', undo, AS_PROVIDER)
    expect(back).toMatchObject({ kind: 'rollback', amount: 20_00, real: 20_00, balance: { total: 50_00 } })
    expect(await a.ok('provider_rollback', undo, AS_PROVIDER)).toEqual({ ...back, replayed: true })
    expect(
      (await a.fail('provider_rollback', { ...undo, transactionId: `rb-${randomUUID()}` }, 409, AS_PROVIDER)).code,
    ).toBe('bet_already_rolled_back')
    // Its round has no stake left: no win can be paid on it.
    expect(
      (
        await a.fail(
          'provider_win',
          { ...round(bet), transactionId: `w-${randomUUID()}`, amount: 5_00 },
          404,
          AS_PROVIDER,
        )
      ).code,
    ).toBe('round_not_found')

    // After a win, the round's bets stay.
    const played = betParams({ playerId, amount: 10_00 })
    await a.ok('provider_bet', played, AS_PROVIDER)
    await a.ok('provider_win', { ...played, transactionId: `w-${randomUUID()}`, amount: 0 }, AS_PROVIDER)
    expect(
      (
        await a.fail(
          'provider_rollback',
          { ...round(played), transactionId: `rb-${randomUUID()}`, betTransactionId: played.transactionId },
          409,
          AS_PROVIDER,
        )
      ).code,
    ).toBe('rollback_after_win')

    // The provider gave up on a bet and rolled it back before the bet arrived.
    const late = betParams({ playerId, amount: 5_00 })
    const early = await a.ok(
      'provider_rollback',
      { ...round(late), transactionId: `rb-${randomUUID()}`, betTransactionId: late.transactionId },
      AS_PROVIDER,
    )
    expect(early).toMatchObject({ amount: 0, real: 0, bonus: 0, balance: { total: 40_00 } })
    expect((await a.fail('provider_bet', late, 409, AS_PROVIDER)).code).toBe('bet_rolled_back')
    expect((await balanceOf(a, playerId)).total).toBe(40_00)
  },
)

test.for(backends)(
  'only the provider key opens the provider wallet; a player token never does [%s]',
  async (backend) => {
    const a = api(backend)
    const { playerId, token } = await funded(a, 10_00)
    const bet = betParams({ playerId, amount: 1_00 })
    expect((await a.fail('provider_bet', bet, 401, {})).code).toBe('unauthorized')
    expect((await a.fail('provider_bet', bet, 401, { token })).code).toBe('unauthorized')
    expect((await a.fail('provider_bet', bet, 401, { headers: { 'x-provider-key': token } })).code).toBe('unauthorized')
    expect(
      (await a.fail('provider_bet', bet, 401, { headers: { 'x-provider-key': `${PROVIDER_SECRET}x` } })).code,
    ).toBe('unauthorized')
    expect((await a.fail('provider_get_balance', { playerId, currency: 'EUR' }, 401, { token })).code).toBe(
      'unauthorized',
    )
    // The provider key is no player token either.
    expect((await a.fail('get_player_balance', {}, 401, { token: PROVIDER_SECRET })).code).toBe('unauthorized')
    expect((await balanceOf(a, playerId)).total).toBe(10_00)
  },
)

test.for(backends)('unknown players, another currency and inactive accounts are refused [%s]', async (backend) => {
  const a = api(backend)
  const { playerId } = await funded(a, 10_00)
  expect((await a.fail('provider_bet', betParams({ playerId: randomUUID(), amount: 1 }), 404, AS_PROVIDER)).code).toBe(
    'not_found',
  )
  expect(
    (await a.fail('provider_bet', { ...betParams({ playerId, amount: 1 }), currency: 'INR' }, 400, AS_PROVIDER)).fields,
  ).toEqual({ currency: ['invalid_value'] })
  expect(
    (await a.fail('provider_get_balance', { playerId: 'not-a-uuid', currency: 'EUR' }, 400, AS_PROVIDER)).fields,
  ).toHaveProperty('playerId')
  const open = betParams({ playerId, amount: 2_00 })
  await a.ok('provider_bet', open, AS_PROVIDER)
  await a.db.update(players).set({ status: 'suspended' }).where(eq(players.id, playerId))
  expect((await a.fail('provider_bet', betParams({ playerId, amount: 1 }), 403, AS_PROVIDER)).code).toBe(
    'account_not_active',
  )
  // What the account is owed still arrives, and a replay still answers.
  expect((await a.ok('provider_bet', open, AS_PROVIDER)).replayed).toBe(true)
  await a.ok('provider_win', { ...open, transactionId: `w-${randomUUID()}`, amount: 3_00 }, AS_PROVIDER)
  expect((await balanceOf(a, playerId)).total).toBe(11_00)
})

test.for(backends)(
  'deposits must be wagered three times; stakes count oldest deposit first, rollbacks take theirs back [%s]',
  async (backend) => {
    const a = api(backend)
    const { playerId } = await funded(a, 10_00)
    expect(await remainingTurnover(a.db, playerId, 'EUR')).toBe(30_00)
    const key = `deposit:test:${randomUUID()}`
    const second = await deposit(a, playerId, 5_00, key)
    // A replayed deposit credits nothing and asks nothing more.
    expect(await deposit(a, playerId, 5_00, key)).toEqual({ ...second, replayed: true })
    expect((await balanceOf(a, playerId)).real).toBe(15_00)
    expect(await remainingTurnover(a.db, playerId, 'EUR')).toBe(45_00)

    // Bet and win back and forth: 32 € staked in all.
    for (const amount of [15_00, 15_00, 2_00]) {
      const bet = betParams({ playerId, amount })
      await a.ok('provider_bet', bet, AS_PROVIDER)
      await a.ok('provider_win', { ...bet, transactionId: `w-${randomUUID()}`, amount }, AS_PROVIDER)
    }
    expect(await remainingTurnover(a.db, playerId, 'EUR')).toBe(13_00)
    const requirements = await a.db
      .select()
      .from(wageringRequirements)
      .where(eq(wageringRequirements.playerId, playerId))
      .orderBy(wageringRequirements.createdAt)
    expect(requirements.map((r) => [r.required, r.wagered, r.metAt !== null])).toEqual([
      [30_00, 30_00, true],
      [15_00, 2_00, false],
    ])

    // A rolled-back stake no longer counts, and reopens what it had completed.
    const bet = betParams({ playerId, amount: 13_00 })
    await a.ok('provider_bet', bet, AS_PROVIDER)
    expect(await remainingTurnover(a.db, playerId, 'EUR')).toBe(0)
    await a.ok(
      'provider_rollback',
      { ...round(bet), transactionId: `rb-${randomUUID()}`, betTransactionId: bet.transactionId },
      AS_PROVIDER,
    )
    expect(await remainingTurnover(a.db, playerId, 'EUR')).toBe(13_00)
  },
)

test.for(backends)(
  '1 000 concurrent 1 € bets on a 100 € wallet: exactly 100 go through and the balance ends at 0, never below [%s]',
  async (backend) => {
    const a = api(backend)
    const { playerId } = await funded(a, 100_00)
    const burst = new AbortController()
    const seen: number[] = []
    const watcher = (async () => {
      while (!burst.signal.aborted) {
        seen.push((await balanceOf(a, playerId)).total)
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    })()
    // All 1 000 are sent at once, over at most 200 connections: 1 000 connections at once would
    // overflow the listen backlog of a busy machine and measure the kernel, not the wallet.
    const connections = new Agent({ connections: 200 })
    const answers = await Promise.all(
      Array.from({ length: 1000 }, async () => {
        const res = await undiciFetch(a.url + calls.provider_bet.path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...AS_PROVIDER.headers },
          body: JSON.stringify(betParams({ playerId, amount: 1_00 })),
          dispatcher: connections,
        })
        return { status: res.status, body: (await res.json()) as unknown }
      }),
    ).finally(() => burst.abort())
    await watcher
    await connections.close()
    const byStatus = Map.groupBy(answers, (r) => r.status)
    expect(byStatus.get(200)?.length).toBe(100)
    expect(byStatus.get(400)?.length).toBe(900)
    for (const r of byStatus.get(400)!) expect(r.body).toMatchObject({ error: { code: 'insufficient_funds' } })
    // Each accepted bet saw the balance one euro lower than another: no two took the same euro.
    const after = byStatus.get(200)!.map((r) => (r.body as ProviderWalletAnswer).balance.total)
    expect(new Set(after).size).toBe(100)
    expect(Math.min(...after)).toBe(0)
    expect(seen.every((total) => total >= 0)).toBe(true)
    expect(await balanceOf(a, playerId)).toEqual({ currency: 'EUR', real: 0, bonus: 0, total: 0 })
    const bets = await a.db.select().from(walletTransactions).where(eq(walletTransactions.playerId, playerId))
    expect(bets).toHaveLength(100)
  },
)

test.for(backends)('concurrent replays of one transaction id move money once [%s]', async (backend) => {
  const a = api(backend)
  const { playerId } = await funded(a, 10_00)
  const bet = betParams({ playerId, amount: 3_00 })
  const answers = await Promise.all(Array.from({ length: 50 }, () => a.ok('provider_bet', bet, AS_PROVIDER)))
  expect(new Set(answers.map((r) => r.walletTransactionId)).size).toBe(1)
  expect(answers.filter((r) => !r.replayed)).toHaveLength(1)
  for (const r of answers) expect(r.balance.total).toBe(7_00)

  const win = { ...bet, transactionId: `w-${randomUUID()}`, amount: 4_00 }
  const wins = await Promise.all(Array.from({ length: 20 }, () => a.ok('provider_win', win, AS_PROVIDER)))
  expect(wins.filter((r) => !r.replayed)).toHaveLength(1)
  expect(await balanceOf(a, playerId)).toMatchObject({ total: 11_00 })

  // The same id sent at once with other params: one is taken, the others refused.
  const clash = betParams({ playerId, amount: 1_00 })
  const mixed = await Promise.all(
    [1_00, 2_00, 1_00, 2_00].map((amount) => a.call('provider_bet', { ...clash, amount }, AS_PROVIDER)),
  )
  const taken = mixed.filter((r) => r.status === 200).map((r) => (r.body as ProviderWalletAnswer).amount)
  expect(new Set(taken).size).toBe(1)
  for (const r of mixed.filter((x) => x.status !== 200)) expect(r.status).toBe(409)
  expect((await balanceOf(a, playerId)).total).toBe(11_00 - taken[0]!)
  const ledgerRows = await a.db
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, `game:builtin:${bet.transactionId}`))
  expect(ledgerRows).toHaveLength(1)

  // The same id for two players at once (their calls do not wait for each other): the unique
  // keys take one, the other is refused and moves nothing.
  const other = await funded(a, 10_00)
  const shared = `tx-${randomUUID()}`
  for (let i = 0; i < 5; i++) {
    const id = `${shared}-${i}`
    const both = await Promise.all(
      [playerId, other.playerId].map((p) =>
        a.call('provider_bet', { ...betParams({ playerId: p, amount: 1_00 }), transactionId: id }, AS_PROVIDER),
      ),
    )
    expect(both.map((r) => r.status).sort()).toEqual([200, 409])
  }
  expect((await balanceOf(a, playerId)).total + (await balanceOf(a, other.playerId)).total).toBe(
    11_00 - taken[0]! + 10_00 - 5 * 1_00,
  )
})

test.for(backends)('a win and a rollback of the same round at once: exactly one goes through [%s]', async (backend) => {
  const a = api(backend)
  const { playerId } = await funded(a, 100_00)
  let wins = 0
  let rollbacks = 0
  for (let i = 0; i < 20; i++) {
    const bet = betParams({ playerId, amount: 2_00 })
    await a.ok('provider_bet', bet, AS_PROVIDER)
    const [win, undo] = await Promise.all([
      a.call('provider_win', { ...bet, transactionId: `w-${randomUUID()}`, amount: 5_00 }, AS_PROVIDER),
      a.call(
        'provider_rollback',
        { ...round(bet), transactionId: `rb-${randomUUID()}`, betTransactionId: bet.transactionId },
        AS_PROVIDER,
      ),
    ])
    expect([win.status, undo.status].filter((s) => s === 200)).toHaveLength(1)
    if (win.status === 200) {
      wins += 1
      expect(undo.body).toMatchObject({ error: { code: 'rollback_after_win' } })
    } else {
      rollbacks += 1
      expect(win.body).toMatchObject({ error: { code: 'round_not_found' } })
    }
  }
  expect((await balanceOf(a, playerId)).total).toBe(100_00 + wins * 3_00)
  expect(wins + rollbacks).toBe(20)
})

test.for(backends)(
  "a player's first bets at once, while the wallet still creates their accounts, all go through [%s]",
  async (backend) => {
    const a = api(backend)
    for (let i = 0; i < 10; i++) {
      // A deposit makes the real account only: the first bets create the bonus one meanwhile.
      const { playerId } = await funded(a, 30_00)
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => a.call('provider_bet', betParams({ playerId, amount: 1_00 }), AS_PROVIDER)),
      )
      expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 30 }, () => 200))
      expect((await balanceOf(a, playerId)).total).toBe(0)
    }
  },
)
