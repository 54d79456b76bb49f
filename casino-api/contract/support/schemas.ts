import { z } from 'zod'
import { Done } from '../common.ts'
import { email, optionalText, required } from '../rules.ts'

/** A message to support from the contact form. */
export const PlayerSendMessageParams = z.object({
  subject: required(120),
  message: required(4000, { multiline: true }),
  /** Visitors give a name and e-mail; a logged-in player is known by the token. */
  name: optionalText(120),
  email: email().optional(),
})
export const PlayerSendMessageAnswer = Done
