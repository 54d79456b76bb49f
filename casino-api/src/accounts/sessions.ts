/**
 * The player's signed-in sessions (issue 23, account security): the access tokens not revoked nor
 * expired, with where and on what each log-in was made (player_logins, ADR 0058) and when it was
 * last used (http/auth.ts keeps it to within five minutes). Ending one is a log-out made from
 * elsewhere: its token revoked (its sockets close on the revocation's notice) and the games it
 * launched ended.
 */
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { GetSessionsAnswer } from '../../contract/index.ts'
import { ApiError } from '../../contract/errors.ts'
import type { Context, Session } from '../context.ts'
import { accessTokens, playerLogins } from '../db/schema.ts'
import { endGameSessions } from '../games/end-game-sessions.ts'

/** How many sessions the list shows: more than anyone keeps open, fewer than a script could pile up. */
const LISTED = 50

const live = (playerId: string, now: Date) =>
  and(eq(accessTokens.playerId, playerId), isNull(accessTokens.revokedAt), gt(accessTokens.expiresAt, now))

export async function listSessions(
  ctx: Pick<Context, 'db' | 'now'>,
  session: Session,
): Promise<z.input<typeof GetSessionsAnswer>> {
  const rows = await ctx.db
    .select({
      id: accessTokens.id,
      createdAt: accessTokens.createdAt,
      lastSeenAt: sql<Date>`coalesce(${accessTokens.lastSeenAt}, ${accessTokens.createdAt})`.mapWith(
        accessTokens.createdAt,
      ),
      expiresAt: accessTokens.expiresAt,
      userAgent: accessTokens.userAgent,
      ip: accessTokens.createdIp,
      countryCode: playerLogins.countryCode,
    })
    .from(accessTokens)
    // The player's own log-ins only: found through their index (player_logins_player_idx) rather
    // than by reading every player's.
    .leftJoin(
      playerLogins,
      and(eq(playerLogins.playerId, session.playerId), eq(playerLogins.accessTokenId, accessTokens.id)),
    )
    .where(live(session.playerId, ctx.now()))
    .orderBy(desc(accessTokens.createdAt))
    .limit(LISTED)
  return {
    items: rows.map((row) => ({
      ...row,
      current: row.id === session.tokenId,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    })),
  }
}

/** Ends another live session of the player's; 404 for one that is not theirs, not live, or the asking one. */
export async function endSession(ctx: Context, session: Session, sessionId: string) {
  const now = ctx.now()
  const ended = await ctx.db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(eq(accessTokens.id, sessionId), ne(accessTokens.id, session.tokenId), live(session.playerId, now)))
    .returning({ id: accessTokens.id })
  if (ended.length === 0) throw new ApiError(404, 'not_found')
  await endGameSessions(ctx, { playerId: session.playerId, casinoSession: sessionId })
  return { ended: 1 }
}

/** Ends every live session of the player's but the asking one; answers how many. */
export async function endOtherSessions(ctx: Context, session: Session) {
  const now = ctx.now()
  const ended = await ctx.db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(live(session.playerId, now), ne(accessTokens.id, session.tokenId)))
    .returning({ id: accessTokens.id })
  await endGameSessions(ctx, { playerId: session.playerId, exceptCasinoSession: session.tokenId })
  return { ended: ended.length }
}
