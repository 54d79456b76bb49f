import type { Submission, SubmissionResult } from '@conform-to/react'
import { data } from 'react-router'
import type { MessageArg } from '#contract'
import { MESSAGE_VALUES } from '#casino-api/contract/message-values.ts'
import { encodeMessage } from './form-messages.ts'

/** The refusal half of what `callUpstream` answers. */
export type UpstreamRefusal = {
  ok: false
  status: number
  code: string
  args?: readonly MessageArg[]
  fields?: Record<string, readonly string[]>
}

type AnySubmission = Submission<unknown, string[], unknown>

/**
 * Refusals that are about one field: shown under that field when the form has it, otherwise as a
 * form error. The casino API may also name fields itself (`fields`), which wins.
 */
const FIELD_OF_CODE: Record<string, string> = {
  username_taken: 'username',
  username_invalid: 'username',
  email_taken: 'email',
  invalid_email: 'email',
  phone_taken: 'phone',
  invalid_phone: 'phone',
  phone_too_short: 'phone',
  invalid_promo_code: 'promoCode',
  old_password_wrong: 'oldPassword',
  under_age: 'birthday',
}

export const isPasswordField = (name: string) => /password/i.test(name)

function fieldNames(submission: AnySubmission) {
  const names = new Set(Object.keys(submission.payload))
  for (const name of submission.reply().fields ?? []) names.add(name)
  return names
}

/**
 * Password fields are never sent back: a reply must not put a password into the page. Nor does
 * any field a form names in `hide` (a card number, a CVV).
 */
function hiddenFields(submission: AnySubmission, hide: readonly string[] = []) {
  return [...fieldNames(submission)].filter((name) => isPasswordField(name) || hide.includes(name))
}

/**
 * An upstream refusal as a conform reply: field errors under the fields of the form, the rest
 * as form errors, every message a catalogue code with the refusal's values (a field's message
 * too: 'amount': ['amount_out_of_range'] shows the amounts), each message once, password fields
 * cleared and every other input kept.
 */
export function replyFromUpstream(
  submission: AnySubmission,
  result: UpstreamRefusal,
  options: { fieldOf?: Record<string, string>; hide?: readonly string[] } = {},
): SubmissionResult<string[]> {
  const names = fieldNames(submission)
  const fieldOf = { ...FIELD_OF_CODE, ...options.fieldOf }
  const formErrors: string[] = []
  const fieldErrors: Record<string, string[]> = {}
  const add = (name: string, message: string) => {
    const list = (fieldErrors[name] ??= [])
    if (!list.includes(message)) list.push(message)
  }
  // The refusal's values are its own message's, and fill its fields' messages that take values
  // (contract: ErrorBody.args); a field's 'invalid_value' stays a bare code.
  const withArgs = (code: string) =>
    code === result.code || code in MESSAGE_VALUES ? encodeMessage(code, result.args) : code

  for (const [name, codes] of Object.entries(result.fields ?? {})) {
    for (const code of codes) {
      if (names.has(name)) add(name, withArgs(code))
      else if (!formErrors.includes(withArgs(code))) formErrors.push(withArgs(code))
    }
  }

  const message = withArgs(result.code)
  const field = fieldOf[result.code]
  const shown = formErrors.includes(message) || Object.values(fieldErrors).some((list) => list.includes(message))
  if (field && names.has(field)) add(field, message)
  // 'validation_failed' only says "see the fields"; say it when no field tells more.
  else if (!shown && (result.code !== 'validation_failed' || Object.keys(fieldErrors).length === 0))
    formErrors.push(message)

  return submission.reply({ formErrors, fieldErrors, hideFields: hiddenFields(submission, options.hide) })
}

/** The HTTP status of a refused form: the upstream's 4xx, and 502 for anything else (never 500). */
export function refusalStatus(result: Pick<UpstreamRefusal, 'status'>) {
  return result.status >= 400 && result.status < 500 ? result.status : 502
}

/** A form that failed validation: 400 with conform's reply, passwords cleared. */
export function invalidForm(submission: AnySubmission, options: { hide?: readonly string[] } = {}) {
  return data({ result: submission.reply({ hideFields: hiddenFields(submission, options.hide) }) }, { status: 400 })
}

/** A form the upstream refused: its reply with the upstream's status. */
export function refusedForm(
  submission: AnySubmission,
  result: UpstreamRefusal,
  options?: { fieldOf?: Record<string, string>; hide?: readonly string[] },
) {
  return data({ result: replyFromUpstream(submission, result, options) }, { status: refusalStatus(result) })
}
