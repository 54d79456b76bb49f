/**
 * A restriction of the player's own (ADR 0060; set by restrictions.ts): whether it is in force,
 * and what the log-in says of it. Read by the log-in, the session check and the bonuses.
 */
import { eq } from 'drizzle-orm'
import type { RestrictionKind } from '../../contract/index.ts'
import { ApiError } from '../../contract/errors.ts'
import type { Queryable } from '../db/open.ts'
import { players } from '../db/schema.ts'

type Restriction = { restriction: RestrictionKind | null; restrictedUntil: Date | null }

/** Whether a restriction is in force at `at`: set, and for good or not over yet. */
export const inForce = (row: Restriction, at: Date) =>
  row.restriction !== null && (row.restrictedUntil === null || row.restrictedUntil > at)

/** Whether the player has a restriction in force at `at` (a bonus that would reach them does not). */
export async function isRestricted(db: Queryable, playerId: string, at: Date) {
  const [row] = await db
    .select({ restriction: players.restriction, restrictedUntil: players.restrictedUntil })
    .from(players)
    .where(eq(players.id, playerId))
  return row ? inForce(row, at) : false
}

/**
 * What a restriction says, with its end: the log-in's refusal (403) while it is in force, and the
 * answer that sets it.
 */
export function restrictionRefusal(row: Restriction): ApiError {
  const until = row.restrictedUntil?.toISOString()
  if (row.restriction === 'closure') return new ApiError(403, 'account_closed_by_player')
  if (until)
    return new ApiError(403, row.restriction === 'time_out' ? 'account_timed_out' : 'account_self_excluded', {
      args: [until],
    })
  return new ApiError(403, 'account_self_excluded_for_good')
}
