import { z } from 'zod'
import { Done, Id, Locale, Page, paged, Timestamp } from '../common.ts'
import { email, optionalText, required } from '../rules.ts'

/** A message to support from the contact form. */
export const PlayerSendMessageParams = z.object({
  subject: required(120),
  message: required(4000, { multiline: true }),
  /** Visitors give a name and e-mail; a logged-in player is known by the token. */
  name: optionalText(120),
  email: email().optional(),
  /** The language of the page it was sent from: a visitor's answer is written in it. */
  language: Locale.optional(),
})
export const PlayerSendMessageAnswer = Done

// ---- the administrator's support inbox ----------------------------------------------------

export const SupportMessageStatus = z.enum(['open', 'answered'])

export const SupportMessage = z.object({
  id: Id,
  status: SupportMessageStatus,
  /** The player who wrote it, or null for a visitor (whose answer goes by e-mail). */
  player: z.object({ id: Id, username: z.string() }).nullable(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  language: Locale,
  createdAt: Timestamp,
  answer: z.string().nullable(),
  answeredAt: Timestamp.nullable(),
  answeredBy: z.string().nullable(),
})
export type SupportMessage = z.infer<typeof SupportMessage>

export const ListSupportMessagesParams = z.object({
  /** Open (waiting for an answer, oldest first), answered (newest first) or all (newest first). */
  status: z.enum(['open', 'answered', 'all'], { error: 'invalid_value' }).default('open'),
  ...Page.shape,
})
export const ListSupportMessagesAnswer = paged(SupportMessage).extend({
  open: z.number().int().nonnegative(),
})

export const GetSupportMessageParams = z.object({ id: required(64) })
export const GetSupportMessageAnswer = z.object({ item: SupportMessage })

/** The answer lands in the player's mailbox, or goes by e-mail to a visitor. */
export const AnswerSupportMessageParams = z.object({
  id: required(64),
  answer: required(4000, { multiline: true }),
})
export const AnswerSupportMessageAnswer = Done.extend({ item: SupportMessage })
