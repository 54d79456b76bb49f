/**
 * Promo and bonus codes (ADR 0053): an administrator's code grants one bonus template's bonus,
 * to at most `max_uses` players, each once, within its window. Every use is decided under the
 * code's row lock (`SELECT … FOR UPDATE`), taken before the player's row (the grant's lock,
 * ADR 0052): of two players racing a single-use code, or one player sending it twice at once,
 * one gets it and the other finds it used.
 *
 * - Given at registration, the code is kept as the player's use (counted at once) and granted
 *   later: a no-deposit code at activation, a deposit code on the first deposit that asks for a
 *   bonus (in place of the welcome or reload bonus it would have earned).
 * - bonuscode_deposit_processor applies a no-deposit code at once, one ledger transaction
 *   (bonus_grant), refused while another bonus is active; a replay of the same request (its
 *   idempotency key) answers the bonus it granted.
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Currency, Locale } from '../../contract/index.ts'
import type { Database, Queryable } from '../db/open.ts'
import { bonusTemplates, playerBonuses, players, promoCodes, promoCodeUses } from '../db/schema.ts'
import { isUniqueViolation, isUuid } from '../db/errors.ts'
import { ApiError } from '../../contract/errors.ts'
import { audit } from '../payments/audit.ts'
import type { RateLimiter } from '../rate-limits.ts'
import { checkBonusClaim, grantIn, type BonusTemplateRow, type PlayerBonusRow } from './service.ts'

export type PromoCodeRow = typeof promoCodes.$inferSelect

/**
 * Runs a use or check of a code under the 'promoCodeAttempts' limit (per address and account):
 * a wrong code keeps its point, a good one (or one refused only because another bonus is
 * active) gives it back.
 */
export async function countingWrongCodes<T>(
  limits: RateLimiter,
  keys: { ip: string; accounts: string[] },
  run: () => Promise<T>,
): Promise<T> {
  await limits.check('promoCodeAttempts', keys)
  try {
    const done = await run()
    await limits.refund('promoCodeAttempts', keys)
    return done
  } catch (error) {
    if (error instanceof ApiError && error.code !== 'invalid_promo_code' && error.code !== 'bonus_code_invalid')
      await limits.refund('promoCodeAttempts', keys)
    throw error
  }
}

/** Unknown: 'invalid_promo_code' under the field it was typed in. */
const unknownCode = (field: string) =>
  new ApiError(400, 'invalid_promo_code', { fields: { [field]: ['invalid_promo_code'] } })
/** Used up, outside its window, or already used by this player: 'bonus_code_invalid'. */
const spentCode = (field: string) =>
  new ApiError(400, 'bonus_code_invalid', { fields: { [field]: ['bonus_code_invalid'] } })

const findCode = async (db: Queryable, code: string, lock: boolean) => {
  const query = db
    .select()
    .from(promoCodes)
    .where(sql`upper(${promoCodes.code}) = ${code.toUpperCase()}`)
  const [row] = lock ? await query.for('update') : await query
  return row
}

/** Why a code cannot be used now (by `playerId` when given), or null when it can. */
async function spentReason(db: Queryable, code: PromoCodeRow, at: Date, playerId: string | null) {
  if (code.uses >= code.maxUses) return 'used_up'
  if (code.validFrom && code.validFrom > at) return 'not_yet_valid'
  if (code.validUntil && code.validUntil <= at) return 'expired'
  if (playerId) {
    const [used] = await db
      .select({ id: promoCodeUses.id })
      .from(promoCodeUses)
      .where(and(eq(promoCodeUses.promoCodeId, code.id), eq(promoCodeUses.playerId, playerId)))
    if (used) return 'used_by_player'
  }
  return null
}

const templateOf = async (db: Queryable, code: PromoCodeRow) => {
  const [template] = await db.select().from(bonusTemplates).where(eq(bonusTemplates.type, code.bonusType))
  return template
}

/** What a code offers: its template's figures, or its fixed amount on the 'bonus_code' terms. */
export function offerOf(code: PromoCodeRow, template: BonusTemplateRow, currency: Currency, locale: Locale) {
  const noDeposit = code.amount !== null
  return {
    type: template.type,
    name: locale === 'en' ? template.nameEn : template.nameEs,
    percent: noDeposit ? null : template.percent,
    amount: noDeposit ? code.amount : null,
    maxBonus: noDeposit ? null : template.maxBonus,
    minDeposit: noDeposit ? null : template.minDeposit,
    currency,
    wageringMultiplier: template.wageringMultiplier,
  }
}

/**
 * validate_promo_code: the code and its offer, or 'invalid_promo_code' (unknown, or its template
 * switched off) or 'bonus_code_invalid' (used up, outside its window, already used by the player).
 */
export async function validatePromoCode(
  db: Queryable,
  code: string,
  at: Date,
  playerId: string | null,
  field = 'code',
) {
  const row = await findCode(db, code, false)
  const template = row && (await templateOf(db, row))
  if (!row || row.disabledAt || !template?.enabled) throw unknownCode(field)
  if (await spentReason(db, row, at, playerId)) throw spentCode(field)
  return { row, template }
}

/**
 * Registration: keeps the code as the new player's use, in the registration's transaction and
 * under the code's lock (so a single-use code goes to one of two players registering at once).
 * Throws under the field 'promoCode'.
 */
export async function reserveAtRegistration(tx: Queryable, code: string, playerId: string, at: Date) {
  await keepUse(tx, await lockedCode(tx, code), playerId, at)
}

/** The code under its row lock; unknown, switched off or its template off: 'invalid_promo_code' under 'promoCode'. */
async function lockedCode(tx: Queryable, code: string) {
  const row = await findCode(tx, code, true)
  const template = row && (await templateOf(tx, row))
  if (!row || row.disabledAt || !template?.enabled) throw unknownCode('promoCode')
  return row
}

/** Keeps the code (locked) as the player's use, counted at once; a spent one is 'bonus_code_invalid'. */
async function keepUse(tx: Queryable, row: PromoCodeRow, playerId: string, at: Date) {
  if (await spentReason(tx, row, at, playerId)) throw spentCode('promoCode')
  await tx.insert(promoCodeUses).values({ promoCodeId: row.id, playerId, usedAt: at })
  await tx
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} + 1` })
    .where(eq(promoCodes.id, row.id))
}

/** The player's kept code not granted yet, of the kind asked (no-deposit or deposit), if any. */
async function pendingUse(tx: Queryable, playerId: string, noDeposit: boolean) {
  const [pending] = await tx
    .select({ use: promoCodeUses, code: promoCodes })
    .from(promoCodeUses)
    .innerJoin(promoCodes, eq(promoCodes.id, promoCodeUses.promoCodeId))
    .where(
      and(
        eq(promoCodeUses.playerId, playerId),
        isNull(promoCodeUses.playerBonusId),
        noDeposit ? sql`${promoCodes.amount} IS NOT NULL` : sql`${promoCodes.amount} IS NULL`,
      ),
    )
    .orderBy(promoCodeUses.usedAt)
    .limit(1)
  return pending
}

const markGranted = (tx: Queryable, useId: string, bonusId: string) =>
  tx.update(promoCodeUses).set({ playerBonusId: bonusId }).where(eq(promoCodeUses.id, useId))

/**
 * Activation: credits the no-deposit code the player registered with, in the activation's
 * transaction (one ledger transaction; its source the use, so at most once). A code kept at
 * registration is honoured even if its window closed since.
 */
export async function grantAtActivation(tx: Database, player: { id: string; currency: Currency }, at: Date) {
  const pending = await pendingUse(tx, player.id, true)
  if (!pending) return null
  const template = await templateOf(tx, pending.code)
  if (!template) return null
  const bonus = await grantIn(tx, {
    playerId: player.id,
    currency: player.currency,
    template,
    amount: pending.code.amount!,
    deposit: null,
    sourceKey: `promo:${pending.use.id}`,
    at,
  })
  await markGranted(tx, pending.use.id, bonus.id)
  return bonus
}

/**
 * A deposit that asks for a bonus: the deposit template of the code the player registered with,
 * if one is waiting (else null: the welcome or reload bonus as usual). `record` ties the bonus
 * granted to the use.
 */
export async function depositCodeOf(tx: Queryable, playerId: string) {
  const pending = await pendingUse(tx, playerId, false)
  if (!pending) return null
  const template = await templateOf(tx, pending.code)
  if (!template) return null
  return { template, record: (bonusId: string) => markGranted(tx, pending.use.id, bonusId) }
}

/**
 * A deposit form's promo code: kept as the player's waiting deposit code, under the code's row
 * lock, as a registration keeps one, so the deposit that asks for a bonus takes the code's
 * template (depositCodeOf). The code stays waiting if that deposit earns nothing (declined,
 * below the template's minimum). The same code again while it waits is no new use; another code
 * while one waits is 409 'promo_code_waiting'; a no-deposit code is 'promo_code_not_for_deposit'
 * (it is applied in the Bonuses tab). Throws under the field 'promoCode'.
 */
export async function keepDepositCode(db: Database, playerId: string, code: string, at: Date) {
  await db.transaction(async (tx) => {
    const row = await lockedCode(tx, code)
    if (row.amount !== null)
      throw new ApiError(400, 'promo_code_not_for_deposit', { fields: { promoCode: ['promo_code_not_for_deposit'] } })
    // The player's own use of this code, read once: waiting (the same code again is no new use),
    // or granted by a deposit that completed since this request checked for an active bonus:
    // then that bonus is what refuses it while it runs.
    const [mine] = await tx
      .select({ bonusId: promoCodeUses.playerBonusId, status: playerBonuses.status })
      .from(promoCodeUses)
      .leftJoin(playerBonuses, eq(playerBonuses.id, promoCodeUses.playerBonusId))
      .where(and(eq(promoCodeUses.promoCodeId, row.id), eq(promoCodeUses.playerId, playerId)))
    if (mine?.bonusId === null) return
    if (mine?.status === 'active') throw new ApiError(409, 'bonus_active')
    const waiting = await pendingUse(tx, playerId, false)
    if (waiting)
      throw new ApiError(409, 'promo_code_waiting', {
        args: [waiting.code.code],
        fields: { promoCode: ['promo_code_waiting'] },
      })
    await keepUse(tx, row, playerId, at)
  })
}

/**
 * What a deposit request asks of bonuses, settled before any money moves: whether it claims a
 * bonus (the box, or a promo code, which names the bonus), refused with 409 'bonus_active' while
 * one is active, and the code kept (keepDepositCode, under the wrong-codes limit). A replay of a
 * request that made its payment already skips both: the first one settled them.
 */
export async function claimForDeposit(
  ctx: { db: Database; limits: RateLimiter; now(): Date },
  r: { playerId: string; ip: string; claimBonus?: boolean; promoCode?: string; paymentKey: string },
) {
  const code = r.promoCode || undefined
  const claim = r.claimBonus === true || code !== undefined
  const made = await checkBonusClaim(ctx.db, { playerId: r.playerId, claim, paymentKey: r.paymentKey, code: !!code })
  if (!code || made) return claim
  await countingWrongCodes(ctx.limits, { ip: r.ip, accounts: [r.playerId] }, () =>
    keepDepositCode(ctx.db, r.playerId, code, ctx.now()),
  )
  return claim
}

/**
 * bonuscode_deposit_processor: grants a no-deposit code now, under the code's row lock. The same
 * request again (its key) answers the bonus it granted; any other use of a code the player used,
 * a used-up or expired code, an unknown one or a deposit code is 'bonus_code_invalid'; another
 * bonus active is 409 'bonus_active' (nothing kept).
 */
export async function applyBonusCode(
  db: Database,
  r: { playerId: string; currency: Currency; code: string; requestKey: string; at: Date },
): Promise<PlayerBonusRow> {
  return db.transaction(async (tx) => {
    const row = await findCode(tx, r.code, true)
    if (!row || row.amount === null) throw spentCode('code')
    const [mine] = await tx
      .select()
      .from(promoCodeUses)
      .where(and(eq(promoCodeUses.promoCodeId, row.id), eq(promoCodeUses.playerId, r.playerId)))
    if (mine) {
      if (mine.requestKey === r.requestKey && mine.playerBonusId) {
        const [granted] = await tx.select().from(playerBonuses).where(eq(playerBonuses.id, mine.playerBonusId))
        if (granted) return granted
      }
      throw spentCode('code')
    }
    const template = await templateOf(tx, row)
    if (!template?.enabled || row.disabledAt || (await spentReason(tx, row, r.at, null))) throw spentCode('code')
    const [use] = await tx
      .insert(promoCodeUses)
      .values({ promoCodeId: row.id, playerId: r.playerId, requestKey: r.requestKey, usedAt: r.at })
      .returning({ id: promoCodeUses.id })
    const bonus = await grantIn(tx as unknown as Database, {
      playerId: r.playerId,
      currency: r.currency,
      template,
      amount: row.amount,
      deposit: null,
      sourceKey: `promo:${use!.id}`,
      at: r.at,
    })
    await markGranted(tx, use!.id, bonus.id)
    await tx
      .update(promoCodes)
      .set({ uses: sql`${promoCodes.uses} + 1` })
      .where(eq(promoCodes.id, row.id))
    return bonus
  })
}

/** The codes the bonuses came from, by bonus id. */
export async function codesOfBonuses(db: Queryable, bonusIds: string[]) {
  if (bonusIds.length === 0) return new Map<string, string>()
  const rows = await db
    .select({ bonusId: promoCodeUses.playerBonusId, code: promoCodes.code })
    .from(promoCodeUses)
    .innerJoin(promoCodes, eq(promoCodes.id, promoCodeUses.promoCodeId))
    .where(sql`${promoCodeUses.playerBonusId} IN ${bonusIds}`)
  return new Map(rows.map((r) => [r.bonusId!, r.code]))
}

export type NewPromoCode = {
  adminId: string
  code: string
  bonusType: 'welcome_deposit' | 'reload_deposit' | 'bonus_code'
  amount: number | null
  maxUses: number
  validFrom: Date | null
  validUntil: Date | null
  at: Date
}

/** Creates a code, audited in the same transaction; 409 'promo_code_taken' when it exists in any case. */
export async function createPromoCode(db: Database, c: NewPromoCode) {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(promoCodes)
        .values({
          code: c.code,
          bonusType: c.bonusType,
          amount: c.amount,
          maxUses: c.maxUses,
          validFrom: c.validFrom,
          validUntil: c.validUntil,
          createdBy: c.adminId,
          createdAt: c.at,
        })
        .returning()
      await audit(tx, {
        adminId: c.adminId,
        action: 'create_promo_code',
        target: row!.id,
        details: {
          code: c.code,
          bonusType: c.bonusType,
          amount: c.amount,
          maxUses: c.maxUses,
          validFrom: c.validFrom?.toISOString() ?? null,
          validUntil: c.validUntil?.toISOString() ?? null,
        },
        at: c.at,
      })
      return row!
    })
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ApiError(409, 'promo_code_taken', { fields: { code: ['promo_code_taken'] } })
    throw error
  }
}

/** A page of codes, newest first, with their creators' usernames. */
export async function listPromoCodes(db: Queryable, page: number, pageSize: number) {
  const [rows, [counted]] = await Promise.all([
    db
      .select({ code: promoCodes, createdBy: players.username })
      .from(promoCodes)
      .innerJoin(players, eq(players.id, promoCodes.createdBy))
      .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(promoCodes),
  ])
  return { rows, total: counted?.n ?? 0 }
}

export type PromoCodeChange = {
  adminId: string
  id: string
  maxUses: number
  validFrom: Date | null
  validUntil: Date | null
  enabled: boolean
  at: Date
}

/**
 * Changes a code's uses, window and switch under its row lock (the lock of its uses), audited
 * with the fields changed; none changed, nothing written. Its uses cannot go below those made
 * ('invalid_value' under maxUses). A code switched off is refused from then on; a use kept at
 * registration before is honoured, as one kept before its window closed.
 */
export async function updatePromoCode(db: Database, c: PromoCodeChange) {
  return db.transaction(async (tx) => {
    const [row] = isUuid(c.id) ? await tx.select().from(promoCodes).where(eq(promoCodes.id, c.id)).for('update') : []
    if (!row) throw new ApiError(404, 'not_found')
    if (c.maxUses < row.uses) throw new ApiError(400, 'invalid_value', { fields: { maxUses: ['invalid_value'] } })
    const before = {
      maxUses: row.maxUses,
      validFrom: row.validFrom?.toISOString() ?? null,
      validUntil: row.validUntil?.toISOString() ?? null,
      enabled: row.disabledAt === null,
    }
    const after = {
      maxUses: c.maxUses,
      validFrom: c.validFrom?.toISOString() ?? null,
      validUntil: c.validUntil?.toISOString() ?? null,
      enabled: c.enabled,
    }
    const changed = (Object.keys(after) as (keyof typeof after)[]).filter((k) => before[k] !== after[k])
    if (changed.length === 0) return row
    const [updated] = await tx
      .update(promoCodes)
      .set({
        maxUses: c.maxUses,
        validFrom: c.validFrom,
        validUntil: c.validUntil,
        disabledAt: c.enabled ? null : (row.disabledAt ?? c.at),
      })
      .where(eq(promoCodes.id, row.id))
      .returning()
    await audit(tx, {
      adminId: c.adminId,
      action: 'update_promo_code',
      target: row.id,
      details: {
        code: row.code,
        changed,
        before: Object.fromEntries(changed.map((k) => [k, before[k]])),
        after: Object.fromEntries(changed.map((k) => [k, after[k]])),
      },
      at: c.at,
    })
    return updated!
  })
}
