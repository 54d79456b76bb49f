/**
 * Security notices (issue 23, account security): a change the account's owner should know of is
 * told by e-mail and in the mailbox, in the transaction that makes it (so a change rolled back tells
 * nothing). Today: a password changed or reset. An administrator's account has no mailbox to read:
 * only the e-mail.
 */
import type { Context } from '../context.ts'
import type { Queryable } from '../db/open.ts'
import { queueMail } from '../mail/mailer.ts'
import { passwordChangedNotice } from '../mail/texts.ts'
import { writeMailboxMessage } from '../mailbox/messages.ts'
import { getSettings } from '../site/settings.ts'
import type { PlayerRow } from './players.ts'

export async function tellPasswordChanged(
  ctx: Pick<Context, 'jobs' | 'requestId'>,
  tx: Queryable,
  player: Pick<PlayerRow, 'id' | 'email' | 'firstName' | 'username' | 'language' | 'scope'>,
  change: { at: Date; ip: string; reset: boolean },
) {
  const { supportEmail } = await getSettings(tx)
  const notice = passwordChangedNotice(player.language, { ...player, ...change, supportEmail })
  await queueMail(
    ctx,
    tx,
    { to: player.email, subject: notice.subject, text: notice.text, html: notice.html },
    'password_changed',
  )
  if (player.scope === 'player')
    await writeMailboxMessage(tx, {
      playerId: player.id,
      category: 'account',
      subject: notice.subject,
      body: notice.body,
      at: change.at,
    })
}
