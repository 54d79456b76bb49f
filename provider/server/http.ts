/**
 * The provider's own HTTP server (ADR 0049, step 2): one route per call of its part of the
 * contract (gameServerCalls), at the call's method and path, on a port of its own. A casino's
 * calls are opened by the provider's key (X-Provider-Key), a game client's by its launch's token
 * (X-Game-Session); the params are checked with the call's schema and the answer passed through
 * its answer schema. Every refusal is the contract's ErrorBody; nothing a client sends can
 * produce a 500 with details.
 */
import { sql } from 'drizzle-orm'
import Fastify, { type FastifyInstance } from 'fastify'
import {
  catalogueError,
  GAME_SESSION_HEADER,
  gameServerCalls,
  PROVIDER_KEY_HEADER,
  type CallDef,
} from '../../casino-api/contract/index.ts'
import { answerError, ApiError, requestIdOf, validationFailed } from '../../casino-api/contract/errors.ts'
import { buildOpenApi } from '../../casino-api/contract/openapi.ts'
import { sharedKeyCheck } from '../../casino-api/contract/shared-key.ts'
import type { ProviderContext } from './context.ts'
import { providerHandlers, type ProviderCallName } from './handlers.ts'
import { resolveGameSession } from './sessions.ts'

/** The largest body it reads: a move or a bet slip is a few hundred bytes. */
const BODY_LIMIT = 16 * 1024
export type ProviderAppOptions = {
  /** The key the casino sends (X-Provider-Key); compared in constant time. */
  key: string
  logger: boolean
  /** Told of every answered request, by route pattern (the embedding casino API counts them). */
  answered?: (request: { method: string; route: string; status: number; seconds: number }) => void
  /** Serves the game client's pages and files on the same server (frame.ts), given the call runner. */
  frame?: (app: FastifyInstance, ctx: ProviderContext, serve: CallRunner) => Promise<void>
}

/** What a call is sent with: the casino's key or a launch's token, and its params. */
export type CallInput = { providerKey?: unknown; gameSession?: string | string[]; body: unknown }
/** Answers one call of the provider's part of the contract, or throws its ApiError. */
export type CallRunner = (name: ProviderCallName, input: CallInput) => Promise<unknown>

/**
 * One call as the provider answers it, over HTTP or from its game client's pages (frame.ts): the
 * key or the launch's token checked, the params parsed with the call's schema, the answer checked
 * against its answer schema.
 */
export function callRunner(ctx: ProviderContext, key: string): CallRunner {
  const isProviderKey = sharedKeyCheck(key)
  return async (name, input) => {
    const def: CallDef = gameServerCalls[name]
    const handler = providerHandlers[name] as (
      ctx: ProviderContext,
      input: { params: unknown; game?: Awaited<ReturnType<typeof resolveGameSession>> },
    ) => Promise<unknown>
    if (def.auth === 'provider' && !isProviderKey(input.providerKey)) throw new ApiError(401, 'unauthorized')
    const game = def.auth === 'game' ? await resolveGameSession(ctx, input.gameSession) : undefined
    const parsed = def.params.safeParse(input.body, { reportInput: true, error: catalogueError })
    if (!parsed.success) throw validationFailed(parsed.error)
    const answer = await handler(ctx, { params: parsed.data, ...(game ? { game } : {}) })
    const checked = def.answer.safeParse(answer)
    if (!checked.success)
      throw new Error(
        `The answer of ${name} does not match the contract: ${checked.error.issues.map((i) => `${i.path.join('.')}: ${i.code}`).join('; ')}`,
      )
    return checked.data
  }
}

export async function buildProviderApp(
  ctxFor: (log: ProviderContext['log']) => ProviderContext,
  options: ProviderAppOptions,
) {
  const app = Fastify({
    logger: options.logger
      ? {
          level: process.env.LOG_LEVEL ?? 'info',
          base: { service: 'game-provider' },
          redact: {
            paths: ['req.headers["x-provider-key"]', 'req.headers["x-game-session"]', 'req.body', 'body'],
            censor: '[redacted]',
          },
        }
      : false,
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true },
    requestIdHeader: false,
    genReqId: requestIdOf,
    return503OnClosing: true,
  })
  const ctx = ctxFor(app.log)

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id)
    reply.header('cache-control', 'no-store')
  })
  if (options.answered) {
    const answered = options.answered
    app.addHook('onResponse', async (req, reply) => {
      answered({
        method: req.method,
        route: req.routeOptions.url ?? 'unmatched',
        status: reply.statusCode,
        seconds: reply.elapsedTime / 1000,
      })
    })
  }

  const serve = callRunner(ctx, options.key)
  for (const name of Object.keys(gameServerCalls) as ProviderCallName[]) {
    const def: CallDef = gameServerCalls[name]
    app.route({
      method: def.method,
      url: def.path,
      handler: async (req) =>
        serve(name, {
          providerKey: req.headers[PROVIDER_KEY_HEADER.toLowerCase()],
          gameSession: req.headers[GAME_SESSION_HEADER.toLowerCase()],
          body: def.method === 'GET' || req.body === undefined ? {} : req.body,
        }),
    })
  }
  if (options.frame) await options.frame(app, ctx, serve)

  // Its part of the contract as OpenAPI 3.1 (docs/provider-openapi.json).
  const openApi = buildOpenApi('provider')
  app.get('/openapi.json', async (_req, reply) => reply.header('cache-control', 'public, max-age=300').send(openApi))
  // Liveness (the process answers) and readiness (its database answers), for a balancer's checks.
  const probe = { logLevel: 'warn' } as const
  app.get('/healthz', probe, async () => ({ ok: true }))
  app.get('/readyz', probe, async (req, reply) => {
    try {
      await ctx.db.execute(sql`select 1`)
      return { ok: true }
    } catch {
      req.log.warn({ reason: 'database' }, 'not ready')
      return reply.code(503).send({ ok: false, reason: 'database' })
    }
  })

  app.setNotFoundHandler(async (_req, reply) => reply.code(404).send(new ApiError(404, 'not_found').toBody()))
  // The name and the database's code only: a query's text and parameters stay out of the log.
  app.setErrorHandler(
    answerError((error) => {
      const code = (error as { cause?: { code?: unknown } }).cause?.code
      return { name: (error as Error).name, ...(typeof code === 'string' ? { code } : {}) }
    }),
  )

  return app
}
