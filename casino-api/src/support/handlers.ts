/** The handlers of the support calls (contract/support): the contact form. */
import type { supportCalls } from '../../contract/index.ts'
import type { DomainHandlers } from '../context.ts'
import { sendSupportMessage } from './contact.ts'

export const supportHandlers: DomainHandlers<typeof supportCalls> = {
  player_send_message: (ctx, { params, session, ip }) => sendSupportMessage(ctx, session, params, { ip }),
}
