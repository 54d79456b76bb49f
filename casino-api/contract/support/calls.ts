import * as S from './schemas.ts'
import { defineCall } from '../define.ts'

export const supportCalls = {
  player_send_message: defineCall({
    method: 'POST',
    path: '/front/player_send_message',
    auth: 'optional',
    params: S.PlayerSendMessageParams,
    answer: S.PlayerSendMessageAnswer,
    summary: 'Send a message to support (contact form); visitors give name and e-mail.',
    errors: ['contact_messages_limited'],
  }),
  list_support_messages: defineCall({
    method: 'POST',
    path: '/admin/list_support_messages',
    auth: 'admin',
    read: true,
    params: S.ListSupportMessagesParams,
    answer: S.ListSupportMessagesAnswer,
    summary: 'The support inbox: contact messages by status, with the number still open.',
  }),
  get_support_message: defineCall({
    method: 'POST',
    path: '/admin/get_support_message',
    auth: 'admin',
    read: true,
    params: S.GetSupportMessageParams,
    answer: S.GetSupportMessageAnswer,
    summary: 'One contact message with its answer, if any.',
    errors: ['not_found'],
  }),
  answer_support_message: defineCall({
    method: 'POST',
    path: '/admin/answer_support_message',
    auth: 'admin',
    params: S.AnswerSupportMessageParams,
    answer: S.AnswerSupportMessageAnswer,
    summary:
      "Answer a contact message once: into the player's mailbox (live), or by e-mail to a visitor; recorded in the audit log.",
    errors: ['not_found', 'already_answered'],
  }),
}
