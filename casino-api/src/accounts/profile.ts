import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { UpdateProfileAnswer, UpdateProfileParams } from '../../contract/index.ts'
import type { Context, Session } from '../context.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { players } from '../db/schema.ts'
import { duplicateError, findClashes, getPlayer, raceDuplicateError, toProfile } from './players.ts'

/** Contact details only: username, names and birthday change through support (the terms). */
export async function updateProfile(
  ctx: Context,
  session: Session,
  params: z.output<typeof UpdateProfileParams>,
): Promise<z.input<typeof UpdateProfileAnswer>> {
  const clashes = await findClashes(ctx.db, { email: params.email, phone: params.phone }, session.playerId)
  // update_profile has no 'duplicate_player': both clashes come as email_taken, each under its field.
  if (clashes.length) throw duplicateError(clashes, 'email_taken')
  const now = ctx.now()
  try {
    await ctx.db
      .update(players)
      .set({
        email: params.email,
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
  } catch (error) {
    if (isUniqueViolation(error)) throw raceDuplicateError(error, 'profile')
    throw error
  }
  return { ok: true, message: 'profile_updated', profile: toProfile(await getPlayer(ctx.db, session.playerId)) }
}
