import { data, redirect, type RouterContextProvider } from 'react-router'
import { Pool } from 'undici'
import type { z } from 'zod'
import {
  calls,
  servedByProvider,
  catalogueError,
  ErrorBody,
  GAME_SESSION_HEADER,
  MessageCode,
  type AnswerOf,
  type CallName,
  type Calls,
  type FieldErrors,
  type MessageArg,
  type ParamsIn,
} from '#contract'
import { getRequestInfo } from '#app/middleware/context.ts'
import { localeFromPath, localizePath } from '#ui/locale.ts'
import { commitSession, destroySession, getSession, newSession } from '#app/utils/session.server.ts'
import { flashMarkerCookie } from '#app/utils/toast.server.ts'

/**
 * The only code that talks to the casino API. Every call is checked against the contract on
 * the way out (params) and on the way in (answer); the bearer token is read from the sealed
 * session cookie here and nowhere else.
 *
 * Base URL: the request context's `upstreamUrl` (CASINO_API_URL, or the embedded casino API
 * that server/index.ts starts). The specification's fallback when nothing is configured is
 * `/api` on the site itself, which createWebApp turns into `<PUBLIC_URL>/api` (a reverse proxy
 * must then route /api to the casino API).
 *
 * The built-in game provider's calls (the game frame's moves) go to its own address, the request
 * context's `providerUrl` (ADR 0049), with the launch's game session token and nothing else.
 */

export const UPSTREAM_TIMEOUT_MS = 25_000

export type UpstreamArgs = { request: Request; context: Readonly<RouterContextProvider> }

export type UpstreamFailure = {
  ok: false
  status: number
  code: MessageCode
  args?: MessageArg[]
  fields?: FieldErrors
  retryAfterSeconds?: number
}
export type UpstreamResult<T> = { ok: true; data: T } | UpstreamFailure

export type CallOptions = {
  /** Use this token instead of the session's (null: send none). */
  token?: string | null
  timeoutMs?: number
  /** For calls that move money: a replay returns the first answer. */
  idempotencyKey?: string
  /** The game server's calls: the launched game's token (X-Game-Session), never the bearer token. */
  gameSession?: string
  /**
   * The answer is shared with other requests (the caches' loads, which concurrent requests wait
   * on): the visitor who started it going away does not stop it, only its deadline does.
   */
  shared?: boolean
}

const pools = new Map<string, Pool>()

function poolFor(origin: string): Pool {
  let pool = pools.get(origin)
  if (!pool) {
    pool = new Pool(origin, {
      connections: 64,
      keepAliveTimeout: 10_000,
      headersTimeout: UPSTREAM_TIMEOUT_MS,
      bodyTimeout: UPSTREAM_TIMEOUT_MS,
    })
    pools.set(origin, pool)
  }
  return pool
}

/** Closes the connection pools (graceful shutdown, tests). */
export async function closeUpstreamPools() {
  const all = [...pools.values()]
  pools.clear()
  await Promise.allSettled(all.map((pool) => pool.close()))
}

/**
 * The thrown answer when the casino API is down (502) or too slow (504): the error page offers a
 * retry, and shows the request's reference (errorReference) when it is given.
 */
export function upstreamUnavailable(status: 502 | 503 | 504 = 502, requestId?: string) {
  return data(
    {
      code: 'upstream_unavailable' satisfies MessageCode,
      ...(requestId ? { reference: errorReference(requestId) } : {}),
    },
    { status },
  )
}

/**
 * What the error page shows of a request's id, for a player to quote and an operator to search
 * both halves' logs with (the id is in every log line of the request, the casino API's too):
 * the first 8 characters of our uuid, or a proxy's id whole.
 */
export function errorReference(requestId: string) {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(requestId) ? requestId.slice(0, 8) : requestId
}

/** Zod issues as field errors whose messages are catalogue codes. */
export function issuesToFields(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const fields: FieldErrors = {}
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || ''
    const code = MessageCode.safeParse(issue.message).success ? issue.message : 'invalid_value'
    ;(fields[key] ??= []).push(code)
  }
  return fields
}

/**
 * Reads (`read` in the contract) are sent once more when the connection failed before an answer
 * came (a keep-alive socket the casino API had just closed, a restart): asking twice changes
 * nothing. A timeout is not retried (the call's time is spent), nor is anything that writes:
 * calls that move money (`idempotent`, with their Idempotency-Key) never, a second attempt is the
 * player's to make.
 */
export const RETRIED_READS: ReadonlySet<CallName> = new Set(
  (Object.keys(calls) as CallName[]).filter((name) => calls[name].read === true && calls[name].idempotent !== true),
)

/** Whether a failed connection of this call may be tried once more (see RETRIED_READS). */
export function isRetriedRead(name: CallName): boolean {
  return RETRIED_READS.has(name)
}

/**
 * The token is no longer valid: the session ends and the player lands on the start page, which
 * says why in a toast (the casino API's reason, e.g. too many wrong current passwords, or "Your
 * session has ended"). The new session holds only that toast, and its marker has the browser's
 * router load the site's frame again: after a navigation in the page, the header would otherwise
 * go on showing the player's name and balance. A request that carried no token has nothing to end.
 */
async function signOut(args: UpstreamArgs, reason: MessageCode | undefined, hadToken: boolean): Promise<never> {
  const locale = localeFromPath(new URL(args.request.url).pathname)
  const headers = new Headers()
  if (!hadToken) {
    headers.append('Set-Cookie', await destroySession())
  } else {
    const session = newSession()
    const code = reason ?? 'unauthorized'
    // A session ended by its time or by the player's own limit is news, not a fault.
    const expected = code === 'unauthorized' || code === 'session_limit_reached'
    session.flash('toast', { type: expected ? 'info' : 'error', code })
    headers.append('Set-Cookie', await commitSession(session))
    headers.append('Set-Cookie', flashMarkerCookie(true))
  }
  throw redirect(localizePath(locale, '/'), { headers })
}

/**
 * Calls the casino API. Business refusals come back as `{ ok: false, status, code, … }` for the
 * route to show; a 401 on a call that needs a login signs the player out (throws a redirect to
 * the start page); a network failure throws a 502 and a timeout a 504 response.
 */
export async function callUpstream<N extends CallName>(
  args: UpstreamArgs,
  name: N,
  params: ParamsIn<Calls[N]>,
  options: CallOptions = {},
): Promise<UpstreamResult<AnswerOf<Calls[N]>>> {
  const def = calls[name]
  const info = getRequestInfo(args.context)
  const log = info.log

  const parsedParams = def.params.safeParse(params, { error: catalogueError })
  if (!parsedParams.success) {
    return { ok: false, status: 400, code: 'validation_failed', fields: issuesToFields(parsedParams.error.issues) }
  }

  const token =
    options.token !== undefined
      ? options.token
      : def.auth === 'public' || def.auth === 'game'
        ? null
        : ((await getSession(args.request)).get('token') ?? null)
  const baseUrl = servedByProvider(name) ? info.providerUrl : info.upstreamUrl
  if (!baseUrl) {
    log.warn({ upstream: name }, "the built-in game provider's address is not known (PROVIDER_URL)")
    return { ok: false, status: 503, code: 'upstream_unavailable' }
  }
  const base = new URL(baseUrl)
  let path = base.pathname.replace(/\/+$/, '') + def.path
  const headers: Record<string, string> = {
    accept: 'application/json',
    'x-request-id': info.requestId,
    'x-forwarded-for': info.clientIp,
    'accept-language': localeFromPath(new URL(args.request.url).pathname),
  }
  if (token) headers.authorization = `Bearer ${token}`
  // The visitor's browser, which a log-in keeps for the player's list of sessions.
  const userAgent = args.request.headers.get('user-agent')
  if (userAgent) headers['user-agent'] = userAgent.slice(0, 500)
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey
  if (options.gameSession) headers[GAME_SESSION_HEADER.toLowerCase()] = options.gameSession
  let body: string | undefined
  if (def.method === 'GET') {
    const query = new URLSearchParams()
    for (const [key, value] of Object.entries((parsedParams.data ?? {}) as Record<string, unknown>)) {
      if (value !== undefined && value !== null) query.set(key, String(value))
    }
    if (query.size) path += `?${query}`
  } else {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(parsedParams.data ?? {})
  }

  const timeoutMs = options.timeoutMs ?? UPSTREAM_TIMEOUT_MS
  // One deadline for the call, a second attempt included: a retry never makes a page wait longer.
  const deadline = AbortSignal.timeout(timeoutMs)
  const started = performance.now()
  let statusCode: number
  let text: string
  let retryAfter: string | undefined
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await poolFor(base.origin).request({
        method: def.method,
        path,
        headers,
        body,
        signal: options.shared ? deadline : AbortSignal.any([deadline, args.request.signal]),
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      })
      statusCode = response.statusCode
      const ra = response.headers['retry-after']
      retryAfter = Array.isArray(ra) ? ra[0] : ra
      text = await response.body.text()
      break
    } catch (error) {
      const ms = Math.round(performance.now() - started)
      // The visitor went away: nobody reads the answer.
      if (!options.shared && args.request.signal.aborted) throw error
      const timedOut =
        deadline.aborted ||
        (error instanceof Error &&
          (error.name === 'TimeoutError' ||
            /timeout/i.test(error.name) ||
            /timeout/i.test((error as { code?: string }).code ?? '')))
      const err = { name: (error as Error)?.name, message: (error as Error)?.message }
      if (!timedOut && attempt === 1 && isRetriedRead(name)) {
        log.warn({ upstream: name, ms, err }, 'casino API connection failed, asking once more')
        continue
      }
      log.error({ upstream: name, ms, err }, timedOut ? 'casino API timed out' : 'casino API unreachable')
      info.metrics?.upstream(name, ms / 1000)
      info.metrics?.upstreamError(name, timedOut ? 'timeout' : 'unreachable')
      throw upstreamUnavailable(timedOut ? 504 : 502, info.requestId)
    }
  }
  const ms = Math.round(performance.now() - started)
  log.debug({ upstream: name, status: statusCode, ms }, 'casino API call')
  info.metrics?.upstream(name, ms / 1000)

  let json: unknown
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }

  if (statusCode >= 200 && statusCode < 300) {
    const answer = def.answer.safeParse(json)
    if (!answer.success) {
      log.error(
        {
          upstream: name,
          status: statusCode,
          issues: answer.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        },
        'casino API answer does not match the contract',
      )
      info.metrics?.upstreamError(name, 'bad_answer')
      throw upstreamUnavailable(502, info.requestId)
    }
    return { ok: true, data: answer.data as AnswerOf<Calls[N]> }
  }

  const error = ErrorBody.safeParse(json)
  // An expired game session is the game's business, not a reason to sign the player out.
  if (statusCode === 401 && def.auth !== 'public' && def.auth !== 'game')
    return signOut(args, error.success ? error.data.error.code : undefined, token !== null)
  if (statusCode >= 500 && !(error.success && error.data.error.code === 'site_disabled')) {
    log.error(
      { upstream: name, status: statusCode, code: error.success ? error.data.error.code : undefined },
      'casino API failed',
    )
    info.metrics?.upstreamError(name, 'server_error')
    throw upstreamUnavailable(502, info.requestId)
  }
  if (!error.success) {
    log.warn({ upstream: name, status: statusCode }, 'casino API error without an error body')
    const code: MessageCode =
      statusCode === 404
        ? 'not_found'
        : statusCode === 429
          ? 'rate_limited'
          : statusCode === 403
            ? 'forbidden'
            : 'action_failed'
    return { ok: false, status: statusCode, code }
  }
  const { code, args: messageArgs, fields, retryAfterSeconds } = error.data.error
  const failure: UpstreamFailure = { ok: false, status: statusCode, code }
  if (messageArgs) failure.args = messageArgs
  if (fields) failure.fields = fields
  const retry = retryAfterSeconds ?? (retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) : undefined)
  if (retry !== undefined) failure.retryAfterSeconds = retry
  return failure
}

/** Whether a thrown value is the 502/503/504 of an unreachable or slow casino API. */
export function isUpstreamUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false
  const e = error as { type?: string; init?: ResponseInit | null; data?: { code?: string } }
  return e.type === 'DataWithResponseInit' && e.data?.code === 'upstream_unavailable'
}
