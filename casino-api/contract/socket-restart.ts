/**
 * Closing a server's sockets when the process stops (SIGTERM): each client is told 1012 "service
 * restart" (RFC 6455's code for "come back, to this or another instance"), and the sockets whose
 * client has not finished the closing handshake within `graceMs` are cut, so a client that never
 * answers cannot hold the process. Used by the casino API's socket (src/realtime/socket.ts), the
 * game provider's live socket (provider/server/live-socket.ts) and the web server's relay
 * (server/realtime.ts).
 */
import type { WebSocket, WebSocketServer } from 'ws'

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
