import { randomBytes, randomUUID } from 'node:crypto'
import type { Server as HttpServer } from 'node:http'
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import zlib from 'node:zlib'
import { writeReadableStreamToWritable } from '@react-router/node'
import compression from 'compression'
import express, { type Express, type NextFunction, type Request, type Response } from 'express'
import helmet from 'helmet'
import { pino, type LevelWithSilent, type Logger } from 'pino'
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from 'react-router'
import { clientIpFrom, parseTrustedProxies } from '#app/utils/client-ip.server.ts'
import { sameSitePath } from '#app/utils/safe-path.ts'
import { withoutToken } from '#app/utils/token-paths.ts'
import { checkUpstream } from './readiness.ts'
import { attachRealtimeRelay, BROWSER_SOCKET_PATH, socketProbeStatus, type RelayOptions } from './realtime.ts'
import { ALLOWED_METHODS, FORM_BODY_LIMIT_BYTES, formContentType, isReadableForm, readBody } from './requests.ts'
import { isSameOrigin, plainPage, type PlainPageCode } from './security.ts'

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
  /**
   * The site's public URL (e.g. https://casino.example): the origin of every request React Router
   * sees, of absolute links (hreflang, e-mails) and of the same-origin check. Required in
   * production (server/index.ts refuses to start without PUBLIC_URL); without it (tests,
   * development) the origin comes from the Host header.
   */
  publicUrl?: string
  /**
   * The largest request body a path accepts, in bytes. Default: FORM_BODY_LIMIT_BYTES (64 KiB)
   * everywhere; a route that takes uploads (KYC documents) gets its own larger limit here.
   */
  bodyLimitFor?: (path: string) => number
  /** How long a page waits for the access check (settings, geolocation). Default 2 s (app/upstream/site.server.ts). */
  accessCheckTimeoutMs?: number
  /** How long the site settings are kept in memory (app/upstream/site.server.ts). Default 60 s; tests shorten it. */
  siteSettingsTtlMs?: number
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

/** The express app, plus a way to point it at a casino API and a public URL known only after it started (tests). */
export type WebApp = Express & {
  setUpstream(url: string): void
  setPublicUrl(url: string): void
  /** Relays the casino API's realtime socket to browsers at /ws on this HTTP server (server/realtime.ts). */
  attachRealtime(server: HttpServer): void
}

export type RequestLocals = { requestId: string; nonce: string; clientIp: string }

const REQUEST_ID = /^[A-Za-z0-9._:-]{6,128}$/

/** The names of this machine (a URL's hostname): a site on one of them is a site on all of them. */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Paths whose segments after the page name are secrets (e-mailed tokens): never logged. */
function loggablePath(url: string) {
  return withoutToken(url.split('?')[0] ?? '/')
}

/** An answer the web server gives itself (a plain page in the visitor's language). */
function refuse(req: Request, res: Response, status: number, code: PlainPageCode) {
  res.status(status).type('html').setHeader('Cache-Control', 'no-store')
  res.send(plainPage(req.get('cookie'), code, req.path))
}

type EntryExports = {
  requestContext?: RouterContext<unknown>
  configureServerEnv?: (overrides: { sessionSecrets?: string[]; cookieSecure?: boolean }) => void
}

function entryOf(build: ServerBuild): Required<EntryExports> {
  const entry = build.entry.module as unknown as EntryExports
  if (!entry.requestContext || !entry.configureServerEnv)
    throw new Error('The server build does not export requestContext and configureServerEnv from app/entry.server.tsx')
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
  let publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : undefined
  const bodyLimitFor = options.bodyLimitFor ?? (() => FORM_BODY_LIMIT_BYTES)
  const buildDir = options.buildDir ?? path.join(ROOT, 'build')
  const clientDir = path.join(buildDir, 'client')

  const app = express() as WebApp
  app.setUpstream = (url: string) => {
    upstreamUrl = new URL(url).href
  }
  app.setPublicUrl = (url: string) => {
    publicOrigin = new URL(url).origin
  }
  const relayOptions: RelayOptions = {
    upstreamUrl: () => upstreamUrl,
    // PUBLIC_URL in production; only without it (tests, development) the Host header.
    siteOrigin: (req) => publicOrigin ?? `http://${req.headers.host ?? 'localhost'}`,
    sessionSecrets: options.sessionSecrets,
    cookieSecure: options.cookieSecure,
    log,
  }
  app.attachRealtime = (server: HttpServer) => attachRealtimeRelay(server, relayOptions)
  /** The site's origin: PUBLIC_URL; only without it (tests, development) the Host header, checked. */
  const siteOrigin = (req: Request) => {
    if (publicOrigin) return publicOrigin
    const host = req.get('host') ?? ''
    return `${req.protocol}://${/^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/.test(host) ? host : 'localhost'}`
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
      const line = {
        requestId: locals.requestId,
        method: req.method,
        path: loggablePath(req.originalUrl),
        status: res.statusCode,
        durationMs: Math.round(durationMs * 10) / 10,
      }
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
          scriptSrc: production
            ? ["'self'", (_req, res) => `'nonce-${(res as Response).locals.nonce}'`]
            : ["'self'", "'unsafe-inline'", "'unsafe-eval'"],
          // Production: the site's stylesheet comes inline in the page's head (its `<style>`
          // carries the nonce); style attributes stay forbidden.
          styleSrc: production
            ? ["'self'", (_req, res) => `'nonce-${(res as Response).locals.nonce}'`]
            : ["'self'", "'unsafe-inline'"],
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

  // ---- one spelling per page: `//x`, `/\\x` (another site to a browser) become `/x` ---------------
  // Nothing after this point sees a path that a redirect or link could turn into another site.
  app.use((req, res, next) => {
    const safe = sameSitePath(req.originalUrl)
    if (safe === req.originalUrl) return next()
    res.setHeader('Cache-Control', 'no-store')
    res.redirect(req.method === 'GET' || req.method === 'HEAD' ? 301 : 308, safe)
  })

  // ---- methods: pages and form posts only (DELETE, PUT, TRACE… are a 405, not a 500) ----------
  app.use((req, res, next) => {
    if ((ALLOWED_METHODS as readonly string[]).includes(req.method)) return next()
    res.setHeader('Allow', ALLOWED_METHODS.join(', '))
    refuse(req, res, 405, 'method_not_allowed')
  })

  // Brotli for the browsers that take it, at quality 3 with a 64 KiB window: pages are made for
  // each request, so the encoder's time counts more than its last bytes (quality 4, the module's
  // default, took half as long again on a 35 KB page for 5 % fewer bytes), and no page comes near
  // 64 KiB (each response's encoder allocates its window).
  app.use(
    compression({
      brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_LGWIN]: 16 } },
    }),
  )

  // ---- health -------------------------------------------------------------------------------
  const upstreamFor = (req: Request) => upstreamUrl ?? new URL('/api', siteOrigin(req)).href
  app.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    res.json({ status: 'ok' })
  })
  app.get('/readyz', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    const upstream = await checkUpstream(upstreamFor(req))
    if (!upstream.ok) log.warn({ requestId: res.locals.requestId, reason: upstream.reason }, 'not ready: casino API')
    res
      .status(upstream.ok ? 200 : 503)
      .json({ status: upstream.ok ? 'ready' : 'unavailable', upstream: upstream.ok ? 'ok' : 'unreachable' })
  })

  // The realtime socket's answer without the upgrade, for the page's client (server/realtime.ts).
  app.get(BROWSER_SOCKET_PATH, (req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    const status = socketProbeStatus(req, relayOptions)
    if (status === 426) res.setHeader('Upgrade', 'websocket')
    res.status(status).end()
  })

  // ---- one name for a site on this machine: 127.0.0.1 and localhost are one place -------------
  // With PUBLIC_URL on a loopback name (`npm start`: http://localhost:3000), the other loopback
  // names of the same port lead to it: the pages at http://127.0.0.1:3000 would otherwise be
  // served but refuse every form (another origin) and keep a session of their own. Health checks
  // (above) answer on any name. A public URL that is not a loopback name (production) is left to
  // the strict check below.
  app.use((req, res, next) => {
    if (!publicOrigin || (req.method !== 'GET' && req.method !== 'HEAD')) return next()
    const site = new URL(publicOrigin)
    const host = req.get('host') ?? ''
    if (!LOOPBACK_NAMES.has(site.hostname) || host === site.host) return next()
    const [, name, port = ''] = /^(\[[0-9a-f:.]+\]|[^:]+)(?::(\d+))?$/i.exec(host) ?? []
    if (!name || !LOOPBACK_NAMES.has(name.toLowerCase()) || port !== site.port) return next()
    res.setHeader('Cache-Control', 'no-store')
    res.redirect(308, publicOrigin + sameSitePath(req.originalUrl))
  })

  // ---- same-origin check for everything that changes state ---------------------------------
  app.use((req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next()
    if (
      isSameOrigin({
        origin: req.get('origin'),
        secFetchSite: req.get('sec-fetch-site'),
        referer: req.get('referer'),
        ownOrigins: [siteOrigin(req)],
      })
    )
      return next()
    log.warn(
      {
        requestId: res.locals.requestId,
        method: req.method,
        path: loggablePath(req.originalUrl),
        origin: req.get('origin'),
        secFetchSite: req.get('sec-fetch-site'),
      },
      'cross-site request refused',
    )
    refuse(req, res, 403, 'forbidden')
  })

  // ---- form bodies: read here, bounded, before React Router sees them -------------------------
  // Only form posts reach the actions (415 otherwise); a body larger than the path's limit is a
  // 413 however it is sent (Content-Length or chunked), and a body that does not parse is a 400.
  const bodies = new WeakMap<Request, Buffer>()
  app.use(async (req, res, next) => {
    if (req.method !== 'POST') return next()
    const limit = bodyLimitFor(req.path)
    const tooLarge = () => {
      log.warn(
        { requestId: res.locals.requestId, path: loggablePath(req.originalUrl), limit },
        'request body too large',
      )
      res.setHeader('Connection', 'close')
      refuse(req, res, 413, 'payload_too_large')
    }
    const declared = Number(req.get('content-length') ?? 0)
    if (declared > limit) {
      req.resume()
      return tooLarge()
    }
    const contentType = req.get('content-type')
    const kind = formContentType(contentType)
    if (!kind) {
      req.resume()
      res.setHeader('Connection', 'close')
      return refuse(req, res, 415, 'unsupported_media_type')
    }
    const read = await readBody(req, limit)
    if (!read.ok) return read.reason === 'too_large' ? tooLarge() : res.destroy()
    if (kind === 'multipart' && !(await isReadableForm(contentType ?? '', read.body)))
      return refuse(req, res, 400, 'malformed_request')
    bodies.set(req, read.body)
    next()
  })

  // ---- static files and the React Router handler ---------------------------------------------
  let loadBuild: () => Promise<ServerBuild>
  if (production) {
    app.get('/sw.js', (_req, res, next) => {
      res.setHeader('Service-Worker-Allowed', '/')
      res.setHeader('Cache-Control', 'no-cache')
      res.sendFile(path.join(clientDir, 'sw.js'), (error) => error && next())
    })
    // Hashed file names: cached for a year, never revalidated. The build wrote a brotli and a
    // gzip copy of each (vite.config.ts): the one the browser takes is sent as it is, and the
    // compression middleware leaves an answer that already has its Content-Encoding alone.
    const assetsDir = path.join(clientDir, 'assets')
    let precompressed: Set<string> | undefined
    app.use('/assets', (req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next()
      precompressed ??= new Set(existsSync(assetsDir) ? readdirSync(assetsDir) : [])
      const name = req.path.slice(1)
      if (!precompressed.has(name)) return next()
      // Brotli whenever the browser takes it (browsers list gzip first, at the same weight).
      const encoding = req.acceptsEncodings('br') ? 'br' : req.acceptsEncodings('gzip') ? 'gzip' : undefined
      res.vary('Accept-Encoding')
      const copy = encoding && `${name}.${encoding === 'br' ? 'br' : 'gz'}`
      if (!copy || !precompressed.has(copy)) return next()
      res.type(path.extname(name))
      res.setHeader('Content-Encoding', encoding)
      res.sendFile(copy, { root: assetsDir, immutable: true, maxAge: '1y' }, (error) => {
        if (!error || res.headersSent) return
        res.removeHeader('Content-Encoding')
        next()
      })
    })
    app.use('/assets', express.static(assetsDir, { immutable: true, maxAge: '1y', index: false }))
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
        const build =
          options.build ?? ((await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)) as ServerBuild)
        entryOf(build).configureServerEnv({
          sessionSecrets: options.sessionSecrets,
          cookieSecure: options.cookieSecure,
        })
        return build
      })())
  } else {
    // Vite in middleware mode: hot reload, and the server build compiled on demand.
    const vite = import('vite').then((v) =>
      v.createServer({
        root: ROOT,
        server: { middlewareMode: true, hmr: options.httpServer ? { server: options.httpServer } : true },
        appType: 'custom',
      }),
    )
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
  // or proxy cache, unless React Router's answer says otherwise (a visitor's page: the root's
  // httpCacheMiddleware, ADR 0021; its route manifest: immutable) and replaces this.
  app.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'private, no-store')
    next()
  })
  // Production: one handler for the process, given the build itself (not a function that loads
  // it), so React Router prepares its routes and matcher once instead of on every request.
  // Development: the build function, so Vite's fresh modules are picked up.
  let handler:
    Promise<{ handle: ReturnType<typeof createRequestHandler>; requestContext: RouterContext<unknown> }> | undefined
  const handlerFor = async () => {
    if (!production) {
      const { requestContext } = entryOf(await loadBuild())
      return { handle: createRequestHandler(loadBuild, mode), requestContext }
    }
    return (handler ??= loadBuild().then((build) => ({
      handle: createRequestHandler(build, mode),
      requestContext: entryOf(build).requestContext,
    })))
  }
  // React Router, given a Fetch Request built here: its origin is the site's (never a Host header
  // in production) and its body the one read above (bounded and checked).
  app.all('/{*path}', async (req, res, next) => {
    try {
      const { handle: handleRequest, requestContext } = await handlerFor()
      const locals = res.locals as RequestLocals
      const origin = siteOrigin(req)
      const headers = new Headers()
      for (const [name, value] of Object.entries(req.headers)) {
        for (const one of [value ?? []].flat()) headers.append(name, one)
      }
      let controller: AbortController | null = new AbortController()
      res.on('finish', () => (controller = null))
      res.on('close', () => controller?.abort())
      const body = bodies.get(req)
      const request = new Request(origin + req.originalUrl, {
        method: req.method,
        headers,
        signal: controller.signal,
        ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body: new Uint8Array(body ?? Buffer.alloc(0)) }),
      })
      const context = new RouterContextProvider(
        new Map([
          [
            requestContext,
            {
              nonce: locals.nonce,
              requestId: locals.requestId,
              clientIp: locals.clientIp,
              upstreamUrl: upstreamFor(req),
              origin,
              accessCheckTimeoutMs: options.accessCheckTimeoutMs,
              siteSettingsTtlMs: options.siteSettingsTtlMs,
              log: log.child({ requestId: locals.requestId }),
            },
          ],
        ]),
      )
      const response = await handleRequest(request, context)
      if (res.destroyed || res.writableEnded) {
        await response.body?.cancel()
        return
      }
      res.statusMessage = response.statusText
      res.status(response.status)
      for (const [name, value] of response.headers) {
        if (name === 'cache-control') res.setHeader(name, value)
        else res.append(name, value)
      }
      if (response.body) await writeReadableStreamToWritable(response.body, res)
      else res.end()
    } catch (error) {
      if (res.destroyed || res.writableEnded) return
      next(error)
    }
  })

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    log.error(
      {
        requestId: res.locals.requestId,
        path: loggablePath(req.originalUrl),
        err:
          error instanceof Error
            ? { name: error.name, message: error.message, stack: production ? undefined : error.stack }
            : String(error),
      },
      'unhandled error',
    )
    if (res.headersSent) return res.end()
    res.status(500).type('html').setHeader('Cache-Control', 'no-store')
    res.send(plainPage(req.get('cookie'), 'internal_error'))
  })

  return app
}
