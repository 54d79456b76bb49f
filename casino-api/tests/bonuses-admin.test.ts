// The administrator's side of bonuses (issue 22): a player's bonuses read, a bonus granted by hand
// from a template and the active one cancelled, each with its reason in the audit log and once
// however many requests race for it. The ledger's invariants after every test.
import { randomUUID } from 'node:crypto'
import { and, desc, eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { adminAudit, ledgerTransactions } from '../src/db/schema.ts'
import {
  activePlayer,
  adminToken,
  AS_PROVIDER,
  backends,
  checkLedgerAfterEach,
  useApis,
  type TestApi,
} from './helpers.ts'
import { as, key } from './payment-helpers.ts'

const api = useApis()
checkLedgerAfterEach(api)

const transactionsOf = (a: TestApi, playerId: string, kind: string) =>
  a.db
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.playerId, playerId), eq(ledgerTransactions.kind, kind)))

const auditOf = (a: TestApi, target: string) =>
  a.db.select().from(adminAudit).where(eq(adminAudit.target, target)).orderBy(adminAudit.createdAt)

for (const backend of backends) {
  test(`${backend}: the administrator's bonus calls are refused to a player`, async () => {
    const a = api(backend)
    const player = await activePlayer(a)
    const refused = [
      a.fail('list_player_bonuses', { playerId: player.playerId }, 403, { token: player.token }),
      a.fail(
        'grant_bonus',
        { playerId: player.playerId, type: 'bonus_code', amount: 10_00, reason: 'mine' },
        403,
        as(player.token),
      ),
      a.fail('cancel_bonus', { id: player.playerId, reason: 'no' }, 403, as(player.token)),
    ]
    for (const body of await Promise.all(refused)) expect(body.code).toBe('forbidden')
    expect(await transactionsOf(a, player.playerId, 'bonus_grant')).toEqual([])
  })

  test(`${backend}: a bonus granted by hand is one ledger grant on the template's terms, audited with its reason, once per form`, async () => {
    const a = api(backend)
    const token = await adminToken(a)
    const player = await activePlayer(a)
    const params = { playerId: player.playerId, type: 'bonus_code' as const, amount: 15_00, reason: 'Apology' }
    const form = key()
    const granted = await a.ok('grant_bonus', { ...params, locale: 'en' }, { token, headers: form })
    expect(granted).toMatchObject({
      ok: true,
      message: 'bonus_granted',
      bonus: {
        type: 'bonus_code',
        name: 'Bonus code',
        status: 'active',
        granted: { amount: 15_00, currency: 'EUR' },
        // The template's multiplier (3) and validity (14 days).
        wagering: { required: 45_00, done: 0 },
      },
    })
    const { bonus } = granted
    expect(new Date(bonus.expiresAt!).getTime() - new Date(bonus.grantedAt).getTime()).toBe(14 * 86_400_000)
    // The same form again: the same bonus, nothing more moved or audited.
    const again = await a.ok('grant_bonus', { ...params, locale: 'en' }, { token, headers: form })
    expect(again.bonus.id).toBe(bonus.id)
    expect(await transactionsOf(a, player.playerId, 'bonus_grant')).toHaveLength(1)
    expect(await a.ok('get_player_balance', {}, { token: player.token })).toMatchObject({ bonus: 15_00, real: 0 })
    const audited = await auditOf(a, bonus.id)
    expect(audited).toHaveLength(1)
    expect(audited[0]).toMatchObject({
      action: 'grant_bonus',
      details: { type: 'bonus_code', amount: 15_00, currency: 'EUR', reason: 'Apology' },
    })
    const log = await a.ok('get_admin_audit', { pageSize: 100 }, { token })
    expect(log.items.find((e) => e.target === bonus.id)).toMatchObject({
      action: 'grant_bonus',
      targetPlayer: player.params.username,
      amount: { amount: 15_00, currency: 'EUR' },
    })
    // One active bonus at a time: another form is refused.
    const second = await a.fail('grant_bonus', { ...params, reason: 'Twice' }, 409, { token, headers: key() })
    expect(second.code).toBe('bonus_active')
    // The administrator reads the player's bonuses.
    const listed = await a.ok('list_player_bonuses', { playerId: player.playerId }, { token })
    expect(listed.items.map((b) => [b.id, b.status, b.name])).toEqual([[bonus.id, 'active', 'Código de bono']])
  })

  test(`${backend}: a grant's bad input is refused under its field, and an unknown player is 404`, async () => {
    const a = api(backend)
    const token = await adminToken(a)
    const player = await activePlayer(a)
    const bad = await a.fail(
      'grant_bonus',
      { playerId: player.playerId, type: 'nonsense', amount: 'abc', reason: ' ' } as never,
      400,
      { token, headers: key() },
    )
    expect(bad.fields).toMatchObject({
      type: ['invalid_value'],
      amount: ['invalid_number'],
      reason: ['field_required'],
    })
    await a.fail(
      'grant_bonus',
      { playerId: '00000000-0000-4000-8000-000000000000', type: 'bonus_code', amount: 1_00, reason: 'x' },
      404,
      { token, headers: key() },
    )
    await a.fail('list_player_bonuses', { playerId: 'not-an-id' }, 404, { token })
    expect(await transactionsOf(a, player.playerId, 'bonus_grant')).toEqual([])
  })

  test(`${backend}: a scheduled or referral template granted by hand is not taken for the job's or a friend's bonus by ledger:check`, async () => {
    const a = api(backend)
    const token = await adminToken(a)
    for (const type of ['weekly_cashback', 'refer_a_friend'] as const) {
      const player = await activePlayer(a)
      const granted = await a.ok(
        'grant_bonus',
        { playerId: player.playerId, type, amount: 5_00, reason: 'Goodwill' },
        { token, headers: key() },
      )
      expect(granted.bonus).toMatchObject({ type, granted: { amount: 5_00 } })
    }
    // checkLedgerAfterEach proves the ledger after this test, with both bonuses in it.
  })

  test(`${backend}: cancelling the active bonus takes its bonus balance off once, audited, however many forms race`, async () => {
    const a = api(backend)
    const token = await adminToken(a)
    const player = await activePlayer(a)
    const { bonus } = await a.ok(
      'grant_bonus',
      { playerId: player.playerId, type: 'bonus_code', amount: 12_00, reason: 'Goodwill' },
      { token, headers: key() },
    )
    const cancels = await Promise.all(
      [1, 2, 3].map(() => a.call('cancel_bonus', { id: bonus.id, reason: 'Abuse' }, { token, headers: key() })),
    )
    for (const res of cancels) {
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(res.body).toMatchObject({ message: 'bonus_cancelled', bonus: { id: bonus.id, status: 'cancelled' } })
    }
    const closed = await transactionsOf(a, player.playerId, 'bonus_cancel')
    expect(closed).toHaveLength(1)
    expect(await a.ok('get_player_balance', {}, { token: player.token })).toMatchObject({ bonus: 0, real: 0 })
    const audited = (await auditOf(a, bonus.id)).filter((e) => e.action === 'cancel_bonus')
    expect(audited).toHaveLength(1)
    expect(audited[0]!.details).toMatchObject({ amount: 12_00, reason: 'Abuse' })
    // The player's view says so; a bonus no longer active cannot be cancelled in another way.
    const [mine] = (await a.ok('get_player_bonuses', {}, { token: player.token })).items
    expect(mine).toMatchObject({ id: bonus.id, status: 'cancelled' })
    const next = await a.ok(
      'grant_bonus',
      { playerId: player.playerId, type: 'bonus_code', amount: 5_00, reason: 'Again' },
      { token, headers: key() },
    )
    await a.ok('forfeit_bonus', { id: next.bonus.id }, as(player.token))
    const late = await a.fail('cancel_bonus', { id: next.bonus.id, reason: 'Late' }, 409, { token, headers: key() })
    expect(late.code).toBe('bonus_not_active')
    await a.fail('cancel_bonus', { id: 'nope', reason: 'x' }, 404, { token, headers: key() })
  })
}

for (const backend of backends) {
  test(`${backend}: a template's edit is validated under its fields, audited with what changed, and leaves running bonuses on their terms`, async () => {
    const a = api(backend)
    const token = await adminToken(a)
    const { items } = await a.ok('list_bonus_templates', {}, { token })
    const code = items.find((t) => t.type === 'bonus_code')!
    expect(code).toMatchObject({ wageringMultiplier: 3, validityDays: 14, percent: null, currency: 'EUR' })
    const player = await activePlayer(a)
    await a.fail('list_bonus_templates', {}, 403, { token: player.token })
    // A bonus running on the old terms.
    const { bonus } = await a.ok(
      'grant_bonus',
      { playerId: player.playerId, type: 'bonus_code', amount: 10_00, reason: 'Before' },
      { token, headers: key() },
    )
    // A form's text: what it would send.
    const form = {
      type: 'bonus_code',
      nameEs: code.nameEs,
      nameEn: code.nameEn,
      termsEs: code.termsEs,
      termsEn: code.termsEn,
      percent: '',
      amount: '',
      minDeposit: '',
      maxBonus: '',
      wageringMultiplier: '5',
      gameWeights: 'roulette: 10\nblackjack = 0',
      defaultWeight: '90',
      validityDays: '7',
      weekdays: [] as string[],
      enabled: 'on',
    }
    const refused = await a.fail(
      'update_bonus_template',
      { ...form, wageringMultiplier: '0', gameWeights: 'roulette: 120', validityDays: 'x' } as never,
      400,
      { token },
    )
    // A per cent on a template whose bonus has none.
    const figure = await a.fail('update_bonus_template', { ...form, percent: '20' } as never, 400, { token })
    expect(figure.fields).toEqual({ percent: ['invalid_value'] })
    // Weekdays only say when a deposit bonus is granted: a code's bonus has none.
    const days = await a.fail('update_bonus_template', { ...form, weekdays: ['1', '5'] } as never, 400, { token })
    expect(days.fields).toEqual({ weekdays: ['invalid_value'] })
    expect(refused.fields).toMatchObject({
      wageringMultiplier: ['invalid_value'],
      gameWeights: ['invalid_value'],
      validityDays: ['invalid_number'],
    })
    const deposit = await a.fail('update_bonus_template', { ...form, type: 'welcome_deposit' } as never, 400, { token })
    expect(deposit.fields).toMatchObject({ percent: ['field_required'] })
    await a.fail('update_bonus_template', form as never, 403, { token: player.token })

    const saved = await a.ok('update_bonus_template', form as never, { token })
    expect(saved.template).toMatchObject({
      wageringMultiplier: 5,
      gameWeights: { roulette: 10, blackjack: 0 },
      defaultWeight: 90,
      validityDays: 7,
      weekdays: null,
      enabled: true,
    })
    const [audited] = await a.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.action, 'update_bonus_template'))
      .orderBy(desc(adminAudit.createdAt))
      .limit(1)
    expect((audited!.details as { changed: string[] }).changed.sort()).toEqual(
      ['defaultWeight', 'gameWeights', 'validityDays', 'wageringMultiplier'].sort(),
    )
    // The same form again changes nothing and writes nothing.
    const before = await a.db.select().from(adminAudit).where(eq(adminAudit.action, 'update_bonus_template'))
    await a.ok('update_bonus_template', form as never, { token })
    const after = await a.db.select().from(adminAudit).where(eq(adminAudit.action, 'update_bonus_template'))
    expect(after).toHaveLength(before.length)
    // The running bonus keeps its turnover (3 x) and end; the next grant takes the new terms.
    const listed = await a.ok('list_player_bonuses', { playerId: player.playerId }, { token })
    expect(listed.items[0]).toMatchObject({ id: bonus.id, wagering: { required: 30_00 }, expiresAt: bonus.expiresAt })
    await a.ok('cancel_bonus', { id: bonus.id, reason: 'Next' }, { token, headers: key() })
    const next = await a.ok(
      'grant_bonus',
      { playerId: player.playerId, type: 'bonus_code', amount: 10_00, reason: 'After' },
      { token, headers: key() },
    )
    expect(next.bonus.wagering.required).toBe(50_00)
    // The seeded terms back, for the other tests of this database.
    await a.ok(
      'update_bonus_template',
      {
        ...form,
        wageringMultiplier: String(code.wageringMultiplier),
        gameWeights: code.gameWeights,
        defaultWeight: String(code.defaultWeight),
        validityDays: String(code.validityDays),
        weekdays: [],
      } as never,
      { token },
    )
  })
}

for (const backend of backends) {
  test(`${backend}: a stake above the bonus's limit is listed for the administrator, with its player and bonus`, async () => {
    const a = api(backend)
    const token = await adminToken(a)
    const player = await activePlayer(a)
    const { bonus } = await a.ok(
      'grant_bonus',
      { playerId: player.playerId, type: 'bonus_code', amount: 10_00, reason: 'Stake test' },
      { token, headers: key() },
    )
    // Without a deposit the limit is 30 % of the bonus: 3 €. A 5 € stake (all of it bonus money) goes above it.
    const r = {
      playerId: player.playerId,
      currency: 'EUR' as const,
      roundId: `r-${randomUUID()}`,
      gameId: 'golden-sevens',
    }
    await a.ok('provider_bet', { ...r, transactionId: `b-${randomUUID()}`, amount: 5_00 }, AS_PROVIDER)
    await a.ok('provider_win', { ...r, transactionId: `w-${randomUUID()}`, amount: 0 }, AS_PROVIDER)
    const listed = await a.ok('list_irregular_stakes', { pageSize: 100, locale: 'en' }, { token })
    expect(listed.items.find((s) => s.bonus.id === bonus.id)).toMatchObject({
      player: { id: player.playerId, username: player.params.username },
      gameId: 'golden-sevens',
      stake: { amount: 5_00, currency: 'EUR' },
      threshold: { amount: 3_00, currency: 'EUR' },
      bonus: { name: 'Bonus code', status: 'active' },
    })
    await a.fail('list_irregular_stakes', {}, 403, { token: player.token })
    await a.ok('cancel_bonus', { id: bonus.id, reason: 'Irregular play' }, { token, headers: key() })
  })
}

for (const backend of backends) {
  test(`${backend}: an administrator changes a promo code's uses and window and switches it off and on, audited; what it grants stays`, async () => {
    const a = api(backend)
    const token = await adminToken(a)
    const code = `EDIT${Date.now().toString(36).toUpperCase()}`
    const { item } = await a.ok(
      'create_promo_code',
      { code, bonusType: 'bonus_code', amount: 4_00, maxUses: 1 },
      { token },
    )
    const player = await activePlayer(a)
    await a.ok('bonuscode_deposit_processor', { code }, as(player.token))
    // Uses cannot go below those made; the window must run forwards.
    const below = await a.fail('update_promo_code', { id: item.id, maxUses: '0', enabled: 'on' } as never, 400, {
      token,
    })
    expect(below.fields).toMatchObject({ maxUses: ['invalid_value'] })
    const backwards = await a.fail(
      'update_promo_code',
      { id: item.id, maxUses: 5, validFrom: '2030-01-02T00:00:00Z', validUntil: '2030-01-01T00:00:00Z', enabled: true },
      400,
      { token },
    )
    expect(backwards.fields).toMatchObject({ validUntil: ['invalid_date'] })
    await a.fail('update_promo_code', { id: item.id, maxUses: 5, enabled: true }, 403, { token: player.token })

    // Switched off with more uses: refused to everyone.
    const off = await a.ok('update_promo_code', { id: item.id, maxUses: '3', enabled: false } as never, { token })
    expect(off.item).toMatchObject({ maxUses: 3, uses: 1, enabled: false, amount: { amount: 4_00 } })
    expect((await a.fail('validate_promo_code', { code }, 400)).code).toBe('invalid_promo_code')
    const other = await activePlayer(a)
    expect((await a.fail('bonuscode_deposit_processor', { code }, 400, as(other.token))).code).toBe(
      'bonus_code_invalid',
    )
    // On again: the second player gets it.
    const on = await a.ok('update_promo_code', { id: item.id, maxUses: 3, enabled: true }, { token })
    expect(on.item.enabled).toBe(true)
    await a.ok('bonuscode_deposit_processor', { code }, as(other.token))
    const audited = (await auditOf(a, item.id)).filter((e) => e.action === 'update_promo_code')
    expect(audited.map((e) => (e.details as { changed: string[] }).changed)).toEqual([
      ['maxUses', 'enabled'],
      ['enabled'],
    ])
    const listed = await a.ok('list_promo_codes', { pageSize: 100 }, { token })
    expect(listed.items.find((c) => c.id === item.id)).toMatchObject({ uses: 2, maxUses: 3, enabled: true })
  })
}

for (const backend of backends) {
  test(`${backend}: the administrator reads every schedule of the queue with its cron, last run and next run`, async () => {
    const a = api(backend)
    const token = await adminToken(a)
    const { items } = await a.ok('list_job_schedules', {}, { token })
    const names = items.map((s) => s.name)
    expect(names).toEqual(expect.arrayContaining(['expire_bonuses', 'expire_challenges', 'prune_spent_rows']))
    const every = items.find((s) => s.name === 'expire_challenges')!
    expect(every).toMatchObject({ cron: '* * * * *', timezone: 'UTC' })
    // Its next run is within the next minute.
    const next = Date.parse(every.nextRun!)
    expect(next).toBeGreaterThan(Date.now() - 5_000)
    expect(next).toBeLessThanOrEqual(Date.now() + 61_000)
    const player = await activePlayer(a)
    await a.fail('list_job_schedules', {}, 403, { token: player.token })
  })
}
