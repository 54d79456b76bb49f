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
  }),
}
