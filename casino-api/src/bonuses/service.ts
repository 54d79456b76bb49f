/**
 * Bonuses (ADR 0052): granted from a template onto the player's bonus balance, wagered through
 * the wallet (a requirement of kind 'bonus': wallet_wager counts each stake at its game
 * category's weight), then converted into real money (at most the cash-out cap), or expired,
 * forfeited or cancelled. Each of these is one ledger transaction written in the database
 * transaction that changes the bonus's status, under a row lock: the player's row for a grant
 * (one active bonus per player), the bonus's row for every later change, so two requests at once
 * act once. The bonus's row is locked FOR NO KEY UPDATE: the wallet's bets reference it (an
 * irregular stake's flag) under the player's account locks, and a key-share lock must not wait
 * for it while the change waits for those accounts.
 */
import { and, asc, count, desc, eq, isNotNull, lte, sql } from 'drizzle-orm'
import type { BonusType, Currency } from '../../contract/index.ts'
import type { Database, Queryable } from '../db/open.ts'
import {
  bonusTemplates,
  ledgerTransactions,
  payments,
  playerBonuses,
  players,
  wageringRequirements,
} from '../db/schema.ts'
import { ApiError } from '../../contract/errors.ts'
import { getSettings } from '../site/settings.ts'
import { post, type Posting } from '../wallet/ledger.ts'
import { depositCodeOf } from './promo-codes.ts'
import { isRestricted } from '../accounts/restricted.ts'

export type PlayerBonusRow = typeof playerBonuses.$inferSelect
export type BonusTemplateRow = typeof bonusTemplates.$inferSelect
export type BonusOutcome = 'converted' | 'expired' | 'forfeited' | 'cancelled'

/** The system account bonus money comes from and lapses back to. */
export const BONUS_SYSTEM_ACCOUNT = 'bonus'

const DAY_MS = 86_400_000

/** The ledger transaction kind that closes a bonus, by outcome. */
export const CLOSING_KIND: Record<BonusOutcome, string> = {
  converted: 'bonus_conversion',
  expired: 'bonus_expiry',
  forfeited: 'bonus_forfeit',
  cancelled: 'bonus_cancel',
}

/** The ISO weekday (1 Monday … 7 Sunday) of `at` in UTC. */
const isoWeekday = (at: Date) => ((at.getUTCDay() + 6) % 7) + 1

/**
 * Locks the player's row for the rest of the transaction (a grant's lock). FOR NO KEY UPDATE, as
 * for a bonus's row: a bet holding the player's accounts writes rows that reference the player
 * (a key-share lock), which FOR UPDATE would make wait while the grant waits for those accounts
 * (ADR 0054: a loyalty redemption racing bets). Two grants still wait for each other.
 */
export const lockPlayer = (tx: Queryable, playerId: string) =>
  tx.execute(sql`SELECT 1 FROM ${players} WHERE ${players.id} = ${playerId} FOR NO KEY UPDATE`)

/** The bonus a deposit of `amount` earns on this template, in cents (0: none). */
export function depositBonusAmount(template: BonusTemplateRow, amount: number, at: Date) {
  if (!template.enabled || template.percent === null) return 0
  if (template.weekdays && !template.weekdays.includes(isoWeekday(at))) return 0
  if (template.minDeposit !== null && amount < template.minDeposit) return 0
  const bonus = Math.floor((amount * template.percent) / 100)
  return template.maxBonus === null ? bonus : Math.min(bonus, template.maxBonus)
}

export type Grant = {
  playerId: string
  currency: Currency
  template: BonusTemplateRow
  amount: number
  /** The deposit that earned it (its cash-out cap and irregular-play threshold follow it). */
  deposit: number | null
  /** What earned it, once: a second grant with the same key finds the first. */
  sourceKey: string
  at: Date
}

/**
 * Grants a bonus in the caller's transaction, after locking the player's row: refused
 * ('bonus_active') while another bonus is active, and ('account_restricted') while the player
 * has taken a break or excluded themselves (ADR 0060). A replay of the same source answers the
 * bonus it granted.
 */
export async function grantIn(tx: Database, g: Grant): Promise<PlayerBonusRow> {
  if (!Number.isSafeInteger(g.amount) || g.amount <= 0) throw new Error(`invalid bonus amount ${g.amount}`)
  await lockPlayer(tx, g.playerId)
  const [granted] = await tx.select().from(playerBonuses).where(eq(playerBonuses.sourceKey, g.sourceKey))
  if (granted) return granted
  if (await isRestricted(tx, g.playerId, g.at)) throw new ApiError(409, 'account_restricted')
  const [active] = await tx
    .select({ id: playerBonuses.id })
    .from(playerBonuses)
    .where(and(eq(playerBonuses.playerId, g.playerId), eq(playerBonuses.status, 'active')))
  if (active) throw new ApiError(409, 'bonus_active')
  const { rules } = await getSettings(tx)
  const base = Math.max(g.deposit ?? 0, g.amount)
  let row: PlayerBonusRow | undefined
  await post(
    tx,
    {
      kind: 'bonus_grant',
      idempotencyKey: `bonus:grant:${g.sourceKey}`,
      currency: g.currency,
      playerId: g.playerId,
      meta: { type: g.template.type },
      createdAt: g.at,
      postings: [
        { account: { playerId: g.playerId, kind: 'bonus' }, amount: g.amount },
        { account: { system: BONUS_SYSTEM_ACCOUNT }, amount: -g.amount },
      ],
    },
    async (inner, { transactionId }) => {
      const [requirement] = await inner
        .insert(wageringRequirements)
        .values({
          playerId: g.playerId,
          currency: g.currency,
          kind: 'bonus',
          ledgerTransactionId: transactionId,
          amount: g.amount,
          required: g.amount * g.template.wageringMultiplier,
          createdAt: g.at,
        })
        .returning({ id: wageringRequirements.id })
      ;[row] = await inner
        .insert(playerBonuses)
        .values({
          playerId: g.playerId,
          type: g.template.type,
          currency: g.currency,
          status: 'active',
          sourceKey: g.sourceKey,
          amount: g.amount,
          deposit: g.deposit,
          nameEs: g.template.nameEs,
          nameEn: g.template.nameEn,
          gameWeights: g.template.gameWeights,
          defaultWeight: g.template.defaultWeight,
          // A bonus without a deposit (a bonus code, ADR 0053) is capped at the same multiple of itself.
          cashOutCap: (g.deposit ?? g.amount) * rules.bonusCashOutMaxMultiplier,
          irregularStakeAbove: Math.floor((base * rules.irregularPlayPercent) / 100),
          grantTransactionId: transactionId,
          requirementId: requirement!.id,
          grantedAt: g.at,
          expiresAt: new Date(g.at.getTime() + g.template.validityDays * DAY_MS),
        })
        .returning()
    },
  )
  if (!row) throw new Error(`bonus grant ${g.sourceKey} was posted without its bonus`)
  return row
}

/**
 * A deposit that asks for a bonus is refused ('bonus_active') while another bonus is active,
 * before any money moves; a replay of a deposit already made (its key) goes through. The bonus is
 * read before the payment: a first request with the same key that completes in between granted
 * the bonus it finds, and its payment is then found too. Answers whether the payment was made.
 */
export async function checkBonusClaim(
  db: Queryable,
  r: { playerId: string; claim: boolean; paymentKey: string; code: boolean },
) {
  if (!r.claim) return false
  const [active] = await db
    .select({ id: playerBonuses.id })
    .from(playerBonuses)
    .where(and(eq(playerBonuses.playerId, r.playerId), eq(playerBonuses.status, 'active')))
  if (!active && !r.code) return false
  const [made] = await db.select({ id: payments.id }).from(payments).where(eq(payments.idempotencyKey, r.paymentKey))
  if (!made && active) throw new ApiError(409, 'bonus_active')
  return !!made
}

export type DepositForBonus = {
  playerId: string
  currency: Currency
  amount: number
  /** The deposit's ledger transaction: the bonus's source. */
  depositTransactionId: string
  at: Date
}

/**
 * The template a player's next deposit earns, the one rule of the grant and of the offer: the
 * deposit code the player registered with (ADR 0053) while it waits, else the welcome bonus before
 * the first deposit and the reload bonus after. `coded` ties the granted bonus to the code's use.
 */
async function depositTemplateOf(db: Queryable, playerId: string, earlierDeposits: number) {
  const coded = await depositCodeOf(db, playerId)
  if (coded) return { template: coded.template, coded }
  const type: BonusType = earlierDeposits <= 0 ? 'welcome_deposit' : 'reload_deposit'
  const [template] = await db.select().from(bonusTemplates).where(eq(bonusTemplates.type, type))
  return { template: template ?? null, coded: null }
}

/**
 * The deposit bonus a completed deposit earns, granted in the deposit's transaction: the welcome
 * bonus on the player's first deposit, the reload bonus on a later one, when its template's
 * terms (minimum, weekdays) are met and no other bonus is active. A deposit code the player
 * registered with (ADR 0053) names the template instead, and is spent by the deposit that earns
 * its bonus (one that earns none leaves it waiting). Null when none is granted.
 */
export async function grantDepositBonus(tx: Database, d: DepositForBonus): Promise<PlayerBonusRow | null> {
  // The player's row first: two deposits completing at once agree on which is the first.
  await lockPlayer(tx, d.playerId)
  const [deposits] = await tx
    .select({ n: count() })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.playerId, d.playerId), eq(ledgerTransactions.kind, 'deposit')))
  // This deposit is counted already: the ones before it are one fewer.
  const { template, coded } = await depositTemplateOf(tx, d.playerId, (deposits?.n ?? 0) - 1)
  const amount = template ? depositBonusAmount(template, d.amount, d.at) : 0
  if (!template || amount <= 0) return null
  try {
    const bonus = await grantIn(tx, {
      playerId: d.playerId,
      currency: d.currency,
      template,
      amount,
      deposit: d.amount,
      sourceKey: `deposit:${d.depositTransactionId}`,
      at: d.at,
    })
    await coded?.record(bonus.id)
    return bonus
  } catch (error) {
    // The deposit goes through without a bonus while another is active (checked before any write).
    // Nor while the player is on a break or excluded (a transfer they sent before it arrives).
    if (error instanceof ApiError && (error.code === 'bonus_active' || error.code === 'account_restricted')) return null
    throw error
  }
}

/**
 * Closes an active bonus in the caller's transaction, whose row the caller locked: takes the
 * bonus balance off (all of it: one bonus at a time) and, on conversion, credits it as real money
 * up to the cash-out cap, the rest lapsing to the system account; one ledger transaction (none
 * when the bonus balance is empty).
 */
export async function closeIn(tx: Database, bonus: PlayerBonusRow, outcome: BonusOutcome, at: Date) {
  const accounts = (await tx.execute(
    sql`SELECT a.kind::text AS kind, a.balance FROM ledger_accounts a
      WHERE a.player_id = ${bonus.playerId} AND a.currency = ${bonus.currency} AND a.kind IN ('real', 'bonus')
      ORDER BY a.id FOR UPDATE`,
  )) as unknown as { rows: { kind: string; balance: string | number }[] }
  const held = Number(accounts.rows.find((a) => a.kind === 'bonus')?.balance ?? 0)
  const converted = outcome === 'converted' ? Math.min(held, bonus.cashOutCap ?? held) : 0
  let closeTransactionId: string | null = null
  if (held > 0) {
    const postings: Posting[] = [{ account: { playerId: bonus.playerId, kind: 'bonus' }, amount: -held }]
    if (converted > 0) postings.push({ account: { playerId: bonus.playerId, kind: 'real' }, amount: converted })
    if (held > converted) postings.push({ account: { system: BONUS_SYSTEM_ACCOUNT }, amount: held - converted })
    const posted = await post(tx, {
      kind: CLOSING_KIND[outcome],
      idempotencyKey: `bonus:close:${bonus.id}`,
      currency: bonus.currency,
      playerId: bonus.playerId,
      reference: bonus.id,
      meta: { outcome },
      createdAt: at,
      postings,
    })
    closeTransactionId = posted.transactionId
  }
  const [closed] = await tx
    .update(playerBonuses)
    .set({ status: outcome, closedAt: at, closeTransactionId, closedAmount: held, convertedAmount: converted })
    .where(eq(playerBonuses.id, bonus.id))
    .returning()
  return closed!
}

/** Locks a bonus's row for the rest of the transaction; undefined when it does not exist. */
export async function lockBonus(tx: Queryable, id: string) {
  const [row] = await tx.select().from(playerBonuses).where(eq(playerBonuses.id, id)).for('no key update')
  return row
}

/** Whether a bonus's turnover is met (its requirement's state, read in the caller's transaction). */
async function wageringMet(tx: Queryable, bonus: PlayerBonusRow) {
  const [r] = await tx
    .select({ metAt: wageringRequirements.metAt })
    .from(wageringRequirements)
    .where(eq(wageringRequirements.id, bonus.requirementId))
  return !!r?.metAt
}

/**
 * Closes the bonus `id` with `outcome` if it is still active (and, for a conversion, its turnover
 * met; for an expiry, its time up): under its row lock, so of two calls at once one acts and the
 * other finds it closed. Null when nothing changed.
 */
export function closeBonus(db: Database, id: string, outcome: BonusOutcome, at: Date) {
  return db.transaction(async (tx) => {
    const bonus = await lockBonus(tx, id)
    if (!bonus || bonus.status !== 'active') return null
    if (outcome === 'converted' && !(await wageringMet(tx, bonus))) return null
    if (outcome === 'expired' && bonus.expiresAt > at) return null
    return closeIn(tx as unknown as Database, bonus, outcome, at)
  })
}

/**
 * Converts the player's active bonus if its turnover is met: what the provider wallet runs after
 * a round's win. One indexed read when there is nothing to do.
 */
export async function convertIfMet(db: Database, playerId: string, at: Date) {
  const [met] = await db
    .select({ id: playerBonuses.id })
    .from(playerBonuses)
    .innerJoin(wageringRequirements, eq(wageringRequirements.id, playerBonuses.requirementId))
    .where(
      and(
        eq(playerBonuses.playerId, playerId),
        eq(playerBonuses.status, 'active'),
        isNotNull(wageringRequirements.metAt),
      ),
    )
  return met ? closeBonus(db, met.id, 'converted', at) : null
}

/**
 * The scheduled pass (jobs: expire_bonuses): expires every active bonus whose time is up, and
 * converts any whose turnover was met without its conversion (a win that failed right after).
 */
export async function expireBonuses(db: Database, at: Date) {
  const due = await db
    .select({ id: playerBonuses.id })
    .from(playerBonuses)
    .where(and(eq(playerBonuses.status, 'active'), lte(playerBonuses.expiresAt, at)))
    .orderBy(asc(playerBonuses.expiresAt))
  const met = await db
    .select({ id: playerBonuses.id })
    .from(playerBonuses)
    .innerJoin(wageringRequirements, eq(wageringRequirements.id, playerBonuses.requirementId))
    .where(and(eq(playerBonuses.status, 'active'), isNotNull(wageringRequirements.metAt)))
  let expired = 0
  let converted = 0
  for (const { id } of met) if (await closeBonus(db, id, 'converted', at)) converted++
  for (const { id } of due) if (await closeBonus(db, id, 'expired', at)) expired++
  return { expired, converted }
}

/**
 * A withdrawal's check, in its transaction (the player's row locked): with an active bonus, the
 * withdrawal forfeits it, which the player must confirm ('bonus_forfeit_required' until then).
 */
export async function forfeitForWithdrawal(
  tx: Database,
  player: { playerId: string; currency: Currency },
  confirmed: boolean,
  at: Date,
) {
  const [active] = await tx
    .select({ id: playerBonuses.id })
    .from(playerBonuses)
    .where(and(eq(playerBonuses.playerId, player.playerId), eq(playerBonuses.status, 'active')))
  if (!active) return null
  const bonus = await lockBonus(tx, active.id)
  if (!bonus || bonus.status !== 'active') return null
  if (!confirmed)
    throw new ApiError(409, 'bonus_forfeit_required', {
      fields: { forfeitBonus: ['bonus_forfeit_required'] },
    })
  return closeIn(tx, bonus, 'forfeited', at)
}

/**
 * The deposit bonus template the player's next deposit would earn if they asked for it now (the
 * rule of grantDepositBonus, depositTemplateOf): none while a bonus is active; only an enabled
 * percentage template running today.
 */
export async function depositBonusOffer(db: Queryable, playerId: string, at: Date): Promise<BonusTemplateRow | null> {
  const [active] = await db
    .select({ id: playerBonuses.id })
    .from(playerBonuses)
    .where(and(eq(playerBonuses.playerId, playerId), eq(playerBonuses.status, 'active')))
  if (active) return null
  const [deposits] = await db
    .select({ n: count() })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.playerId, playerId), eq(ledgerTransactions.kind, 'deposit')))
  const { template } = await depositTemplateOf(db, playerId, deposits?.n ?? 0)
  if (!template || !template.enabled || template.percent === null) return null
  if (template.weekdays && !template.weekdays.includes(isoWeekday(at))) return null
  return template
}

/** The deposit bonus templates any player can claim today: enabled, a percentage, every day. */
export async function claimableDepositTemplates(db: Queryable): Promise<BonusTemplateRow[]> {
  const rows = await db.select().from(bonusTemplates).orderBy(asc(bonusTemplates.type))
  return rows.filter(
    (t) =>
      (t.type === 'welcome_deposit' || t.type === 'reload_deposit') &&
      t.enabled &&
      t.percent !== null &&
      t.weekdays === null,
  )
}

/**
 * The player gives up their active bonus `id` (forfeit_bonus): under the bonus's row lock, so a
 * withdrawal, an expiry or a conversion racing it finds it closed, or it finds theirs closed.
 * 404 for a bonus that is not the player's; 409 'bonus_not_active' when it closed otherwise
 * (converted, expired, cancelled). A bonus already forfeited is answered as it is: asking again
 * (a replay of the request, or a second form sent) asks for what is already so, and moves nothing.
 */
export function forfeitOwnBonus(db: Database, playerId: string, id: string, at: Date) {
  return db.transaction(async (tx) => {
    const bonus = /^[0-9a-f-]{36}$/i.test(id) ? await lockBonus(tx, id) : undefined
    if (!bonus || bonus.playerId !== playerId) throw new ApiError(404, 'not_found')
    if (bonus.status === 'forfeited') return bonus
    if (bonus.status !== 'active') throw new ApiError(409, 'bonus_not_active')
    return closeIn(tx as unknown as Database, bonus, 'forfeited', at)
  })
}

/** The player's bonuses, the active one first, then the newest first, with their turnover. */
export async function playerBonusesOf(db: Queryable, playerId: string) {
  return db
    .select({ bonus: playerBonuses, required: wageringRequirements.required, wagered: wageringRequirements.wagered })
    .from(playerBonuses)
    .innerJoin(wageringRequirements, eq(wageringRequirements.id, playerBonuses.requirementId))
    .where(eq(playerBonuses.playerId, playerId))
    .orderBy(sql`${playerBonuses.status} <> 'active'`, desc(playerBonuses.grantedAt))
}
