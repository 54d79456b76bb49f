/**
 * A player's bonuses as the contract's PlayerBonus: the name in the player's language, the code it
 * came from, the turnover done against what is required.
 */
import type { Queryable } from '../db/open.ts'
import { codesOfBonuses } from './promo-codes.ts'
import { playerBonusesOf, type PlayerBonusRow } from './service.ts'

type BonusRead = { bonus: PlayerBonusRow; required: number; wagered: number }

/** The contract's PlayerBonus: the name in the player's language, the code it came from. */
export async function playerBonusItems(db: Queryable, language: string | undefined, rows: BonusRead[]) {
  const codes = await codesOfBonuses(
    db,
    rows.map((r) => r.bonus.id),
  )
  return rows.map(({ bonus, required, wagered }) => ({
    id: bonus.id,
    type: bonus.type,
    name: language === 'en' ? bonus.nameEn : bonus.nameEs,
    status: bonus.status,
    code: codes.get(bonus.id) ?? null,
    granted: { amount: bonus.amount, currency: bonus.currency },
    // A closed bonus's requirement no longer takes stakes: what it shows is where it stopped.
    wagering: { required, done: Math.min(wagered, required) },
    converted: bonus.status === 'converted' ? { amount: bonus.convertedAmount ?? 0, currency: bonus.currency } : null,
    grantedAt: bonus.grantedAt.toISOString(),
    expiresAt: bonus.expiresAt.toISOString(),
  }))
}

/** One bonus as the contract's PlayerBonus, read again with its turnover. */
export async function bonusItem(db: Queryable, language: string | undefined, bonus: PlayerBonusRow) {
  const read = (await playerBonusesOf(db, bonus.playerId)).find((r) => r.bonus.id === bonus.id)
  if (!read) throw new Error(`bonus ${bonus.id} without its requirement`)
  const [item] = await playerBonusItems(db, language, [read])
  return item!
}
