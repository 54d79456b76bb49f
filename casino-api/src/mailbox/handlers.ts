/** The handlers of the mailbox calls (contract/mailbox): the player's messages from the casino. */
import type { mailboxCalls } from '../../contract/index.ts'
import { must } from '../http/auth.ts'
import type { DomainHandlers } from '../context.ts'
import { deleteMailboxMessage, mailboxPage, readMailboxMessage } from './messages.ts'

export const mailboxHandlers: DomainHandlers<typeof mailboxCalls> = {
  get_mailbox: (ctx, { params, session }) => mailboxPage(ctx.db, must(session).playerId, params),
  read_mailbox_message: (ctx, { params, session }) =>
    readMailboxMessage(ctx.db, must(session).playerId, params.id, ctx.now()),
  delete_mailbox_message: (ctx, { params, session }) =>
    deleteMailboxMessage(ctx.db, must(session).playerId, params.id, ctx.now()),
}
