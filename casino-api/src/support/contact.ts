import { and, count, eq, gt } from 'drizzle-orm'
import type { z } from 'zod'
import type { Done, PlayerSendMessageParams } from '../../contract/index.ts'
import { getPlayer } from '../accounts/players.ts'
import { sendOrLog } from '../mail/mailer.ts'
import type { Context, Session } from '../context.ts'
import { supportMessages } from '../db/schema.ts'
import { ApiError } from '../http/errors.ts'
import { supportMail } from '../mail/texts.ts'
import { getSettings } from '../site/settings.ts'

/** Contact messages per ip per hour, against a script filling the support mailbox. */
export const MESSAGES_PER_IP_PER_HOUR = 10

/**
 * Stores a contact message and e-mails it to support with Reply-To set to the sender. A player
 * is known by the token; a visitor gives an e-mail address (and a name).
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

  const [recent] = await ctx.db
    .select({ n: count() })
    .from(supportMessages)
    .where(and(eq(supportMessages.ip, client.ip), gt(supportMessages.createdAt, new Date(now.getTime() - 3600_000))))
  if ((recent?.n ?? 0) >= MESSAGES_PER_IP_PER_HOUR) throw new ApiError(429, 'rate_limited', { retryAfterSeconds: 3600 })

  await ctx.db.insert(supportMessages).values({
    playerId: player?.id ?? null,
    name,
    email,
    subject: params.subject,
    message: params.message,
    ip: client.ip,
    createdAt: now,
  })
  const settings = await getSettings(ctx.db)
  const mail = supportMail({
    subject: params.subject,
    message: params.message,
    fromName: name,
    fromEmail: email,
    username: player?.username,
    ip: client.ip,
  })
  await sendOrLog(ctx, { to: settings.supportEmail, replyTo: email, ...mail }, 'support')
  return { ok: true, message: 'message_sent' }
}
