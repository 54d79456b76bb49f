import { eq } from 'drizzle-orm'
import { localePrefix } from '../../contract/index.ts'
import type { z } from 'zod'
import type {
  ActivatePlayerAnswer,
  ActivatePlayerParams,
  Locale,
  RegisterPlayerAnswer,
  RegisterPlayerParams,
} from '../../contract/index.ts'
import type { Context } from '../context.ts'
import type { Database, Queryable } from '../db/open.ts'
import {
  countingWrongCodes,
  grantAtActivation,
  reserveAtRegistration,
  validatePromoCode,
} from '../bonuses/promo-codes.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { players } from '../db/schema.ts'
import { isBlocked } from '../site/geo.ts'
import { ApiError } from '../../contract/errors.ts'
import { queueMail } from '../mail/mailer.ts'
import { activationMail } from '../mail/texts.ts'
import { getSettings } from '../site/settings.ts'
import { newReferralCode, referrerOf } from '../bonuses/referrals.ts'
import { duplicateError, findClashes, raceDuplicateError } from './players.ts'
import { issueOneTimeToken, spendOneTimeToken } from './tokens.ts'

export const ACTIVATION_TTL_HOURS = 72

/** A page of the web app in the player's language: Spanish has no prefix, English /en. */
export const webLink = (ctx: Context, locale: Locale, path: string) => `${ctx.webUrl}${localePrefix(locale)}${path}`

export async function registerPlayer(
  ctx: Context,
  params: z.output<typeof RegisterPlayerParams>,
  client: { ip: string },
): Promise<z.input<typeof RegisterPlayerAnswer>> {
  const settings = await getSettings(ctx.db)
  if (!settings.siteAccess) throw new ApiError(403, 'site_disabled')
  if (isBlocked(settings, client.ip, ctx.geoLocalCountry)) throw new ApiError(403, 'country_restricted')

  // A promo code (ADR 0053): unknown is 'invalid_promo_code', used up or expired
  // 'bonus_code_invalid', under its field; a valid one is kept as the player's use below, under
  // the code's lock (which decides a race for its last use).
  const promoCode = params.promoCode?.toUpperCase()
  if (promoCode)
    await countingWrongCodes(ctx.limits, { ip: client.ip, accounts: [] }, () =>
      validatePromoCode(ctx.db, promoCode, ctx.now(), null, 'promoCode'),
    )

  // A quick answer for the common case; the unique indexes decide races below.
  const clashes = await findClashes(ctx.db, { username: params.username, email: params.email, phone: params.phone })
  if (clashes.length) {
    // Only a clash tells something about an account: it is what the per-account counter limits
    // (probing which addresses have accounts), and a free name or address is never blocked.
    await ctx.limits.check('registration', { accounts: clashes.map((field) => `${field}:${params[field]}`) })
    throw duplicateError(clashes)
  }

  // A referral link's code (ADR 0057): an unknown or stale one is ignored, never a refusal.
  const referredBy = await referrerOf(ctx.db, params.referralCode)

  const passwordHash = await ctx.passwords.hash(params.password)
  const now = ctx.now()
  let playerId: string
  try {
    playerId = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(players)
        .values({
          username: params.username,
          email: params.email,
          phone: params.phone,
          passwordHash,
          firstName: params.firstName,
          lastName: params.lastName,
          gender: params.gender,
          birthday: params.birthday,
          address: params.address,
          postalCode: params.postalCode,
          city: params.city,
          country: params.country,
          language: params.language,
          currency: params.currency,
          newsletter: params.newsletter,
          promoCode: promoCode ?? null,
          referralCode: newReferralCode(),
          referredBy,
          ageConfirmedAt: now,
          termsAcceptedAt: now,
          currencyConfirmedAt: now,
          registrationIp: client.ip,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: players.id })
      if (!row) throw new Error('insert returned no row')
      if (promoCode) await reserveAtRegistration(tx, promoCode, row.id, now)
      await queueActivation(ctx, tx, { ...params, id: row.id }, client.ip, now)
      return row.id
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw raceDuplicateError(error, 'register')
    throw error
  }

  return { ok: true, message: 'player_created', playerId, activationRequired: true }
}

export async function activatePlayer(
  ctx: Context,
  params: z.output<typeof ActivatePlayerParams>,
): Promise<z.input<typeof ActivatePlayerAnswer>> {
  const now = ctx.now()
  const username = await ctx.db.transaction(async (tx) => {
    const used = await spendOneTimeToken(tx, 'activation', params.token, now)
    if (!used) return null
    const [player] = await tx.select().from(players).where(eq(players.id, used.playerId))
    if (!player || (player.status !== 'pending' && player.status !== 'active')) return null
    if (player.status === 'pending') {
      await tx
        .update(players)
        .set({ status: 'active', activatedAt: now, updatedAt: now })
        .where(eq(players.id, player.id))
      // The no-deposit code the player registered with is credited now, once (ADR 0053).
      await grantAtActivation(tx as unknown as Database, player, now)
    }
    return player.username
  })
  if (username === null) throw new ApiError(400, 'activation_invalid')
  return { ok: true, message: 'account_activated', username }
}

/**
 * Issues an activation link for a pending account and queues its e-mail, in the caller's
 * transaction (the registration's, or a resent activation's job).
 */
export async function queueActivation(
  ctx: Context,
  tx: Queryable,
  player: { id: string; email: string; firstName: string; username: string; language: Locale },
  ip: string,
  now: Date,
) {
  const token = await issueOneTimeToken(tx, 'activation', player.id, ACTIVATION_TTL_HOURS * 3600_000, ip, now)
  const mail = activationMail(player.language, {
    firstName: player.firstName,
    username: player.username,
    link: webLink(ctx, player.language, `/activate/${token}`),
    validHours: ACTIVATION_TTL_HOURS,
  })
  await queueMail(ctx, tx, { to: player.email, ...mail }, 'activation')
}
