/**
 * The player's own deposit limits (issue 23, safer gambling; ADR 0061): a daily, weekly and monthly
 * limit that every deposit method checks under the player's row lock; lowering holds at once,
 * raising or removing waits 24 hours and then for the player's confirmation.
 */
import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { moneyLimitChanges, payments } from '../src/db/schema.ts'
import { TEST_CARDS } from '../src/payments/cards.ts'
import { formatMoney } from '../contract/index.ts'
import {
  adminLogin,
  activePlayer,
  adminToken,
  backends,
  checkLedgerAfterEach,
  latestMail,
  login,
  useApis,
  type TestApi,
} from './helpers.ts'
import { as, card, key } from './payment-helpers.ts'

const api = useApis()
checkLedgerAfterEach(api)

const HOUR = 3600_000
const eur = (amount: number) => ({ amount, currency: 'EUR' })
/** Logged in each time: the clock moves past an administrator's session in these tests. */
const admin = async (a: TestApi) => {
  await adminToken(a)
  return adminLogin(a)
}
const balance = async (a: TestApi, token: string) => (await a.ok('get_player_balance', {}, { token })).real
const deposit = (a: TestApi, token: string, amount: number, headers = key()) =>
  a.call('moto_deposit_processor', card(TEST_CARDS.approvedVisa, amount), as(token, headers))
const limitOf = async (a: TestApi, token: string, period: 'day' | 'week' | 'month') =>
  (await a.ok('get_deposit_limits', {}, { token })).items.find((l) => l.period === period)!

test.for(backends)(
  'a daily limit refuses the deposit that would pass it on every method, saying what is left and until when [%s]',
  async (backend) => {
    const a = api(backend)
    const player = await activePlayer(a)
    const { token } = player
    const adminSession = await admin(a)
    const none = await a.ok('get_deposit_limits', {}, { token })
    expect(none).toMatchObject({ currency: 'EUR' })
    expect(none.items.map((l) => [l.period, l.amount, l.pending])).toEqual([
      ['day', null, null],
      ['week', null, null],
      ['month', null, null],
    ])

    const set = await a.ok('set_deposit_limit', { period: 'day', amount: 100_00 }, { token, ip: '10.1.2.3' })
    expect(set).toMatchObject({ message: 'deposit_limit_set', limit: { amount: 100_00, used: 0, pending: null } })
    const firstKey = key()
    expect((await deposit(a, token, 60_00, firstKey)).status).toBe(200)

    // 60 used: 50 more would pass it; the refusal names the limit, what is left and the reset.
    const refused = await a.fail('moto_deposit_processor', card(TEST_CARDS.approvedVisa, 50_00), 400, as(token))
    const { resetsAt, used } = await limitOf(a, token, 'day')
    expect(used).toBe(60_00)
    expect(refused).toMatchObject({
      code: 'deposit_limit_day',
      args: [eur(100_00), eur(40_00), resetsAt],
      fields: { amount: ['deposit_limit_day'] },
    })
    expect(refused.message).toContain('€100.00')
    expect(new Date(resetsAt).getTime()).toBeGreaterThan(Date.now())
    expect(new Date(resetsAt).getTime() - Date.now()).toBeLessThanOrEqual(25 * HOUR)
    // The same by bank transfer and by voucher (which stays unredeemed), and no crypto address once used up.
    expect((await a.fail('carespay_deposit_processor', { amount: 41_00 }, 400, as(token))).code).toBe(
      'deposit_limit_day',
    )
    const [voucher] = (await a.ok('mint_vouchers', { amount: 50_00, count: 1 }, { token: adminSession })).items
    expect((await a.fail('cashlib_deposit_processor', { voucherCode: voucher!.code }, 400, as(token))).code).toBe(
      'deposit_limit_day',
    )
    const vouchers = await a.ok('list_vouchers', {}, { token: adminSession })
    expect(vouchers.items.find((v) => v.id === voucher!.id)?.redeemedAt).toBeNull()

    // A replay of the first deposit answers as it did: it is not counted again.
    const replay = await deposit(a, token, 60_00, firstKey)
    expect(replay.status).toBe(200)
    // What is left still goes through (a bank transfer on its way holds its part).
    expect((await a.call('carespay_deposit_processor', { amount: 40_00 }, as(token))).status).toBe(200)
    expect((await a.fail('generate_wallet', { currency: 'BTC' }, 400, { token })).args).toEqual([
      eur(100_00),
      eur(0),
      resetsAt,
    ])
    expect(await balance(a, token)).toBe(60_00)

    // The administrator sees it on the player's page.
    const ledger = await a.ok('get_player_ledger', { username: player.params.username }, { token: adminSession })
    expect(ledger.player.depositLimits.find((l) => l.period === 'day')).toMatchObject({ amount: 100_00, used: 100_00 })

    // The change was recorded and told by e-mail and mailbox.
    const changes = await a.db.select().from(moneyLimitChanges).where(eq(moneyLimitChanges.playerId, player.playerId))
    expect(changes).toMatchObject([
      { period: 'day', change: 'set', fromAmount: null, toAmount: 100_00, ip: '10.1.2.3' },
    ])
    const mail = await latestMail(a, player.params.email)
    expect(mail?.subject).toBe('Tu límite de depósito ha cambiado')
    expect(mail?.text).toContain(`pasó a ser ${formatMoney(100_00, 'EUR', 'es')}`)
    const { items } = await a.ok('get_mailbox', { page: 1, pageSize: 10 }, { token })
    expect(items[0]?.subject).toBe('Tu límite de depósito ha cambiado')

    // At the reset the day starts again; a minute before it, it does not.
    a.advance(new Date(resetsAt).getTime() - Date.now() - 60_000)
    const again = await login(a, player.params.username, player.params.password)
    expect((await a.fail('moto_deposit_processor', card(TEST_CARDS.approvedVisa, 20_00), 400, as(again))).code).toBe(
      'deposit_limit_day',
    )
    a.advance(60_000)
    expect((await deposit(a, again, 100_00)).status).toBe(200)
  },
)

test.for(backends)(
  'a raise or a removal waits 24 hours and the confirmation; a lower limit holds at once [%s]',
  async (backend) => {
    const a = api(backend)
    const player = await activePlayer(a)
    let { token } = player
    await a.ok('set_deposit_limit', { period: 'week', amount: 100_00 }, { token })
    const asked = await a.ok('set_deposit_limit', { period: 'week', amount: 500_00 }, { token })
    expect(asked.message).toBe('deposit_limit_change_waits')
    expect(asked.limit).toMatchObject({ amount: 100_00, pending: { amount: 500_00, due: false } })
    const from = asked.limit.pending!.from
    expect(new Date(from).getTime() - Date.now()).toBeGreaterThan(23.9 * HOUR)
    // Until then the old limit holds, and the confirmation is refused with the time.
    expect((await a.fail('moto_deposit_processor', card(TEST_CARDS.approvedVisa, 200_00), 400, as(token))).code).toBe(
      'deposit_limit_week',
    )
    expect(await a.fail('confirm_deposit_limit', { period: 'week' }, 409, { token })).toMatchObject({
      code: 'deposit_limit_cooling_off',
      args: [from],
    })
    a.advance(24 * HOUR - 60_000)
    token = await login(a, player.params.username, player.params.password)
    expect((await a.fail('confirm_deposit_limit', { period: 'week' }, 409, { token })).code).toBe(
      'deposit_limit_cooling_off',
    )
    a.advance(60_000)
    // Due now, but not by itself: only once confirmed.
    expect(await limitOf(a, token, 'week')).toMatchObject({ amount: 100_00, pending: { amount: 500_00, due: true } })
    const confirmed = await a.ok('confirm_deposit_limit', { period: 'week' }, { token })
    expect(confirmed).toMatchObject({ message: 'deposit_limit_confirmed', limit: { amount: 500_00, pending: null } })
    expect((await deposit(a, token, 200_00)).status).toBe(200)
    await a.fail('confirm_deposit_limit', { period: 'week' }, 409, { token })

    // A raise asked again starts its 24 hours again; a lower limit holds at once and drops it.
    await a.ok('set_deposit_limit', { period: 'week', amount: 900_00 }, { token })
    const lower = await a.ok('set_deposit_limit', { period: 'week', amount: 250_00 }, { token })
    expect(lower).toMatchObject({ message: 'deposit_limit_set', limit: { amount: 250_00, pending: null } })
    expect((await a.fail('moto_deposit_processor', card(TEST_CARDS.approvedVisa, 60_00), 400, as(token))).args).toEqual(
      [eur(250_00), eur(50_00), (await limitOf(a, token, 'week')).resetsAt],
    )

    // A removal waits as a raise does, and may be dropped; once confirmed the period has no limit.
    await a.fail('remove_deposit_limit', { period: 'month' }, 409, { token })
    expect((await a.ok('remove_deposit_limit', { period: 'week' }, { token })).limit.pending).toMatchObject({
      amount: null,
    })
    expect((await a.ok('cancel_deposit_limit_change', { period: 'week' }, { token })).message).toBe(
      'deposit_limit_change_dropped',
    )
    await a.fail('cancel_deposit_limit_change', { period: 'week' }, 409, { token })
    await a.ok('remove_deposit_limit', { period: 'week' }, { token })
    a.advance(24 * HOUR)
    token = await login(a, player.params.username, player.params.password)
    expect((await a.ok('confirm_deposit_limit', { period: 'week' }, { token })).message).toBe('deposit_limit_removed')
    expect(await limitOf(a, token, 'week')).toMatchObject({ amount: null, pending: null })
    expect((await deposit(a, token, 500_00)).status).toBe(200)

    const changes = await a.db
      .select({ change: moneyLimitChanges.change, to: moneyLimitChanges.toAmount })
      .from(moneyLimitChanges)
      .where(eq(moneyLimitChanges.playerId, player.playerId))
      .orderBy(moneyLimitChanges.at)
    expect(changes.map((c) => c.change)).toEqual([
      'set',
      'asked',
      'confirmed',
      'asked',
      'set',
      'asked',
      'dropped',
      'asked',
      'confirmed',
    ])
  },
)

test.for(backends)('deposits sent at the same moment cannot pass a limit together [%s]', async (backend) => {
  const a = api(backend)
  const { token } = await activePlayer(a)
  await a.ok('set_deposit_limit', { period: 'month', amount: 100_00 }, { token })
  const answers = await Promise.all(Array.from({ length: 6 }, () => deposit(a, token, 30_00)))
  expect(answers.filter((r) => r.status === 200)).toHaveLength(3)
  expect(answers.filter((r) => r.status === 400)).toHaveLength(3)
  expect(await balance(a, token)).toBe(90_00)
  expect((await limitOf(a, token, 'month')).used).toBe(90_00)
})

test.for(backends)(
  'a declined card gives its part back; coins sent past a limit are recorded rejected, not credited [%s]',
  async (backend) => {
    const a = api(backend)
    const player = await activePlayer(a)
    const { token } = player
    const adminSession = await admin(a)
    const btc = await a.ok('generate_wallet', { currency: 'BTC' }, { token })
    await a.ok('set_deposit_limit', { period: 'day', amount: 100_00 }, { token })
    await a.call('moto_deposit_processor', card(TEST_CARDS.declined, 100_00), as(token))
    expect((await limitOf(a, token, 'day')).used).toBe(0)
    expect((await deposit(a, token, 50_00)).status).toBe(200)

    // 0.001 BTC is 85 € in the sandbox: past what is left (50 €).
    const report = {
      coin: 'BTC' as const,
      address: btc.address,
      txId: 'cd'.repeat(32),
      units: '0.001',
      confirmations: 6,
    }
    const over = await a.ok('report_crypto_deposit', report, as(adminSession))
    expect(over).toMatchObject({ message: 'deposit_over_limit', transaction: { status: 'rejected', amount: 85_00 } })
    // Reported again, it stays as it was.
    expect((await a.ok('report_crypto_deposit', report, as(adminSession))).transaction.status).toBe('rejected')
    expect(await balance(a, token)).toBe(50_00)
    const [row] = await a.db.select().from(payments).where(eq(payments.reference, over.transaction.reference!))
    expect(row).toMatchObject({ status: 'rejected', failureCode: 'deposit_limit_day' })
  },
)

test.for(backends)('a limit that is not a positive amount up to a million is refused [%s]', async (backend) => {
  const a = api(backend)
  const { token } = await activePlayer(a)
  for (const amount of [0, -5, 1.5, 'lots', null, 100_000_001, Number.MAX_SAFE_INTEGER + 2])
    expect((await a.fail('set_deposit_limit', { period: 'day', amount }, 400, { token })).fields).toHaveProperty(
      'amount',
    )
  expect((await a.fail('set_deposit_limit', { period: 'year', amount: 10_00 }, 400, { token })).fields).toHaveProperty(
    'period',
  )
  expect(
    (await a.fail('set_deposit_limit', { period: 'day', amount: 100_000_001 }, 400, { token })).fields?.amount,
  ).toEqual(['deposit_limit_too_high'])
  await a.fail('get_deposit_limits', {}, 401)
  await a.fail('set_deposit_limit', { period: 'day', amount: 10_00 }, 401)
  // An administrator's account deposits nothing: no limit to keep.
  await a.fail('set_deposit_limit', { period: 'day', amount: 10_00 }, 403, { token: await admin(a) })
  expect((await limitOf(a, token, 'day')).amount).toBeNull()
})
