/**
 * The realtime socket (GET SOCKET_PATH, upgraded to a WebSocket): a player's events pushed as
 * JSON text frames of the contract (ServerEvent). Opened with the bearer token in the
 * Authorization header, like every player call; a token that is refused gets 401 before the
 * upgrade. Events come from the database: every instance LISTENs on 'casino_events' (payload
 * `{ playerId, event }`, e.g. the ledger's balance events that outbox.ts relays), so a movement
 * made through one instance reaches the player's sockets on all of them.
 *
 * A socket is pinged every 30 s and dropped when it did not answer the last ping; one whose
 * unsent frames pile up past MAX_BUFFERED (a client that stopped reading) is closed (1013), never
 * buffered without bound. A token revoked (log-out, password change; a notification of
 * db/sql/access_tokens_notify_revoked.sql) closes its sockets at once, and the token is checked
 * again every minute, so an expired session's socket closes too (4401).
 *
 * A live table's round events are not here: its game client watches them on the game provider's
 * own socket (provider/server/live-socket.ts, ADR 0049).
 */
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import { ClientMessage, EVENTS_CHANNEL, parseFrame, ServerEvent, SOCKET_PATH } from '../../contract/index.ts'
import type { Context } from '../context.ts'
import type { OpenedDatabase } from '../db/open.ts'
import { resolveSession } from '../http/auth.ts'
import { apiMetrics } from '../metrics.ts'
import { closeForRestart, heartbeats, refuseUpgrade, sendJson } from '../../contract/sockets.ts'

const PING_EVERY_MS = 30_000
const RECHECK_TOKEN_MS = 60_000
/** How long a client has to answer the closing handshake when the instance stops. */
const CLOSE_GRACE_MS = 2000

type Server = { on(event: 'upgrade', listener: (req: IncomingMessage, socket: Duplex, head: Buffer) => void): unknown }

const send = (ws: WebSocket, event: ServerEvent) => sendJson(ws, event)

export async function startRealtime(
  server: Server,
  opened: Pick<OpenedDatabase, 'listen'>,
  ctx: Pick<Context, 'db' | 'now' | 'log'>,
) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 })
  const sockets = new Map<string, Set<WebSocket>>()
  const beats = heartbeats(wss, PING_EVERY_MS)
  const tokenOf = new WeakMap<WebSocket, string>()

  const stopListening = await opened.listen(EVENTS_CHANNEL, (payload) => {
    let message: { playerId?: unknown; event?: unknown; revokedTokenId?: unknown }
    try {
      message = JSON.parse(payload) as typeof message
    } catch {
      return
    }
    if (typeof message.playerId !== 'string') return
    if (typeof message.revokedTokenId === 'string') {
      for (const ws of sockets.get(message.playerId) ?? [])
        if (tokenOf.get(ws) === message.revokedTokenId) ws.close(4401, 'session ended')
      return
    }
    // Most events are for players with no socket on this instance: nothing to check or send.
    const own = sockets.get(message.playerId)
    if (!own) return
    const event = ServerEvent.safeParse(message.event)
    if (!event.success)
      return ctx.log.warn({ type: (message.event as { type?: string })?.type }, 'invalid realtime event dropped')
    for (const ws of own) send(ws, event.data)
  })

  server.on('upgrade', (req, socket, head) => {
    const path = (req.url ?? '').split('?')[0]
    if (path !== SOCKET_PATH) return refuseUpgrade(socket, 404)
    const authorization = req.headers.authorization
    resolveSession(ctx, authorization).then(
      (session) => {
        if (!session || typeof session === 'string') return refuseUpgrade(socket, 401)
        wss.handleUpgrade(req, socket, head, (ws) => {
          const own = sockets.get(session.playerId) ?? new Set()
          own.add(ws)
          sockets.set(session.playerId, own)
          beats.track(ws)
          apiMetrics.sockets.inc()
          tokenOf.set(ws, session.tokenId)
          ws.on('message', (data, isBinary) => {
            const message = isBinary ? null : parseFrame(ClientMessage, data.toString())
            if (message?.type === 'ping') send(ws, { type: 'pong', ...(message.id ? { id: message.id } : {}) })
          })
          const recheck = setInterval(() => {
            resolveSession(ctx, authorization).then(
              (still) => {
                if (!still || typeof still === 'string') ws.close(4401, 'session ended')
              },
              () => {},
            )
          }, RECHECK_TOKEN_MS)
          ws.on('close', () => {
            apiMetrics.sockets.dec()
            clearInterval(recheck)
            own.delete(ws)
            if (own.size === 0 && sockets.get(session.playerId) === own) sockets.delete(session.playerId)
          })
        })
      },
      () => refuseUpgrade(socket, 401),
    )
  })

  return {
    /**
     * Stops taking sockets (503 to an upgrade) and tells the open ones 1012 "service restart"
     * (contract/sockets.ts): the clients reconnect, to another instance behind the load balancer.
     */
    async close(graceMs = CLOSE_GRACE_MS) {
      beats.stop()
      wss.close()
      await closeForRestart(wss, graceMs)
      await stopListening()
    },
  }
}
