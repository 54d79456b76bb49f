/**
 * The administrator's support inbox (contract/support, 'admin' calls): the contact messages,
 * read one, answer it once. A player's answer lands in their mailbox (and reaches their open
 * pages live); a visitor's goes by e-mail to the address they gave, in the language of the page
 * they wrote from. The answer, the mailbox message and the admin_audit row are one transaction.
 */
import { and, asc, count, desc, eq, isNotNull, isNull } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { SupportMessage } from '../../contract/index.ts'
import type { Context } from '../context.ts'
import type { Queryable } from '../db/open.ts'
import { players, supportMessages } from '../db/schema.ts'
import { ApiError } from '../../contract/errors.ts'
import { queueMail } from '../mail/mailer.ts'
import { supportAnswerMail } from '../mail/texts.ts'
import { writeMailboxMessage } from '../mailbox/messages.ts'
import { supportAnswerMessage } from '../mailbox/texts.ts'
import { audit } from '../payments/audit.ts'
import { isUuid } from '../db/errors.ts'

const sender = alias(players, 'sender')
const answerer = alias(players, 'answerer')

const selection = { message: supportMessages, username: sender.username, answeredBy: answerer.username }
type Selected = { message: typeof supportMessages.$inferSelect; username: string | null; answeredBy: string | null }

function toSupportMessage({ message: m, username, answeredBy }: Selected): z.input<typeof SupportMessage> {
  return {
    id: m.id,
    status: m.handledAt ? 'answered' : 'open',
    player: m.playerId && username ? { id: m.playerId, username } : null,
    name: m.name ?? m.email,
    email: m.email,
    subject: m.subject,
    message: m.message,
    language: m.language,
    createdAt: m.createdAt.toISOString(),
    answer: m.answer,
    answeredAt: m.handledAt?.toISOString() ?? null,
    answeredBy,
  }
}

const joined = (db: Queryable) =>
  db
    .select(selection)
    .from(supportMessages)
    .leftJoin(sender, eq(sender.id, supportMessages.playerId))
    .leftJoin(answerer, eq(answerer.id, supportMessages.answeredBy))

async function findMessage(db: Queryable, id: string) {
  if (!isUuid(id)) throw new ApiError(404, 'not_found')
  const [row] = await joined(db).where(eq(supportMessages.id, id))
  if (!row) throw new ApiError(404, 'not_found')
  return row
}

export async function supportInboxPage(
  ctx: Context,
  { status, page, pageSize }: { status: 'open' | 'answered' | 'all'; page: number; pageSize: number },
) {
  const where =
    status === 'open'
      ? isNull(supportMessages.handledAt)
      : status === 'answered'
        ? isNotNull(supportMessages.handledAt)
        : undefined
  // Open messages oldest first (the next to answer on top); the others newest first.
  const order =
    status === 'open'
      ? [asc(supportMessages.createdAt), asc(supportMessages.id)]
      : [desc(supportMessages.createdAt), desc(supportMessages.id)]
  const [rows, [counted], [open]] = await Promise.all([
    joined(ctx.db)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.db.select({ n: count() }).from(supportMessages).where(where),
    ctx.db.select({ n: count() }).from(supportMessages).where(isNull(supportMessages.handledAt)),
  ])
  return { items: rows.map(toSupportMessage), total: counted?.n ?? 0, page, pageSize, open: open?.n ?? 0 }
}

export async function getSupportMessage(ctx: Context, id: string) {
  return { item: toSupportMessage(await findMessage(ctx.db, id)) }
}

export async function answerSupportMessage(ctx: Context, adminId: string, id: string, answer: string) {
  const found = await findMessage(ctx.db, id)
  const at = ctx.now()
  const answered = await ctx.db.transaction(async (tx) => {
    // Exactly one answer: the first administrator to send one wins, a second gets 409.
    const [row] = await tx
      .update(supportMessages)
      .set({ answer, answeredBy: adminId, handledAt: at })
      .where(and(eq(supportMessages.id, found.message.id), isNull(supportMessages.handledAt)))
      .returning()
    if (!row) return null
    if (row.playerId) {
      const [player] = await tx.select({ language: players.language }).from(players).where(eq(players.id, row.playerId))
      const text = supportAnswerMessage(player?.language ?? row.language, {
        subject: row.subject,
        question: row.message,
        answer,
      })
      await writeMailboxMessage(tx, {
        playerId: row.playerId,
        category: 'support',
        ...text,
        source: `support:${row.id}`,
        at,
      })
    }
    await audit(tx, {
      adminId,
      action: 'answer_support_message',
      target: row.id,
      details: { subject: row.subject, to: row.playerId ? 'mailbox' : 'email', length: answer.length },
      at,
    })
    if (!row.playerId) {
      const mail = supportAnswerMail(row.language, {
        name: row.name ?? row.email,
        subject: row.subject,
        question: row.message,
        answer,
      })
      await queueMail(ctx, tx, { to: row.email, ...mail }, 'support_answer')
    }
    return row
  })
  if (!answered) throw new ApiError(409, 'already_answered')
  return { ok: true as const, message: 'answer_sent' as const, ...(await getSupportMessage(ctx, answered.id)) }
}
