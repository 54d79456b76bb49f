import { and, count, desc, eq, gt, isNull, lt, max, ne } from 'drizzle-orm'
import type { LoginAnswer, LoginParams, LoginToken, SiteSettings } from '../../contract/index.ts'
import type { z } from 'zod'
import type { Context, Session } from '../context.ts'
import type { Queryable } from '../db/open.ts'
import { accessTokens, deviceTokens, loginAttempts, loginLocks, playerLogins, players } from '../db/schema.ts'
import { endGameSessions } from '../games/end-game-sessions.ts'
import { ApiError } from '../../contract/errors.ts'
import { addressKey, countryOf } from '../site/geo.ts'
import { findPlayerByUsername, type PlayerRow } from './players.ts'
import { inForce, restrictionRefusal } from './restricted.ts'
import { tellNewDevice } from './notices.ts'
import { hashToken, newOpaqueToken, OPAQUE_TOKEN } from './tokens.ts'
import { loginExpiry } from './session-limit.ts'
import { startRealityCheck } from './reality-check.ts'
import { lockPlayer } from '../bonuses/service.ts'
import { issueChallenge, twoFactorOn } from './two-factor.ts'

export const TOKEN_TTL_MS = 12 * 60 * 60 * 1000
/** A device token is good for this long after the device's last log-in. */
export const DEVICE_TOKEN_TTL_MS = 90 * 24 * 60 * 60 * 1000
/** Failures from one ip counted within this window... */
export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000
/** ...lock the ip for this long. */
export const LOCKOUT_MS = 15 * 60 * 1000
export const IP_FAILURE_LIMIT = 20
/** Wrong passwords of an account (or a device) count for this long, until the right one is given. */
export const FAILURE_MEMORY_MS = 24 * 60 * 60 * 1000
/** Wrong passwords from untrusted clients an account takes before each further try must wait... */
export const ACCOUNT_FAILURE_LIMIT = 5
/** ...1 s after the fifth, then twice as long after each further one, up to 15 minutes. */
export const FIRST_DELAY_MS = 1000
export const MAX_DELAY_MS = 15 * 60 * 1000
/** Wrong passwords that make a device token untrusted (its log-ins then count like anyone's). */
export const DEVICE_FAILURE_LIMIT = 5

/** Wrong current passwords one session may give (change-password, e-mail change) before it is signed out. */
export const SESSION_FAILURE_LIMIT = 5

const ipLockKey = (ip: string) => `ip:${addressKey(ip)}`
export const accountKeyOf = (username: string) => username.trim().toLowerCase()

/** How long an account waits after its n-th failure from untrusted clients. */
export function accountDelayMs(failures: number) {
  if (failures < ACCOUNT_FAILURE_LIMIT) return 0
  return Math.min(FIRST_DELAY_MS * 2 ** Math.min(failures - ACCOUNT_FAILURE_LIMIT, 30), MAX_DELAY_MS)
}

/**
 * Log-in, with OWASP's device cookies: a valid device token of this account (from an earlier
 * log-in on the same device) makes the client trusted. Trusted clients are never slowed down by
 * other people's failures, and their own failures count against their device token only.
 * Everyone else (untrusted) shares the account's slowdown and the per-ip lock.
 */
export async function login(
  ctx: Context,
  params: z.output<typeof LoginParams>,
  client: { ip: string; userAgent: string | undefined },
  settings: SiteSettings,
): Promise<LoginAnswer> {
  const now = ctx.now()
  const accountKey = accountKeyOf(params.username)
  const player = await findPlayerByUsername(ctx.db, params.username)

  // A switched-off site still lets administrators in: they are the ones who switch it back on.
  if (player?.scope !== 'admin' && !settings.siteAccess) throw new ApiError(403, 'site_disabled')

  const device = player && params.deviceToken ? await validDevice(ctx.db, params.deviceToken, player.id, now) : null
  if (player && device) {
    const outcome = await devicePasswordCheck(
      ctx,
      { accountKey, playerId: player.id, ip: client.ip, deviceId: device.id },
      () => ctx.passwords.verify(player.passwordHash, params.password),
    )
    if (outcome === 'ok') return finishLogin(ctx, player, params.password, client, device.id, settings)
    if (outcome === 'wrong') throw new ApiError(400, 'wrong_credentials')
    // 'untrusted': the device token used up its tries, the attempt goes on like anyone's.
  }

  await refuseIfLocked(ctx.db, ipLockKey(client.ip), now)
  // Unknown usernames are verified against a dummy hash: same cost, same answer, same slowdown.
  const { ok, waitMs } = await slowedPasswordCheck(
    ctx,
    { accountKey, playerId: player?.id ?? null, ip: client.ip },
    () => ctx.passwords.verify(player?.passwordHash ?? null, params.password),
  )
  if (!player || !ok) {
    await lockIpIfTooMany(ctx.db, client.ip, now)
    if (waitMs > 0) throw slowedError(waitMs)
    throw new ApiError(400, 'wrong_credentials')
  }
  return finishLogin(ctx, player, params.password, client, null, settings)
}

/** After the right password: the account's state, then an access token and a device token. */
async function finishLogin(
  ctx: Context,
  player: PlayerRow,
  password: string,
  client: { ip: string; userAgent: string | undefined },
  deviceId: string | null,
  settings: Pick<SiteSettings, 'supportEmail'>,
): Promise<LoginAnswer> {
  refuseClosedAccount(player, ctx.now())
  if (ctx.passwords.isOutdated(player.passwordHash)) {
    const passwordHash = await ctx.passwords.hash(password)
    await ctx.db.update(players).set({ passwordHash }).where(eq(players.id, player.id))
  }
  // With two-factor authentication on, the password alone opens nothing: a challenge for the code.
  if (await twoFactorOn(ctx.db, player.id)) return issueChallenge(ctx, player.id, client, deviceId)
  return openSession(ctx, player, client, deviceId, settings)
}

/** An account that cannot log in, told only after the right password (and again after the code). */
export function refuseClosedAccount(player: PlayerRow, now: Date) {
  if (player.status === 'pending') throw new ApiError(403, 'account_not_active')
  // A suspended account gets the closed answer: both mean "contact support".
  if (player.status !== 'active')
    throw new ApiError(403, player.dormantClosedAt ? 'account_closed_dormant' : 'account_closed')
  // The refusal of a restriction says until when.
  if (inForce(player, now)) throw restrictionRefusal(player)
}

/** The log-in's end: an access token, the log-in recorded, the owner told of a new device, a device token. */
export async function openSession(
  ctx: Context,
  player: PlayerRow,
  client: { ip: string; userAgent: string | undefined },
  deviceId: string | null,
  settings: Pick<SiteSettings, 'supportEmail'>,
): Promise<LoginToken> {
  const now = ctx.now()
  const token = newOpaqueToken()
  const userAgent = client.userAgent?.slice(0, 500) ?? null
  const previousLogin = await lastLogin(ctx.db, player.id, null)
  // Under the player's row lock, as a change of the session-time limit is made: a lower limit set
  // at the same moment either is read here or cuts this token.
  const { made, expiresAt } = await ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, player.id)
    const expiry = await loginExpiry(tx, player.id, now, TOKEN_TTL_MS)
    // A new log-in counts its play from now (ADR 0065).
    await startRealityCheck(tx, player.id, now)
    const [row] = await tx
      .insert(accessTokens)
      .values({
        tokenHash: hashToken(token),
        playerId: player.id,
        createdAt: now,
        ...expiry,
        createdIp: client.ip,
        userAgent,
        lastSeenAt: now,
      })
      .returning({ id: accessTokens.id })
    return { made: row, expiresAt: expiry.expiresAt }
  })
  const countryCode = countryOf(client.ip, ctx.geoLocalCountry)
  await ctx.db.insert(playerLogins).values({
    playerId: player.id,
    accessTokenId: made!.id,
    at: now,
    ip: client.ip,
    countryCode,
    userAgent,
  })
  // The account's last log-in, kept after the log-ins' records are pruned: dormancy counts from it.
  await ctx.db.update(players).set({ lastLoginAt: now }).where(eq(players.id, player.id))
  // A browser without the account's device token, on an account that logged in before: the
  // owner is told (the first log-in after registering is no news).
  if (!deviceId && previousLogin)
    await tellNewDevice(ctx, ctx.db, player, {
      at: now,
      ip: client.ip,
      country: countryCode,
      supportEmail: settings.supportEmail,
    })

  // Every successful log-in hands out a fresh device token; a trusted device's old one is
  // replaced in place (its row, and so its history of attempts, stays).
  const deviceToken = newOpaqueToken()
  const deviceExpiresAt = new Date(now.getTime() + DEVICE_TOKEN_TTL_MS)
  if (deviceId) {
    await ctx.db
      .update(deviceTokens)
      .set({ tokenHash: hashToken(deviceToken), expiresAt: deviceExpiresAt })
      .where(eq(deviceTokens.id, deviceId))
  } else {
    await ctx.db
      .insert(deviceTokens)
      .values({ tokenHash: hashToken(deviceToken), playerId: player.id, createdAt: now, expiresAt: deviceExpiresAt })
  }
  return { accessToken: token, tokenType: 'Bearer', expiresAt: expiresAt.toISOString(), deviceToken, previousLogin }
}

/**
 * The account's latest log-in, leaving out the one that made `exceptToken` (the session asking):
 * what the player is shown to recognise, or not, as theirs.
 */
export async function lastLogin(db: Queryable, playerId: string, exceptToken: string | null) {
  const [row] = await db
    .select({ at: playerLogins.at, ip: playerLogins.ip, countryCode: playerLogins.countryCode })
    .from(playerLogins)
    .where(
      and(
        eq(playerLogins.playerId, playerId),
        exceptToken === null ? undefined : ne(playerLogins.accessTokenId, exceptToken),
      ),
    )
    .orderBy(desc(playerLogins.at))
    .limit(1)
  return row ? { at: row.at.toISOString(), ip: row.ip, countryCode: row.countryCode } : null
}

/** The device token's row when it is one of this player's and has not expired. */
async function validDevice(db: Queryable, token: string, playerId: string, now: Date) {
  if (!OPAQUE_TOKEN.test(token)) return null
  const [row] = await db
    .select({ id: deviceTokens.id })
    .from(deviceTokens)
    .where(
      and(
        eq(deviceTokens.tokenHash, hashToken(token)),
        eq(deviceTokens.playerId, playerId),
        gt(deviceTokens.expiresAt, now),
      ),
    )
  return row ?? null
}

type Attempt = { accountKey: string; playerId: string | null; ip: string }

/**
 * The attempt is recorded as a failure before the password is verified, and the failures
 * counted are those recorded before it: concurrent guesses see each other, so a burst of them
 * cannot slip in before the first failure is written.
 */
async function recordAttempt(db: Queryable, attempt: Attempt & { deviceId?: string }, now: Date) {
  const [row] = await db
    .insert(loginAttempts)
    .values({
      accountKey: attempt.accountKey,
      playerId: attempt.playerId,
      ip: addressKey(attempt.ip),
      success: false,
      createdAt: now,
      deviceTokenId: attempt.deviceId ?? null,
    })
    .returning({ id: loginAttempts.id })
  if (!row) throw new Error('log-in attempt not recorded')
  return row.id
}

/** Failures recorded before attempt `beforeId` that still count: of the device, or of the account's untrusted clients. */
async function earlierFailures(
  db: Queryable,
  scope: { accountKey: string } | { deviceId: string },
  beforeId: number,
  now: Date,
) {
  const since = new Date(now.getTime() - FAILURE_MEMORY_MS)
  const [row] = await db
    .select({ n: count(), last: max(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(
      and(
        'deviceId' in scope
          ? eq(loginAttempts.deviceTokenId, scope.deviceId)
          : and(eq(loginAttempts.accountKey, scope.accountKey), isNull(loginAttempts.deviceTokenId)),
        eq(loginAttempts.success, false),
        eq(loginAttempts.cleared, false),
        gt(loginAttempts.createdAt, since),
        lt(loginAttempts.id, beforeId),
      ),
    )
  return { n: row?.n ?? 0, last: row?.last ? new Date(row.last) : null }
}

/**
 * A right password: the attempt succeeded, in the transaction that then clears earlier failures.
 * Under the player's row lock: two log-ins of one account at once (two tabs) would otherwise each
 * hold their own row and wait for the other's, a deadlock on PostgreSQL.
 */
async function markSucceeded(tx: Queryable, id: number, playerId: string | null) {
  if (playerId) await lockPlayer(tx, playerId)
  await tx.update(loginAttempts).set({ success: true, cleared: true }).where(eq(loginAttempts.id, id))
}

/**
 * A password check from a trusted device: 'ok', 'wrong' (counted against the device only), or
 * 'untrusted' when the device token has used up its tries (nothing verified, nothing counted).
 */
async function devicePasswordCheck(
  ctx: Context,
  attempt: Attempt & { deviceId: string },
  verify: () => Promise<boolean>,
): Promise<'ok' | 'wrong' | 'untrusted'> {
  const now = ctx.now()
  const id = await recordAttempt(ctx.db, attempt, now)
  const { n } = await earlierFailures(ctx.db, { deviceId: attempt.deviceId }, id, now)
  if (n >= DEVICE_FAILURE_LIMIT) {
    await ctx.db.delete(loginAttempts).where(eq(loginAttempts.id, id))
    return 'untrusted'
  }
  if (!(await verify())) return 'wrong'
  await ctx.db.transaction(async (tx) => {
    await markSucceeded(tx, id, attempt.playerId)
    await tx
      .update(loginAttempts)
      .set({ cleared: true })
      .where(
        and(
          eq(loginAttempts.deviceTokenId, attempt.deviceId),
          eq(loginAttempts.success, false),
          eq(loginAttempts.cleared, false),
        ),
      )
  })
  return 'ok'
}

/**
 * A password check of an account from an untrusted client (a log-in without a device token).
 * While the account must wait after its earlier
 * failures, it refuses with 429 without looking at the password. After a failure, `waitMs` is
 * the wait it has caused (0 while the account is under its free tries). The right password
 * clears the account's untrusted failures.
 */
async function slowedPasswordCheck(
  ctx: Context,
  attempt: Attempt,
  verify: () => Promise<boolean>,
): Promise<{ ok: boolean; waitMs: number }> {
  const now = ctx.now()
  const id = await recordAttempt(ctx.db, attempt, now)
  const earlier = await earlierFailures(ctx.db, { accountKey: attempt.accountKey }, id, now)
  const waitUntil = earlier.last ? earlier.last.getTime() + accountDelayMs(earlier.n) : 0
  if (waitUntil > now.getTime()) {
    // A refused try is not a failure: the wait does not grow while the player waits.
    await ctx.db.delete(loginAttempts).where(eq(loginAttempts.id, id))
    throw slowedError(waitUntil - now.getTime())
  }
  if (await verify()) {
    await ctx.db.transaction(async (tx) => {
      await markSucceeded(tx, id, attempt.playerId)
      await clearUntrustedFailures(tx, attempt.accountKey)
    })
    return { ok: true, waitMs: 0 }
  }
  return { ok: false, waitMs: accountDelayMs(earlier.n + 1) }
}

async function clearUntrustedFailures(db: Queryable, accountKey: string) {
  await db
    .update(loginAttempts)
    .set({ cleared: true })
    .where(
      and(
        eq(loginAttempts.accountKey, accountKey),
        isNull(loginAttempts.deviceTokenId),
        eq(loginAttempts.success, false),
        eq(loginAttempts.cleared, false),
      ),
    )
}

/**
 * The account's password typed again to confirm a change made from a session (a new password, a
 * new e-mail address, a restriction): refused as 'old_password_wrong' under `field`, counted
 * against the session as sessionPasswordCheck says.
 */
export async function confirmPassword(
  ctx: Context,
  session: Session,
  player: { passwordHash: string },
  password: string,
  client: { ip: string; field: string },
) {
  if (await sessionPasswordCheck(ctx, session, client.ip, () => ctx.passwords.verify(player.passwordHash, password)))
    return
  throw new ApiError(400, 'old_password_wrong', { fields: { [client.field]: ['old_password_wrong'] } })
}

/**
 * The current password asked for by a call made with a session (change-password, e-mail
 * change). Its failures count against that session, not against the account: anonymous failed
 * log-ins cannot slow down the player's own checks, and a borrowed session cannot guess without
 * end either: its SESSION_FAILURE_LIMIT-th wrong password signs it out (401).
 */
async function sessionPasswordCheck(
  ctx: Context,
  session: Session,
  ip: string,
  verify: () => Promise<boolean>,
): Promise<boolean> {
  const now = ctx.now()
  const accountKey = `session:${session.tokenId}`
  const id = await recordAttempt(ctx.db, { accountKey, playerId: session.playerId, ip }, now)
  if (await verify()) {
    await markSucceeded(ctx.db, id, null) // one row of its own, nothing else cleared: no lock needed
    return true
  }
  const { n } = await earlierFailures(ctx.db, { accountKey }, id, now)
  if (n + 1 >= SESSION_FAILURE_LIMIT) {
    await revokeToken(ctx.db, session, now)
    await endGameSessions(ctx, { playerId: session.playerId, casinoSession: session.tokenId })
    // A 401 like any revoked token, with the reason, so the player is told why they were signed out.
    throw new ApiError(401, 'signed_out_password_attempts')
  }
  return false
}

/** 429 with the wait: in seconds under two minutes, in minutes beyond. */
export function slowedError(waitMs: number) {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000))
  if (seconds < 120) return new ApiError(429, 'account_slowed', { args: [seconds], retryAfterSeconds: seconds })
  return new ApiError(429, 'account_locked', { args: [Math.ceil(seconds / 60)], retryAfterSeconds: seconds })
}

async function refuseIfLocked(db: Queryable, key: string, now: Date) {
  const [active] = await db
    .select({ lockedUntil: loginLocks.lockedUntil })
    .from(loginLocks)
    .where(and(eq(loginLocks.key, key), gt(loginLocks.lockedUntil, now)))
  if (active) throw ipLockedError(active.lockedUntil, now)
}

function ipLockedError(until: Date, now: Date) {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))
  return new ApiError(429, 'ip_locked', { args: [Math.ceil(seconds / 60)], retryAfterSeconds: seconds })
}

/** After an untrusted failure: lock the ip when its recent failures reach the limit. */
async function lockIpIfTooMany(db: Queryable, ip: string, now: Date) {
  const since = new Date(now.getTime() - LOCKOUT_WINDOW_MS)
  const [ipFailures] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.ip, addressKey(ip)),
        isNull(loginAttempts.deviceTokenId),
        eq(loginAttempts.success, false),
        gt(loginAttempts.createdAt, since),
      ),
    )
  if ((ipFailures?.n ?? 0) < IP_FAILURE_LIMIT) return
  const lockedUntil = new Date(now.getTime() + LOCKOUT_MS)
  await db
    .insert(loginLocks)
    .values({ key: ipLockKey(ip), lockedUntil, createdAt: now })
    .onConflictDoUpdate({ target: loginLocks.key, set: { lockedUntil, createdAt: now } })
  throw ipLockedError(lockedUntil, now)
}

/** Forgets an account's failures (after a password reset). */
export async function clearAccountLockout(db: Queryable, username: string) {
  const accountKey = accountKeyOf(username)
  await db
    .update(loginAttempts)
    .set({ cleared: true })
    .where(
      and(eq(loginAttempts.accountKey, accountKey), eq(loginAttempts.success, false), eq(loginAttempts.cleared, false)),
    )
}

export async function revokeToken(db: Queryable, session: Session, now: Date) {
  await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(eq(accessTokens.id, session.tokenId), isNull(accessTokens.revokedAt)))
}

/** Revokes every live token of a player, or every one but `keepTokenId`. */
export async function revokePlayerTokens(db: Queryable, playerId: string, now: Date, keepTokenId?: string) {
  const live = and(eq(accessTokens.playerId, playerId), isNull(accessTokens.revokedAt))
  await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(keepTokenId ? and(live, ne(accessTokens.id, keepTokenId)) : live)
}
