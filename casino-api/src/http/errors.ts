import type { z } from 'zod'
import {
  MESSAGE_CODES,
  type ErrorBody,
  type FieldErrors,
  type MESSAGE_VALUES,
  type MessageArg,
  type MessageCode,
  type Money,
} from '../../contract/index.ts'
import { messageText } from './messages.ts'

type Values = typeof MESSAGE_VALUES
type ValueOf<Kind> = Kind extends 'money' ? Money : Kind extends 'number' ? number : string
type ValuesOf<Kinds extends readonly unknown[]> = { -readonly [I in keyof Kinds]: ValueOf<Kinds[I]> }

/**
 * The args a code takes: for a message with values, exactly what MESSAGE_VALUES says (an amount
 * is a Money, so bare cents do not compile); any values for the others (they fill its fields').
 */
export type ArgsOf<C extends MessageCode> = C extends keyof Values ? ValuesOf<Values[C]> : MessageArg[]

/** A refusal the client is meant to see: status, catalogue code, and what the catalogue needs. */
export class ApiError<C extends MessageCode = MessageCode> extends Error {
  status: number
  code: MessageCode
  args?: MessageArg[]
  fields?: FieldErrors
  retryAfterSeconds?: number

  constructor(
    status: number,
    code: C,
    extra: { args?: ArgsOf<C>; fields?: FieldErrors; retryAfterSeconds?: number } = {},
  ) {
    super(code)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.args = extra.args
    this.fields = extra.fields
    this.retryAfterSeconds = extra.retryAfterSeconds
  }

  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: messageText(this.code, this.args),
        ...(this.args ? { args: this.args } : {}),
        ...(this.fields ? { fields: this.fields } : {}),
        ...(this.retryAfterSeconds !== undefined ? { retryAfterSeconds: this.retryAfterSeconds } : {}),
      },
    }
  }
}

export const badRequest = (code: MessageCode, fields?: FieldErrors) => new ApiError(400, code, fields ? { fields } : {})

const KNOWN_CODES = new Set<string>(MESSAGE_CODES)

/**
 * zod issues as field errors: dotted path -> catalogue codes. The contract's rules use codes as
 * messages; zod's own messages (a number where an object was expected...) become
 * 'invalid_value', or 'field_required' when the value is missing. Problems with the body as a
 * whole (an array instead of an object) go under '' — conform's key for form errors.
 */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {}
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.')
    let code = KNOWN_CODES.has(issue.message) ? issue.message : 'invalid_value'
    if (code === 'invalid_value' && issue.code === 'invalid_type' && 'input' in issue && issue.input === undefined)
      code = 'field_required'
    const list = (fields[key] ??= [])
    if (!list.includes(code)) list.push(code)
  }
  return fields
}

export const validationFailed = (error: z.ZodError) =>
  new ApiError(400, 'validation_failed', { fields: fieldErrorsOf(error) })
