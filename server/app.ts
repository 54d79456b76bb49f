import type { Server as HttpServer } from 'node:http'
import path from 'node:path'
import express, { type Express } from 'express'
import { pino, type LevelWithSilent, type Logger } from 'pino'
import type { ServerBuild } from 'react-router'
import { parseTrustedProxies } from '#app/utils/client-ip.server.ts'
import { builtHandler, viteHandler } from './build.ts'
import { allowedMethods } from './middleware/allowed-methods.ts'
import { compressAnswers } from './middleware/compression.ts'
import { unhandledErrors } from './middleware/errors.ts'
import { formBodies } from './middleware/form-body.ts'
import { healthChecks } from './middleware/health.ts'
import { oneLoopbackName } from './middleware/loopback-name.ts'
import { privateByDefault } from './middleware/private-by-default.ts'
import { reactRouter } from './middleware/react-router.ts'
import { countRequests } from './middleware/request-metrics.ts'
import { requestLog } from './middleware/request-log.ts'
import { sameOriginOnly } from './middleware/same-origin.ts'
import { sameSitePathOnly } from './middleware/same-site-path.ts'
import { securityHeaders } from './middleware/security-headers.ts'
import { staticFiles } from './middleware/static-files.ts'
import { startVite, viteFiles } from './middleware/vite.ts'
import { attachRealtimeRelay, type RealtimeRelay, type RelayOptions } from './realtime.ts'
import { bodyLimitOf } from './requests.ts'
import { createSite } from './site.ts'

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
   * Base URL of the built-in game provider (ADR 0049), where the game frame's calls go until the
   * frame is served by the provider: PROVIDER_URL, or the one the embedded casino API starts.
   */
  providerUrl?: string
  /** Where browsers reach the built-in provider (PROVIDER_PUBLIC_URL); default `providerUrl`. */
  providerPublicUrl?: string
  /** Other game providers' frame origins (GAME_FRAME_ORIGINS): the CSP's frame-src names them. */
  gameFrameOrigins?: string[]
  /**
   * The site's public URL (e.g. https://casino.example): the origin of every request React Router
   * sees, of absolute links (hreflang, e-mails) and of the same-origin check. Required in
   * production (server/index.ts refuses to start without PUBLIC_URL); without it (tests,
   * development) the origin comes from the Host header.
   */
  publicUrl?: string
  /**
   * The largest request body a path accepts, in bytes. Default: bodyLimitOf (64 KiB everywhere,
   * 5 MB and the form on the Verification tab's upload).
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
  setProvider(url: string): void
  setPublicUrl(url: string): void
  /** Relays the casino API's realtime socket to browsers at /ws on this HTTP server (server/realtime.ts). */
  attachRealtime(server: HttpServer): RealtimeRelay
}

export type { RequestLocals } from './site.ts'

/**
 * The web server: one middleware per module (server/middleware/), in the order a request meets
 * them. It holds no state of its own (the session is the cookie).
 */
export function createWebApp(options: WebAppOptions = {}): WebApp {
  const production =
    (options.mode ?? (process.env.NODE_ENV === 'production' ? 'production' : 'development')) === 'production'
  const log = options.logger ?? pino({ level: options.logLevel ?? process.env.LOG_LEVEL ?? 'info' })
  const trusted = parseTrustedProxies([options.trustProxy ?? 'loopback'].flat().join(','))
  let upstreamUrl = options.upstreamUrl
  let providerUrl = options.providerUrl
  let publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : undefined
  const site = createSite({
    production,
    log,
    trusted,
    publicOrigin: () => publicOrigin,
    upstreamUrl: () => upstreamUrl,
    providerUrl: () => providerUrl,
    providerPublicUrl: () => options.providerPublicUrl ?? providerUrl,
    gameFrameOrigins: options.gameFrameOrigins ?? [],
  })
  const env = { sessionSecrets: options.sessionSecrets, cookieSecure: options.cookieSecure }
  const relay: RelayOptions = {
    upstreamUrl: () => upstreamUrl,
    // PUBLIC_URL in production; only without it (tests, development) the Host header.
    siteOrigin: (req) => publicOrigin ?? `http://${req.headers.host ?? 'localhost'}`,
    ...env,
    log,
  }
  const buildDir = options.buildDir ?? path.join(ROOT, 'build')
  // Production serves build/; development runs Vite, which compiles the server build on demand.
  const vite = production ? undefined : startVite(options.httpServer)
  const routerHandler = vite ? viteHandler(vite, env) : builtHandler({ ...env, build: options.build, buildDir })

  const app = express() as WebApp
  app.disable('x-powered-by')
  // req.protocol and req.hostname honour X-Forwarded-* only from the trusted proxies.
  app.set('trust proxy', (address: string) => trusted(address))
  if (vite) app.locals.vite = vite
  app.setUpstream = (url) => {
    upstreamUrl = new URL(url).href
  }
  app.setProvider = (url) => {
    providerUrl = new URL(url).href
  }
  app.setPublicUrl = (url) => {
    publicOrigin = new URL(url).origin
  }
  app.attachRealtime = (server) => attachRealtimeRelay(server, relay)

  // The request's path, in order. Each step answers (and the rest never run) or passes it on.
  app.use(
    countRequests, // rate and latency by route pattern (server/metrics.ts)
    requestLog(site), // request id, CSP nonce, client ip; one log line per request
    securityHeaders(site), // CSP, HSTS, Permissions-Policy…
    sameSitePathOnly, // `//x` and `/\\x` redirect to `/x`
    allowedMethods, // GET, HEAD and POST; a 405 otherwise
    compressAnswers, // brotli or gzip
    healthChecks(site, relay), // /healthz, /readyz, /ws without the upgrade: on any host name
    oneLoopbackName(site), // 127.0.0.1 → the loopback PUBLIC_URL
    sameOriginOnly(site), // a 403 for a state change from another site
    formBodies(site, options.bodyLimitFor ?? bodyLimitOf), // bounded form posts; 413, 415, 400
    vite ? viteFiles(vite) : staticFiles(path.join(buildDir, 'client')), // files
    privateByDefault, // Cache-Control: private, no-store unless React Router says otherwise
    reactRouter(site, routerHandler, options), // the pages and their actions
    unhandledErrors(site), // a logged 500
  )
  return app
}
