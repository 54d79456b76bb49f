/**
 * What the house's three WebSocket servers share: the casino API's socket
 * (src/realtime/socket.ts), the game provider's live socket (provider/server/live-socket.ts) and
 * the web server's relay (server/realtime.ts). An upgrade refused with a bare status; a frame sent
 * only to a client that keeps reading; heartbeats that drop a client gone quiet; and the close
 * when the process stops.
 */
import type { Duplex } from 'node:stream'
import type { WebSocket, WebSocketServer } from 'ws'

const STATUS_TEXT = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 503: 'Service Unavailable' } as const

/** Answers an upgrade that is not accepted with a bare HTTP status. */
export function refuseUpgrade(socket: Duplex, status: keyof typeof STATUS_TEXT) {
  socket.end(`HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
}

/** A client's unsent frames past this (in bytes) mean it stopped reading: it is closed, never buffered without bound. */
export const MAX_BUFFERED = 1024 * 1024

/** Sends `value` as a JSON text frame, or closes (1013) a socket whose client stopped reading. */
export function sendJson(ws: WebSocket, value: unknown) {
  if (ws.readyState !== ws.OPEN) return
  if (ws.bufferedAmount > MAX_BUFFERED) return ws.close(1013, 'too slow')
  ws.send(JSON.stringify(value))
}

/**
 * Pings every socket `track` was given every `everyMs` and drops (terminates) one that did not
 * answer the last ping. `track` also listens for the socket's errors (a frame past the server's
 * limit, a connection reset): ws closes the socket after one (1009 for a frame too large), and an
 * error nobody listens for would be thrown and stop the process. `stop` ends the pings.
 */
export function heartbeats(wss: WebSocketServer, everyMs: number) {
  const alive = new WeakSet<WebSocket>()
  const timer = setInterval(() => {
    for (const ws of wss.clients) {
      if (!alive.has(ws)) {
        ws.terminate()
        continue
      }
      alive.delete(ws)
      ws.ping()
    }
  }, everyMs)
  timer.unref()
  return {
    track(ws: WebSocket) {
      alive.add(ws)
      ws.on('pong', () => alive.add(ws))
      ws.on('error', () => {})
    },
    stop: () => clearInterval(timer),
  }
}

/*
 * Closing a server's sockets when the process stops (SIGTERM): each client is told 1012 "service
 * restart" (RFC 6455's code for "come back, to this or another instance"), and the sockets whose
 * client has not finished the closing handshake within `graceMs` are cut, so a client that never
 * answers cannot hold the process.
 */

export const SERVICE_RESTART = 1012

const stillOpen = (sockets: WebSocket[]) => sockets.filter((ws) => ws.readyState !== ws.CLOSED)

export function closeForRestart(wss: WebSocketServer, graceMs: number): Promise<void> {
  const sockets = [...wss.clients]
  for (const ws of sockets) ws.close(SERVICE_RESTART, 'service restart')
  return new Promise<void>((done) => {
    const cut = setTimeout(() => {
      for (const ws of stillOpen(sockets)) ws.terminate()
      done()
    }, graceMs)
    const check = () => {
      if (stillOpen(sockets).length > 0) return
      clearTimeout(cut)
      done()
    }
    for (const ws of sockets) ws.once('close', check)
    check()
  })
}
