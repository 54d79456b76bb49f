import { createContext, type MiddlewareFunction, type RouterContext, type RouterContextProvider } from 'react-router'

/** The minimal logger interface the app needs (pino's child logger fits it). */
export type Log = {
  debug(obj: object, msg?: string): void
  info(obj: object, msg?: string): void
  warn(obj: object, msg?: string): void
  error(obj: object, msg?: string): void
}

/**
 * What the web server knows about a request before React Router runs: set by
 * server/middleware/react-router.ts, read by loaders, actions and middleware through `getRequestInfo`.
 */
export type RequestInfo = {
  /** CSP nonce of this response: every inline script carries it. */
  nonce: string
  requestId: string
  /** The visitor's ip (X-Forwarded-For only from trusted proxies). */
  clientIp: string
  /** Base URL of the casino API, e.g. http://127.0.0.1:4100 (may carry a path such as /api). */
  upstreamUrl: string
  /**
   * Base URL of the built-in game provider (PROVIDER_URL, or the one the embedded casino API
   * starts), where the game view reads a game session's seeds and last rounds for its panel.
   */
  providerUrl?: string
  /**
   * Where browsers reach the built-in provider (PROVIDER_PUBLIC_URL, else its base URL): its game
   * clients are served there (ADR 0049, step 3), and the site's CSP frame-src names its origin.
   */
  providerPublicUrl?: string
  /** Other game providers' frame origins (GAME_FRAME_ORIGINS), which the site's CSP lets the game view frame. */
  gameFrameOrigins?: string[]
  /** The site's own origin, e.g. https://casino.example (for absolute links: hreflang, e-mails). */
  origin: string
  /** How long the access check (settings, geolocation) may wait for the casino API. */
  accessCheckTimeoutMs?: number
  /** How long the site settings (and the content version they carry) are kept. Default 60 s. */
  siteSettingsTtlMs?: number
  log: Log
  /** The request's metrics (server/metrics.ts); absent outside the web server (tests of a route alone). */
  metrics?: RequestMetrics
}

/** What a request reports for the web server's metrics, labels it bounds: patterns and call names. */
export type RequestMetrics = {
  /** The route pattern React Router matched (e.g. /user-management/:tab): the request's label. */
  route(pattern: string): void
  /** One call to the casino API (refused or failed ones too): its name and its time. */
  upstream(call: string, seconds: number): void
  /** A call to the casino API that failed, and how. */
  upstreamError(call: string, kind: 'unreachable' | 'timeout' | 'server_error' | 'bad_answer'): void
}

/**
 * One key per process, even when the module is loaded twice (Vite re-evaluates modules on hot
 * reload in development; server/build.ts takes it from the build): contexts compare by identity.
 */
const KEY = Symbol.for('casino.web.requestContext')
const holder = globalThis as typeof globalThis & { [KEY]?: RouterContext<RequestInfo> }
export const requestContext: RouterContext<RequestInfo> = (holder[KEY] ??= createContext<RequestInfo>())

export function getRequestInfo(context: Readonly<RouterContextProvider>): RequestInfo {
  try {
    return context.get(requestContext)
  } catch {
    throw new Error(
      'The request context is missing: start the site with server/index.ts (createWebApp), not another server.',
    )
  }
}

/** Gives the web server's metrics the matched route's pattern, never the raw URL (bounded labels). */
export const routePatternMiddleware: MiddlewareFunction<Response> = ({ context, pattern }, next) => {
  getRequestInfo(context).metrics?.route(pattern)
  return next()
}
