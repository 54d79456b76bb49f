/**
 * The player's mailbox: messages from the casino (a withdrawal accepted or rejected, support's
 * answers, later bonus grants). A message is written by the code that decides the event, in the
 * same database transaction, and told to the player's sockets at commit (a contract
 * `mailbox_message` event on 'casino_events', like the payments' status events), so a message
 * and its notice exist together or not at all. Every read, update and delete names the player:
 * another player's message id is simply not found.
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { MailboxMessage } from '../../contract/index.ts'
import type { Queryable } from '../db/open.ts'
import { mailboxMessages } from '../db/schema.ts'
import { ApiError } from '../../contract/errors.ts'
import { isUuid } from '../db/errors.ts'

type Row = typeof mailboxMessages.$inferSelect
export type MailboxCategory = Row['category']

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string)

/**
 * A message's plain text as HTML: every character escaped, paragraphs at blank lines and line
 * breaks kept. Nothing a writer (an administrator's answer, a rejection reason) types can become
 * markup.
 */
export function textToHtml(text: string) {
  return text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('')
}

export function toMailboxMessage(row: Row): z.input<typeof MailboxMessage> {
  return {
    id: row.id,
    category: row.category,
    subject: row.subject,
    html: textToHtml(row.body),
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  }
}

const own = (playerId: string, id: string) => and(eq(mailboxMessages.id, id), eq(mailboxMessages.playerId, playerId))

export async function unreadCount(db: Queryable, playerId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(mailboxMessages)
    .where(and(eq(mailboxMessages.playerId, playerId), isNull(mailboxMessages.readAt)))
  return row?.n ?? 0
}

/**
 * Writes a message to a player's mailbox inside the caller's transaction and tells their sockets
 * when it commits. With a `source`, the same event writes one message however often it runs.
 */
export async function writeMailboxMessage(
  tx: Queryable,
  message: { playerId: string; category: MailboxCategory; subject: string; body: string; source?: string; at: Date },
) {
  const [row] = await tx
    .insert(mailboxMessages)
    .values({
      playerId: message.playerId,
      category: message.category,
      subject: message.subject,
      body: message.body,
      source: message.source ?? null,
      createdAt: message.at,
    })
    .onConflictDoNothing({ target: [mailboxMessages.playerId, mailboxMessages.source] })
    .returning()
  if (!row) return null
  const event = {
    type: 'mailbox_message',
    at: message.at.toISOString(),
    item: toMailboxMessage(row),
    unread: await unreadCount(tx, message.playerId),
  }
  await notifyPlayer(tx, message.playerId, event)
  return row
}

/** Sends an event to the player's sockets (on every instance) when the caller's transaction commits. */
async function notifyPlayer(db: Queryable, playerId: string, event: object) {
  await db.execute(sql`SELECT pg_notify('casino_events', ${JSON.stringify({ playerId, event })})`)
}

/** The player's other tabs follow a read or a removal: their header count changes too. */
async function notifyUnread(db: Queryable, playerId: string, unread: number, at: Date) {
  await notifyPlayer(db, playerId, { type: 'mailbox_unread', at: at.toISOString(), unread })
}

export async function mailboxPage(
  db: Queryable,
  playerId: string,
  { unreadOnly, page, pageSize }: { unreadOnly: boolean; page: number; pageSize: number },
) {
  const where = and(eq(mailboxMessages.playerId, playerId), unreadOnly ? isNull(mailboxMessages.readAt) : undefined)
  const [rows, [counted], unread] = await Promise.all([
    db
      .select()
      .from(mailboxMessages)
      .where(where)
      .orderBy(desc(mailboxMessages.createdAt), desc(mailboxMessages.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(mailboxMessages).where(where),
    unreadCount(db, playerId),
  ])
  return { items: rows.map(toMailboxMessage), total: counted?.n ?? 0, page, pageSize, unread }
}

/** Opens one of the player's messages and marks it read (the first time). */
export async function readMailboxMessage(db: Queryable, playerId: string, id: string, at: Date) {
  if (!isUuid(id)) throw new ApiError(404, 'not_found')
  const marked = await db
    .update(mailboxMessages)
    .set({ readAt: at })
    .where(and(own(playerId, id), isNull(mailboxMessages.readAt)))
    .returning({ id: mailboxMessages.id })
  const [row] = await db.select().from(mailboxMessages).where(own(playerId, id))
  if (!row) throw new ApiError(404, 'not_found')
  const unread = await unreadCount(db, playerId)
  if (marked.length > 0) await notifyUnread(db, playerId, unread, at)
  return { item: toMailboxMessage(row), unread }
}

export async function deleteMailboxMessage(db: Queryable, playerId: string, id: string, at: Date) {
  if (!isUuid(id)) throw new ApiError(404, 'not_found')
  const deleted = await db
    .delete(mailboxMessages)
    .where(own(playerId, id))
    .returning({ id: mailboxMessages.id, readAt: mailboxMessages.readAt })
  if (deleted.length === 0) throw new ApiError(404, 'not_found')
  const unread = await unreadCount(db, playerId)
  if (deleted[0]!.readAt === null) await notifyUnread(db, playerId, unread, at)
  return { ok: true as const, message: 'message_deleted' as const, unread }
}
