import type { z } from 'zod'
import {
  englishMessages,
  formatDateTime,
  formatMoney,
  isMoney,
  MESSAGE_CODES,
  MESSAGE_VALUES,
  type ErrorBody,
  type FieldErrors,
  type MessageArg,
  type MessageCode,
  type Money,
} from './index.ts'

/**
 * The English text of a code with its args filled in (see contract/messages.ts): an amount as
 * the web app's English pages write it ('€1,234.56'), never as cents, and a time as they write a
 * date and time ('2026.12.05 14:30:00').
 */
export function messageText(code: MessageCode, args: readonly MessageArg[] = []) {
  const kinds: readonly string[] = (MESSAGE_VALUES as Partial<Record<MessageCode, readonly string[]>>)[code] ?? []
  return englishMessages[code].replace(/\{\{(\d)\}\}/g, (m, i: string) => {
    const arg = args[Number(i)]
    if (arg === undefined) return m
    if (isMoney(arg)) return formatMoney(arg.amount, arg.currency, 'en')
    return kinds[Number(i)] === 'time' && !Number.isNaN(Date.parse(String(arg)))
      ? formatDateTime(String(arg))
      : String(arg)
  })
}

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

/** What the error answer needs of a router's request and reply (fastify's, as both services have). */
type Refused = { log: { info(fields: object, message: string): void; error(fields: object, message: string): void } }
type Reply = { header(name: string, value: string): unknown; code(status: number): { send(body: ErrorBody): unknown } }

/**
 * A service's answer to an error its router caught, always an ErrorBody: an ApiError as it is; the
 * HTTP layer's own refusals of what the client sent (malformed JSON, another content type, a body
 * over the limit: a 4xx) as validation_failed; anything else as internal_error, logged with
 * `summarize`'s fields only (never a query's parameters) and never with its details answered.
 */
export const answerError =
  (summarize: (error: unknown) => object) => async (error: unknown, req: Refused, reply: Reply) => {
    let refusal: ApiError
    if (error instanceof ApiError) refusal = error
    else {
      const { statusCode, code } = error as { statusCode?: number; code?: string }
      if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
        req.log.info({ code }, 'request refused')
        // A body past the call's limit says so; any other refusal of the framework is a bad request.
        refusal =
          statusCode === 413
            ? new ApiError(413, 'payload_too_large')
            : new ApiError(400, 'validation_failed', { fields: { '': ['invalid_value'] } })
      } else {
        req.log.error({ err: summarize(error) }, 'unexpected error')
        refusal = new ApiError(500, 'internal_error')
      }
    }
    if (refusal.retryAfterSeconds !== undefined) reply.header('retry-after', String(refusal.retryAfterSeconds))
    return reply.code(refusal.status).send(refusal.toBody())
  }

/** An id a caller may give its request (X-Request-Id): no spaces, quotes or control characters. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{6,128}$/

/**
 * A request's id: the caller's X-Request-Id when it has the form of one (the web server's: its
 * log lines and the services' then share the id a player's error page shows), a new one otherwise.
 */
export function requestIdOf(req: { headers: Record<string, string | string[] | undefined> }) {
  const incoming = req.headers['x-request-id']
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID()
}
