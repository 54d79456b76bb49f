import * as Mb from './schemas.ts'
import { defineCall } from '../define.ts'

export const mailboxCalls = {
  get_mailbox: defineCall({
    method: 'POST',
    path: '/front/get_mailbox',
    auth: 'player',
    read: true,
    params: Mb.GetMailboxParams,
    answer: Mb.GetMailboxAnswer,
    summary: "The player's mailbox, newest first, with the unread count.",
  }),
  read_mailbox_message: defineCall({
    method: 'POST',
    path: '/front/read_mailbox_message',
    auth: 'player',
    params: Mb.ReadMailboxMessageParams,
    answer: Mb.ReadMailboxMessageAnswer,
    summary: 'Open a message and mark it read.',
    errors: ['not_found'],
  }),
  delete_mailbox_message: defineCall({
    method: 'POST',
    path: '/front/delete_mailbox_message',
    auth: 'player',
    params: Mb.DeleteMailboxMessageParams,
    answer: Mb.DeleteMailboxMessageAnswer,
    summary: "Delete one of the player's messages; answers the new unread count.",
    errors: ['not_found'],
  }),
}
