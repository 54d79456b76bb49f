/**
 * The player's own loss limits (issue 23, safer gambling; ADR 0064): a daily, weekly and monthly
 * limit on the net loss at play (real-money stakes less real money won and given back), which the
 * wallet checks on every stake of every provider under the lock on the player's accounts; lowering
 * holds at once, raising or removing waits 24 hours and then for the player's confirmation.
 */
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { moneyLimitChanges, walletTransactions } from '../src/db/schema.ts'
import { SITE_TIME_ZONE } from '../contract/index.ts'
import { fundedPlayer, roundOf } from './game-helpers.ts'
import { AS_PROVIDER, backends, checkLedgerAfterEach, latestMail, login, useApis, type TestApi } from './helpers.ts'

const api = useApis()
checkLedgerAfterEach(api)

const HOUR = 3600_000
const eur = (amount: number) => ({ amount, currency: 'EUR' })

const limitOf = async (a: TestApi, token: string, period: 'day' | 'week' | 'month') =>
  (await a.ok('get_loss_limits', {}, { token })).items.find((l) => l.period === period)!

/** Keeps a test clear of the site's midnight: a day that ends in the middle of it would reset its count. */
async function awayFromMidnight(a: TestApi, token: string) {
  const left = new Date((await limitOf(a, token, 'day')).resetsAt).getTime() - Date.now()
  if (left < 15 * 60_000) a.advance(left + 20 * 60_000)
}

test('the database counts the periods in the site time zone', async () => {
  const a = api('pglite')
  const { rows } = (await a.db.execute('SELECT site_time_zone() AS zone')) as unknown as { rows: { zone: string }[] }
  expect(rows[0]!.zone).toBe(SITE_TIME_ZONE)
})

test.for(backends)(
  'a daily loss limit refuses the stake that, lost, would pass it, saying what is left and until when; wins give room back [%s]',
  async (backend) => {
    const a = api(backend)
    const { playerId, token, params } = await fundedPlayer(a, 200_00)
    await awayFromMidnight(a, token)
    expect((await a.ok('get_loss_limits', {}, { token })).items.map((l) => [l.period, l.amount, l.used])).toEqual([
      ['day', null, 0],
      ['week', null, 0],
      ['month', null, 0],
    ])
    // Play before the limit counts: the day's loss is the day's.
    const before = roundOf(playerId)
    await a.ok('provider_bet', before.bet(10_00), AS_PROVIDER)
    await a.ok('provider_win', before.win(0), AS_PROVIDER)

    const set = await a.ok('set_loss_limit', { period: 'day', amount: 50_00 }, { token, ip: '10.9.8.7' })
    expect(set).toMatchObject({ message: 'loss_limit_set', limit: { amount: 50_00, used: 10_00, pending: null } })
    expect((await latestMail(a, params.email))!.subject).toMatch(/loss limit|límite de pérdidas/)

    const first = roundOf(playerId)
    await a.ok('provider_bet', first.bet(30_00), AS_PROVIDER)
    // 40 lost or at stake: 20 more would pass 50; the refusal says the limit, what is left and the reset.
    const second = roundOf(playerId)
    const refused = await a.fail('provider_bet', second.bet(20_01), 403, AS_PROVIDER)
    const { resetsAt } = await limitOf(a, token, 'day')
    expect(refused).toMatchObject({ code: 'loss_limit_day', args: [eur(50_00), eur(10_00), resetsAt] })
    expect(refused.message).toContain('50')
    expect(
      await a.db.select().from(walletTransactions).where(eq(walletTransactions.roundId, second.base.roundId)),
    ).toEqual([])
    // An instant round is refused alike, and moves nothing.
    expect(await a.fail('provider_settle', roundOf(playerId).settle(20_01, 0), 403, AS_PROVIDER)).toMatchObject({
      code: 'loss_limit_day',
    })
    expect((await a.ok('get_player_balance', {}, { token })).real).toBe(160_00)

    // A win of 25 on the open round: the day's net loss is 15, so 35 more may be staked.
    await a.ok('provider_win', first.win(25_00), AS_PROVIDER)
    expect(await limitOf(a, token, 'day')).toMatchObject({ amount: 50_00, used: 15_00 })
    await a.ok('provider_settle', roundOf(playerId).settle(35_00, 0), AS_PROVIDER)
    expect(await a.fail('provider_bet', roundOf(playerId).bet(1), 403, AS_PROVIDER)).toMatchObject({
      code: 'loss_limit_day',
      args: [eur(50_00), eur(0), resetsAt],
    })

    // The next day counts again from nothing.
    a.advance(new Date(resetsAt).getTime() - Date.now() + 60_000)
    const later = await login(a, params.username, params.password)
    expect(await limitOf(a, later, 'day')).toMatchObject({ used: 0 })
    await a.ok('provider_bet', roundOf(playerId).bet(50_00), AS_PROVIDER)
    const changes = await a.db
      .select({ kind: moneyLimitChanges.kind, change: moneyLimitChanges.change, ip: moneyLimitChanges.ip })
      .from(moneyLimitChanges)
      .where(and(eq(moneyLimitChanges.playerId, playerId)))
    expect(changes).toEqual([{ kind: 'loss', change: 'set', ip: '10.9.8.7' }])
  },
)

test.for(backends)(
  'a replayed bet is answered as the first time, and wins and rollbacks are still paid past the limit [%s]',
  async (backend) => {
    const a = api(backend)
    const { playerId, token } = await fundedPlayer(a, 100_00)
    await awayFromMidnight(a, token)
    await a.ok('set_loss_limit', { period: 'week', amount: 20_00 }, { token })
    const round = roundOf(playerId)
    const bet = round.bet(20_00)
    const first = await a.ok('provider_bet', bet, AS_PROVIDER)
    expect(await a.ok('provider_bet', bet, AS_PROVIDER)).toMatchObject({ ...first, replayed: true })
    await a.fail('provider_bet', roundOf(playerId).bet(1_00), 403, AS_PROVIDER)
    // The round's rollback gives the stake back, and with it the room.
    await a.ok(
      'provider_rollback',
      { ...round.base, transactionId: `rb-${randomUUID()}`, betTransactionId: bet.transactionId },
      AS_PROVIDER,
    )
    expect(await limitOf(a, token, 'week')).toMatchObject({ used: 0 })
    await a.ok('provider_bet', roundOf(playerId).bet(20_00), AS_PROVIDER)
  },
)

test.for(backends)('stakes sent at the same moment cannot pass a loss limit together [%s]', async (backend) => {
  const a = api(backend)
  const { playerId, token } = await fundedPlayer(a, 100_00)
  await awayFromMidnight(a, token)
  await a.ok('set_loss_limit', { period: 'month', amount: 50_00 }, { token })
  const answers = await Promise.all(
    Array.from({ length: 8 }, () => a.call('provider_bet', roundOf(playerId).bet(20_00), AS_PROVIDER)),
  )
  expect(answers.filter((r) => r.status === 200)).toHaveLength(2)
  expect(answers.filter((r) => r.status === 403)).toHaveLength(6)
  expect(await limitOf(a, token, 'month')).toMatchObject({ amount: 50_00, used: 40_00 })
})

test.for(backends)(
  'a raise or a removal waits 24 hours and the confirmation; a lower limit holds at once [%s]',
  async (backend) => {
    const a = api(backend)
    const { playerId, token: first, params } = await fundedPlayer(a, 100_00)
    await awayFromMidnight(a, first)
    await a.ok('set_loss_limit', { period: 'day', amount: 10_00 }, { token: first })
    const asked = await a.ok('set_loss_limit', { period: 'day', amount: 80_00 }, { token: first })
    expect(asked).toMatchObject({
      message: 'deposit_limit_change_waits',
      limit: { amount: 10_00, pending: { amount: 80_00, due: false } },
    })
    expect((await a.fail('confirm_loss_limit', { period: 'day' }, 409, { token: first })).code).toBe(
      'deposit_limit_cooling_off',
    )
    // Until confirmed, the old limit holds.
    await a.fail('provider_bet', roundOf(playerId).bet(20_00), 403, AS_PROVIDER)
    a.advance(24 * HOUR + 60_000)
    // A day later: logged in again.
    const token = await login(a, params.username, params.password)
    await awayFromMidnight(a, token)
    expect(await limitOf(a, token, 'day')).toMatchObject({ amount: 10_00, pending: { amount: 80_00, due: true } })
    await a.fail('provider_bet', roundOf(playerId).bet(20_00), 403, AS_PROVIDER)
    expect(await a.ok('confirm_loss_limit', { period: 'day' }, { token })).toMatchObject({
      message: 'loss_limit_confirmed',
      limit: { amount: 80_00, pending: null },
    })
    await a.ok('provider_bet', roundOf(playerId).bet(20_00), AS_PROVIDER)
    // Lower: at once. A removal waits like a raise, and can be dropped.
    expect(await a.ok('set_loss_limit', { period: 'day', amount: 25_00 }, { token })).toMatchObject({
      message: 'loss_limit_set',
    })
    await a.fail('provider_bet', roundOf(playerId).bet(5_01), 403, AS_PROVIDER)
    expect(await a.ok('remove_loss_limit', { period: 'day' }, { token })).toMatchObject({
      limit: { amount: 25_00, pending: { amount: null } },
    })
    expect(await a.ok('cancel_loss_limit_change', { period: 'day' }, { token })).toMatchObject({
      message: 'deposit_limit_change_dropped',
      limit: { amount: 25_00, pending: null },
    })
    // Loss and deposit limits are apart.
    expect((await a.ok('get_deposit_limits', {}, { token })).items.every((l) => l.amount === null)).toBe(true)
    // Bad amounts are refused under the field.
    for (const amount of [0, -5, 1.5, 'lots', null, Number.MAX_SAFE_INTEGER + 2])
      expect((await a.fail('set_loss_limit', { period: 'day', amount }, 400, { token })).fields).toHaveProperty(
        'amount',
      )
    expect(
      (await a.fail('set_loss_limit', { period: 'day', amount: 100_000_001 }, 400, { token })).fields?.amount,
    ).toEqual(['loss_limit_too_high'])
    await a.fail('set_loss_limit', { period: 'day', amount: 10_00 }, 401)
  },
)
