import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  ConfirmPasswordResetParams,
  Done,
  ResetPlayerPasswordParams,
  UpdatePlayerPasswordParams,
} from '../../contract/index.ts'
import type { Context, Session } from '../context.ts'
import type { Queryable } from '../db/open.ts'
import { deviceTokens, players } from '../db/schema.ts'
import { ApiError } from '../../contract/errors.ts'
import { passwordResetMail } from '../mail/texts.ts'
import { queueMail } from '../mail/mailer.ts'
import { audit } from '../payments/audit.ts'
import { ADMIN_PASSWORD_FILE } from '../seed.ts'
import { endGameSessions } from '../games/end-game-sessions.ts'
import { clearAccountLockout, confirmPassword, revokePlayerTokens } from './login.ts'
import { getPlayer, usernameIs } from './players.ts'
import { webLink } from './register.ts'
import { issueOneTimeToken, spendOneTimeToken, voidPendingTokens } from './tokens.ts'
import { tellPasswordChanged } from './notices.ts'

export const RESET_TTL_MS = 60 * 60 * 1000

export async function requestPasswordReset(
  ctx: Context,
  params: z.output<typeof ResetPlayerPasswordParams>,
  client: { ip: string },
): Promise<Done> {
  const now = ctx.now()
  const [player] = await ctx.db
    .select()
    .from(players)
    .where(and(usernameIs(params.username), eq(players.email, params.email)))
    .limit(1)
  if (!player || player.status === 'closed') throw new ApiError(400, 'wrong_username_or_email')

  // Keyed on the matched account: a stranger who knows only the username cannot use up its mails.
  await ctx.limits.check('passwordReset', { accounts: [`player:${player.id}`] })
  await ctx.db.transaction(async (tx) => {
    const token = await issueOneTimeToken(tx, 'password_reset', player.id, RESET_TTL_MS, client.ip, now)
    const mail = passwordResetMail(params.language, {
      firstName: player.firstName,
      username: player.username,
      link: webLink(ctx, params.language, `/reset-password/${token}`),
      validMinutes: RESET_TTL_MS / 60_000,
    })
    await queueMail(ctx, tx, { to: player.email, ...mail }, 'password_reset')
  })
  return { ok: true, message: 'reset_email_sent' }
}

/**
 * Sets the new password, uses up every reset link of the player, signs out every session and
 * clears the log-in lockout. The link proves the player reads the account's mailbox, so a
 * pending account becomes active too.
 */
export async function confirmPasswordReset(
  ctx: Context,
  params: z.output<typeof ConfirmPasswordResetParams>,
  client: { ip: string },
): Promise<Done> {
  const passwordHash = await ctx.passwords.hash(params.password)
  const now = ctx.now()
  const changed = await ctx.db.transaction(async (tx) => {
    const used = await spendOneTimeToken(tx, 'password_reset', params.token, now)
    if (!used) return null
    const [player] = await tx.select().from(players).where(eq(players.id, used.playerId))
    if (!player || player.status === 'closed') return null
    // Throwing rolls the transaction back: the link stays good for a different password.
    if (await ctx.passwords.verify(player.passwordHash, params.password)) throw unchangedError('password')
    await tx
      .update(players)
      .set({
        passwordHash,
        passwordChangeRequired: false,
        updatedAt: now,
        ...(player.status === 'pending' ? { status: 'active' as const, activatedAt: now } : {}),
      })
      .where(eq(players.id, player.id))
    await voidPendingTokens(tx, 'password_reset', player.id, now)
    await revokePlayerTokens(tx, player.id, now)
    await forgetOldSecrets(tx, player.id, now)
    await clearAccountLockout(tx, player.username)
    await auditAdminPassword(tx, player, 'reset_own_password', client.ip, now)
    await tellPasswordChanged(ctx, tx, player, { at: now, ip: client.ip, reset: true })
    return player
  })
  if (!changed) throw new ApiError(400, 'reset_token_invalid')
  await endGameSessions(ctx, { playerId: changed.id })
  if (changed.passwordChangeRequired) await removeAdminPasswordFile(ctx)
  return { ok: true, message: 'password_reset_done' }
}

/**
 * Changes the password of the logged-in player and signs out their other sessions. A wrong
 * current password counts against this session (sessionPasswordCheck): a borrowed session must
 * not become a way to guess the password without limits.
 */
export async function updatePassword(
  ctx: Context,
  session: Session,
  params: z.output<typeof UpdatePlayerPasswordParams>,
  client: { ip: string },
): Promise<Done> {
  const player = await getPlayer(ctx.db, session.playerId)
  await confirmPassword(ctx, session, player, params.oldPassword, { ip: client.ip, field: 'oldPassword' })
  // The current password was just verified: the same text again is no change.
  if (params.newPassword === params.oldPassword) throw unchangedError('newPassword')
  const passwordHash = await ctx.passwords.hash(params.newPassword)
  const now = ctx.now()
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(players)
      .set({ passwordHash, passwordChangeRequired: false, updatedAt: now })
      .where(eq(players.id, player.id))
    await revokePlayerTokens(tx, player.id, now, session.tokenId)
    await forgetOldSecrets(tx, player.id, now)
    await auditAdminPassword(tx, player, 'change_own_password', client.ip, now)
    await tellPasswordChanged(ctx, tx, player, { at: now, ip: client.ip, reset: false })
  })
  await endGameSessions(ctx, { playerId: player.id, exceptCasinoSession: session.tokenId })
  if (player.passwordChangeRequired) await removeAdminPasswordFile(ctx)
  return { ok: true, message: 'password_changed' }
}

/**
 * An administrator's password guards every admin call: its change (on the account page, the
 * seeded first-login change, or through a reset link) is an audit row like the admin calls',
 * with the address it came from. Never the password, nor its hash.
 */
async function auditAdminPassword(
  tx: Queryable,
  player: { id: string; scope: string },
  action: 'change_own_password' | 'reset_own_password',
  ip: string,
  at: Date,
) {
  if (player.scope !== 'admin') return
  await audit(tx, { adminId: player.id, action, target: player.id, details: { ip }, at })
}

/**
 * A new password must differ from the current one: otherwise a required change (the seeded
 * admin's first password) could be "made" by typing the same password again.
 */
function unchangedError(field: string) {
  return new ApiError(400, 'password_unchanged', { fields: { [field]: ['password_unchanged'] } })
}

/**
 * What the old password may have let someone set up goes with it: a pending e-mail change (the
 * notice to the old address tells the player to change the password) and every device token
 * (a device that logged in before no longer skips the slowdown; each gets a new one at its next
 * log-in).
 */
async function forgetOldSecrets(tx: Queryable, playerId: string, now: Date) {
  await voidPendingTokens(tx, 'email_change', playerId, now)
  await tx.delete(deviceTokens).where(eq(deviceTokens.playerId, playerId))
}

/**
 * The generated first admin password is a live credential until it is changed: then it goes.
 * The password is changed by now, so a file that cannot be removed is logged, not an error.
 */
async function removeAdminPasswordFile(ctx: Context) {
  const file = join(ctx.dataDir, ADMIN_PASSWORD_FILE)
  await rm(file, { force: true }).catch((error: unknown) =>
    ctx.log.error(
      { file, err: error instanceof Error ? error.message : String(error) },
      'could not remove the first admin password file',
    ),
  )
}
