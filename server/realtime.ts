/**
 * The browser's realtime socket (/ws on the site): the web server relays the casino API's socket
 * to the browser, so the page gets live events without ever holding the bearer token.
 *
 * - The upgrade is accepted only from the site's own origin (Origin header) and with a session
 *   cookie holding a token (403 / 401 otherwise).
 * - The server opens the casino API's socket with the token; every frame is checked against the
 *   contract both ways (ServerEvent down, ClientMessage up) and dropped when it does not match.
 * - Heartbeats on both sides; a browser that stops reading is closed (1013) rather than buffered
 *   without bound; the upstream is reopened with a growing pause (1 s to 30 s, with jitter) when
 *   it drops, and the browser is closed (4401) when the casino API refuses the token (logout,
 *   expiry) or at the session's absolute timeout.
 */
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { parseCookie } from 'cookie'
import type { Logger } from 'pino'
import { WebSocket, WebSocketServer } from 'ws'
import { ClientMessage, parseFrame, ServerEvent, SOCKET_PATH } from '#contract'
import { closeForRestart, heartbeats, MAX_BUFFERED, refuseUpgrade } from '#casino-api/contract/sockets.ts'
import { getSessionSecrets, isSecureCookie, getEnv } from '#app/utils/env.server.ts'
import { openSession, sessionCookieSettings } from '#app/utils/session.server.ts'
import { webMetrics } from './metrics.ts'

export const BROWSER_SOCKET_PATH = '/ws'
const PING_EVERY_MS = 30_000
const SESSION_MAX_MS = 12 * 3600_000

export type RelayOptions = {
  upstreamUrl: () => string | undefined
  siteOrigin: (req: IncomingMessage) => string
  sessionSecrets?: string[]
  cookieSecure?: boolean
  log: Logger
}

function tokenOf(req: IncomingMessage, options: RelayOptions) {
  const secure = options.cookieSecure ?? isSecureCookie(getEnv())
  const cookies = parseCookie(req.headers.cookie ?? '')
  const value = cookies[sessionCookieSettings(secure).name]
  const session = openSession(value, options.sessionSecrets ?? getSessionSecrets())
  return session.get('token') ?? null
}

/**
 * A plain GET of /ws (no upgrade): what the upgrade would be answered, without opening anything.
 * A browser cannot read the status of a refused WebSocket upgrade (it only sees the socket close),
 * so the page's client asks here after a socket that never opened: 401 (no session) or 403 (not
 * this site) means stop trying; 426 (Upgrade Required) means the socket would be accepted.
 */
export function socketProbeStatus(req: IncomingMessage, options: RelayOptions): 401 | 403 | 426 | 503 {
  const origin = req.headers.origin
  const fetchSite = req.headers['sec-fetch-site']
  if ((origin !== undefined && origin !== options.siteOrigin(req)) || (fetchSite && fetchSite !== 'same-origin'))
    return 403
  if (!tokenOf(req, options)) return 401
  return options.upstreamUrl() ? 426 : 503
}

export type RealtimeRelay = {
  /**
   * Stops taking sockets (503 to an upgrade) and tells the browsers' sockets 1012 "service
   * restart": the page reconnects, to another instance behind the load balancer. Resolves once
   * every socket closed, cutting those whose browser did not answer within `graceMs`.
   */
  close(graceMs: number): Promise<void>
}

export function attachRealtimeRelay(server: Server, options: RelayOptions): RealtimeRelay {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 })
  const beats = heartbeats(wss, PING_EVERY_MS)

  // Other upgrades (Vite's hot reload in development) are left to their own listeners.
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if ((req.url ?? '').split('?')[0] !== BROWSER_SOCKET_PATH) return
    if (req.headers.origin !== options.siteOrigin(req)) return refuseUpgrade(socket, 403)
    const token = tokenOf(req, options)
    if (!token) return refuseUpgrade(socket, 401)
    const upstream = options.upstreamUrl()
    if (!upstream) return refuseUpgrade(socket, 503)
    // After close(), ws answers the upgrade 503 itself.
    wss.handleUpgrade(req, socket, head, (browser) => relay(browser, upstream, token))
  })

  function relay(browser: WebSocket, upstreamBase: string, token: string) {
    webMetrics.sockets.inc()
    beats.track(browser)
    let upstream: WebSocket | undefined
    let pause = 1000
    let retry: NodeJS.Timeout | undefined
    const ends = setTimeout(() => browser.close(4401, 'session ended'), SESSION_MAX_MS)
    const url = new URL(SOCKET_PATH, upstreamBase.replace(/^http/, 'ws'))

    const open = () => {
      const ws = new WebSocket(url, { headers: { authorization: `Bearer ${token}` } })
      upstream = ws
      ws.on('open', () => {
        pause = 1000
      })
      ws.on('message', (data, isBinary) => {
        const event = isBinary ? null : parseFrame(ServerEvent, data.toString())
        if (!event || browser.readyState !== browser.OPEN) return
        if (browser.bufferedAmount > MAX_BUFFERED) return browser.close(1013, 'too slow')
        browser.send(JSON.stringify(event))
      })
      ws.on('unexpected-response', (_req, res) => {
        if (res.statusCode === 401) browser.close(4401, 'session ended')
        ws.terminate()
      })
      ws.on('error', () => {})
      ws.on('close', (code) => {
        if (upstream !== ws || browser.readyState !== browser.OPEN) return
        if (code === 4401) return browser.close(4401, 'session ended')
        retry = setTimeout(open, pause + Math.floor(Math.random() * 250))
        pause = Math.min(pause * 2, 30_000)
      })
    }
    open()

    browser.on('message', (data, isBinary) => {
      const message = isBinary ? null : parseFrame(ClientMessage, data.toString())
      if (message && upstream?.readyState === WebSocket.OPEN) upstream.send(JSON.stringify(message))
    })
    browser.on('close', () => {
      webMetrics.sockets.dec()
      clearTimeout(retry)
      clearTimeout(ends)
      const ws = upstream
      upstream = undefined
      ws?.close()
    })
  }

  const close = (graceMs: number) => {
    beats.stop()
    wss.close()
    return closeForRestart(wss, graceMs)
  }
  server.on('close', () => void close(0))
  return { close }
}
