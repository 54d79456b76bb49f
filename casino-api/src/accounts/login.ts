import { and, count, eq, gt, isNull, ne } from 'drizzle-orm'
import type { LoginAnswer, LoginParams } from '../../contract/index.ts'
import type { z } from 'zod'
import type { Context, Session } from '../context.ts'
import type { Queryable } from '../db/open.ts'
import { accessTokens, loginAttempts, loginLocks, players } from '../db/schema.ts'
import { ApiError } from '../http/errors.ts'
import { getSettings } from '../settings.ts'
import { findPlayerByUsername } from './players.ts'
import { hashToken, newOpaqueToken } from './tokens.ts'

export const TOKEN_TTL_MS = 12 * 60 * 60 * 1000
/** Failures counted within this window... */
export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000
/** ...lock the account (or the ip) for this long. */
export const LOCKOUT_MS = 15 * 60 * 1000
export const ACCOUNT_FAILURE_LIMIT = 5
export const IP_FAILURE_LIMIT = 20

const accountLockKey = (username: string) => `account:${username.trim().toLowerCase()}`
const ipLockKey = (ip: string) => `ip:${ip}`

export async function login(ctx: Context, params: z.output<typeof LoginParams>, client: { ip: string; userAgent: string | undefined }): Promise<LoginAnswer> {
  const now = ctx.now()
  const accountKey = params.username.trim().toLowerCase()
  const player = await findPlayerByUsername(ctx.db, params.username)

  // A switched-off site still lets administrators in: they are the ones who switch it back on.
  if (player?.scope !== 'admin' && !(await getSettings(ctx.db)).siteAccess) throw new ApiError(403, 'site_disabled')

  await refuseIfLocked(ctx.db, ipLockKey(client.ip), 'ip_locked', now)
  await refuseIfLocked(ctx.db, accountLockKey(accountKey), 'account_locked', now)

  // Unknown usernames are verified against a dummy hash: same cost, same answer.
  const ok = await ctx.passwords.verify(player?.passwordHash ?? null, params.password)
  if (!player || !ok) {
    await ctx.db.insert(loginAttempts).values({ accountKey, playerId: player?.id ?? null, ip: client.ip, success: false, createdAt: now })
    await lockIfTooMany(ctx.db, client.ip, accountKey, now)
    throw new ApiError(400, 'wrong_credentials')
  }

  // The right password clears the account's counter, whatever the account's state.
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(loginAttempts)
      .set({ cleared: true })
      .where(and(eq(loginAttempts.accountKey, accountKey), eq(loginAttempts.success, false), eq(loginAttempts.cleared, false)))
    await tx.insert(loginAttempts).values({ accountKey, playerId: player.id, ip: client.ip, success: true, cleared: true, createdAt: now })
  })

  if (player.status === 'pending') throw new ApiError(403, 'account_not_active')
  // A suspended account gets the closed answer: both mean "contact support".
  if (player.status !== 'active') throw new ApiError(403, 'account_closed')

  if (ctx.passwords.isOutdated(player.passwordHash)) {
    const passwordHash = await ctx.passwords.hash(params.password)
    await ctx.db.update(players).set({ passwordHash }).where(eq(players.id, player.id))
  }

  const token = newOpaqueToken()
  const expiresAt = new Date(now.getTime() + TOKEN_TTL_MS)
  await ctx.db.insert(accessTokens).values({
    tokenHash: hashToken(token),
    playerId: player.id,
    createdAt: now,
    expiresAt,
    createdIp: client.ip,
    userAgent: client.userAgent?.slice(0, 500) ?? null,
  })
  return { accessToken: token, tokenType: 'Bearer', expiresAt: expiresAt.toISOString() }
}

async function refuseIfLocked(db: Queryable, key: string, code: 'ip_locked' | 'account_locked', now: Date) {
  const [active] = await db
    .select({ lockedUntil: loginLocks.lockedUntil })
    .from(loginLocks)
    .where(and(eq(loginLocks.key, key), gt(loginLocks.lockedUntil, now)))
  if (active) throw lockedError(code, active.lockedUntil, now)
}

function lockedError(code: 'ip_locked' | 'account_locked', until: Date, now: Date) {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))
  return new ApiError(429, code, { args: [Math.ceil(seconds / 60)], retryAfterSeconds: seconds })
}

/** After a failure: lock the ip, or else the account, when its recent failures reach the limit. */
async function lockIfTooMany(db: Queryable, ip: string, accountKey: string, now: Date) {
  const since = new Date(now.getTime() - LOCKOUT_WINDOW_MS)
  const [ipFailures] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), eq(loginAttempts.success, false), gt(loginAttempts.createdAt, since)))
  if ((ipFailures?.n ?? 0) >= IP_FAILURE_LIMIT) throw await lock(db, ipLockKey(ip), 'ip_locked', now)
  const [accountFailures] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.accountKey, accountKey), eq(loginAttempts.success, false), eq(loginAttempts.cleared, false), gt(loginAttempts.createdAt, since)))
  if ((accountFailures?.n ?? 0) >= ACCOUNT_FAILURE_LIMIT) throw await lock(db, accountLockKey(accountKey), 'account_locked', now)
}

async function lock(db: Queryable, key: string, code: 'ip_locked' | 'account_locked', now: Date) {
  const lockedUntil = new Date(now.getTime() + LOCKOUT_MS)
  await db
    .insert(loginLocks)
    .values({ key, lockedUntil, createdAt: now })
    .onConflictDoUpdate({ target: loginLocks.key, set: { lockedUntil, createdAt: now } })
  return lockedError(code, lockedUntil, now)
}

/** Forgets an account's failures and lock (after a password reset). */
export async function clearAccountLockout(db: Queryable, username: string) {
  const accountKey = username.trim().toLowerCase()
  await db.delete(loginLocks).where(eq(loginLocks.key, accountLockKey(accountKey)))
  await db
    .update(loginAttempts)
    .set({ cleared: true })
    .where(and(eq(loginAttempts.accountKey, accountKey), eq(loginAttempts.success, false), eq(loginAttempts.cleared, false)))
}

export async function revokeToken(db: Queryable, session: Session, now: Date) {
  await db.update(accessTokens).set({ revokedAt: now }).where(and(eq(accessTokens.id, session.tokenId), isNull(accessTokens.revokedAt)))
}

/** Revokes every live token of a player, or every one but `keepTokenId`. */
export async function revokePlayerTokens(db: Queryable, playerId: string, now: Date, keepTokenId?: string) {
  const live = and(eq(accessTokens.playerId, playerId), isNull(accessTokens.revokedAt))
  await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(keepTokenId ? and(live, ne(accessTokens.id, keepTokenId)) : live)
}
