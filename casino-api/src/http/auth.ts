import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm'
import type { Auth, CallName } from '../../contract/index.ts'
import { inForce } from '../accounts/restricted.ts'
import { bearerToken, hashToken } from '../accounts/tokens.ts'
import type { Context, Session } from '../context.ts'
import type { Database } from '../db/open.ts'
import { accessTokens, players, twoFactor } from '../db/schema.ts'
import { ApiError } from '../../contract/errors.ts'

/** How stale a session's last use may be before a call writes it again (the sessions list's precision). */
export const SESSION_SEEN_EVERY_MS = 5 * 60_000

/**
 * The query behind every call made with a token, prepared once per database (drizzle builds its
 * SQL once, and PostgreSQL plans it once per connection).
 */
const sessionQueries = new WeakMap<Database, ReturnType<typeof prepareSessionQuery>>()
function sessionQuery(db: Database) {
  let query = sessionQueries.get(db)
  if (!query) sessionQueries.set(db, (query = prepareSessionQuery(db)))
  return query
}
function prepareSessionQuery(db: Database) {
  return db
    .select({
      tokenId: accessTokens.id,
      playerId: players.id,
      scope: players.scope,
      status: players.status,
      passwordChangeRequired: players.passwordChangeRequired,
      restriction: players.restriction,
      restrictedUntil: players.restrictedUntil,
      lastSeenAt: accessTokens.lastSeenAt,
      twoFactorAt: twoFactor.enabledAt,
    })
    .from(accessTokens)
    .innerJoin(players, eq(players.id, accessTokens.playerId))
    .leftJoin(twoFactor, eq(twoFactor.playerId, players.id))
    .where(
      and(
        eq(accessTokens.tokenHash, sql.placeholder('tokenHash')),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('resolve_session')
}

/** A token sent that opens no session; 'limit_reached': it expired at the player's session-time limit. */
export type InvalidSession = 'invalid' | 'limit_reached'

/**
 * The session of `Authorization: Bearer <token>`: null when no token was sent, 'invalid' when
 * one was sent that is malformed, unknown, expired, revoked, or whose account is not active or
 * under a restriction of the player's own (its tokens were revoked with it: this is the second lock);
 * 'limit_reached' when it expired at the player's session-time limit (accounts/session-limit.ts).
 */
export async function resolveSession(
  ctx: Pick<Context, 'db' | 'now'>,
  authorization: string | undefined,
): Promise<Session | null | InvalidSession> {
  if (!authorization) return null
  const token = bearerToken(authorization)
  if (!token) return 'invalid'
  const now = ctx.now()
  const [row] = await sessionQuery(ctx.db).execute({ tokenHash: hashToken(token), now })
  if (!row) return (await endedByLimit(ctx.db, token, now)) ? 'limit_reached' : 'invalid'
  if (row.status !== 'active' || inForce(row, now)) return 'invalid'
  // When it was last used, for the player's list of sessions: written once every few minutes at most.
  if (!row.lastSeenAt || now.getTime() - row.lastSeenAt.getTime() >= SESSION_SEEN_EVERY_MS)
    await ctx.db.update(accessTokens).set({ lastSeenAt: now }).where(eq(accessTokens.id, row.tokenId))
  return {
    tokenId: row.tokenId,
    playerId: row.playerId,
    scope: row.scope,
    passwordChangeRequired: row.passwordChangeRequired,
    twoFactor: row.twoFactorAt !== null,
  }
}

/** Whether a token no call finds expired at the player's session-time limit (not revoked since). */
async function endedByLimit(db: Database, token: string, now: Date) {
  const [row] = await db
    .select({ id: accessTokens.id })
    .from(accessTokens)
    .where(
      and(
        eq(accessTokens.tokenHash, hashToken(token)),
        isNull(accessTokens.revokedAt),
        eq(accessTokens.endsByLimit, true),
        lte(accessTokens.expiresAt, now),
      ),
    )
  return row !== undefined
}

/**
 * The guard of every call: who may make it, given the resolved session. 401 'unauthorized'
 * without a valid token (also for an 'optional' call that sent a bad one, so a stale session
 * is signed out); 403 'forbidden' for an admin call made with a player's token, and
 * 'two_factor_required' for one made by an administrator without two-factor authentication
 * (ADR 0066: the password alone never opens the back office). No session
 * opens a 'provider' call: those are checked by their key (`checkProvider`).
 */
export function checkAccess(auth: Auth, session: Session | null | InvalidSession): ApiError | null {
  if (auth === 'public') return null
  if (auth === 'provider' || auth === 'game') return new ApiError(401, 'unauthorized')
  if (session === 'limit_reached') return new ApiError(401, 'session_limit_reached')
  if (session === 'invalid') return new ApiError(401, 'unauthorized')
  if (auth === 'optional') return null
  if (!session) return new ApiError(401, 'unauthorized')
  if (auth === 'admin' && session.scope !== 'admin') return new ApiError(403, 'forbidden')
  if (auth === 'admin' && !session.twoFactor) return new ApiError(403, 'two_factor_required')
  return null
}

/** What an account that must change its password may still do: see itself, leave, change it. */
export const CALLS_BEFORE_PASSWORD_CHANGE: ReadonlySet<CallName> = new Set<CallName>([
  'player',
  'logout',
  'update_player_password',
  'get_setting',
  'geolocation',
])

/**
 * 403 'password_change_required' for any other call made with the token of an account whose
 * first password (a seeded admin's, known to whoever installed the site) is still in use.
 */
export function checkPasswordChange(name: CallName, session: Session | null | InvalidSession): ApiError | null {
  if (!session || typeof session === 'string' || !session.passwordChangeRequired) return null
  return CALLS_BEFORE_PASSWORD_CHANGE.has(name) ? null : new ApiError(403, 'password_change_required')
}

/** The session of a 'player' or 'admin' call, which the router guarantees. */
export function must(session: Session | null): Session {
  if (!session) throw new ApiError(401, 'unauthorized')
  return session
}

/** The game provider of a 'provider' call, by its X-Provider-Key header; 401 without a valid one. */
export function checkProvider(ctx: Pick<Context, 'providerAuth'>, key: string | string[] | undefined) {
  const provider = typeof key === 'string' ? ctx.providerAuth(key) : null
  if (!provider) throw new ApiError(401, 'unauthorized')
  return provider
}
