/** The handlers of the support calls (contract/support): the contact form and the administrator's inbox. */
import type { supportCalls } from '../../contract/index.ts'
import type { DomainHandlers } from '../context.ts'
import { must } from '../http/auth.ts'
import { sendSupportMessage } from './contact.ts'
import { answerSupportMessage, getSupportMessage, supportInboxPage } from './inbox.ts'

export const supportHandlers: DomainHandlers<typeof supportCalls> = {
  player_send_message: (ctx, { params, session, ip }) => sendSupportMessage(ctx, session, params, { ip }),
  // The router lets only the admin scope through to the inbox's calls ('admin' in the contract).
  list_support_messages: (ctx, { params }) => supportInboxPage(ctx, params),
  get_support_message: (ctx, { params }) => getSupportMessage(ctx, params.id),
  answer_support_message: (ctx, { params, session }) =>
    answerSupportMessage(ctx, must(session).playerId, params.id, params.answer),
}
