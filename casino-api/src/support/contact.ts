import type { z } from 'zod'
import { DEFAULT_LOCALE, type Done, type PlayerSendMessageParams } from '../../contract/index.ts'
import { getPlayer } from '../accounts/players.ts'
import { queueMail } from '../mail/mailer.ts'
import type { Context, Session } from '../context.ts'
import { supportMessages } from '../db/schema.ts'
import { ApiError } from '../../contract/errors.ts'
import { supportMail } from '../mail/texts.ts'
import { getSettings } from '../site/settings.ts'

/**
 * Stores a contact message (the administrator's support inbox) and e-mails it to support with
 * Reply-To set to the sender. A player is known by the token; a visitor gives an e-mail address
 * (and a name). Limited per client address and per sender e-mail (rate-limits.ts,
 * 'contactMessage'): 429 'contact_messages_limited' with the minutes to wait.
 */
export async function sendSupportMessage(
  ctx: Context,
  session: Session | null,
  params: z.output<typeof PlayerSendMessageParams>,
  client: { ip: string },
): Promise<Done> {
  const now = ctx.now()
  const player = session ? await getPlayer(ctx.db, session.playerId) : null
  const email = player?.email ?? params.email
  if (!email) throw new ApiError(400, 'validation_failed', { fields: { email: ['field_required'] } })
  const name = player ? `${player.firstName} ${player.lastName}` : (params.name ?? email)

  await ctx.limits.check('contactMessage', { ip: client.ip, accounts: [email] })

  const settings = await getSettings(ctx.db)
  const mail = supportMail({
    subject: params.subject,
    message: params.message,
    fromName: name,
    fromEmail: email,
    username: player?.username,
    ip: client.ip,
  })
  await ctx.db.transaction(async (tx) => {
    await tx.insert(supportMessages).values({
      playerId: player?.id ?? null,
      name,
      email,
      subject: params.subject,
      message: params.message,
      ip: client.ip,
      language: params.language ?? player?.language ?? DEFAULT_LOCALE,
      createdAt: now,
    })
    await queueMail(ctx, tx, { to: settings.supportEmail, replyTo: email, ...mail }, 'support')
  })
  return { ok: true, message: 'message_sent' }
}
