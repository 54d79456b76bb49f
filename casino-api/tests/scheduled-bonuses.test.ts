// The scheduled bonuses (ADR 0055): Monday's cashback on the week before's net real-money loss,
// the Wednesday bonus on its deposits, the monthly bonus to those who deposited; each player once
// per period however often the pass runs (twice at once, after a restart, on two instances), a
// player with an active bonus skipped and told so, the mailbox message live on the socket. The
// ledger's invariants after each run.
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterEach, describe, expect, test } from 'vitest'
import {
  duePeriod,
  grantScheduledBonuses,
  isoWeek,
  localDay,
  month,
  runDueScheduledBonuses,
  zonedMidnight,
} from '../src/bonuses/scheduled.ts'
import { mailboxMessages, playerBonuses, scheduledBonusGrants } from '../src/db/schema.ts'
import { TEST_CARDS } from '../src/payments/cards.ts'
import {
  activePlayer,
  AS_PROVIDER,
  backends,
  startTestApi,
  type Backend,
  type TestApi,
  ledgerReport,
} from './helpers.ts'
import { as, card } from './payment-helpers.ts'
import { connect, until } from './socket-helpers.ts'

const ZONE = 'Europe/Madrid'

const closing: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const close of closing.splice(0).toReversed()) await close()
})

async function ledgerClean(a: TestApi) {
  const report = await ledgerReport(a)
  expect(report.violations, `ledger invariants on ${a.backend}`).toEqual([])
  expect(report.postingSum).toBe(0)
}

/** Two instances of the API on one database when the backend allows it (PostgreSQL), else one. */
async function apisOnOneDatabase(backend: Backend) {
  const dataDir = await mkdtemp(join(tmpdir(), 'casino-api-scheduled-'))
  closing.push(() => rm(dataDir, { recursive: true, force: true }))
  const schema = `test_${randomBytes(6).toString('hex')}`
  const same = backend === 'postgres' ? { schema } : { dataDir }
  const start = async (drop: boolean): Promise<TestApi> => {
    const api = await startTestApi(backend, { ...same, dropSchemaOnClose: drop })
    // On PGlite the mails are written under the shared data directory.
    return backend === 'pglite' ? { ...api, dataDir } : api
  }
  return { start }
}

/** A round on a slot through the provider wallet: `stake` staked, `paid` won. */
async function round(a: TestApi, playerId: string, stake: number, paid: number) {
  const r = { playerId, currency: 'EUR' as const, roundId: `r-${randomUUID()}`, gameId: 'golden-sevens' }
  await a.ok('provider_bet', { ...r, transactionId: `b-${randomUUID()}`, amount: stake }, AS_PROVIDER)
  await a.ok('provider_win', { ...r, transactionId: `w-${randomUUID()}`, amount: paid }, AS_PROVIDER)
}

const deposit = (a: TestApi, token: string, cents: number, claimBonus = false) =>
  a.ok('moto_deposit_processor', { ...card(TEST_CARDS.approvedVisa, cents), claimBonus }, as(token))

const bonusesOf = (a: TestApi, playerId: string, type: 'weekly_cashback' | 'weekly_bonus' | 'monthly_bonus') =>
  a.db
    .select()
    .from(playerBonuses)
    .where(and(eq(playerBonuses.playerId, playerId), eq(playerBonuses.type, type)))

const messagesOf = (a: TestApi, playerId: string) =>
  a.db.select().from(mailboxMessages).where(eq(mailboxMessages.playerId, playerId))

/** The ISO week running now in the casino's time zone: the tests' rounds and deposits fall in it. */
const thisWeek = () => {
  const d = localDay(new Date(), ZONE)
  return isoWeek(d.y, d.m, d.d, ZONE)
}

test('periods are counted in the casino time zone, across a change of the clocks', () => {
  // Spain moves to summer time on Sunday 29 March 2026: that week starts at 23:00 UTC and ends at 22:00 UTC.
  expect(isoWeek(2026, 3, 25, ZONE)).toEqual({
    key: '2026-W13',
    from: new Date('2026-03-22T23:00:00Z'),
    to: new Date('2026-03-29T22:00:00Z'),
  })
  // The ISO week's year is its Thursday's: 29 December 2025 is in 2026's first week.
  expect(isoWeek(2025, 12, 31, 'UTC').key).toBe('2026-W01')
  expect(isoWeek(2027, 1, 1, 'UTC').key).toBe('2026-W53')
  expect(month(2026, 12, ZONE)).toEqual({
    key: '2026-12',
    from: new Date('2026-11-30T23:00:00Z'),
    to: new Date('2026-12-31T23:00:00Z'),
  })
  expect(zonedMidnight(2026, 7, 1, 'America/New_York')).toEqual(new Date('2026-07-01T04:00:00Z'))
  // Monday 00:30 in Madrid is still Sunday in UTC: the cashback is due by Madrid's calendar.
  const mondayInMadrid = new Date('2026-11-22T23:30:00Z')
  expect(duePeriod('weekly_cashback', mondayInMadrid, ZONE)?.key).toBe('2026-W47')
  expect(duePeriod('weekly_cashback', mondayInMadrid, 'UTC')).toBeNull()
  expect(duePeriod('weekly_bonus', new Date('2026-11-25T10:00:00Z'), ZONE)?.key).toBe('2026-W47')
  expect(duePeriod('weekly_bonus', mondayInMadrid, ZONE)).toBeNull()
  expect(duePeriod('monthly_bonus', new Date('2026-11-30T23:30:00Z'), ZONE)?.key).toBe('2026-11')
  expect(duePeriod('monthly_bonus', new Date('2026-01-01T08:00:00Z'), ZONE)?.key).toBe('2025-12')
  expect(duePeriod('monthly_bonus', new Date('2026-11-30T12:00:00Z'), ZONE)).toBeNull()
})

describe.each(backends)('scheduled bonuses [%s]', (backend: Backend) => {
  test("Monday's cashback run twice at once, again after a restart (and on two instances) grants once", async () => {
    const db = await apisOnOneDatabase(backend)
    const a = await db.start(false)
    let aClosed = false
    closing.push(() => (aClosed ? Promise.resolve() : a.close()))

    // Lost 40 € net this week: 10 % of it back.
    const loser = await activePlayer(a)
    await deposit(a, loser.token, 100_00)
    await round(a, loser.playerId, 50_00, 10_00)
    // Won more than staked: no loss, no cashback.
    const winner = await activePlayer(a)
    await deposit(a, winner.token, 50_00)
    await round(a, winner.playerId, 10_00, 30_00)
    // Lost, but holds another bonus: skipped and told.
    const busy = await activePlayer(a)
    await deposit(a, busy.token, 20_00, true)
    await round(a, busy.playerId, 15_00, 0)
    // A heavy loser: the cashback stops at the template's 100 €.
    const heavy = await activePlayer(a)
    await deposit(a, heavy.token, 2_000_00)
    await round(a, heavy.playerId, 1_500_00, 0)
    // Lost, then excluded themselves (ADR 0060): no bonus, not a word, not even a decision.
    const excluded = await activePlayer(a)
    await deposit(a, excluded.token, 30_00)
    await round(a, excluded.playerId, 20_00, 0)
    const exclusion = {
      kind: 'self_exclusion',
      period: '30d',
      password: excluded.params.password,
      understood: 'on',
    } as const
    await a.ok('restrict_account', exclusion, { token: excluded.token })

    const socket = await connect(a.url, loser.token)
    closing.push(async () => socket.ws.close())
    const week = thisWeek()
    const monday = new Date(week.to.getTime() + 30 * 60_000)
    // Two passes at once, then the hourly pass of the Monday (the same period), then a Tuesday's (no cashback due).
    const [first, second] = await Promise.all([
      grantScheduledBonuses(a.db, 'weekly_cashback', week, monday),
      grantScheduledBonuses(a.db, 'weekly_cashback', week, monday),
    ])
    expect(first.granted + second.granted).toBe(2)
    expect(first.skipped + second.skipped).toBe(1)
    const cashback = ['weekly_cashback'] as const
    const hourly = await runDueScheduledBonuses(a.db, new Date(monday.getTime() + 3_600_000), cashback)
    expect(hourly).toEqual({ weekly_cashback: { period: week.key, granted: 0, skipped: 0, decidedBefore: 3 } })
    expect(await runDueScheduledBonuses(a.db, new Date(monday.getTime() + 86_400_000), cashback)).toEqual({})
    await ledgerClean(a)

    // The player is told live: the mailbox message and the new balance.
    await until(() => socket.events.some((e) => e.type === 'mailbox_message'), 'the mailbox event')
    expect(socket.events.find((e) => e.type === 'mailbox_message')).toMatchObject({
      item: { category: 'bonus', subject: 'Cashback de los lunes: 4,00\u00a0€', read: false },
    })
    await until(
      () => socket.events.some((e) => e.type === 'balance_changed' && e.balance.bonus === 4_00),
      'the balance event',
    )

    // A restart, then (PostgreSQL) a second instance beside it: both run the same Monday's pass.
    await a.close()
    aClosed = true
    const b = await db.start(backend === 'pglite')
    closing.push(b.close)
    const others = [b]
    if (backend === 'postgres') {
      const c = await db.start(true)
      closing.push(c.close)
      others.push(c)
    }
    const again = await Promise.all(others.map((o) => grantScheduledBonuses(o.db, 'weekly_cashback', week, monday)))
    expect(again.reduce((n, o) => n + o.granted + o.skipped, 0)).toBe(0)

    const [granted] = await bonusesOf(b, loser.playerId, 'weekly_cashback')
    expect(await bonusesOf(b, loser.playerId, 'weekly_cashback')).toHaveLength(1)
    expect(granted).toMatchObject({ amount: 4_00, status: 'active', deposit: null, nameEs: 'Cashback de los lunes' })
    expect(granted!.expiresAt.getTime() - granted!.grantedAt.getTime()).toBe(7 * 86_400_000)
    expect(await b.ok('get_player_balance', {}, { token: loser.token })).toMatchObject({ real: 60_00, bonus: 4_00 })
    expect((await bonusesOf(b, heavy.playerId, 'weekly_cashback'))[0]?.amount).toBe(100_00)
    expect(await bonusesOf(b, winner.playerId, 'weekly_cashback')).toEqual([])
    expect(await bonusesOf(b, busy.playerId, 'weekly_cashback')).toEqual([])

    // One message each, in the player's language; the skipped player's says why.
    const [toLoser] = await messagesOf(b, loser.playerId)
    expect(await messagesOf(b, loser.playerId)).toHaveLength(1)
    expect(toLoser!.body).toContain('4,00\u00a0€')
    const toBusy = (await messagesOf(b, busy.playerId)).filter((m) => m.category === 'bonus')
    expect(toBusy).toHaveLength(1)
    expect(toBusy[0]!.subject).toBe('Cashback de los lunes: no concedido')
    expect(toBusy[0]!.body).toContain('otro bono activo')
    expect(await messagesOf(b, winner.playerId)).toEqual([])
    expect(await bonusesOf(b, excluded.playerId, 'weekly_cashback')).toEqual([])
    expect(await messagesOf(b, excluded.playerId)).toEqual([])

    // Decided once per player: the skip stands even after the other bonus is gone.
    const decisions = await b.db
      .select()
      .from(scheduledBonusGrants)
      .where(and(eq(scheduledBonusGrants.type, 'weekly_cashback'), eq(scheduledBonusGrants.period, week.key)))
    expect(decisions).toHaveLength(3)
    expect(decisions.find((d) => d.playerId === busy.playerId)).toMatchObject({ amount: 1_50, playerBonusId: null })
    const [welcome] = (await b.ok('get_player_bonuses', {}, { token: busy.token })).items
    await b.ok('forfeit_bonus', { id: welcome!.id }, as(busy.token))
    await grantScheduledBonuses(b.db, 'weekly_cashback', week, monday)
    expect(await bonusesOf(b, busy.playerId, 'weekly_cashback')).toEqual([])
    for (const o of others) await ledgerClean(o)
  }, 120_000)

  test("the hourly schedule grants Monday's cashback by the casino's clock, through the job queue", async () => {
    const a = await startTestApi(backend, { schedules: { scheduled_bonuses: '* * * * *' } })
    closing.push(a.close)
    const loser = await activePlayer(a)
    await deposit(a, loser.token, 30_00)
    await round(a, loser.playerId, 20_00, 0)
    // The casino's clock moves to the next Monday, half past midnight in Madrid: the next
    // minute's run grants the week's cashback, 10 % of 20 €.
    const week = thisWeek()
    a.advance(week.to.getTime() + 30 * 60_000 - Date.now())
    const deadline = Date.now() + 90_000
    while ((await bonusesOf(a, loser.playerId, 'weekly_cashback')).length === 0 && Date.now() < deadline)
      await new Promise((done) => setTimeout(done, 500))
    expect(await bonusesOf(a, loser.playerId, 'weekly_cashback')).toMatchObject([
      { amount: 2_00, sourceKey: `weekly_cashback:${week.key}:${loser.playerId}` },
    ])
    await ledgerClean(a)
  }, 120_000)

  test("the Wednesday bonus pays its percent of the week's deposits, the monthly bonus its amount, in English for an English player", async () => {
    const a = await startTestApi(backend)
    closing.push(a.close)
    const small = await activePlayer(a)
    // Above the template's minimum of 10 € in the week: 25 % of 15 €.
    await deposit(a, small.token, 15_00)
    const english = await activePlayer(a, { language: 'en' })
    await deposit(a, english.token, 400_00) // 25 % is 100 €, capped at 50 €
    const idle = await activePlayer(a)

    const week = thisWeek()
    const wednesday = new Date(week.to.getTime() + 2 * 86_400_000 + 3_600_000)
    const run = await runDueScheduledBonuses(a.db, wednesday, ['weekly_bonus'])
    expect(run).toEqual({ weekly_bonus: { period: week.key, granted: 2, skipped: 0, decidedBefore: 0 } })
    expect((await bonusesOf(a, small.playerId, 'weekly_bonus'))[0]?.amount).toBe(3_75)
    expect((await bonusesOf(a, english.playerId, 'weekly_bonus'))[0]?.amount).toBe(50_00)
    expect(await bonusesOf(a, idle.playerId, 'weekly_bonus')).toEqual([])
    const [told] = await messagesOf(a, english.playerId)
    expect(told).toMatchObject({ subject: 'Wednesday bonus: €50.00' })
    expect(told!.body).toContain('Wager it 3 times within 7 days')

    // The English player gives the Wednesday bonus up; the month's pass grants the other one's
    // skip (their Wednesday bonus is still active) and the English player's 10 €.
    const [active] = (await a.ok('get_player_bonuses', {}, { token: english.token })).items
    await a.ok('forfeit_bonus', { id: active!.id }, as(english.token))
    const d = localDay(new Date(), ZONE)
    const monthNow = month(d.y, d.m, ZONE)
    const monthly = await grantScheduledBonuses(
      a.db,
      'monthly_bonus',
      monthNow,
      new Date(monthNow.to.getTime() + 60_000),
    )
    expect(monthly).toEqual({ granted: 1, skipped: 1, decidedBefore: 0 })
    expect((await bonusesOf(a, english.playerId, 'monthly_bonus'))[0]?.amount).toBe(10_00)
    expect(await bonusesOf(a, small.playerId, 'monthly_bonus')).toEqual([])
    await ledgerClean(a)

    // ledger:check holds each scheduled bonus to its decision: a decision that says otherwise is reported.
    const decision = and(
      eq(scheduledBonusGrants.type, 'monthly_bonus'),
      eq(scheduledBonusGrants.playerId, english.playerId),
    )
    await a.db.update(scheduledBonusGrants).set({ amount: 9_00 }).where(decision)
    expect((await ledgerReport(a)).violations).toEqual([
      expect.objectContaining({ rule: expect.stringContaining('each scheduled bonus is its decision') }),
    ])
    await a.db.update(scheduledBonusGrants).set({ amount: 10_00 }).where(decision)
    await ledgerClean(a)
  }, 60_000)
})
