// Bonuses (ADR 0052): a deposit bonus granted on the deposit the player asked it for, wagered by
// rounds, converted into real money when its turnover is met (at most the cash-out cap), forfeited
// by a withdrawal the player confirmed, expired by the scheduled job; one at a time, and each
// change once however many requests race for it. The ledger's invariants after every test.
import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { closeBonus } from '../src/bonuses/service.ts'
import { bonusIrregularStakes, ledgerTransactions, playerBonuses } from '../src/db/schema.ts'
import { getSettings, setSetting } from '../src/site/settings.ts'
import { playerBalance } from '../src/wallet/ledger.ts'
import { TEST_CARDS } from '../src/payments/cards.ts'
import { asGame, launchGame } from './game-helpers.ts'
import { activePlayer, AS_PROVIDER, backends, checkLedgerAfterEach, useApis, type TestApi } from './helpers.ts'
import { as, bankWithdrawal, card, key } from './payment-helpers.ts'

// The expiry job runs every minute here (every five by default).
const api = useApis({ schedules: { expire_bonuses: '* * * * *' } })
checkLedgerAfterEach(api)

const balance = (a: TestApi, token: string) => a.ok('get_player_balance', {}, { token })
const bonuses = async (a: TestApi, token: string) => (await a.ok('get_player_bonuses', {}, { token })).items

/** A card deposit of `cents` asking for the bonus it earns. */
const depositWithBonus = (a: TestApi, token: string, cents: number) =>
  a.ok('moto_deposit_processor', { ...card(TEST_CARDS.approvedVisa, cents), claimBonus: true }, as(token))

/** A round staked and paid through the provider wallet on a slot (its stakes count 100 %). */
async function round(a: TestApi, playerId: string, stake: number, paid: number) {
  const r = { playerId, currency: 'EUR' as const, roundId: `r-${randomUUID()}`, gameId: 'golden-sevens' }
  await a.ok('provider_bet', { ...r, transactionId: `b-${randomUUID()}`, amount: stake }, AS_PROVIDER)
  await a.ok('provider_win', { ...r, transactionId: `w-${randomUUID()}`, amount: paid }, AS_PROVIDER)
}

const bonusTransactions = (a: TestApi, playerId: string, kind: string) =>
  a.db
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.playerId, playerId), eq(ledgerTransactions.kind, kind)))

for (const backend of backends) {
  test(`${backend}: a first deposit that asks for it gets the welcome bonus; real slot rounds wager it and it turns into real money`, async () => {
    const a = api(backend)
    const { token, playerId } = await activePlayer(a)
    // Without asking, a deposit earns nothing.
    const plain = await activePlayer(a)
    await a.ok('moto_deposit_processor', card(TEST_CARDS.approvedVisa, 20_00), as(plain.token))
    expect(await bonuses(a, plain.token)).toEqual([])
    expect((await balance(a, plain.token)).bonus).toBe(0)

    await depositWithBonus(a, token, 20_00)
    expect(await balance(a, token)).toMatchObject({ real: 20_00, bonus: 20_00, total: 40_00 })
    const [granted] = await bonuses(a, token)
    expect(granted).toMatchObject({
      type: 'welcome_deposit',
      name: 'Bono de bienvenida',
      status: 'active',
      granted: { amount: 20_00, currency: 'EUR' },
      wagering: { required: 60_00, done: 0 },
      converted: null,
    })
    expect(new Date(granted!.expiresAt!).getTime() - new Date(granted!.grantedAt).getTime()).toBe(30 * 86_400_000)

    // A second deposit, without a bonus, so that the spins below never run out of real money
    // (which is staked first): the bonus money stays whole until it converts.
    await a.ok('moto_deposit_processor', card(TEST_CARDS.approvedVisa, 200_00), as(token))
    // Real rounds through the game server, 2.50 € a spin (5 lines of 0.50 €). The 24th spin meets
    // the 60 € turnover; its round converts the bonus.
    const { session } = await launchGame(a, 'golden-sevens', 'real', token)
    await a.ok('game_open', {}, asGame(session))
    let spins = 0
    let last = { before: 0, stake: 0, win: 0 }
    while ((await bonuses(a, token))[0]!.status === 'active' && spins < 40) {
      const before = (await balance(a, token)).total
      const played = await a.call('game_play', { bet: { lineBet: 50 }, moveId: randomUUID() }, asGame(session))
      expect(played.status, JSON.stringify(played.body)).toBe(200)
      last = { before, stake: 2_50, win: (played.body as { round: { win: number } }).round.win }
      spins++
    }
    expect(spins).toBe(24)
    const [done] = await bonuses(a, token)
    expect(done).toMatchObject({ status: 'converted', wagering: { required: 60_00, done: 60_00 } })
    // The whole bonus became real money (far below the cap of 50 x 20 €), in one ledger transaction.
    expect(done!.converted).toEqual({ amount: 20_00, currency: 'EUR' })
    expect(await balance(a, token)).toMatchObject({ bonus: 0, real: last.before - last.stake + last.win })
    expect(await bonusTransactions(a, playerId, 'bonus_conversion')).toHaveLength(1)
  })

  test(`${backend}: the conversion pays at most the cash-out cap (the deposit times the rule's multiple); a stake above 30 % is flagged`, async () => {
    const a = api(backend)
    const settings = await getSettings(a.db)
    // A multiple of 1 makes the cap reachable in two rounds: the deposit itself.
    await setSetting(a.db, 'rules', { ...settings.rules, bonusCashOutMaxMultiplier: 1 }, new Date())
    const { token, playerId } = await activePlayer(a)
    try {
      await depositWithBonus(a, token, 20_00)
    } finally {
      await setSetting(a.db, 'rules', settings.rules, new Date())
    }
    // 40 € staked (all the real money, then all the bonus) won back twice over: 40 € real, 40 € bonus.
    await round(a, playerId, 40_00, 80_00)
    expect(await balance(a, token)).toMatchObject({ real: 40_00, bonus: 40_00 })
    expect((await bonuses(a, token))[0]).toMatchObject({ status: 'active', wagering: { done: 40_00 } })
    // 20 € more meets the 60 € turnover; the bonus turns into real money up to 20 €, the rest lapses.
    await round(a, playerId, 20_00, 20_00)
    expect(await balance(a, token)).toMatchObject({ real: 60_00, bonus: 0 })
    expect((await bonuses(a, token))[0]).toMatchObject({
      status: 'converted',
      wagering: { required: 60_00, done: 60_00 },
      converted: { amount: 20_00, currency: 'EUR' },
    })
    // The 40 € stake was above 30 % of the 20 € deposit (6 €): the administrator's list has it, the 20 € too.
    const flagged = await a.db
      .select({ stake: bonusIrregularStakes.stake, threshold: bonusIrregularStakes.threshold })
      .from(bonusIrregularStakes)
      .innerJoin(playerBonuses, eq(playerBonuses.id, bonusIrregularStakes.playerBonusId))
      .where(eq(playerBonuses.playerId, playerId))
      .orderBy(bonusIrregularStakes.createdAt)
    expect(flagged).toEqual([
      { stake: 40_00, threshold: 6_00 },
      { stake: 20_00, threshold: 6_00 },
    ])
  })

  test(`${backend}: a second bonus is refused while one is active; a table game counts at its weight`, async () => {
    const a = api(backend)
    const { token, playerId } = await activePlayer(a)
    await depositWithBonus(a, token, 20_00)
    const refused = await a.fail(
      'moto_deposit_processor',
      { ...card(TEST_CARDS.approvedVisa, 30_00), claimBonus: true },
      409,
      as(token),
    )
    expect(refused.code).toBe('bonus_active')
    expect(refused.message).toBe('You still have an active bonus. Please keep playing and try again later.')
    expect(await balance(a, token)).toMatchObject({ real: 20_00, bonus: 20_00 })
    // The same deposit without the bonus goes through, and earns none.
    await a.ok('moto_deposit_processor', card(TEST_CARDS.approvedVisa, 30_00), as(token))
    expect(await balance(a, token)).toMatchObject({ real: 50_00, bonus: 20_00 })
    expect(await bonuses(a, token)).toHaveLength(1)
    // A roulette stake counts 20 % toward the bonus (all of it toward the deposits).
    const r = { playerId, currency: 'EUR' as const, roundId: `r-${randomUUID()}`, gameId: 'european-roulette' }
    await a.ok('provider_bet', { ...r, transactionId: `b-${randomUUID()}`, amount: 10_00 }, AS_PROVIDER)
    await a.ok('provider_win', { ...r, transactionId: `w-${randomUUID()}`, amount: 0 }, AS_PROVIDER)
    expect((await bonuses(a, token))[0]!.wagering).toEqual({ required: 60_00, done: 2_00 })
  })

  test(`${backend}: a withdrawal with an active bonus asks first, then forfeits the bonus money`, async () => {
    const a = api(backend)
    const { token, playerId } = await activePlayer(a)
    await depositWithBonus(a, token, 40_00)
    // The deposit's own turnover (120 €) met with real money won back, on slots, which this bonus
    // (its terms edited for the test) does not count: the bonus stays active.
    await a.db.execute(
      sql`UPDATE player_bonuses SET game_weights = '{"slots": 0}'::jsonb WHERE player_id = ${playerId}`,
    )
    for (let i = 0; i < 3; i++) await round(a, playerId, 40_00, 40_00)
    expect((await bonuses(a, token))[0]).toMatchObject({ status: 'active', wagering: { done: 0 } })
    const asked = await a.fail('send_withdrawal_request', bankWithdrawal(20_00), 409, as(token))
    expect(asked.code).toBe('bonus_forfeit_required')
    expect(asked.message).toBe(
      'You have an active bonus: withdrawing now forfeits it and the bonus money. Confirm to withdraw anyway.',
    )
    expect(await balance(a, token)).toMatchObject({ real: 40_00, bonus: 40_00 })
    const sent = await a.ok('send_withdrawal_request', { ...bankWithdrawal(20_00), forfeitBonus: true }, as(token))
    expect(sent.balance).toMatchObject({ real: 20_00, bonus: 0 })
    expect((await bonuses(a, token))[0]).toMatchObject({ status: 'forfeited', converted: null })
    expect(await bonusTransactions(a, playerId, 'bonus_forfeit')).toHaveLength(1)
    // No bonus left: the next withdrawal asks nothing.
    await a.ok('send_withdrawal_request', bankWithdrawal(20_00), as(token))
  })

  test(`${backend}: the deposit bonus offer follows the templates: welcome first, reload after, none while a bonus is active`, async () => {
    const a = api(backend)
    const { token } = await activePlayer(a)
    const offer = async () => (await a.ok('get_deposit_bonus_offer', {}, { token })).offer
    expect(await offer()).toEqual({
      type: 'welcome_deposit',
      name: 'Bono de bienvenida',
      percent: 100,
      amount: null,
      maxBonus: 200_00,
      minDeposit: 10_00,
      currency: 'EUR',
      wageringMultiplier: 3,
      validityDays: 30,
    })
    // The figures are the template's own: an edited template is what the offer says.
    await a.db.execute(sql`UPDATE bonus_templates SET max_bonus = 15000 WHERE type = 'welcome_deposit'`)
    try {
      expect(await offer()).toMatchObject({ type: 'welcome_deposit', maxBonus: 150_00 })
    } finally {
      await a.db.execute(sql`UPDATE bonus_templates SET max_bonus = 20000 WHERE type = 'welcome_deposit'`)
    }
    await depositWithBonus(a, token, 20_00)
    expect(await offer()).toBeNull()
    const [active] = await bonuses(a, token)
    await a.ok('forfeit_bonus', { id: active!.id }, as(token))
    expect(await offer()).toMatchObject({ type: 'reload_deposit', percent: 50, maxBonus: 100_00, validityDays: 14 })
    await a.db.execute(sql`UPDATE bonus_templates SET enabled = false WHERE type = 'reload_deposit'`)
    try {
      expect(await offer()).toBeNull()
    } finally {
      await a.db.execute(sql`UPDATE bonus_templates SET enabled = true WHERE type = 'reload_deposit'`)
    }
  })

  test(`${backend}: the promotions' offers are the deposit templates any player can claim today and the scheduled ones, in the asked language`, async () => {
    const a = api(backend)
    const { items } = await a.ok('get_bonus_offers', { locale: 'en' })
    expect(
      items.map((o) => [
        o.type,
        o.name,
        o.percent,
        o.amount,
        o.maxBonus,
        o.minDeposit,
        o.wageringMultiplier,
        o.validityDays,
      ]),
    ).toEqual([
      ['welcome_deposit', 'Welcome bonus', 100, null, 200_00, 10_00, 3, 30],
      ['reload_deposit', 'Reload bonus', 50, null, 100_00, 20_00, 3, 14],
      ['weekly_cashback', 'Monday cashback', 10, null, 100_00, null, 3, 7],
      ['weekly_bonus', 'Wednesday bonus', 25, null, 50_00, 10_00, 3, 7],
      ['monthly_bonus', 'Monthly bonus', null, 10_00, null, null, 3, 7],
      ['refer_a_friend', 'Refer a friend', null, 20_00, null, null, 3, 30],
    ])
    await a.db.execute(sql`UPDATE bonus_templates SET enabled = false WHERE type IN ('reload_deposit', 'weekly_bonus')`)
    try {
      const es = await a.ok('get_bonus_offers', { locale: 'es' })
      expect(es.items.map((o) => o.name)).toEqual([
        'Bono de bienvenida',
        'Cashback de los lunes',
        'Bono mensual',
        'Invita a un amigo',
      ])
    } finally {
      await a.db.execute(
        sql`UPDATE bonus_templates SET enabled = true WHERE type IN ('reload_deposit', 'weekly_bonus')`,
      )
    }
  })

  test(`${backend}: the player forfeits their active bonus once; someone else's bonus is not found`, async () => {
    const a = api(backend)
    const { token, playerId } = await activePlayer(a)
    await depositWithBonus(a, token, 30_00)
    const [active] = await bonuses(a, token)
    const other = await activePlayer(a)
    expect((await a.fail('forfeit_bonus', { id: active!.id }, 404, as(other.token))).code).toBe('not_found')
    const headers = key()
    const [first, second] = await Promise.all([
      a.call('forfeit_bonus', { id: active!.id }, as(token, headers)),
      a.call('forfeit_bonus', { id: active!.id }, as(token)),
    ])
    for (const res of [first, second]) expect(res.status, JSON.stringify(res.body)).toBe(200)
    const done = await a.ok('forfeit_bonus', { id: active!.id }, as(token, headers))
    expect(done).toMatchObject({ ok: true, message: 'bonus_forfeited', bonus: { status: 'forfeited' } })
    expect(done.balance).toMatchObject({ real: 30_00, bonus: 0 })
    expect(await bonusTransactions(a, playerId, 'bonus_forfeit')).toHaveLength(1)
    // A bonus closed otherwise is not forfeited.
    await a.db.execute(sql`UPDATE player_bonuses SET status = 'cancelled' WHERE id = ${active!.id}`)
    expect((await a.fail('forfeit_bonus', { id: active!.id }, 409, as(token))).code).toBe('bonus_not_active')
    await a.db.execute(sql`UPDATE player_bonuses SET status = 'forfeited' WHERE id = ${active!.id}`)
  })

  test(`${backend}: two conversions at once act once; two deposits asking at once get one bonus`, async () => {
    const a = api(backend)
    const { token, playerId } = await activePlayer(a)
    const deposits = await Promise.all(
      [20_00, 30_00].map((cents) =>
        a.call('moto_deposit_processor', { ...card(TEST_CARDS.approvedVisa, cents), claimBonus: true }, as(token)),
      ),
    )
    // Each went through (the later one without a bonus) or was refused before moving money.
    for (const d of deposits) expect([200, 409]).toContain(d.status)
    const [only, ...none] = await bonuses(a, token)
    expect(none).toEqual([])
    expect(only).toMatchObject({ type: 'welcome_deposit', status: 'active' })
    expect(await bonusTransactions(a, playerId, 'bonus_grant')).toHaveLength(1)

    // A turnover of 20 € (the requirement edited for the test), met by a stake whose round has no
    // win yet (a round's win converts): then two conversions and an expiry race for the bonus.
    await a.db.execute(
      sql`UPDATE wagering_requirements SET required = 2000
          WHERE id = (SELECT requirement_id FROM player_bonuses WHERE id = ${only!.id})`,
    )
    const r = { playerId, currency: 'EUR' as const, roundId: `r-${randomUUID()}`, gameId: 'golden-sevens' }
    await a.ok('provider_bet', { ...r, transactionId: `b-${randomUUID()}`, amount: 20_00 }, AS_PROVIDER)
    expect((await bonuses(a, token))[0]).toMatchObject({ status: 'active', wagering: { required: 20_00, done: 20_00 } })
    const results = await Promise.all([
      closeBonus(a.db, only!.id, 'converted', new Date()),
      closeBonus(a.db, only!.id, 'converted', new Date()),
      closeBonus(a.db, only!.id, 'expired', new Date(Date.now() + 365 * 86_400_000)),
    ])
    expect(results.filter(Boolean)).toHaveLength(1)
    const closing = [
      ...(await bonusTransactions(a, playerId, 'bonus_conversion')),
      ...(await bonusTransactions(a, playerId, 'bonus_expiry')),
    ]
    expect(closing).toHaveLength(1)
    expect((await balance(a, token)).bonus).toBe(0)
  })

  test(`${backend}: the scheduled job expires a bonus whose time is up; its money leaves the bonus balance`, async () => {
    const a = api(backend)
    const { token, playerId } = await activePlayer(a)
    await depositWithBonus(a, token, 20_00)
    // 31 days on (the session ends with them: the database is read directly).
    a.advance(31 * 86_400_000)
    const status = async () =>
      (await a.db.select().from(playerBonuses).where(eq(playerBonuses.playerId, playerId)))[0]!.status
    const deadline = Date.now() + 80_000
    while ((await status()) === 'active' && Date.now() < deadline) await new Promise((done) => setTimeout(done, 500))
    expect(await status()).toBe('expired')
    expect(await playerBalance(a.db, playerId, 'EUR')).toMatchObject({ real: 20_00, bonus: 0 })
    expect(await bonusTransactions(a, playerId, 'bonus_expiry')).toHaveLength(1)
  }, 120_000)
}
