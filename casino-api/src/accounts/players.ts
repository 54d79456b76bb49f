import { and, eq, ne, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { Balance, FieldErrors, PlayerProfile } from '../../contract/index.ts'
import type { Queryable } from '../db/open.ts'
import { pgErrorOf } from '../db/errors.ts'
import { ledgerAccounts, mailboxMessages, players } from '../db/schema.ts'
import { ApiError } from '../../contract/errors.ts'
import { balanceOf } from '../wallet/ledger.ts'

export type PlayerRow = typeof players.$inferSelect

/** Case-insensitive, through the unique index on lower(username). */
export const usernameIs = (username: string) => sql`lower(${players.username}) = lower(${username})`

export async function findPlayerByUsername(db: Queryable, username: string): Promise<PlayerRow | null> {
  const [row] = await db.select().from(players).where(usernameIs(username)).limit(1)
  return row ?? null
}

export async function getPlayer(db: Queryable, id: string): Promise<PlayerRow> {
  const [row] = await db.select().from(players).where(eq(players.id, id)).limit(1)
  if (!row) throw new ApiError(401, 'unauthorized')
  return row
}

/**
 * The profile of a player; `loyaltyPoints` is the balance of their points account (the ledger's,
 * ADR 0054: loyaltyPointsOf, or the `player` call's join).
 */
export function toProfile(p: PlayerRow, loyaltyPoints: number): z.input<typeof PlayerProfile> {
  return {
    id: p.id,
    username: p.username,
    email: p.email,
    phone: p.phone,
    firstName: p.firstName,
    lastName: p.lastName,
    gender: p.gender,
    birthday: p.birthday,
    address: p.address,
    postalCode: p.postalCode,
    city: p.city,
    country: p.country,
    language: p.language,
    currency: p.currency,
    newsletter: p.newsletter,
    scope: p.scope,
    status: p.status,
    loyaltyPoints,
    createdAt: p.createdAt.toISOString(),
    passwordChangeRequired: p.passwordChangeRequired,
  }
}

/**
 * The player and their balances in cents (in the player's currency, zero where no ledger account
 * exists yet) in one query: the `player` call behind every page a logged-in player opens. The same
 * query counts the player's unread mailbox messages.
 */
export async function getPlayerWithBalance(
  db: Queryable,
  id: string,
): Promise<{ player: PlayerRow; balance: Balance; unreadMessages: number; loyaltyPoints: number }> {
  const [row] = await db
    .select({
      player: players,
      real: realAccount.balance,
      bonus: bonusAccount.balance,
      realVersion: realAccount.balanceVersion,
      bonusVersion: bonusAccount.balanceVersion,
      unread: unreadOfPlayer,
      points: pointsAccount.balance,
    })
    .from(players)
    .leftJoin(realAccount, heldIn(realAccount, 'real'))
    .leftJoin(bonusAccount, heldIn(bonusAccount, 'bonus'))
    .leftJoin(pointsAccount, heldIn(pointsAccount, 'points'))
    .where(eq(players.id, id))
    .limit(1)
  if (!row) throw new ApiError(401, 'unauthorized')
  const { player } = row
  return {
    player,
    balance: balanceOf(
      player.currency,
      row.real ?? 0,
      row.bonus ?? 0,
      (row.realVersion ?? 0) + (row.bonusVersion ?? 0),
    ),
    unreadMessages: row.unread,
    loyaltyPoints: row.points ?? 0,
  }
}

/** The player's unread mailbox messages (through the partial index of unread messages). */
const unreadOfPlayer = sql<number>`(select count(*)::int from ${mailboxMessages} where ${mailboxMessages.playerId} = ${players.id} and ${mailboxMessages.readAt} is null)`

const realAccount = alias(ledgerAccounts, 'real_account')
const bonusAccount = alias(ledgerAccounts, 'bonus_account')
const pointsAccount = alias(ledgerAccounts, 'points_account')
/** The player's ledger account of `kind` in their own currency. */
const heldIn = (
  account: typeof realAccount | typeof bonusAccount | typeof pointsAccount,
  kind: 'real' | 'bonus' | 'points',
) => and(eq(account.playerId, players.id), eq(account.kind, kind), eq(account.currency, players.currency))

/** A player's loyalty points: their points account's balance (0 before their first). */
export async function loyaltyPointsOf(db: Queryable, p: Pick<PlayerRow, 'id' | 'currency'>) {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.playerId, p.id),
        eq(ledgerAccounts.kind, 'points'),
        eq(ledgerAccounts.currency, p.currency),
      ),
    )
  return row?.balance ?? 0
}

// ---- uniqueness of username, e-mail and phone -------------------------------------------

export type UniqueField = 'username' | 'email' | 'phone'

const TAKEN = { username: 'username_taken', email: 'email_taken', phone: 'phone_taken' } as const

const CONSTRAINT_FIELD: Record<string, UniqueField> = {
  players_username_key: 'username',
  players_email_key: 'email',
  players_phone_key: 'phone',
}

/** Which of the given values another player already has. */
export async function findClashes(
  db: Queryable,
  values: Partial<Record<UniqueField, string>>,
  exceptPlayerId?: string,
): Promise<UniqueField[]> {
  const conditions: SQL[] = []
  if (values.username !== undefined) conditions.push(usernameIs(values.username))
  if (values.email !== undefined) conditions.push(eq(players.email, values.email))
  if (values.phone !== undefined) conditions.push(eq(players.phone, values.phone))
  if (conditions.length === 0) return []
  const where = exceptPlayerId ? and(or(...conditions), ne(players.id, exceptPlayerId)) : or(...conditions)
  const rows = await db
    .select({ username: players.username, email: players.email, phone: players.phone })
    .from(players)
    .where(where)
  const clashes = new Set<UniqueField>()
  for (const row of rows) {
    if (values.username !== undefined && row.username.toLowerCase() === values.username.toLowerCase())
      clashes.add('username')
    if (values.email !== undefined && row.email === values.email) clashes.add('email')
    if (values.phone !== undefined && row.phone === values.phone) clashes.add('phone')
  }
  return (['username', 'email', 'phone'] as const).filter((f) => clashes.has(f))
}

/**
 * 409 with the field errors, so the form shows each clash under its field: the specific code
 * when one value clashes, 'duplicate_player' when several do (the catalogue's "The same
 * username, email or phone already exists.").
 */
export function duplicateError(
  clashes: UniqueField[],
  severalCode: 'duplicate_player' | 'email_taken' = 'duplicate_player',
) {
  const fields: FieldErrors = Object.fromEntries(clashes.map((f) => [f, [TAKEN[f]]]))
  const code = clashes.length === 1 ? TAKEN[clashes[0] as UniqueField] : severalCode
  return new ApiError(409, code, { fields })
}

/**
 * A unique index refused the row: another request took the value between our check and our
 * write. A registration answers 'duplicate_player' (we cannot tell what else clashed); a profile
 * change the code of the field the index names. Both put that field in `fields`.
 */
export function raceDuplicateError(error: unknown, kind: 'register' | 'profile') {
  const field = CONSTRAINT_FIELD[pgErrorOf(error)?.constraint ?? '']
  const code = kind === 'profile' && field ? TAKEN[field] : 'duplicate_player'
  return new ApiError(409, code, field ? { fields: { [field]: [TAKEN[field]] } } : {})
}
