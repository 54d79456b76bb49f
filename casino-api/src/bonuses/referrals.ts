/**
 * Refer a friend (ADR 0057): each player has a referral code; an account registered through it
 * keeps its referrer (players.referred_by), and the friend's first completed deposit decides,
 * once per friend (referral_decisions, keyed by the friend), whether the referrer gets the
 * 'refer_a_friend' template's amount. The decision is written in the deposit's database
 * transaction under the referrer's row lock, taken with the friend's before any account (the
 * referrer's first: one order for every chain of referrals), and made after the deposit's own
 * credit and bonus. Not counted when the friend is not
 * another person: the same e-mail (lower case, without a +tag), the same phone, or a first deposit
 * by a card the referrer or a friend already counted has used (its keyed fingerprint).
 */
import { randomInt } from 'node:crypto'
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm'
import { formatMoney, type Currency, type Locale } from '../../contract/index.ts'
import { isUniqueViolation } from '../db/errors.ts'
import type { Database, Queryable } from '../db/open.ts'
import { bonusTemplates, payments, playerBonuses, players, referralDecisions } from '../db/schema.ts'
import { writeMailboxMessage } from '../mailbox/messages.ts'
import { referralBonusMessage } from '../mailbox/texts.ts'
import type { PaymentRow } from '../payments/records.ts'
import { grantIn, lockPlayer, type BonusTemplateRow } from './service.ts'
import { inForce } from '../accounts/restricted.ts'

/** Letters and digits without the ones read alike (0 O, 1 I L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
export const REFERRAL_CODE_LENGTH = 8

export function newReferralCode() {
  let code = ''
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)]
  return code
}

/** The player a referral code belongs to, or null (an unknown or stale code is ignored). */
export async function referrerOf(db: Queryable, code: string | undefined) {
  const normal = code?.trim().toUpperCase()
  if (!normal) return null
  const [row] = await db.select({ id: players.id }).from(players).where(eq(players.referralCode, normal))
  return row?.id ?? null
}

/** The player's referral code, made on first read for an account created without one. */
export async function referralCodeOf(db: Queryable, playerId: string): Promise<string> {
  for (;;) {
    const [row] = await db.select({ code: players.referralCode }).from(players).where(eq(players.id, playerId))
    if (!row) throw new Error(`no player ${playerId}`)
    if (row.code) return row.code
    try {
      await db
        .update(players)
        .set({ referralCode: newReferralCode() })
        .where(and(eq(players.id, playerId), sql`${players.referralCode} IS NULL`))
    } catch (error) {
      // Another player drew the same code: draw again.
      if (!isUniqueViolation(error)) throw error
    }
  }
}

/** The friends counted for a referrer (granted or skipped: another person). */
export async function countedFriends(db: Queryable, referrerId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(referralDecisions)
    .where(and(eq(referralDecisions.referrerId, referrerId), ne(referralDecisions.outcome, 'not_counted')))
  return Number(row?.n ?? 0)
}

/** An e-mail address as one mailbox: lower case, without the +tag of its local part. */
export function normalEmail(email: string) {
  const lower = email.trim().toLowerCase()
  const at = lower.lastIndexOf('@')
  if (at < 0) return lower
  const local = lower.slice(0, at)
  const plus = local.indexOf('+')
  return `${plus < 0 ? local : local.slice(0, plus)}${lower.slice(at)}`
}

export const phoneDigits = (phone: string) => phone.replace(/\D/g, '')

/** Why the friend is not another person than the referrer or a friend already counted, or null. */
async function sameAs(tx: Queryable, friend: Friend, referrer: Friend, deposit: PaymentRow) {
  const counted = await tx
    .select({ id: players.id, email: players.email, phone: players.phone })
    .from(referralDecisions)
    .innerJoin(players, eq(players.id, referralDecisions.friendId))
    .where(and(eq(referralDecisions.referrerId, referrer.id), ne(referralDecisions.outcome, 'not_counted')))
  const others = [referrer, ...counted]
  if (others.some((p) => normalEmail(p.email) === normalEmail(friend.email))) return 'same_email'
  if (others.some((p) => phoneDigits(p.phone) === phoneDigits(friend.phone))) return 'same_phone'
  if (deposit.cardFingerprint) {
    const [used] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.cardFingerprint, deposit.cardFingerprint),
          inArray(
            payments.playerId,
            others.map((p) => p.id),
          ),
        ),
      )
      .limit(1)
    if (used) return 'same_card'
  }
  return null
}

type Referrer = { id: string; email: string; phone: string; language: Locale; currency: Currency }
type Friend = { id: string; email: string; phone: string }
export type PendingReferral = { friend: Friend; referrer: Referrer; template: BonusTemplateRow }

/**
 * The referral the deposit's player's first completed deposit decides, with the rows locked, or
 * null: none when the player came through no link, was decided before, has another completed
 * deposit, or when the template is off or either account is not active. Called first in the
 * deposit's transaction (payments/service.ts completeDeposit): the referrer's row, then the
 * friend's, before any account (an account is always older than the friends it refers: every
 * chain of referrals locks in one order, and rows before accounts, as a withdrawal does).
 */
export async function pendingReferral(tx: Database, deposit: PaymentRow): Promise<PendingReferral | null> {
  if (deposit.kind !== 'deposit' || deposit.status !== 'complete') return null
  const [first] = await tx
    .select({ referredBy: players.referredBy, status: players.status })
    .from(players)
    .where(eq(players.id, deposit.playerId))
  if (!first?.referredBy || first.status !== 'active') return null
  const [decided] = await tx
    .select({ id: referralDecisions.friendId })
    .from(referralDecisions)
    .where(eq(referralDecisions.friendId, deposit.playerId))
  if (decided) return null
  const template = await referralTemplate(tx)
  if (!template) return null
  const [earlier] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.playerId, deposit.playerId),
        eq(payments.kind, 'deposit'),
        eq(payments.status, 'complete'),
        ne(payments.id, deposit.id),
      ),
    )
    .limit(1)
  if (earlier) return null

  await lockPlayer(tx, first.referredBy)
  await lockPlayer(tx, deposit.playerId)
  // Under the locks: a deposit of the same friend at once waited here and finds the decision.
  const [again] = await tx
    .select({ id: referralDecisions.friendId })
    .from(referralDecisions)
    .where(eq(referralDecisions.friendId, deposit.playerId))
  if (again) return null
  const person = {
    id: players.id,
    email: players.email,
    phone: players.phone,
    status: players.status,
    restriction: players.restriction,
    restrictedUntil: players.restrictedUntil,
    language: players.language,
    currency: players.currency,
  }
  const [friend] = await tx.select(person).from(players).where(eq(players.id, deposit.playerId))
  const [referrer] = await tx.select(person).from(players).where(eq(players.id, first.referredBy))
  // Neither on a break nor excluded (ADR 0060): the referrer's bonus would be marketing to them.
  const playing = (p: typeof friend) => p?.status === 'active' && !inForce(p, deposit.updatedAt)
  if (!friend || !referrer || !playing(friend) || !playing(referrer)) return null
  return { friend, referrer, template }
}

/**
 * Decides a pending referral, last in the deposit's transaction (after the deposit's own credit
 * and bonus: the system accounts in the order every deposit takes them): not counted, skipped
 * (another bonus active, told in the mailbox) or granted (told too).
 */
export async function decideReferral(tx: Database, pending: PendingReferral, deposit: PaymentRow, at: Date) {
  const { friend, referrer, template } = pending
  const decision = { friendId: friend.id, referrerId: referrer.id, paymentId: deposit.id, decidedAt: at }
  const reason = await sameAs(tx, friend, referrer, deposit)
  if (reason) {
    await tx.insert(referralDecisions).values({ ...decision, outcome: 'not_counted', reason })
    return
  }
  const amount = template.amount!
  const [active] = await tx
    .select({ id: playerBonuses.id })
    .from(playerBonuses)
    .where(and(eq(playerBonuses.playerId, referrer.id), eq(playerBonuses.status, 'active')))
  let playerBonusId: string | null = null
  if (!active) {
    const bonus = await grantIn(tx, {
      playerId: referrer.id,
      currency: referrer.currency,
      template,
      amount,
      deposit: null,
      sourceKey: `referral:${friend.id}`,
      at,
    })
    playerBonusId = bonus.id
  }
  await tx
    .insert(referralDecisions)
    .values({ ...decision, outcome: playerBonusId ? 'granted' : 'skipped', amount, playerBonusId })
  const language = referrer.language
  await writeMailboxMessage(tx, {
    playerId: referrer.id,
    category: 'bonus',
    ...referralBonusMessage(language, {
      name: language === 'en' ? template.nameEn : template.nameEs,
      amount: formatMoney(amount, referrer.currency, language),
      granted: playerBonusId !== null,
      multiple: template.wageringMultiplier,
      days: template.validityDays,
    }),
    source: `bonus:referral:${friend.id}`,
    at,
  })
}

/** The referral template when the casino grants it (the Bonuses tab, the promotions page). */
export async function referralTemplate(db: Queryable) {
  const [template] = await db.select().from(bonusTemplates).where(eq(bonusTemplates.type, 'refer_a_friend'))
  return template?.enabled && template.amount ? template : null
}
