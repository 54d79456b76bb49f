import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import zlib from 'node:zlib'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express, { type Express, type NextFunction, type Request, type Response } from 'express'
import helmet from 'helmet'
import { pino, type LevelWithSilent, type Logger } from 'pino'
import { RouterContextProvider, type RouterContext, type ServerBuild } from 'react-router'
import { clientIpFrom, parseTrustedProxies } from '../app/utils/client-ip.server.ts'
import { checkUpstream } from './readiness.ts'
import { isSameOrigin, plainPage } from './security.ts'

const ROOT = path.resolve(import.meta.dirname, '..')

export type WebAppOptions = {
  /** 'production' serves build/ (run `npm run build` first); 'development' runs Vite with HMR. */
  mode?: 'production' | 'development'
  /** A server build already loaded (tests); default: import(<buildDir>/server/index.js). */
  build?: ServerBuild
  /** Default: <repo>/build */
  buildDir?: string
  /**
   * Base URL of the casino API. Default (the specification's fallback): `/api` on the site itself,
   * i.e. <publicUrl or the request's origin>/api, for a reverse proxy that routes /api upstream.
   */
  upstreamUrl?: string
  /** The site's public URL (e.g. https://casino.example): its origin passes the same-origin check and makes absolute links. */
  publicUrl?: string
  /** TRUST_PROXY syntax: addresses, CIDR ranges, loopback/linklocal/uniquelocal (default loopback). */
  trustProxy?: string | string[]
  /** Session secrets (≥ 32 characters each; the first seals). Default: SESSION_SECRET. */
  sessionSecrets?: string[]
  /** Secure + __Host- cookie. Default: COOKIE_SECURE, else true in production. */
  cookieSecure?: boolean
  logger?: Logger
  /** Development: the HTTP server the app runs on, so that Vite's hot reload shares its port. */
  httpServer?: import('node:http').Server
  /** Level of the default logger (when no logger is given). Default: LOG_LEVEL or info. */
  logLevel?: LevelWithSilent
}

/** The express app, plus a way to point it at a casino API that starts after it (tests). */
export type WebApp = Express & { setUpstream(url: string): void }

export type RequestLocals = { requestId: string; nonce: string; clientIp: string }

const REQUEST_ID = /^[A-Za-z0-9._:-]{6,128}$/

/** Paths whose segments after the page name are secrets (e-mailed tokens): never logged. */
function loggablePath(url: string) {
  const pathname = url.split('?')[0] ?? '/'
  return pathname.replace(/^((?:\/en)?\/(?:reset-password|activate))\/[^/]+/, '$1/:token')
}

type EntryExports = {
  requestContext?: RouterContext<unknown>
  configureServerEnv?: (overrides: { sessionSecrets?: string[]; cookieSecure?: boolean }) => void
}

function entryOf(build: ServerBuild): Required<EntryExports> {
  const entry = build.entry.module as unknown as EntryExports
  if (!entry.requestContext || !entry.configureServerEnv) throw new Error('The server build does not export requestContext and configureServerEnv from app/entry.server.tsx')
  return entry as Required<EntryExports>
}

/**
 * The web server: security headers, request ids and logs, static files, health checks, the
 * same-origin check, and React Router. It holds no state of its own (the session is the cookie).
 */
export function createWebApp(options: WebAppOptions = {}): WebApp {
  const mode = options.mode ?? (process.env.NODE_ENV === 'production' ? 'production' : 'development')
  const production = mode === 'production'
  const log = options.logger ?? pino({ level: options.logLevel ?? process.env.LOG_LEVEL ?? 'info' })
  const trusted = parseTrustedProxies([options.trustProxy ?? 'loopback'].flat().join(','))
  let upstreamUrl = options.upstreamUrl
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : undefined
  const buildDir = options.buildDir ?? path.join(ROOT, 'build')
  const clientDir = path.join(buildDir, 'client')

  const app = express() as WebApp
  app.setUpstream = (url: string) => {
    upstreamUrl = new URL(url).href
  }
  app.disable('x-powered-by')
  // req.protocol and req.hostname honour X-Forwarded-* only from the trusted proxies.
  app.set('trust proxy', (address: string) => trusted(address))

  // ---- request id, nonce, client ip; one log line per request -------------------------------
  app.use((req: Request, res: Response, next: NextFunction) => {
    const incoming = req.get('x-request-id')
    const locals: RequestLocals = {
      requestId: incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID(),
      nonce: randomBytes(16).toString('base64'),
      clientIp: clientIpFrom(req.socket.remoteAddress, req.get('x-forwarded-for'), trusted),
    }
    Object.assign(res.locals, locals)
    res.setHeader('X-Request-Id', locals.requestId)
    const started = process.hrtime.bigint()
    res.on('finish', () => {
      if (req.path === '/healthz') return
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6
      const line = { requestId: locals.requestId, method: req.method, path: loggablePath(req.originalUrl), status: res.statusCode, durationMs: Math.round(durationMs * 10) / 10 }
      if (res.statusCode >= 500) log.error(line, 'request')
      else log.info(line, 'request')
    })
    next()
  })

  // ---- security headers ---------------------------------------------------------------------
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // Production: only our files and inline scripts carrying this response's nonce.
          // Development: Vite's client and React Refresh need inline and eval'd code.
          scriptSrc: production ? ["'self'", (_req, res) => `'nonce-${(res as Response).locals.nonce}'`] : ["'self'", "'unsafe-inline'", "'unsafe-eval'"],
          styleSrc: production ? ["'self'"] : ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'"],
          connectSrc: production ? ["'self'"] : ["'self'", 'ws:', 'wss:'],
          frameSrc: ["'self'"],
          frameAncestors: ["'self'"],
          formAction: ["'self'"],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
          manifestSrc: ["'self'"],
          workerSrc: ["'self'"],
          // Only where the site is served over https (a plain-http localhost would lose its assets).
          upgradeInsecureRequests: publicOrigin?.startsWith('https:') ? [] : null,
        },
      },
      strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      xFrameOptions: { action: 'sameorigin' },
    }),
  )
  app.use((_req, res, next) => {
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), usb=(), serial=(), payment=(self)')
    next()
  })

  // Brotli for the browsers that take it (the module's default quality 4), with a 256 KiB window
  // instead of 4 MiB: no page comes near that size, and each response's encoder then allocates
  // a sixteenth of the memory (every page response gets its own encoder).
  app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } } }))

  // ---- health -------------------------------------------------------------------------------
  const upstreamFor = (req: Request) => upstreamUrl ?? new URL('/api', publicOrigin ?? `${req.protocol}://${req.get('host')}`).href
  app.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    res.json({ status: 'ok' })
  })
  app.get('/readyz', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    const upstream = await checkUpstream(upstreamFor(req))
    if (!upstream.ok) log.warn({ requestId: res.locals.requestId, reason: upstream.reason }, 'not ready: casino API')
    res.status(upstream.ok ? 200 : 503).json({ status: upstream.ok ? 'ready' : 'unavailable', upstream: upstream.ok ? 'ok' : 'unreachable' })
  })

  // ---- same-origin check for everything that changes state ---------------------------------
  app.use((req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next()
    if (isSameOrigin({ origin: req.get('origin'), secFetchSite: req.get('sec-fetch-site'), ownOrigins: [publicOrigin, `${req.protocol}://${req.get('host')}`] })) return next()
    log.warn({ requestId: res.locals.requestId, method: req.method, path: loggablePath(req.originalUrl), origin: req.get('origin'), secFetchSite: req.get('sec-fetch-site') }, 'cross-site request refused')
    res.status(403).type('html').setHeader('Cache-Control', 'no-store')
    res.send(plainPage(req.get('cookie'), 'forbidden'))
  })

  // ---- static files and the React Router handler ---------------------------------------------
  let loadBuild: () => Promise<ServerBuild>
  if (production) {
    app.get('/sw.js', (_req, res, next) => {
      res.setHeader('Service-Worker-Allowed', '/')
      res.setHeader('Cache-Control', 'no-cache')
      res.sendFile(path.join(clientDir, 'sw.js'), (error) => error && next())
    })
    // Hashed file names: cached for a year, never revalidated.
    app.use('/assets', express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false }))
    // Pages are not files: only a path whose first segment names an entry of build/client costs a
    // file-system lookup (the build does not change while the server runs).
    const staticFiles = express.static(clientDir, { maxAge: '10m', index: false })
    let clientEntries: Set<string> | undefined
    app.use((req, res, next) => {
      clientEntries ??= new Set(existsSync(clientDir) ? readdirSync(clientDir) : [])
      const first = req.path.split('/')[1] ?? ''
      let name = first
      try {
        name = decodeURIComponent(first)
      } catch {
        // not valid percent-encoding: serve-static would refuse it too
      }
      if (clientEntries.has(name)) return staticFiles(req, res, next)
      next()
    })
    let loaded: Promise<ServerBuild> | undefined
    loadBuild = () =>
      (loaded ??= (async () => {
        const build = options.build ?? ((await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)) as ServerBuild)
        entryOf(build).configureServerEnv({ sessionSecrets: options.sessionSecrets, cookieSecure: options.cookieSecure })
        return build
      })())
  } else {
    // Vite in middleware mode: hot reload, and the server build compiled on demand.
    const vite = import('vite').then((v) => v.createServer({ root: ROOT, server: { middlewareMode: true, hmr: options.httpServer ? { server: options.httpServer } : true }, appType: 'custom' }))
    app.locals.vite = vite
    app.use((req, res, next) => {
      vite.then((server) => server.middlewares(req, res, next), next)
    })
    loadBuild = async () => {
      const build = (await (await vite).ssrLoadModule('virtual:react-router/server-build')) as ServerBuild
      entryOf(build).configureServerEnv({ sessionSecrets: options.sessionSecrets, cookieSecure: options.cookieSecure })
      return build
    }
  }

  // Pages and their data carry the player's details (name, balance): never stored by a browser
  // or proxy cache (a route that sets its own Cache-Control overrides this).
  app.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'private, no-store')
    next()
  })
  const getLoadContext = (requestInfoKey: RouterContext<unknown>, req: Request, res: Response) => {
    const locals = res.locals as RequestLocals
    const origin = publicOrigin ?? `${req.protocol}://${req.get('host')}`
    return new RouterContextProvider(
      new Map([
        [
          requestInfoKey,
          {
            nonce: locals.nonce,
            requestId: locals.requestId,
            clientIp: locals.clientIp,
            upstreamUrl: upstreamFor(req),
            origin,
            log: log.child({ requestId: locals.requestId }),
          },
        ],
      ]),
    )
  }
  if (production) {
    // One handler for the process: given the build itself (not a function that loads it), React
    // Router prepares its routes and matcher once instead of on every request.
    let handler: Promise<ReturnType<typeof createRequestHandler>> | undefined
    const handlerOnce = () =>
      (handler ??= loadBuild().then((build) => {
        const { requestContext } = entryOf(build)
        return createRequestHandler({ build, mode, getLoadContext: (req, res) => getLoadContext(requestContext, req, res) })
      }))
    app.all('/{*path}', (req, res, next) => {
      handlerOnce().then((handle) => handle(req, res, next), next)
    })
  } else {
    app.all(
      '/{*path}',
      createRequestHandler({
        build: loadBuild,
        mode,
        async getLoadContext(req, res) {
          return getLoadContext(entryOf(await loadBuild()).requestContext, req, res)
        },
      }),
    )
  }

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    log.error({ requestId: res.locals.requestId, path: loggablePath(req.originalUrl), err: error instanceof Error ? { name: error.name, message: error.message, stack: production ? undefined : error.stack } : String(error) }, 'unhandled error')
    if (res.headersSent) return res.end()
    res.status(500).type('html').setHeader('Cache-Control', 'no-store')
    res.send(plainPage(req.get('cookie'), 'internal_error'))
  })

  return app
}
