// A player's realtime socket as the web app opens it, and a wait on what it has heard.
import { WebSocket } from 'ws'
import { ServerEvent, SOCKET_PATH } from '../contract/index.ts'

/** A socket of the player's; `events` fills as frames arrive. */
export async function connect(baseUrl: string, token?: string) {
  const ws = new WebSocket(baseUrl.replace(/^http/, 'ws') + SOCKET_PATH, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  const events: ServerEvent[] = []
  ws.on('message', (data) => events.push(ServerEvent.parse(JSON.parse(data.toString()))))
  const opened = await new Promise<number | 'open'>((resolve) => {
    ws.once('open', () => resolve('open'))
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
    ws.once('error', () => resolve(0))
  })
  return { ws, events, opened }
}

/** Waits until `check` holds (events arrive after their movement commits, through the outbox relay). */
export const until = async (check: () => boolean, what: string) => {
  const end = Date.now() + 20_000
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}
