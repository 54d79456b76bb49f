import type { Request, Response } from 'express'
import type { Logger } from 'pino'
import type { TrustedProxies } from '#app/utils/client-ip.server.ts'
import { withoutToken } from '#app/utils/token-paths.ts'
import { plainPage, type PlainPageCode } from './security.ts'

/**
 * What the web server's middleware share: the log, the trusted proxies, and the site's two
 * addresses, which tests set only after the server started listening (hence functions).
 */
export type Site = {
  production: boolean
  log: Logger
  trusted: TrustedProxies
  /** PUBLIC_URL's origin, when there is one. */
  publicOrigin(): string | undefined
  /** The site's origin: PUBLIC_URL; only without it (tests, development) the Host header, checked. */
  siteOrigin(req: Request): string
  /** The casino API's base URL: CASINO_API_URL, else `/api` on the site itself. */
  upstreamFor(req: Request): string
  /** The built-in game provider's base URL, when it is known (RequestInfo's providerUrl). */
  providerUrl(): string | undefined
  /** Where browsers reach the built-in game provider (PROVIDER_PUBLIC_URL, else its base URL). */
  providerPublicUrl(): string | undefined
  /** Other game providers' frame origins (GAME_FRAME_ORIGINS). */
  gameFrameOrigins: string[]
}

/** What the first middleware (request-log.ts) leaves in res.locals for the others. */
export type RequestLocals = { requestId: string; nonce: string; clientIp: string }

const HOST = /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/

export function createSite(options: {
  production: boolean
  log: Logger
  trusted: TrustedProxies
  publicOrigin: () => string | undefined
  upstreamUrl: () => string | undefined
  providerUrl: () => string | undefined
  providerPublicUrl: () => string | undefined
  gameFrameOrigins: string[]
}): Site {
  const siteOrigin = (req: Request) => {
    const publicOrigin = options.publicOrigin()
    if (publicOrigin) return publicOrigin
    const host = req.get('host') ?? ''
    return `${req.protocol}://${HOST.test(host) ? host : 'localhost'}`
  }
  return {
    production: options.production,
    log: options.log,
    trusted: options.trusted,
    publicOrigin: options.publicOrigin,
    siteOrigin,
    upstreamFor: (req) => options.upstreamUrl() ?? new URL('/api', siteOrigin(req)).href,
    providerUrl: options.providerUrl,
    providerPublicUrl: options.providerPublicUrl,
    gameFrameOrigins: options.gameFrameOrigins,
  }
}

/** Paths whose segments after the page name are secrets (e-mailed tokens): never logged. */
export function loggablePath(url: string) {
  return withoutToken(url.split('?')[0] ?? '/')
}

/** An answer the web server gives itself (a plain page in the visitor's language). */
export function refuse(req: Request, res: Response, status: number, code: PlainPageCode) {
  res.status(status).type('html').setHeader('Cache-Control', 'no-store')
  res.send(plainPage(req.get('cookie'), code, req.path))
}
