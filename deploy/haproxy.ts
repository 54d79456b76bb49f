// Debian's haproxy with deploy/haproxy.cfg, run for real in front of two servers on loopback:
// for deploy/haproxy.test.ts and `npm run soak` (one per tier, as deploy/compose.yaml runs them).
import { spawn } from 'node:child_process'
import { join, resolve } from 'node:path'
import { freePort } from '#casino-api/tests/api-process.ts'
import { waitFor } from '#tests/setup/wait.ts'

const ROOT = resolve(import.meta.dirname, '..')

/** HAProxy with deploy/haproxy.cfg on a free loopback port in front of two servers (host:port). */
export async function startHaproxy(servers: [string, string]) {
  const port = await freePort()
  let log = ''
  const child = spawn('haproxy', ['-db', '-f', join(ROOT, 'deploy/haproxy.cfg')], {
    env: { ...process.env, LISTEN_PORT: String(port), SERVER_1: servers[0], SERVER_2: servers[1] },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // Not installed: said in the log, which ready() prints when it gives up.
  child.once('error', (error) => (log += `haproxy could not start (${error.message}): install Debian's haproxy\n`))
  child.stdout.on('data', (chunk: Buffer) => (log += chunk))
  child.stderr.on('data', (chunk: Buffer) => (log += chunk))
  const url = `http://127.0.0.1:${port}`
  const get = (path: string) => fetch(url + path).catch(() => null)
  const status = async (path: string) => (await get(path))?.status ?? 0
  return {
    process: child,
    port,
    url,
    log: () => log,
    get,
    status,
    /** Until the balancer answers /readyz with 200 (a server is up and its check passed). */
    ready: () =>
      waitFor(
        () => `the balancer to answer (its log: ${log.slice(-500)})`,
        async () => (await status('/readyz')) === 200,
      ),
  }
}
