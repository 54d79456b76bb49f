// Promo and bonus codes (ADR 0053): an administrator's code, checked by validate_promo_code, kept
// at registration (a no-deposit code credited at activation, a deposit code on the first deposit
// that asks for a bonus), applied by bonuscode_deposit_processor once per player and never above
// its uses, however many requests race for it. The ledger's invariants after every test.
import { and, eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { adminAudit, ledgerTransactions, playerBonuses, promoCodes, promoCodeUses } from '../src/db/schema.ts'
import { keepDepositCode } from '../src/bonuses/promo-codes.ts'
import { TEST_CARDS } from '../src/payments/cards.ts'
import {
  activePlayer,
  adminToken,
  backends,
  checkLedgerAfterEach,
  mailedToken,
  newPlayer,
  useApis,
  type TestApi,
  loginAnswer,
} from './helpers.ts'
import { as, card, key } from './payment-helpers.ts'

const api = useApis()
checkLedgerAfterEach(api)

let serial = 0
const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${++serial}`

type NewCode = {
  bonusType?: 'welcome_deposit' | 'reload_deposit' | 'bonus_code'
  amount?: number
  maxUses?: number
  validFrom?: string
  validUntil?: string
}

async function createCode(a: TestApi, c: NewCode = {}, code = uniqueCode('FREE')) {
  const token = await adminToken(a)
  const bonusType = c.bonusType ?? 'bonus_code'
  const created = await a.ok(
    'create_promo_code',
    {
      code: code.toLowerCase(),
      bonusType,
      ...(bonusType === 'bonus_code' ? { amount: c.amount ?? 10_00 } : {}),
      maxUses: c.maxUses ?? 1,
      ...(c.validFrom ? { validFrom: c.validFrom } : {}),
      ...(c.validUntil ? { validUntil: c.validUntil } : {}),
    },
    { token },
  )
  return created.item
}

const apply = (a: TestApi, token: string, code: string, headers = key()) =>
  a.call('bonuscode_deposit_processor', { code }, { token, headers })

const grants = (a: TestApi, playerId: string) =>
  a.db
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.playerId, playerId), eq(ledgerTransactions.kind, 'bonus_grant')))

const balance = (a: TestApi, token: string) => a.ok('get_player_balance', {}, { token })

for (const backend of backends) {
  test(`${backend}: an administrator creates codes (case-insensitive, unique), lists them, and each creation is audited`, async () => {
    const a = api(backend)
    const code = uniqueCode('Mixed')
    const item = await createCode(a, { amount: 5_00, maxUses: 3 }, code)
    expect(item).toMatchObject({
      code: code.toUpperCase(),
      bonusType: 'bonus_code',
      amount: { amount: 5_00, currency: 'EUR' },
      maxUses: 3,
      uses: 0,
      createdBy: 'admin',
    })
    const token = await adminToken(a)
    const taken = await a.fail(
      'create_promo_code',
      { code: code.toLowerCase(), bonusType: 'welcome_deposit', maxUses: 1 },
      409,
      { token },
    )
    expect(taken).toMatchObject({ code: 'promo_code_taken', fields: { code: ['promo_code_taken'] } })
    // A no-deposit code needs its amount; a deposit code has its template's figures.
    const noAmount = await a.fail(
      'create_promo_code',
      { code: uniqueCode('X'), bonusType: 'bonus_code', maxUses: 1 },
      400,
      {
        token,
      },
    )
    expect(noAmount.fields).toMatchObject({ amount: ['field_required'] })
    const listed = await a.ok('list_promo_codes', {}, { token })
    expect(listed.items.find((c) => c.id === item.id)).toMatchObject({ code: code.toUpperCase(), uses: 0 })
    const [audited] = await a.db.select().from(adminAudit).where(eq(adminAudit.target, item.id))
    expect(audited).toMatchObject({ action: 'create_promo_code' })
    const log = await a.ok('get_admin_audit', { pageSize: 100 }, { token })
    expect(log.items.find((e) => e.target === item.id)).toMatchObject({
      action: 'create_promo_code',
      targetLabel: code.toUpperCase(),
      amount: { amount: 5_00, currency: 'EUR' },
    })
    // Players may not.
    const player = await activePlayer(a)
    await a.fail('list_promo_codes', {}, 403, { token: player.token })
    await a.fail('create_promo_code', { code: uniqueCode('P'), bonusType: 'welcome_deposit', maxUses: 1 }, 403, {
      token: player.token,
    })
  })

  test(`${backend}: validate_promo_code tells a known code's offer with its template's figures, or why not`, async () => {
    const a = api(backend)
    const welcome = await createCode(a, { bonusType: 'welcome_deposit', maxUses: 5 })
    const free = await createCode(a, { amount: 7_50, maxUses: 1 })
    expect(await a.ok('validate_promo_code', { code: welcome.code.toLowerCase(), locale: 'en' })).toEqual({
      valid: true,
      message: 'promo_code_valid',
      code: welcome.code,
      offer: {
        type: 'welcome_deposit',
        name: 'Welcome bonus',
        percent: 100,
        amount: null,
        maxBonus: 200_00,
        minDeposit: 10_00,
        currency: 'EUR',
        wageringMultiplier: 3,
      },
    })
    expect((await a.ok('validate_promo_code', { code: free.code })).offer).toMatchObject({
      type: 'bonus_code',
      name: 'Código de bono',
      percent: null,
      amount: 7_50,
      wageringMultiplier: 3,
    })
    expect(await a.fail('validate_promo_code', { code: 'NO-SUCH-CODE' }, 400)).toMatchObject({
      code: 'invalid_promo_code',
      fields: { code: ['invalid_promo_code'] },
    })
    // Used up.
    const player = await activePlayer(a)
    expect((await apply(a, player.token, free.code)).status).toBe(200)
    expect(await a.fail('validate_promo_code', { code: free.code }, 400)).toMatchObject({
      code: 'bonus_code_invalid',
      message: 'The bonus code does not exist or was already used.',
    })
    // Expired, and not valid yet.
    const past = await createCode(a, {
      bonusType: 'reload_deposit',
      maxUses: 5,
      validFrom: '2020-01-01T00:00:00Z',
      validUntil: '2020-02-01T00:00:00Z',
    })
    const future = await createCode(a, { bonusType: 'reload_deposit', maxUses: 5, validFrom: '2999-01-01T00:00:00Z' })
    for (const c of [past, future])
      expect((await a.fail('validate_promo_code', { code: c.code }, 400)).code).toBe('bonus_code_invalid')
    // Already used by this player, still open to others.
    const many = await createCode(a, { amount: 1_00, maxUses: 5 })
    expect((await apply(a, player.token, many.code)).status).toBe(409) // another bonus active
    const other = await activePlayer(a)
    expect((await apply(a, other.token, many.code)).status).toBe(200)
    expect((await a.fail('validate_promo_code', { code: many.code }, 400, { token: other.token })).code).toBe(
      'bonus_code_invalid',
    )
    expect((await a.ok('validate_promo_code', { code: many.code }, { token: player.token })).code).toBe(many.code)
  })

  test(`${backend}: registration keeps a valid code: a no-deposit code is credited at activation, once`, async () => {
    const a = api(backend)
    const unknown = await a.fail('register_player', newPlayer({ promoCode: 'NO-SUCH-CODE' }), 400)
    expect(unknown).toMatchObject({ code: 'invalid_promo_code', fields: { promoCode: ['invalid_promo_code'] } })

    const free = await createCode(a, { amount: 15_00, maxUses: 1 })
    const params = newPlayer({ promoCode: free.code.toLowerCase() })
    const { playerId } = await a.ok('register_player', params)
    // The single use is taken by the registration: a second player is told it is used.
    const late = await a.fail('register_player', newPlayer({ promoCode: free.code }), 400)
    expect(late).toMatchObject({ code: 'bonus_code_invalid', fields: { promoCode: ['bonus_code_invalid'] } })

    const { token: activation } = await mailedToken(a, params.email, '/activate/')
    await a.ok('activate_player', { token: activation })
    await a.ok('activate_player', { token: activation }).catch(() => undefined)
    const { accessToken } = await loginAnswer(a, { username: params.username, password: params.password })
    expect(await balance(a, accessToken)).toMatchObject({ real: 0, bonus: 15_00 })
    const [bonus] = (await a.ok('get_player_bonuses', {}, { token: accessToken })).items
    expect(bonus).toMatchObject({
      type: 'bonus_code',
      status: 'active',
      code: free.code,
      granted: { amount: 15_00 },
      wagering: { required: 45_00, done: 0 },
    })
    expect(await grants(a, playerId)).toHaveLength(1)
    const [code] = await a.db.select().from(promoCodes).where(eq(promoCodes.id, free.id))
    expect(code?.uses).toBe(1)
  })

  test(`${backend}: registration: an expired code is refused; two registrations racing for a single-use code, one keeps it`, async () => {
    const a = api(backend)
    const past = await createCode(a, { amount: 5_00, maxUses: 5, validUntil: '2020-01-01T00:00:00Z' })
    const expired = await a.fail('register_player', newPlayer({ promoCode: past.code }), 400)
    expect(expired).toMatchObject({ code: 'bonus_code_invalid', fields: { promoCode: ['bonus_code_invalid'] } })

    const single = await createCode(a, { amount: 5_00, maxUses: 1 })
    const answers = await Promise.all(
      [1, 2, 3].map(() => a.call('register_player', newPlayer({ promoCode: single.code }))),
    )
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400])
    const uses = await a.db.select().from(promoCodeUses).where(eq(promoCodeUses.promoCodeId, single.id))
    expect(uses).toHaveLength(1)
    const [code] = await a.db.select().from(promoCodes).where(eq(promoCodes.id, single.id))
    expect(code?.uses).toBe(1)
  })

  test(`${backend}: a deposit code given at registration names the bonus of the first deposit that asks for one`, async () => {
    const a = api(backend)
    const reload = await createCode(a, { bonusType: 'reload_deposit', maxUses: 10 })
    const { token, playerId } = await activePlayer(a, { promoCode: reload.code })
    // Activation grants nothing for a deposit code.
    expect((await balance(a, token)).bonus).toBe(0)
    // A deposit that does not ask leaves it waiting.
    await a.ok('moto_deposit_processor', card(TEST_CARDS.approvedVisa, 20_00), as(token))
    expect((await balance(a, token)).bonus).toBe(0)
    // The first that asks: the reload template (50 % from €20), not the welcome bonus (100 %).
    await a.ok('moto_deposit_processor', { ...card(TEST_CARDS.approvedVisa, 40_00), claimBonus: true }, as(token))
    const [bonus] = (await a.ok('get_player_bonuses', {}, { token })).items
    expect(bonus).toMatchObject({ type: 'reload_deposit', code: reload.code, granted: { amount: 20_00 } })
    const [use] = await a.db.select().from(promoCodeUses).where(eq(promoCodeUses.playerId, playerId))
    expect(use?.playerBonusId).toBe(bonus!.id)
  })

  test(`${backend}: a deposit form's code names and claims that deposit's bonus; refused codes move no money`, async () => {
    const a = api(backend)
    const reload = await createCode(a, { bonusType: 'reload_deposit', maxUses: 10 })
    const free = await createCode(a, { amount: 5_00, maxUses: 10 })
    const { token, playerId } = await activePlayer(a)
    const refusedWith = async (promoCode: string, status: number, code: string) => {
      const r = await a.call(
        'moto_deposit_processor',
        { ...card(TEST_CARDS.approvedVisa, 40_00), promoCode },
        as(token),
      )
      expect(r.status, JSON.stringify(r.body)).toBe(status)
      expect(r.body).toMatchObject({ error: { code, fields: { promoCode: [code] } } })
    }
    await refusedWith('NO-SUCH-CODE', 400, 'invalid_promo_code')
    await refusedWith(free.code, 400, 'promo_code_not_for_deposit')
    expect(await balance(a, token)).toMatchObject({ real: 0, bonus: 0 })
    // Without the box: the code claims its bonus, the reload template's (50 %) rather than the
    // welcome bonus a first deposit earns; the same request again grants nothing more.
    const headers = key()
    const params = { ...card(TEST_CARDS.approvedVisa, 40_00), promoCode: reload.code.toLowerCase() }
    expect((await a.call('moto_deposit_processor', params, as(token, headers))).status).toBe(200)
    expect((await a.call('moto_deposit_processor', params, as(token, headers))).status).toBe(200)
    expect(await balance(a, token)).toMatchObject({ real: 40_00, bonus: 20_00 })
    const [bonus] = (await a.ok('get_player_bonuses', {}, { token })).items
    expect(bonus).toMatchObject({ type: 'reload_deposit', code: reload.code, granted: { amount: 20_00 } })
    expect(await grants(a, playerId)).toHaveLength(1)
    // Used: the code again is refused, while the bonus is active before anything else; so is a
    // request that checked for an active bonus just before this one's deposit granted it.
    const again = await a.call('moto_deposit_processor', params, as(token))
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ error: { code: 'bonus_active' } })
    await expect(keepDepositCode(a.db, playerId, reload.code, new Date())).rejects.toMatchObject({
      code: 'bonus_active',
    })
  })

  test(`${backend}: a deposit code waits through a declined deposit; another code meanwhile is refused; one use however many race`, async () => {
    const a = api(backend)
    const welcome = await createCode(a, { bonusType: 'welcome_deposit', maxUses: 1 })
    const other = await createCode(a, { bonusType: 'reload_deposit', maxUses: 10 })
    const { token, playerId } = await activePlayer(a)
    const declined = await a.call(
      'moto_deposit_processor',
      { ...card(TEST_CARDS.declined, 30_00), promoCode: welcome.code },
      as(token),
    )
    expect(declined.body).toMatchObject({ error: { code: 'wrong_card_info' } })
    const waiting = await a.call(
      'moto_deposit_processor',
      { ...card(TEST_CARDS.approvedVisa, 30_00), promoCode: other.code },
      as(token),
    )
    expect(waiting.status).toBe(409)
    expect(waiting.body).toMatchObject({
      error: {
        code: 'promo_code_waiting',
        message: `The code ${welcome.code} is already waiting for your next deposit.`,
      },
    })
    // A second player cannot have the single-use code the first one keeps.
    const second = await activePlayer(a)
    const taken = await a.call(
      'moto_deposit_processor',
      { ...card(TEST_CARDS.approvedVisa, 30_00), promoCode: welcome.code },
      as(second.token),
    )
    expect(taken.body).toMatchObject({ error: { code: 'bonus_code_invalid' } })
    // Three of the keeper's deposits at once with the code: one bonus, the code used once (a
    // deposit that finds the bonus active already is refused before its money moves).
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        a.call(
          'moto_deposit_processor',
          { ...card(TEST_CARDS.approvedVisa, 30_00), promoCode: welcome.code },
          as(token),
        ),
      ),
    )
    const done = answers.filter((r) => r.status === 200).length
    expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true)
    expect(done).toBeGreaterThan(0)
    expect(await grants(a, playerId)).toHaveLength(1)
    expect(await balance(a, token)).toMatchObject({ real: done * 30_00, bonus: 30_00 })
    const [code] = await a.db.select().from(promoCodes).where(eq(promoCodes.id, welcome.id))
    expect(code?.uses).toBe(1)
  })

  test(`${backend}: bonuscode_deposit_processor grants a no-deposit code once, one ledger transaction; a replay answers the same`, async () => {
    const a = api(backend)
    const free = await createCode(a, { amount: 12_00, maxUses: 5 })
    const { token, playerId } = await activePlayer(a)
    const headers = key()
    const first = await apply(a, token, free.code.toLowerCase(), headers)
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body).toMatchObject({
      ok: true,
      message: 'bonus_code_applied',
      bonus: { type: 'bonus_code', code: free.code, granted: { amount: 12_00 }, status: 'active' },
      balance: { real: 0, bonus: 12_00 },
    })
    const replay = await apply(a, token, free.code, headers)
    expect(replay.status).toBe(200)
    expect((replay.body as { bonus: { id: string } }).bonus.id).toBe((first.body as { bonus: { id: string } }).bonus.id)
    // Another request with the code: used by this player.
    const again = await apply(a, token, free.code)
    expect(again.status).toBe(400)
    expect((again.body as { error: { code: string } }).error.code).toBe('bonus_code_invalid')
    // The same key with another code is refused before anything runs.
    expect((await apply(a, token, 'OTHER', headers)).status).toBe(409)
    expect(await grants(a, playerId)).toHaveLength(1)
    expect((await balance(a, token)).bonus).toBe(12_00)
    // Without a deposit, its cash-out is capped at the rule's multiple (50) of the bonus itself.
    const [row] = await a.db.select().from(playerBonuses).where(eq(playerBonuses.playerId, playerId))
    expect(row).toMatchObject({ deposit: null, cashOutCap: 50 * 12_00, irregularStakeAbove: 3_60 })
    // Unknown and deposit codes are not applied here.
    const deposit = await createCode(a, { bonusType: 'welcome_deposit', maxUses: 5 })
    for (const c of ['NO-SUCH-CODE', deposit.code]) {
      const refused = await apply(a, token, c)
      expect(refused.status).toBe(400)
      expect(refused.body).toMatchObject({
        error: { code: 'bonus_code_invalid', message: 'The bonus code does not exist or was already used.' },
      })
    }
  })

  test(`${backend}: refused while another bonus is active, the code still unused`, async () => {
    const a = api(backend)
    const free = await createCode(a, { amount: 5_00, maxUses: 1 })
    const { token, playerId } = await activePlayer(a)
    await a.ok('moto_deposit_processor', { ...card(TEST_CARDS.approvedVisa, 20_00), claimBonus: true }, as(token))
    const refused = await apply(a, token, free.code)
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({
      error: {
        code: 'bonus_active',
        message: 'You still have an active bonus. Please keep playing and try again later.',
      },
    })
    expect(await grants(a, playerId)).toHaveLength(1)
    const [code] = await a.db.select().from(promoCodes).where(eq(promoCodes.id, free.id))
    expect(code?.uses).toBe(0)
    // Another player may still have it.
    const other = await activePlayer(a)
    expect((await apply(a, other.token, free.code)).status).toBe(200)
  })

  test(`${backend}: two players racing for a single-use code: one gets it`, async () => {
    const a = api(backend)
    const free = await createCode(a, { amount: 9_00, maxUses: 1 })
    const players = await Promise.all([activePlayer(a), activePlayer(a), activePlayer(a), activePlayer(a)])
    const answers = await Promise.all(players.map((p) => apply(a, p.token, free.code)))
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400, 400])
    const bonusGrants = (await Promise.all(players.map((p) => grants(a, p.playerId)))).flat()
    expect(bonusGrants).toHaveLength(1)
    const [code] = await a.db.select().from(promoCodes).where(eq(promoCodes.id, free.id))
    expect(code?.uses).toBe(1)
  })

  test(`${backend}: one player sending a code several times at once (one key or several) gets it once`, async () => {
    const a = api(backend)
    const free = await createCode(a, { amount: 4_00, maxUses: 10 })
    const { token, playerId } = await activePlayer(a)
    const headers = key()
    const same = await Promise.all([1, 2, 3].map(() => apply(a, token, free.code, headers)))
    expect(same.map((r) => r.status)).toEqual([200, 200, 200])
    const other = await createCode(a, { amount: 4_00, maxUses: 10 })
    const second = await activePlayer(a)
    const several = await Promise.all([1, 2, 3].map(() => apply(a, second.token, other.code)))
    expect(several.map((r) => r.status).sort()).toEqual([200, 400, 400])
    expect(await grants(a, playerId)).toHaveLength(1)
    expect(await grants(a, second.playerId)).toHaveLength(1)
    expect((await balance(a, token)).bonus).toBe(4_00)
    expect((await balance(a, second.token)).bonus).toBe(4_00)
  })
}
