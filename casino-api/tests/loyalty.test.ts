// Loyalty points (ADR 0054): real-money stakes earn points through the provider wallet's calls, at
// their game category's rate (bonus money earns none, a rollback takes them back), on the
// player's points account of the ledger; a redemption turns them into a 'loyalty' bonus once,
// however often it is sent. The ledger's invariants (ledger:check) after every test.
import { randomUUID } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { ErrorBody } from '../contract/index.ts'
import { englishMessages } from '../contract/messages.ts'
import { ledgerTransactions, playerBonuses } from '../src/db/schema.ts'
import { TEST_CARDS } from '../src/payments/cards.ts'
import { activePlayer, AS_PROVIDER, backends, checkLedgerAfterEach, useApis, type TestApi } from './helpers.ts'
import { as, card } from './payment-helpers.ts'

const api = useApis()
checkLedgerAfterEach(api)

const loyalty = (a: TestApi, token: string, params: Record<string, unknown> = {}) =>
  a.ok('get_loyalty', params, { token })

/** A round staked (and lost) through the provider wallet on `gameId`. */
async function stake(a: TestApi, playerId: string, gameId: string, amount: number) {
  const r = { playerId, currency: 'EUR' as const, roundId: `r-${randomUUID()}`, gameId }
  const bet = { ...r, transactionId: `b-${randomUUID()}`, amount }
  await a.ok('provider_bet', bet, AS_PROVIDER)
  return { round: r, bet }
}

const lose = async (a: TestApi, r: Awaited<ReturnType<typeof stake>>) =>
  a.ok('provider_win', { ...r.round, transactionId: `w-${randomUUID()}`, amount: 0 }, AS_PROVIDER)

const kinds = (a: TestApi, playerId: string, kind: string[]) =>
  a.db
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.playerId, playerId), inArray(ledgerTransactions.kind, kind)))

/** A player with a real balance of `cents` and no bonus. */
async function funded(a: TestApi, cents: number) {
  const p = await activePlayer(a)
  await a.ok('moto_deposit_processor', card(TEST_CARDS.approvedVisa, cents), as(p.token))
  return p
}

for (const backend of backends) {
  test(`${backend}: real stakes earn points at their category's rate, the page's figures follow, and points redeem into a loyalty bonus`, async () => {
    const a = api(backend)
    const { token, playerId } = await funded(a, 200_00)
    const before = await loyalty(a, token, { locale: 'en' })
    expect(before).toMatchObject({
      points: 0,
      lifetimePoints: 0,
      level: { name: 'Bronze', minPoints: 0 },
      nextLevel: { name: 'Silver', minPoints: 2000 },
      defaultPointsPerUnit: 10,
      pointsPerCent: 10,
      minRedeemPoints: 1000,
      redeemable: { amount: 0, currency: 'EUR' },
      history: { items: [], total: 0 },
    })
    expect(before.pointsPerUnit).toContainEqual({ category: 'roulette', points: 2 })

    // 100 € on a slot: 10 points a euro; 10 € on roulette: 2 a euro; 0.05 € on a slot: none.
    await lose(a, await stake(a, playerId, 'golden-sevens', 100_00))
    await lose(a, await stake(a, playerId, 'european-roulette', 10_00))
    await lose(a, await stake(a, playerId, 'golden-sevens', 5))
    const earned = await loyalty(a, token)
    expect(earned).toMatchObject({
      points: 1020,
      lifetimePoints: 1020,
      level: { name: 'Bronce' },
      nextLevel: { name: 'Plata', minPoints: 2000 },
      redeemable: { amount: 102, currency: 'EUR' },
    })
    expect(earned.history.items.map((i) => [i.reason, i.points])).toEqual([
      ['wager', 20],
      ['wager', 1000],
    ])
    expect((await a.ok('player', {}, { token })).loyaltyPoints).toBe(1020)
    // Points are no money: the balance is the deposit less the stakes.
    expect(await a.ok('get_player_balance', {}, { token })).toMatchObject({ real: 200_00 - 110_05, bonus: 0 })

    // Fewer than the minimum: refused, nothing moves.
    const below = await a.fail('loyalty_redeem_processor', { points: 999 }, 400, as(token))
    expect(below.code).toBe('loyalty_redeem_below_minimum')
    const tooMany = await a.fail('loyalty_redeem_processor', { points: 5000 }, 400, as(token))
    expect(tooMany.code).toBe('not_enough_loyalty_points')

    // 1,015 points: 101 cents of bonus for 1,010 of them, 10 points left.
    const redeemed = await a.ok('loyalty_redeem_processor', { points: 1015, locale: 'en' }, as(token))
    expect(redeemed).toMatchObject({
      ok: true,
      message: 'loyalty_bonus_added',
      pointsRedeemed: 1010,
      pointsLeft: 10,
      bonus: { type: 'loyalty', name: 'Loyalty bonus', status: 'active', granted: { amount: 101, currency: 'EUR' } },
      balance: { bonus: 101 },
    })
    expect(englishMessages[redeemed.message]).toBe('Loyalty bonus added successfully.')
    const after = await loyalty(a, token, { locale: 'en' })
    // Lifetime points (the level's) stay: a redemption spends the balance only.
    expect(after).toMatchObject({ points: 10, lifetimePoints: 1020, redeemable: { amount: 0 } })
    expect(after.history.items[0]).toMatchObject({ reason: 'redeem', points: -1010, bonus: { amount: 101 } })
    expect(await kinds(a, playerId, ['loyalty_earn'])).toHaveLength(2)
    expect(await kinds(a, playerId, ['loyalty_redeem', 'bonus_grant'])).toHaveLength(2)
  })

  test(`${backend}: bonus money earns no points, and a rolled-back stake takes its points back`, async () => {
    const a = api(backend)
    const { token, playerId } = await activePlayer(a)
    await a.ok('moto_deposit_processor', { ...card(TEST_CARDS.approvedVisa, 20_00), claimBonus: true }, as(token))
    expect(await a.ok('get_player_balance', {}, { token })).toMatchObject({ real: 20_00, bonus: 20_00 })
    // 30 €: 20 € real (200 points), 10 € bonus (none).
    await lose(a, await stake(a, playerId, 'golden-sevens', 30_00))
    expect((await loyalty(a, token)).points).toBe(200)

    // A stake of 5 € of real money (50 points) rolled back by the provider: its points go back.
    await a.ok('moto_deposit_processor', card(TEST_CARDS.approvedVisa, 10_00), as(token))
    const undone = await stake(a, playerId, 'golden-sevens', 5_00)
    expect((await loyalty(a, token)).points).toBe(250)
    await a.ok(
      'provider_rollback',
      { ...undone.round, transactionId: `rb-${randomUUID()}`, betTransactionId: undone.bet.transactionId },
      AS_PROVIDER,
    )
    const after = await loyalty(a, token)
    expect(after).toMatchObject({ points: 200, lifetimePoints: 200 })
    expect(after.history.items.map((i) => [i.reason, i.points])).toEqual([
      ['rollback', -50],
      ['wager', 50],
      ['wager', 200],
    ])
    // A redemption while a bonus is active is refused before any point moves.
    const other = await funded(a, 200_00)
    await lose(a, await stake(a, other.playerId, 'golden-sevens', 100_00))
    await a.ok('moto_deposit_processor', { ...card(TEST_CARDS.approvedVisa, 20_00), claimBonus: true }, as(other.token))
    const refused = await a.fail('loyalty_redeem_processor', { points: 1000 }, 409, as(other.token))
    expect(refused.code).toBe('bonus_active')
    expect((await loyalty(a, other.token)).points).toBe(1000)
  })

  test(`${backend}: a redemption sent twice at once, or replayed, grants one bonus; two at once with their own keys grant one`, async () => {
    const a = api(backend)
    const { token, playerId } = await funded(a, 300_00)
    await lose(a, await stake(a, playerId, 'golden-sevens', 250_00))
    expect((await loyalty(a, token)).points).toBe(2500)

    const same = as(token)
    const [first, second] = await Promise.all([
      a.call('loyalty_redeem_processor', { points: 1000 }, same),
      a.call('loyalty_redeem_processor', { points: 1000 }, same),
    ])
    expect([first.status, second.status]).toEqual([200, 200])
    expect(second.body).toEqual(first.body)
    const replay = await a.ok('loyalty_redeem_processor', { points: 1000 }, same)
    expect(replay).toEqual(first.body)
    // The same key with other points is another request: refused, nothing moves.
    expect((await a.fail('loyalty_redeem_processor', { points: 1500 }, 409, same)).code).toBe('idempotency_conflict')
    expect(await a.db.select().from(playerBonuses).where(eq(playerBonuses.playerId, playerId))).toHaveLength(1)
    expect((await loyalty(a, token)).points).toBe(1500)

    // Give the bonus up; then two redemptions with their own keys at once: one bonus, one refusal.
    await a.ok('forfeit_bonus', { id: (first.body as { bonus: { id: string } }).bonus.id }, as(token))
    const racing = await Promise.all([
      a.call('loyalty_redeem_processor', { points: 1000 }, as(token)),
      a.call('loyalty_redeem_processor', { points: 1000 }, as(token)),
    ])
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409])
    const refusal = racing.find((r) => r.status === 409)!
    expect(ErrorBody.parse(refusal.body).error.code).toBe('bonus_active')
    expect((await loyalty(a, token)).points).toBe(500)
    expect(await kinds(a, playerId, ['loyalty_redeem'])).toHaveLength(2)
  })

  test(`${backend}: bets earning points and a redemption at once all go through, one after the other`, async () => {
    const a = api(backend)
    const { token, playerId } = await funded(a, 300_00)
    await lose(a, await stake(a, playerId, 'golden-sevens', 200_00))
    const round = { playerId, currency: 'EUR' as const, roundId: `r-${randomUUID()}`, gameId: 'golden-sevens' }
    const results = await Promise.all([
      a.call('loyalty_redeem_processor', { points: 1000 }, as(token)),
      ...[1, 2, 3].map(() =>
        a.call('provider_bet', { ...round, transactionId: `b-${randomUUID()}`, amount: 10_00 }, AS_PROVIDER),
      ),
    ])
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200])
    // 2,000 earned, 1,000 redeemed, 300 more earned by the three bets, in whatever order they ran.
    expect(await loyalty(a, token)).toMatchObject({ points: 1300, lifetimePoints: 2300 })
  })
}
