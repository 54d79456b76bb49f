// A small HTTP proxy in front of the casino API for fault tests: every request is forwarded
// unless a rule says otherwise ('down': the connection is dropped; 'hang': no answer until the
// proxy closes; 'hold': forwarded only at `heal`). It records the paths it saw so a test can wait on what reached the upstream.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type Fault = 'down' | 'hang' | 'hold'

export async function startFaultProxy(target: string) {
  const upstream = new URL(target)
  const faults: { match: (path: string) => boolean; fault: Fault }[] = []
  const seen: { method: string; path: string; forwarded: boolean }[] = []
  const hanging = new Set<http.ServerResponse>()
  const held: (() => void)[] = []
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/'
    const rule = faults.find((f) => f.match(path))
    seen.push({ method: req.method ?? 'GET', path, forwarded: !rule || rule.fault === 'hold' })
    if (rule?.fault === 'down') return req.socket.destroy()
    if (rule?.fault === 'hang') {
      hanging.add(res)
      res.on('close', () => hanging.delete(res))
      return
    }
    if (rule?.fault === 'hold') return void held.push(() => forward(req, res, path))
    forward(req, res, path)
  })
  function forward(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    const call = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    call.on('error', () => res.destroy())
    req.pipe(call)
  }
  server.keepAliveTimeout = 1
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    seen,
    /** Paths starting with `prefix` (or everything with '') get `fault` until `heal`. */
    fail(prefix: string, fault: Fault = 'down') {
      faults.push({ match: (path) => path.startsWith(prefix), fault })
    },
    heal() {
      faults.length = 0
      for (const res of hanging) res.destroy()
      for (const release of held.splice(0)) release()
    },
    async close() {
      for (const res of hanging) res.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
export type FaultProxy = Awaited<ReturnType<typeof startFaultProxy>>
