// What a stopping server meets (tests of SIGTERM on both halves): a request still in flight, a
// socket whose client answers, and one whose client never answers anything.
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import net from 'node:net'
import { WebSocket } from 'ws'

/**
 * A POST whose headers are sent now and whose body only when `finish` is called: the server has
 * the request in flight meanwhile. `finish` answers its status and body.
 */
export function slowPost(url: string, headers: Record<string, string>, body: string) {
  const req = http.request(url, {
    method: 'POST',
    headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
  })
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = ''
      res.on('data', (chunk: Buffer) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
      res.on('error', reject)
    })
    req.on('error', reject)
  })
  const half = Math.floor(body.length / 2)
  req.write(body.slice(0, half))
  req.flushHeaders()
  return {
    finish() {
      req.end(body.slice(half))
      return answer
    },
  }
}

/** A WebSocket that records how the server closed it. */
export async function openSocket(url: string, headers: Record<string, string>) {
  const ws = new WebSocket(url, { headers })
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  )
  const opened = await new Promise<boolean>((resolve) => {
    ws.once('open', () => resolve(true))
    ws.once('unexpected-response', () => resolve(false))
    ws.once('error', () => resolve(false))
  })
  return { ws, opened, closed }
}

/**
 * A client that opens a WebSocket and then never reads or answers anything (a frozen tab, a
 * dead network): only the server can end it. Resolves once upgraded.
 */
export async function stubbornSocket(url: string, headers: Record<string, string>) {
  const { hostname, port, pathname } = new URL(url)
  const socket = net.connect(Number(port), hostname)
  socket.on('error', () => {})
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
  const lines = [
    `GET ${pathname} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    'Upgrade: websocket',
    'Connection: Upgrade',
    `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
    'Sec-WebSocket-Version: 13',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ]
  socket.write(`${lines.join('\r\n')}\r\n\r\n`)
  const first = await new Promise<string>((resolve) => socket.once('data', (chunk: Buffer) => resolve(String(chunk))))
  if (!first.startsWith('HTTP/1.1 101')) throw new Error(`the upgrade was refused: ${first.split('\r\n')[0]}`)
  // From here on it reads nothing: the server's closing frame is never answered.
  socket.pause()
  return socket
}
