import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  ConfirmEmailChangeAnswer,
  ConfirmEmailChangeParams,
  UpdateProfileAnswer,
  UpdateProfileParams,
} from '../../contract/index.ts'
import type { Context, Session } from '../context.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { players } from '../db/schema.ts'
import { ApiError } from '../../contract/errors.ts'
import { emailChangeMail, emailChangeNoticeMail } from '../mail/texts.ts'
import { queueMail } from '../mail/mailer.ts'
import { getSettings } from '../site/settings.ts'
import { confirmPassword } from './login.ts'
import {
  duplicateError,
  findClashes,
  getPlayer,
  loyaltyPointsOf,
  raceDuplicateError,
  toProfile,
  type PlayerRow,
} from './players.ts'
import { webLink } from './register.ts'
import { issueOneTimeToken, spendOneTimeToken, voidPendingTokens } from './tokens.ts'

export const EMAIL_CHANGE_TTL_HOURS = 24

/**
 * Contact details only: username, names and birthday change through support (the terms).
 *
 * A new e-mail address is the key to the account (password resets go there), so a borrowed
 * session must not be able to set one: it needs the current password, is only saved when the
 * link sent to the new address is opened (confirmEmailChange), and the old address is told.
 * The other fields are saved at once.
 */
export async function updateProfile(
  ctx: Context,
  session: Session,
  params: z.output<typeof UpdateProfileParams>,
  client: { ip: string },
): Promise<z.input<typeof UpdateProfileAnswer>> {
  const player = await getPlayer(ctx.db, session.playerId)
  const newEmail = params.email !== player.email ? params.email : null
  if (newEmail) await checkCurrentPassword(ctx, session, player, params.currentPassword, client.ip)

  const clashes = await findClashes(
    ctx.db,
    { ...(newEmail ? { email: newEmail } : {}), phone: params.phone },
    session.playerId,
  )
  // update_profile has no 'duplicate_player': both clashes come as email_taken, each under its field.
  if (clashes.length) throw duplicateError(clashes, 'email_taken')
  const now = ctx.now()
  try {
    await ctx.db.transaction(async (tx) => {
      // The player's row is locked first: concurrent changes run one after the other, so the
      // second one sees (and uses up) the first one's link and only one link stays live. (The
      // update below takes the same lock; taking it here keeps that true whatever comes first.)
      await tx.select({ id: players.id }).from(players).where(eq(players.id, session.playerId)).for('update')
      await tx
        .update(players)
        .set({
          phone: params.phone,
          address: params.address,
          postalCode: params.postalCode,
          city: params.city,
          country: params.country,
          language: params.language,
          newsletter: params.newsletter,
          updatedAt: now,
        })
        .where(eq(players.id, session.playerId))
      if (!newEmail) return
      // Only the newest link works: an earlier request (a typo, another address) is dropped.
      await voidPendingTokens(tx, 'email_change', player.id, now)
      const token = await issueOneTimeToken(
        tx,
        'email_change',
        player.id,
        EMAIL_CHANGE_TTL_HOURS * 3600_000,
        client.ip,
        now,
        {
          newEmail,
        },
      )
      const names = { firstName: player.firstName, username: player.username }
      const confirm = emailChangeMail(params.language, {
        ...names,
        newEmail,
        link: webLink(ctx, params.language, `/confirm-email/${token}`),
        validHours: EMAIL_CHANGE_TTL_HOURS,
      })
      await queueMail(ctx, tx, { to: newEmail, ...confirm }, 'email_change')
      const { supportEmail } = await getSettings(tx)
      const notice = emailChangeNoticeMail(params.language, { ...names, newEmail, supportEmail })
      await queueMail(ctx, tx, { to: player.email, ...notice }, 'email_change_notice')
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw raceDuplicateError(error, 'profile')
    throw error
  }
  const updated = await getPlayer(ctx.db, session.playerId)
  const profile = toProfile(updated, await loyaltyPointsOf(ctx.db, updated))
  if (!newEmail) return { ok: true, message: 'profile_updated', profile }
  return { ok: true, message: 'email_change_sent', profile, pendingEmail: newEmail }
}

/**
 * The current password, for a change of e-mail. Wrong ones count against the session, like on
 * change-password (sessionPasswordCheck): a borrowed session cannot guess it here without end.
 */
async function checkCurrentPassword(
  ctx: Context,
  session: Session,
  player: PlayerRow,
  password: string | undefined,
  ip: string,
) {
  if (!password) throw new ApiError(400, 'validation_failed', { fields: { currentPassword: ['field_required'] } })
  await confirmPassword(ctx, session, player, password, { ip, field: 'currentPassword' })
}

/** Opens an e-mail change link: the address it was sent to becomes the account's. */
export async function confirmEmailChange(
  ctx: Context,
  params: z.output<typeof ConfirmEmailChangeParams>,
): Promise<z.input<typeof ConfirmEmailChangeAnswer>> {
  const now = ctx.now()
  let email: string | null
  try {
    email = await ctx.db.transaction(async (tx) => {
      const used = await spendOneTimeToken(tx, 'email_change', params.token, now)
      if (!used?.newEmail) return null
      const [player] = await tx.select().from(players).where(eq(players.id, used.playerId))
      if (!player || player.status === 'closed' || player.status === 'suspended') return null
      // Someone may have taken the address since the link was sent.
      const clashes = await findClashes(tx, { email: used.newEmail }, player.id)
      if (clashes.length) throw new ApiError(409, 'email_taken')
      await tx.update(players).set({ email: used.newEmail, updatedAt: now }).where(eq(players.id, player.id))
      return used.newEmail
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, 'email_taken')
    throw error
  }
  if (email === null) throw new ApiError(400, 'email_change_invalid')
  return { ok: true, message: 'email_changed', email }
}
