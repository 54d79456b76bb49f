/**
 * The administrator's hand on a player's bonuses (issue 22): a bonus granted from a template for
 * the amount typed, and the active bonus cancelled, each with the reason kept in the audit log,
 * written in the transaction of the change (ADR 0024). Both go through the machinery of every
 * bonus (service.ts, ADR 0052): a grant under the player's row lock (one active bonus), one
 * ledger transaction 'bonus_grant'; a cancellation under the bonus's row lock, one 'bonus_cancel'.
 */
import { eq } from 'drizzle-orm'
import { BONUS_TEMPLATE_TEXT_FIELDS, type BonusType } from '../../contract/index.ts'
import type { Database } from '../db/open.ts'
import { isUuid } from '../db/errors.ts'
import { bonusTemplates, playerBonuses, players } from '../db/schema.ts'
import { ApiError } from '../../contract/errors.ts'
import { audit } from '../payments/audit.ts'
import { closeIn, grantIn, lockBonus, lockPlayer, type BonusTemplateRow, type PlayerBonusRow } from './service.ts'

export type AdminGrant = {
  adminId: string
  playerId: string
  type: BonusType
  amount: number
  reason: string
  /** The request's idempotency key: the same form sent again grants nothing more. */
  key: string
  at: Date
}

/**
 * Grants a bonus by hand. 404 for an unknown player; 'invalid_value' under `type` for a template
 * switched off; 409 'bonus_active' while another bonus is active. A replay of the request (its
 * key) answers the bonus it granted, and is not audited twice.
 */
export function grantByAdmin(db: Database, g: AdminGrant): Promise<PlayerBonusRow> {
  return db.transaction(async (tx) => {
    const inner = tx as unknown as Database
    if (!isUuid(g.playerId)) throw new ApiError(404, 'not_found')
    await lockPlayer(tx, g.playerId)
    const [player] = await tx
      .select({ currency: players.currency, scope: players.scope })
      .from(players)
      .where(eq(players.id, g.playerId))
    if (!player || player.scope !== 'player') throw new ApiError(404, 'not_found')
    const sourceKey = `admin:${g.adminId}:${g.key}`
    const [granted] = await tx.select().from(playerBonuses).where(eq(playerBonuses.sourceKey, sourceKey))
    if (granted) return granted
    const [template] = await tx.select().from(bonusTemplates).where(eq(bonusTemplates.type, g.type))
    if (!template?.enabled) throw new ApiError(400, 'invalid_value', { fields: { type: ['invalid_value'] } })
    const bonus = await grantIn(inner, {
      playerId: g.playerId,
      currency: player.currency,
      template,
      amount: g.amount,
      deposit: null,
      sourceKey,
      at: g.at,
    })
    await audit(tx, {
      adminId: g.adminId,
      action: 'grant_bonus',
      target: bonus.id,
      details: { type: g.type, amount: g.amount, currency: player.currency, reason: g.reason },
      at: g.at,
    })
    return bonus
  })
}

/**
 * Cancels an active bonus by hand, under its row lock: of two cancellations at once one acts (one
 * ledger transaction, one audit entry) and the other finds it cancelled and answers it as it is.
 * 404 for an unknown bonus; 409 'bonus_not_active' when it closed otherwise.
 */
export function cancelByAdmin(db: Database, c: { adminId: string; id: string; reason: string; at: Date }) {
  return db.transaction(async (tx) => {
    const bonus = isUuid(c.id) ? await lockBonus(tx, c.id) : undefined
    if (!bonus) throw new ApiError(404, 'not_found')
    if (bonus.status === 'cancelled') return bonus
    if (bonus.status !== 'active') throw new ApiError(409, 'bonus_not_active')
    const closed = await closeIn(tx as unknown as Database, bonus, 'cancelled', c.at)
    await audit(tx, {
      adminId: c.adminId,
      action: 'cancel_bonus',
      target: bonus.id,
      details: { type: bonus.type, amount: closed.closedAmount ?? 0, currency: bonus.currency, reason: c.reason },
      at: c.at,
    })
    return closed
  })
}

export type TemplateTerms = Omit<
  BonusTemplateRow,
  'updatedAt' | 'percent' | 'amount' | 'minDeposit' | 'maxBonus' | 'weekdays'
> & {
  percent: number | null
  amount: number | null
  minDeposit: number | null
  maxBonus: number | null
  weekdays: number[] | null
}

/** The fields of a template's terms, as compared for the audit's list of what changed. */
const TERMS_FIELDS = [...BONUS_TEMPLATE_TEXT_FIELDS, 'weekdays', 'enabled'] as const

/** A value with its object's keys in order, so that the same weights in another order compare equal. */
const sortedKeys = (v: unknown): unknown =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : 1)))
    : v
const sameValue = (a: unknown, b: unknown) => JSON.stringify(sortedKeys(a)) === JSON.stringify(sortedKeys(b))

/**
 * Replaces a template's terms under its row lock, audited with the fields that changed (none
 * changed: nothing written). The bonuses granted on it keep the terms copied at their grant (ADR
 * 0052): only later grants see the new ones.
 */
export function updateTemplate(db: Database, u: { adminId: string; terms: TemplateTerms; at: Date }) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(bonusTemplates).where(eq(bonusTemplates.type, u.terms.type)).for('update')
    if (!before) throw new ApiError(404, 'not_found')
    const changed = TERMS_FIELDS.filter((f) => !sameValue(before[f], u.terms[f]))
    if (changed.length === 0) return before
    const { type: _type, ...terms } = u.terms
    const [after] = await tx
      .update(bonusTemplates)
      .set({ ...terms, updatedAt: u.at })
      .where(eq(bonusTemplates.type, u.terms.type))
      .returning()
    await audit(tx, {
      adminId: u.adminId,
      action: 'update_bonus_template',
      target: null,
      details: {
        type: u.terms.type,
        changed,
        before: Object.fromEntries(changed.map((f) => [f, before[f]])),
        after: Object.fromEntries(changed.map((f) => [f, after![f]])),
      },
      at: u.at,
    })
    return after!
  })
}
