/**
 * Two-factor authentication with time-based codes (RFC 6238; issue 23, account security; ADR 0066).
 * - Set-up: the password starts it (a new secret, shown as a QR code), the app's first code turns
 *   it on; then ten recovery codes are shown once (stored hashed like passwords), the account's
 *   other sessions end, and the owner is told.
 * - Log-in: the right password answers a challenge (five minutes, five tries); `login_code` with a
 *   code of the app, or an unused recovery code, answers the token.
 * - A code counts once: the time step of the last one taken is kept and only later steps pass,
 *   under the row's lock, so the same code sent twice at once opens one session.
 * - Wrong codes count against the account: ten within 15 minutes, from any challenge or session,
 *   make it wait (the six digits cannot be guessed by trying them all).
 * - Required for administrators: their admin calls are refused until it is on (http/auth.ts),
 *   and they cannot turn it off.
 * - Lost phone and codes: support resets it (resetTwoFactor), and a fresh identity check holds
 *   the withdrawals.
 */
import { randomInt } from 'node:crypto'
import { and, count, eq, gt, isNotNull, isNull, max } from 'drizzle-orm'
import { generateSecret, generateURI, verify } from 'otplib'
import type { z } from 'zod'
import {
  RECOVERY_CODE_COUNT,
  type adminCalls,
  type LoginChallenge,
  type LoginCodeParams,
  type LoginToken,
  type SiteSettings,
  type TwoFactorAnswer,
  type TwoFactorState,
} from '../../contract/index.ts'
import { ApiError } from '../../contract/errors.ts'
import type { Context, DomainHandlers, Session } from '../context.ts'
import { must } from '../http/auth.ts'
import type { Queryable } from '../db/open.ts'
import { loginAttempts, loginChallenges, recoveryCodes, twoFactor } from '../db/schema.ts'
import { endGameSessions } from '../games/end-game-sessions.ts'
import { audit } from '../payments/audit.ts'
import { addressKey } from '../site/geo.ts'
import { getSettings } from '../site/settings.ts'
import { isUuid } from '../db/errors.ts'
import { confirmPassword, openSession, refuseClosedAccount, revokePlayerTokens } from './login.ts'
import { tellTwoFactorChanged } from './notices.ts'
import { openKycRequest } from './kyc.ts'
import { getPlayer } from './players.ts'
import { hashToken, newOpaqueToken } from './tokens.ts'

/** A log-in's code step is good this long after the password... */
export const CHALLENGE_TTL_MS = 5 * 60_000
/** ...and for this many wrong codes. */
export const CHALLENGE_TRIES = 5
/** Wrong codes of one account within CODE_FAILURE_WINDOW_MS before it must wait that long after the last. */
export const CODE_FAILURE_LIMIT = 10
export const CODE_FAILURE_WINDOW_MS = 15 * 60_000
/** The step of a code (RFC 6238's X), and how far off the phone's clock may be: one step each way. */
const STEP_SECONDS = 30
const TOLERANCE_SECONDS = 30
/** Recovery codes: ten letters and digits with nothing that reads like another (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

type Client = { ip: string; userAgent: string | undefined }

export async function twoFactorOn(db: Queryable, playerId: string) {
  const [row] = await db
    .select({ on: twoFactor.playerId })
    .from(twoFactor)
    .where(and(eq(twoFactor.playerId, playerId), isNotNull(twoFactor.enabledAt)))
  return row !== undefined
}

/** The first step's answer for an account with two-factor authentication. */
export async function issueChallenge(
  ctx: Context,
  playerId: string,
  client: Client,
  deviceId: string | null,
): Promise<LoginChallenge> {
  const now = ctx.now()
  const challenge = newOpaqueToken()
  const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS)
  await ctx.db.insert(loginChallenges).values({
    tokenHash: hashToken(challenge),
    playerId,
    deviceTokenId: deviceId,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 500) ?? null,
    createdAt: now,
    expiresAt,
  })
  return { codeRequired: true, challenge, expiresAt: expiresAt.toISOString() }
}

/**
 * The log-in's second step. The challenge is spent in the statement that finds it (a code sent
 * twice at once opens one session); a wrong code gives it back, counted, until its tries are used.
 */
export async function loginCode(
  ctx: Context,
  params: z.output<typeof LoginCodeParams>,
  client: Client,
  settings: Pick<SiteSettings, 'supportEmail'>,
): Promise<LoginToken> {
  const now = ctx.now()
  const [challenge] = await ctx.db
    .update(loginChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(loginChallenges.tokenHash, hashToken(params.challenge)),
        isNull(loginChallenges.usedAt),
        gt(loginChallenges.expiresAt, now),
      ),
    )
    .returning()
  if (!challenge) throw new ApiError(401, 'two_factor_login_expired')
  const giveBack = (failures: number) =>
    ctx.db.update(loginChallenges).set({ usedAt: null, failures }).where(eq(loginChallenges.id, challenge.id))
  const player = await getPlayer(ctx.db, challenge.playerId)
  const used = await takeCode(ctx, player.id, params.code, client.ip).catch(async (error: unknown) => {
    await giveBack(challenge.failures) // a wait (429) is no try of the challenge's
    throw error
  })
  if (!used) {
    const failures = challenge.failures + 1
    if (failures >= CHALLENGE_TRIES) throw new ApiError(401, 'two_factor_attempts')
    await giveBack(failures)
    throw codeRefusal()
  }
  // The account may have been closed or restricted in the minutes since the password.
  refuseClosedAccount(player, now)
  if (used === 'recovery') await tellTwoFactorChanged(ctx, ctx.db, player, 'recovery_used', client.ip)
  return openSession(ctx, player, client, challenge.deviceTokenId, settings)
}

export async function getTwoFactor(ctx: Context, session: Session): Promise<TwoFactorState> {
  const player = await getPlayer(ctx.db, session.playerId)
  return stateOf(ctx.db, player)
}

/** A new secret for the app, after the password; any set-up waiting is replaced. */
export async function startTwoFactor(
  ctx: Context,
  session: Session,
  password: string,
  client: { ip: string },
): Promise<z.input<typeof TwoFactorAnswer>> {
  const player = await getPlayer(ctx.db, session.playerId)
  await confirmPassword(ctx, session, player, password, { ip: client.ip, field: 'password' })
  const now = ctx.now()
  await ctx.db.transaction(async (tx) => {
    const [row] = await lockRow(tx, player.id)
    if (row?.enabledAt) throw new ApiError(409, 'two_factor_already_on')
    const secret = generateSecret()
    await tx
      .insert(twoFactor)
      .values({ playerId: player.id, secret, createdAt: now })
      .onConflictDoUpdate({ target: twoFactor.playerId, set: { secret, createdAt: now, lastStep: null } })
  })
  return { state: await stateOf(ctx.db, player), recoveryCodes: null, message: null }
}

/** The app's first code turns it on: recovery codes, the other sessions ended, the owner told. */
export async function confirmTwoFactor(
  ctx: Context,
  session: Session,
  code: string,
  client: { ip: string },
): Promise<z.input<typeof TwoFactorAnswer>> {
  const player = await getPlayer(ctx.db, session.playerId)
  await refuseWhileSlowed(ctx, player.id)
  const now = ctx.now()
  const codes = await ctx.db.transaction(async (tx) => {
    const [row] = await lockRow(tx, player.id)
    if (!row) throw new ApiError(409, 'two_factor_not_started')
    if (row.enabledAt) throw new ApiError(409, 'two_factor_already_on')
    const step = await stepOf(row, code, now)
    if (step === null) return null
    await tx.update(twoFactor).set({ enabledAt: now, lastStep: step }).where(eq(twoFactor.playerId, player.id))
    const made = await newRecoveryCodes(ctx, tx, player.id)
    await revokePlayerTokens(tx, player.id, now, session.tokenId)
    if (player.scope === 'admin')
      await audit(tx, { adminId: player.id, action: 'two_factor_on', target: player.id, details: client, at: now })
    await tellTwoFactorChanged(ctx, tx, player, 'on', client.ip)
    return made
  })
  if (!codes) throw await countedRefusal(ctx, player.id, client.ip)
  await endGameSessions(ctx, { playerId: player.id, exceptCasinoSession: session.tokenId })
  return { state: await stateOf(ctx.db, player), recoveryCodes: codes, message: 'two_factor_enabled' }
}

/** Off, with the password and a code; never for an administrator's account. */
export async function disableTwoFactor(
  ctx: Context,
  session: Session,
  params: { password: string; code: string },
  client: { ip: string },
): Promise<z.input<typeof TwoFactorAnswer>> {
  const player = await getPlayer(ctx.db, session.playerId)
  if (player.scope === 'admin') throw new ApiError(403, 'two_factor_admin_keeps')
  await confirmPassword(ctx, session, player, params.password, { ip: client.ip, field: 'password' })
  if (!(await takeCode(ctx, player.id, params.code, client.ip))) throw codeRefusal()
  await ctx.db.transaction(async (tx) => {
    await tx.delete(twoFactor).where(eq(twoFactor.playerId, player.id))
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.playerId, player.id))
    await tellTwoFactorChanged(ctx, tx, player, 'off', client.ip)
  })
  return { state: await stateOf(ctx.db, player), recoveryCodes: null, message: 'two_factor_disabled' }
}

/**
 * Support's reset for a player who lost the phone and the recovery codes (ADR 0069), with the
 * reason audited: two-factor authentication off, every session of the account ended, the owner
 * told by e-mail and mailbox, and (for a player's account) a fresh identity check asked for that
 * every withdrawal waits for, so a reset talked out of support cannot take money out. Under the
 * row's lock: two administrators at once reset once. Never one's own account.
 */
export async function resetTwoFactor(ctx: Context, adminId: string, params: { playerId: string; reason: string }) {
  if (!isUuid(params.playerId)) throw new ApiError(404, 'not_found')
  if (params.playerId === adminId) throw new ApiError(403, 'forbidden')
  const player = await getPlayer(ctx.db, params.playerId).catch(() => {
    throw new ApiError(404, 'not_found')
  })
  const now = ctx.now()
  await ctx.db.transaction(async (tx) => {
    const [row] = await lockRow(tx, player.id)
    if (!row?.enabledAt) throw new ApiError(409, 'two_factor_not_on')
    await tx.delete(twoFactor).where(eq(twoFactor.playerId, player.id))
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.playerId, player.id))
    await tx.delete(loginChallenges).where(eq(loginChallenges.playerId, player.id))
    await revokePlayerTokens(tx, player.id, now)
    await audit(tx, {
      adminId,
      action: 'reset_two_factor',
      target: player.id,
      details: { reason: params.reason },
      at: now,
    })
    await tellTwoFactorChanged(ctx, tx, player, 'reset', '')
    if (player.scope === 'player')
      await openKycRequest(
        ctx,
        tx,
        player,
        { adminId, note: params.reason, evenIfVerified: true, holdsWithdrawals: true },
        now,
      )
  })
  await endGameSessions(ctx, { playerId: player.id })
  return { message: 'two_factor_reset' as const }
}

/** New recovery codes for a code of the app: the old ones stop working. */
export async function renewRecoveryCodes(
  ctx: Context,
  session: Session,
  code: string,
  client: { ip: string },
): Promise<z.input<typeof TwoFactorAnswer>> {
  const player = await getPlayer(ctx.db, session.playerId)
  if (!(await takeCode(ctx, player.id, code, client.ip))) throw codeRefusal()
  const now = ctx.now()
  const codes = await ctx.db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.playerId, player.id))
    const made = await newRecoveryCodes(ctx, tx, player.id)
    if (player.scope === 'admin')
      await audit(tx, {
        adminId: player.id,
        action: 'recovery_codes_renewed',
        target: player.id,
        details: client,
        at: now,
      })
    await tellTwoFactorChanged(ctx, tx, player, 'codes_renewed', client.ip)
    return made
  })
  return { state: await stateOf(ctx.db, player), recoveryCodes: codes, message: 'recovery_codes_renewed' }
}

/**
 * Checks a code of an account that has two-factor authentication on, under its row's lock, and
 * spends it: 'totp' or 'recovery' when it was right, null when not (the failure counted). Refused
 * with 429 while the account waits after too many wrong codes, and 409 when it is off.
 */
async function takeCode(ctx: Context, playerId: string, code: string, ip: string): Promise<'totp' | 'recovery' | null> {
  await refuseWhileSlowed(ctx, playerId)
  const now = ctx.now()
  const taken = await ctx.db.transaction(async (tx) => {
    const [row] = await lockRow(tx, playerId)
    if (!row?.enabledAt) throw new ApiError(409, 'two_factor_not_on')
    if (/^\d{6}$/.test(code)) {
      const step = await stepOf(row, code, now)
      if (step === null) return null
      await tx.update(twoFactor).set({ lastStep: step }).where(eq(twoFactor.playerId, playerId))
      return 'totp' as const
    }
    const unused = await tx
      .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.playerId, playerId), isNull(recoveryCodes.usedAt)))
    for (const candidate of unused) {
      if (!(await ctx.passwords.verify(candidate.codeHash, code))) continue
      await tx.update(recoveryCodes).set({ usedAt: now }).where(eq(recoveryCodes.id, candidate.id))
      return 'recovery' as const
    }
    return null
  })
  if (!taken) await recordFailure(ctx, playerId, ip)
  return taken
}

/** The time step a six-digit code is right for, when it is later than the last one taken; else null. */
async function stepOf(row: { secret: string; lastStep: number | null }, code: string, now: Date) {
  if (!/^\d{6}$/.test(code)) return null
  const epoch = Math.floor(now.getTime() / 1000)
  const result = await verify({
    secret: row.secret,
    token: code,
    epoch,
    period: STEP_SECONDS,
    epochTolerance: TOLERANCE_SECONDS,
    ...(row.lastStep === null ? {} : { afterTimeStep: row.lastStep }),
  })
  return result.valid ? Math.floor(epoch / STEP_SECONDS) + result.delta : null
}

const lockRow = (tx: Queryable, playerId: string) =>
  tx.select().from(twoFactor).where(eq(twoFactor.playerId, playerId)).for('update')

const failureKey = (playerId: string) => `code:${playerId}`

async function recordFailure(ctx: Context, playerId: string, ip: string) {
  await ctx.db
    .insert(loginAttempts)
    .values({ accountKey: failureKey(playerId), playerId, ip: addressKey(ip), success: false, createdAt: ctx.now() })
}

/** 429 while the account has had CODE_FAILURE_LIMIT wrong codes in the window, until the window after the last passes. */
async function refuseWhileSlowed(ctx: Context, playerId: string) {
  const now = ctx.now()
  const [row] = await ctx.db
    .select({ n: count(), last: max(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.accountKey, failureKey(playerId)),
        eq(loginAttempts.success, false),
        gt(loginAttempts.createdAt, new Date(now.getTime() - CODE_FAILURE_WINDOW_MS)),
      ),
    )
  if (!row || row.n < CODE_FAILURE_LIMIT || !row.last) return
  const seconds = Math.max(1, Math.ceil((new Date(row.last).getTime() + CODE_FAILURE_WINDOW_MS - now.getTime()) / 1000))
  throw new ApiError(429, 'two_factor_slowed', { args: [Math.ceil(seconds / 60)], retryAfterSeconds: seconds })
}

/** A wrong code after it was counted: the refusal, or the wait when it was the one too many. */
async function countedRefusal(ctx: Context, playerId: string, ip: string) {
  await recordFailure(ctx, playerId, ip)
  await refuseWhileSlowed(ctx, playerId)
  return codeRefusal()
}

const codeRefusal = () =>
  new ApiError(400, 'two_factor_code_invalid', { fields: { code: ['two_factor_code_invalid'] } })

async function newRecoveryCodes(ctx: Context, tx: Queryable, playerId: string) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(''),
  )
  const hashes = await Promise.all(codes.map((code) => ctx.passwords.hash(code)))
  await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ playerId, codeHash })))
  // Shown as two groups of five: easier to copy by hand; the dash is left out when read.
  return codes.map((code) => `${code.slice(0, 5)}-${code.slice(5)}`)
}

async function stateOf(
  db: Queryable,
  player: { id: string; scope: string; username: string },
): Promise<TwoFactorState> {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.playerId, player.id))
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.playerId, player.id), isNull(recoveryCodes.usedAt)))
  // The site's name labels the key in the app: read only while a set-up waits for its first code.
  const pending =
    row && !row.enabledAt
      ? {
          secret: row.secret,
          uri: generateURI({ issuer: (await getSettings(db)).siteName, label: player.username, secret: row.secret }),
        }
      : null
  return {
    enabled: Boolean(row?.enabledAt),
    enabledAt: row?.enabledAt?.toISOString() ?? null,
    required: player.scope === 'admin',
    recoveryCodesLeft: row?.enabledAt ? (left?.n ?? 0) : 0,
    pending,
  }
}

/** The administrator's call; the router has checked the admin scope (and two-factor authentication). */
export const twoFactorAdminHandlers: DomainHandlers<Pick<typeof adminCalls, 'reset_two_factor'>> = {
  reset_two_factor: (ctx, { params, session }) => resetTwoFactor(ctx, must(session).playerId, params),
}
