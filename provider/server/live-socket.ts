/**
 * The provider's live socket (GET LIVE_SOCKET_PATH on its own port, upgraded to a WebSocket,
 * ADR 0049): a live table's game client watches its table's rounds here, without the casino.
 *
 * - The client's first frame is `watch` with its launch's game session token (within
 *   WATCH_WITHIN_MS): a token unknown, expired or ended closes the socket 4401, one of a game
 *   that is not a live table 4404. The socket then gets `subscribed` (the round in progress) and
 *   every round event of its table; a real session also gets its player's payouts
 *   (`live_round_settled`). A socket watches one table, once.
 * - Nothing is read from cookies: the token is the only credential, so a page of another origin
 *   that opens the socket learns nothing it did not already hold, and no Origin check is needed.
 * - The events come from the database: the instance that drives a table NOTIFYs them on
 *   PROVIDER_EVENTS_CHANNEL in the transaction that makes them (live.ts), and every instance
 *   LISTENs, so every watcher on every instance hears them at the same moment.
 * - A session the casino ends (a log-out, a password change, an exclusion) closes its sockets at
 *   once, 4401 (sessions.ts tells every instance); the session is also checked again every minute
 *   and at its expiry. Sockets are pinged every
 *   30 s and dropped when they did not answer; a client that stops reading is closed (1013). When
 *   the provider stops, every socket is told 1012 (service restart).
 */
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import {
  LIVE_SOCKET_CLOSE,
  LIVE_SOCKET_PATH,
  LiveSocketMessage,
  LiveTableEvent,
  parseFrame,
  PROVIDER_EVENTS_CHANNEL,
  type LiveSocketEvent,
} from '../../casino-api/contract/index.ts'
import { closeForRestart, heartbeats, refuseUpgrade, sendJson } from '../../casino-api/contract/sockets.ts'
import type { ProviderContext } from './context.ts'
import { currentRound } from './live.ts'
import { resolveGameSession, type GameSession } from './sessions.ts'

const PING_EVERY_MS = 30_000
const RECHECK_SESSION_MS = 60_000
const WATCH_WITHIN_MS = 10_000
const CLOSE_GRACE_MS = 2000

/** Subscribes to a NOTIFY channel; answers the function that stops. */
export type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>

/**
 * A notification: a table's event for all its watchers, or a payout for one player's (live.ts);
 * or sessions the casino ended (sessions.ts).
 */
type Notice = { tableId?: unknown; playerId?: unknown; event?: unknown; endedSessions?: unknown }

const send = (ws: WebSocket, event: LiveSocketEvent) => sendJson(ws, event)

export async function attachLiveSocket(
  server: Pick<Server, 'on'>,
  ctx: Pick<ProviderContext, 'db' | 'now' | 'log' | 'catalog'>,
  listen: Listen,
) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4 * 1024 })
  const beats = heartbeats(wss, PING_EVERY_MS)
  /** The sockets watching each table, with the session each watches with. */
  const watchers = new Map<string, Map<WebSocket, GameSession>>()
  let closing = false

  const forget = (ws: WebSocket, tableId: string) => {
    const table = watchers.get(tableId)
    table?.delete(ws)
    if (table?.size === 0) watchers.delete(tableId)
  }

  const watch = async (ws: WebSocket, token: string) => {
    const session = await resolveGameSession(ctx, token).catch(() => null)
    if (ws.readyState !== ws.OPEN) return
    if (!session) return ws.close(LIVE_SOCKET_CLOSE.unauthorized, 'unauthorized')
    if (!ctx.catalog.game(session.gameId)?.live) return ws.close(LIVE_SOCKET_CLOSE.notLive, 'not a live table')
    const tableId = session.gameId
    const table = watchers.get(tableId) ?? new Map<WebSocket, GameSession>()
    table.set(ws, session)
    watchers.set(tableId, table)
    const recheck = async () => {
      const still = await resolveGameSession(ctx, token).catch(() => null)
      if (!still) ws.close(LIVE_SOCKET_CLOSE.unauthorized, 'session ended')
    }
    const every = setInterval(() => void recheck(), RECHECK_SESSION_MS)
    // At its expiry (a 32-bit timer's longest wait at most; the minute's check covers the rest).
    const atExpiry = setTimeout(
      () => void recheck(),
      Math.min(Math.max(session.expiresAt.getTime() - ctx.now().getTime() + 50, 0), 2 ** 31 - 1),
    )
    ws.once('close', () => {
      clearInterval(every)
      clearTimeout(atExpiry)
      forget(ws, tableId)
    })
    const round = await currentRound(ctx.db, tableId)
    send(ws, {
      type: 'subscribed',
      tableId,
      round: round
        ? { roundId: round.id, phase: round.phase, bettingClosesAt: round.bettingClosesAt.toISOString() }
        : null,
    })
  }

  const stopListening = await listen(PROVIDER_EVENTS_CHANNEL, (payload) => {
    let notice: Notice
    try {
      notice = JSON.parse(payload) as Notice
    } catch {
      return
    }
    if (Array.isArray(notice.endedSessions)) {
      const ended = new Set(notice.endedSessions)
      for (const table of watchers.values())
        for (const [ws, session] of table)
          if (ended.has(session.id)) ws.close(LIVE_SOCKET_CLOSE.unauthorized, 'session ended')
      return
    }
    const event = LiveTableEvent.safeParse(notice.event)
    if (!event.success) return
    const table = watchers.get(event.data.tableId)
    if (!table) return
    for (const [ws, session] of table)
      if (notice.playerId === undefined || (session.mode === 'real' && session.playerId === notice.playerId))
        send(ws, event.data)
  })

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if ((req.url ?? '').split('?')[0] !== LIVE_SOCKET_PATH) return refuseUpgrade(socket, 404)
    if (closing) return refuseUpgrade(socket, 503)
    wss.handleUpgrade(req, socket, head, (ws) => {
      beats.track(ws)
      let watching = false
      const noWatch = setTimeout(() => ws.close(LIVE_SOCKET_CLOSE.noWatch, 'no watch'), WATCH_WITHIN_MS)
      ws.once('close', () => clearTimeout(noWatch))
      ws.on('message', (data, isBinary) => {
        const message = isBinary ? null : parseFrame(LiveSocketMessage, data.toString())
        if (message?.type === 'ping') send(ws, { type: 'pong', ...(message.id ? { id: message.id } : {}) })
        if (message?.type !== 'watch' || watching) return
        watching = true
        clearTimeout(noWatch)
        watch(ws, message.session).catch((error: unknown) => {
          ctx.log.error({ err: error instanceof Error ? error.message : String(error) }, 'live socket watch failed')
          ws.close(1011, 'internal error')
        })
      })
    })
  }
  server.on('upgrade', onUpgrade)

  return {
    /** How many sockets are open (tests, metrics). */
    get size() {
      return wss.clients.size
    },
    /** Stops taking sockets (503), tells the open ones 1012 and stops listening. */
    async close(graceMs = CLOSE_GRACE_MS) {
      closing = true
      beats.stop()
      wss.close()
      await closeForRestart(wss, graceMs)
      await stopListening()
    },
  }
}
