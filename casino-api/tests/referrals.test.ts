// Refer a friend (ADR 0057): a friend registered through a player's referral code grants the
// referrer the 'refer_a_friend' template's amount on the friend's first completed deposit, once
// per friend, however many deposits and at once; a second account of the same person (the
// referrer's +tag e-mail, a card the referrer used) is not counted; an unknown code is ignored.
// The ledger's invariants after each test, on both backends.
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { mailboxMessages, payments, playerBonuses, players, referralDecisions } from '../src/db/schema.ts'
import { TEST_CARDS } from '../src/payments/cards.ts'
import { activePlayer, backends, checkLedgerAfterEach, useApis, type TestApi } from './helpers.ts'
import { as, card } from './payment-helpers.ts'

const api = useApis()
checkLedgerAfterEach(api)

const deposit = (a: TestApi, token: string, cents: number, cardNumber: string = TEST_CARDS.approvedMastercard) =>
  a.ok('moto_deposit_processor', card(cardNumber, cents), as(token))

const referralOf = (a: TestApi, token: string) => a.ok('get_referral', {}, { token })

const bonusesOf = (a: TestApi, playerId: string) =>
  a.db.select().from(playerBonuses).where(eq(playerBonuses.playerId, playerId))

const decisionOf = async (a: TestApi, friendId: string) =>
  (await a.db.select().from(referralDecisions).where(eq(referralDecisions.friendId, friendId)))[0]

/** A referrer, and a friend registered through the referrer's code. */
async function referrerAndFriend(a: TestApi, friend: Parameters<typeof activePlayer>[1] = {}) {
  const referrer = await activePlayer(a)
  const { code } = await referralOf(a, referrer.token)
  const invited = await activePlayer(a, { referralCode: code, ...friend })
  return { referrer, friend: invited, code }
}

describe.each(backends)('refer a friend on %s', (backend) => {
  test('each player has a code of their own; the friend keeps the referrer', async () => {
    const a = api(backend)
    const { referrer, friend, code } = await referrerAndFriend(a)
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/)
    const other = await referralOf(a, friend.token)
    expect(other.code).not.toBe(code)
    const [row] = await a.db.select().from(players).where(eq(players.id, friend.playerId))
    expect(row?.referredBy).toBe(referrer.playerId)
    // The offer is the seeded template's fixed amount, and the promotions page lists it.
    const summary = await referralOf(a, referrer.token)
    expect(summary).toMatchObject({ friendsCounted: 0, offer: { type: 'refer_a_friend', amount: 2000 } })
    const offers = await a.ok('get_bonus_offers', { locale: 'en' })
    expect(offers.items.map((o) => o.type)).toContain('refer_a_friend')
  })

  test("a friend's two deposits grant the referrer once, and tell the referrer", async () => {
    const a = api(backend)
    const { referrer, friend } = await referrerAndFriend(a)
    // The first claims the friend's own welcome bonus: both bonuses in the deposit's transaction.
    await a.ok(
      'moto_deposit_processor',
      { ...card(TEST_CARDS.approvedMastercard, 5000), claimBonus: true },
      as(friend.token),
    )
    await deposit(a, friend.token, 3000)
    const bonuses = await bonusesOf(a, referrer.playerId)
    expect(bonuses.map((b) => [b.type, b.amount, b.sourceKey])).toEqual([
      ['refer_a_friend', 2000, `referral:${friend.playerId}`],
    ])
    expect(await decisionOf(a, friend.playerId)).toMatchObject({ outcome: 'granted', amount: 2000 })
    expect((await referralOf(a, referrer.token)).friendsCounted).toBe(1)
    const balance = await a.ok('get_player_balance', {}, { token: referrer.token })
    expect(balance.bonus).toBe(2000)
    const messages = await a.db.select().from(mailboxMessages).where(eq(mailboxMessages.playerId, referrer.playerId))
    expect(messages.filter((m) => m.category === 'bonus').map((m) => m.source)).toEqual([
      `bonus:referral:${friend.playerId}`,
    ])
    // The friend has their welcome bonus, nothing from the link.
    expect((await bonusesOf(a, friend.playerId)).map((b) => b.type)).toEqual(['welcome_deposit'])
  })

  test('two deposits of the friend at once grant once', async () => {
    const a = api(backend)
    const { referrer, friend } = await referrerAndFriend(a)
    await Promise.all([deposit(a, friend.token, 5000), deposit(a, friend.token, 4000), deposit(a, friend.token, 3000)])
    expect((await bonusesOf(a, referrer.playerId)).length).toBe(1)
    expect((await referralOf(a, referrer.token)).friendsCounted).toBe(1)
  })

  test('a referrer with another active bonus is skipped and told so; the friend is counted', async () => {
    const a = api(backend)
    const { referrer, friend } = await referrerAndFriend(a)
    await a.ok(
      'moto_deposit_processor',
      { ...card(TEST_CARDS.approvedVisa, 5000), claimBonus: true },
      as(referrer.token),
    )
    expect((await bonusesOf(a, referrer.playerId)).map((b) => b.type)).toEqual(['welcome_deposit'])
    await deposit(a, friend.token, 5000)
    expect((await bonusesOf(a, referrer.playerId)).map((b) => b.type)).toEqual(['welcome_deposit'])
    expect(await decisionOf(a, friend.playerId)).toMatchObject({
      outcome: 'skipped',
      amount: 2000,
      playerBonusId: null,
    })
    const [message] = await a.db
      .select()
      .from(mailboxMessages)
      .where(eq(mailboxMessages.source, `bonus:referral:${friend.playerId}`))
    expect(message?.subject).toMatch(/no concedido/)
    expect((await referralOf(a, referrer.token)).friendsCounted).toBe(1)
  })

  test("a friend paying with the referrer's card is not counted", async () => {
    const a = api(backend)
    const { referrer, friend } = await referrerAndFriend(a)
    await deposit(a, referrer.token, 2000, TEST_CARDS.approvedVisa)
    await deposit(a, friend.token, 5000, TEST_CARDS.approvedVisa)
    expect(await decisionOf(a, friend.playerId)).toMatchObject({ outcome: 'not_counted', reason: 'same_card' })
    expect(await bonusesOf(a, referrer.playerId)).toEqual([])
    expect((await referralOf(a, referrer.token)).friendsCounted).toBe(0)
    // Only a keyed fingerprint is kept, never the number.
    const rows = await a.db.select().from(payments).where(eq(payments.playerId, friend.playerId))
    expect(rows[0]?.cardFingerprint).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(rows)).not.toContain(TEST_CARDS.approvedVisa)
    // A later deposit with another card changes nothing: the first decided.
    await deposit(a, friend.token, 5000)
    expect(await bonusesOf(a, referrer.playerId)).toEqual([])
  })

  test("a +tag address of the referrer's e-mail is not counted; a friend's card counted once", async () => {
    const a = api(backend)
    const referrer = await activePlayer(a)
    const { code } = await referralOf(a, referrer.token)
    const [local, domain] = referrer.params.email.split('@')
    const tagged = await activePlayer(a, { referralCode: code, email: `${local!.toUpperCase()}+casino@${domain}` })
    await deposit(a, tagged.token, 5000)
    expect(await decisionOf(a, tagged.playerId)).toMatchObject({ outcome: 'not_counted', reason: 'same_email' })
    expect(await bonusesOf(a, referrer.playerId)).toEqual([])
    // A real friend counts; another account paying with that friend's card does not.
    const friend = await activePlayer(a, { referralCode: code })
    await deposit(a, friend.token, 5000, '5105105105105100')
    const second = await activePlayer(a, { referralCode: code.toLowerCase() })
    await deposit(a, second.token, 5000, '5105105105105100')
    expect(await decisionOf(a, friend.playerId)).toMatchObject({ outcome: 'granted' })
    expect(await decisionOf(a, second.playerId)).toMatchObject({ outcome: 'not_counted', reason: 'same_card' })
    expect((await referralOf(a, referrer.token)).friendsCounted).toBe(1)
  })

  test('an unknown code is ignored; nobody is their own referrer', async () => {
    const a = api(backend)
    const stray = await activePlayer(a, { referralCode: 'NOSUCH99' })
    const [row] = await a.db.select().from(players).where(eq(players.id, stray.playerId))
    expect(row?.referredBy).toBeNull()
    await deposit(a, stray.token, 5000)
    expect(await decisionOf(a, stray.playerId)).toBeUndefined()
    expect(await bonusesOf(a, stray.playerId)).toEqual([])
    // A player's own code is not a way to a bonus: their deposits decide nothing, and the
    // database refuses a player as their own referrer.
    const self = await activePlayer(a)
    await deposit(a, self.token, 5000)
    expect(await decisionOf(a, self.playerId)).toBeUndefined()
    await expect(
      a.db.update(players).set({ referredBy: self.playerId }).where(eq(players.id, self.playerId)),
    ).rejects.toThrow()
  })

  test('with the template switched off, nothing is granted nor decided', async () => {
    const a = api(backend)
    const { referrer, friend } = await referrerAndFriend(a)
    const { bonusTemplates } = await import('../src/db/schema.ts')
    await a.db.update(bonusTemplates).set({ enabled: false }).where(eq(bonusTemplates.type, 'refer_a_friend'))
    try {
      expect((await referralOf(a, referrer.token)).offer).toBeNull()
      await deposit(a, friend.token, 5000)
      expect(await decisionOf(a, friend.playerId)).toBeUndefined()
      expect(await bonusesOf(a, referrer.playerId)).toEqual([])
    } finally {
      await a.db.update(bonusTemplates).set({ enabled: true }).where(eq(bonusTemplates.type, 'refer_a_friend'))
    }
  })
})
