import { z } from 'zod'
import { Done, Id, Page, paged, Timestamp } from '../common.ts'
import { required } from '../rules.ts'

/** Messages from the casino to one player (bonus granted, withdrawal sent, account notices). */
export const MailboxCategory = z.enum(['account', 'payment', 'bonus', 'promotion', 'support'])

export const MailboxMessage = z.object({
  id: Id,
  category: MailboxCategory,
  subject: z.string(),
  /** Sanitized HTML. */
  html: z.string(),
  read: z.boolean(),
  createdAt: Timestamp,
})
export type MailboxMessage = z.infer<typeof MailboxMessage>

export const GetMailboxParams = z.object({
  unreadOnly: z.boolean({ error: 'invalid_value' }).default(false),
  ...Page.shape,
})
export const GetMailboxAnswer = paged(MailboxMessage).extend({ unread: z.number().int().nonnegative() })

/** Marks the message read (idempotent by nature) and answers it with the new unread count. */
export const ReadMailboxMessageParams = z.object({ id: required(64) })
export const ReadMailboxMessageAnswer = z.object({ item: MailboxMessage, unread: z.number().int().nonnegative() })

/** Deletes the message for good; another player's id (or an unknown one) is not found. */
export const DeleteMailboxMessageParams = z.object({ id: required(64) })
export const DeleteMailboxMessageAnswer = Done.extend({ unread: z.number().int().nonnegative() })
