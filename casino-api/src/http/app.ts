/**
 * The HTTP side: one fastify route per implemented call of the contract, at the call's method
 * and path. Every route checks access, validates the params with the call's schema and passes
 * the answer through the call's answer schema (which also drops anything not in the contract).
 * Every refusal is an ErrorBody; nothing a client sends can produce a 500 with details.
 */
import Fastify, { type FastifyInstance } from 'fastify'
import {
  calls,
  catalogueError,
  IdempotencyKey,
  PROVIDER_KEY_HEADER,
  type CallDef,
  type CallName,
} from '../../contract/index.ts'
import { buildOpenApi } from '../../contract/openapi.ts'
import type { Context, Handler, Handlers } from '../context.ts'
import type { Readiness } from '../db/readiness.ts'
import { safeErrorSummary } from '../db/errors.ts'
import { clientIp } from '../site/geo.ts'
import { guardMoneyCall } from '../site/geo-guard.ts'
import { checkAccess, checkPasswordChange, checkProvider, resolveSession } from './auth.ts'
import { answerError, ApiError, requestIdOf, validationFailed } from '../../contract/errors.ts'
import { apiMetrics } from '../metrics.ts'
import { bindIdempotencyKey } from './idempotency.ts'

/** The largest body we read: the longest call (a support message) is a few KiB. */
export const BODY_LIMIT = 64 * 1024

export type AppOptions = {
  logger: boolean
  trustedProxies: string[]
  /** The readiness probe's check (db/readiness.ts). */
  ready: () => Promise<Readiness>
  /** The calls to route: the contract's, and a payment method's a test registers (payments/methods/). */
  calls?: Record<string, CallDef>
}

export function buildApp(ctxFor: (app: FastifyInstance) => Context, handlers: Handlers, options: AppOptions) {
  const app = Fastify({
    logger: options.logger
      ? {
          level: process.env.LOG_LEVEL ?? 'info',
          // fastify logs method, url and addresses only; this is a second lock on the door.
          redact: {
            paths: [
              'req.headers.authorization',
              'req.headers["x-provider-key"]',
              'req.headers.cookie',
              'req.body',
              'body',
            ],
            censor: '[redacted]',
          },
        }
      : false,
    trustProxy: options.trustedProxies,
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true },
    requestIdHeader: false,
    genReqId: requestIdOf,
    return503OnClosing: true,
  })
  const ctx = ctxFor(app)

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id)
    reply.header('cache-control', 'no-store')
  })
  // By route pattern, never the raw URL (a player id in a path would make a series per player).
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched'
    apiMetrics.requests.observe({ method: req.method, route, status: reply.statusCode }, reply.elapsedTime / 1000)
    if (reply.statusCode === 429) apiMetrics.rateLimited.inc({ route })
  })

  const routed: Record<string, CallDef> = options.calls ?? calls
  for (const name of Object.keys(routed) as CallName[]) {
    const handler = handlers[name] as Handler<CallName> | undefined
    if (!handler) continue
    const def = routed[name]!
    app.route({
      method: def.method,
      url: def.path,
      ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
      handler: async (req) => {
        // A provider's server is known by its key alone; a player's token is not even looked at.
        const provider =
          def.auth === 'provider' ? checkProvider(ctx, req.headers[PROVIDER_KEY_HEADER.toLowerCase()]) : undefined
        const session =
          def.auth === 'public' || def.auth === 'provider' ? null : await resolveSession(ctx, req.headers.authorization)
        const denied = provider ? null : (checkAccess(def.auth, session) ?? checkPasswordChange(name, session))
        if (denied) throw denied
        const idempotencyKey = def.idempotent ? checkIdempotencyKey(req.headers['idempotency-key']) : undefined
        const body = def.method === 'GET' || req.body === undefined ? {} : req.body
        const parsed = def.params.safeParse(body, { reportInput: true, error: catalogueError })
        if (!parsed.success) throw validationFailed(parsed.error)
        // Every idempotent call is an account's (contract/calls.test.ts): its key names one request.
        if (idempotencyKey && session && typeof session !== 'string')
          await bindIdempotencyKey(ctx.db, {
            accountId: session.playerId,
            key: idempotencyKey,
            call: name,
            params: parsed.data,
            at: ctx.now(),
          })
        let ip: string | undefined
        const clientAddress = () => (ip ??= clientIp(req.ips, req.socket.remoteAddress))
        await guardMoneyCall(ctx, def, {
          params: parsed.data,
          session: typeof session === 'string' ? null : session,
          get ip() {
            return clientAddress()
          },
        })
        // The call's own context: the services it reaches know its request id (the jobs it queues carry it).
        const answer = await handler(
          { ...ctx, requestId: req.id },
          {
            params: parsed.data as never,
            session: typeof session === 'string' ? null : session,
            ...(provider ? { provider } : {}),
            // Worked out (through the trusted proxies) when a handler reads it: most never do,
            // the game wallet's calls among them.
            get ip() {
              return clientAddress()
            },
            userAgent: req.headers['user-agent'],
            ...(idempotencyKey ? { idempotencyKey } : {}),
          },
        )
        const checked = def.answer.safeParse(answer)
        if (!checked.success) {
          // The issues name paths and expected types, never values.
          throw new Error(
            `The answer of ${name} does not match the contract: ${checked.error.issues.map((i) => `${i.path.join('.')}: ${i.code}`).join('; ')}`,
          )
        }
        return checked.data
      },
    })
  }

  // The contract as OpenAPI 3.1, so an operator can check their own backend against it.
  const openApi = buildOpenApi()
  app.get('/openapi.json', async (_req, reply) => reply.header('cache-control', 'public, max-age=300').send(openApi))
  // Liveness (the process answers) and readiness (it can serve: db/readiness.ts). Probes come
  // every few seconds: fastify's request lines are info, so they are left out; an instance that
  // is not ready says why at warn.
  const probe = { logLevel: 'warn' } as const
  app.get('/healthz', probe, async () => ({ ok: true }))
  app.get('/readyz', probe, async (req, reply) => {
    const readiness = await options.ready()
    if (readiness.ok) return { ok: true }
    req.log.warn({ reason: readiness.reason }, 'not ready')
    return reply.code(503).send({ ok: false, reason: readiness.reason })
  })

  app.setNotFoundHandler(async (_req, reply) => {
    return reply.code(404).send(new ApiError(404, 'not_found').toBody())
  })

  app.setErrorHandler(answerError(safeErrorSummary))

  return app
}

/** A call that moves money needs the caller's key of the action, so a replay is known as one (idempotency.ts). */
function checkIdempotencyKey(header: string | string[] | undefined): string {
  const parsed = IdempotencyKey.safeParse(header)
  if (!parsed.success)
    throw new ApiError(400, 'validation_failed', {
      fields: { idempotencyKey: [header === undefined ? 'field_required' : 'invalid_value'] },
    })
  return parsed.data
}
