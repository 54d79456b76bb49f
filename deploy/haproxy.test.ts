// deploy/haproxy.cfg, the load balancer of deploy/compose.yaml, run for real (Debian's haproxy)
// in front of two casino API processes started at the same moment on one empty PostgreSQL
// database: the migrations run once, requests are shared between the two, an instance killed
// with SIGKILL leaves the rotation without a player seeing an error, and with no instance ready
// the balancer answers 503. And the check is readiness, not liveness: an instance that accepts
// connections but is not ready gets nothing, while one that is only slow to say it is ready stays.
import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Client } from 'pg'
import { expect, test } from 'vitest'
import { freePort, startApiProcess, type ApiProcess } from '#casino-api/tests/api-process.ts'
import { backends } from '#casino-api/tests/helpers.ts'
import { waitFor } from '#tests/setup/wait.ts'
import { startHaproxy } from './haproxy.ts'

const ROOT = resolve(import.meta.dirname, '..')

/** How many /healthz requests an instance answered, from its metrics. */
async function healthzServed(metricsPort: number) {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()
  const line = text
    .split('\n')
    .find((l) => /^casino_api_http_request_duration_seconds_count\{[^}]*route="\/healthz"/.test(l))
  return line ? Number(line.split(' ').at(-1)) : 0
}

test('a server whose /readyz is not 200 gets no traffic, though it accepts connections and its /healthz is 200', async () => {
  const servers = await Promise.all(
    (['ready', 'not-ready'] as const).map(async (name) => {
      const server = createServer((req, res) => {
        res.writeHead(name === 'not-ready' && req.url === '/readyz' ? 503 : 200, { 'x-server': name }).end()
      })
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
      return server
    }),
  )
  const hosts = servers.map((s) => `127.0.0.1:${(s.address() as AddressInfo).port}`)
  const balancer = await startHaproxy([hosts[0]!, hosts[1]!])
  try {
    await balancer.ready()
    // Its checks take the unready one (server "two") out of rotation; then every answer is the ready one's.
    await waitFor('server two marked down', () => balancer.log().includes('servers/two is DOWN'), { timeoutMs: 20_000 })
    const answeredBy = new Set<string | null>()
    for (let i = 0; i < 10; i++) answeredBy.add((await balancer.get('/healthz'))?.headers.get('x-server') ?? null)
    expect([...answeredBy]).toEqual(['ready'])
  } finally {
    balancer.process.kill('SIGTERM')
    for (const server of servers) server.close()
  }
}, 60_000)

test('a server slower to answer /readyz than the check interval (a busy web asking its casino API) stays in rotation', async () => {
  let checks = 0
  const slow = createServer((req, res) => {
    if (req.url !== '/readyz') return void res.writeHead(200, { 'x-server': 'slow' }).end()
    checks++
    // Later than the 2 s interval, within the web's own 3 s budget for its upstream's readiness.
    setTimeout(() => res.writeHead(200).end(), 2_500)
  })
  await new Promise<void>((done) => slow.listen(0, '127.0.0.1', done))
  const host = `127.0.0.1:${(slow.address() as AddressInfo).port}`
  const balancer = await startHaproxy([host, host])
  try {
    // Three checks of each server answered late: with fall 2, a check timing out at the interval
    // would have taken both out (HAProxy logs 'is DOWN').
    await waitFor('six slow checks', () => checks >= 6, { timeoutMs: 30_000 })
    await new Promise((done) => setTimeout(done, 3_000))
    expect(balancer.log()).not.toContain('is DOWN')
    expect((await balancer.get('/'))?.headers.get('x-server')).toBe('slow')
  } finally {
    balancer.process.kill('SIGTERM')
    slow.closeAllConnections()
    slow.close()
  }
}, 60_000)

for (const backend of backends.filter((b) => b === 'postgres')) {
  test(`${backend}: HAProxy with deploy/haproxy.cfg balances two casino APIs on /readyz and survives a SIGKILL`, async () => {
    const database = `casino_lb_${randomBytes(4).toString('hex')}`
    const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${database}`)
    const url = new URL(process.env.TEST_DATABASE_URL!)
    url.pathname = `/${database}`
    const dirs = [mkdtempSync(join(tmpdir(), 'casino-lb-1-')), mkdtempSync(join(tmpdir(), 'casino-lb-2-'))]
    const metricsPorts = [await freePort(), await freePort()]
    const apis: ApiProcess[] = []
    let haproxy: ChildProcess | undefined
    try {
      // Both at once on the empty database, as compose starts them.
      apis.push(
        ...(await Promise.all(
          dirs.map((dir, i) =>
            startApiProcess(
              {
                DATABASE_URL: url.toString(),
                LIVE_TABLES: 'false',
                PROVIDER_SECRET: 'provider-secret-shared-by-both-0123456789',
                METRICS_PORT: String(metricsPorts[i]),
              },
              dir,
            ),
          ),
        )),
      )
      const journal = JSON.parse(readFileSync(join(ROOT, 'casino-api/drizzle/meta/_journal.json'), 'utf8')) as {
        entries: unknown[]
      }
      const db = new Client({ connectionString: url.toString() })
      await db.connect()
      const applied = await db.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')
      await db.end()
      expect(applied.rows[0].n).toBe(journal.entries.length)

      const balancer = await startHaproxy([new URL(apis[0]!.url).host, new URL(apis[1]!.url).host])
      haproxy = balancer.process
      const { status } = balancer
      await balancer.ready()

      // Round robin: both instances serve (counted by their metrics, served once each has started).
      await waitFor('both metrics servers', async () =>
        (
          await Promise.all(
            metricsPorts.map((p) =>
              fetch(`http://127.0.0.1:${p}/metrics`).then(
                (r) => r.ok,
                () => false,
              ),
            ),
          )
        ).every(Boolean),
      )
      const before = await Promise.all(metricsPorts.map(healthzServed))
      for (let i = 0; i < 10; i++) expect(await status('/healthz')).toBe(200)
      const after = await Promise.all(metricsPorts.map(healthzServed))
      expect(after.map((n, i) => n - before[i]!)).toEqual([5, 5])

      // One instance killed: every request still answered (a refused connection goes to the other).
      await apis[0]!.stop('SIGKILL')
      for (let i = 0; i < 20; i++) expect(await status('/healthz')).toBe(200)

      // None left: the balancer says so itself once its checks have seen it.
      await apis[1]!.stop('SIGKILL')
      await waitFor('a 503 with no instance ready', async () => (await status('/readyz')) === 503, {
        timeoutMs: 20_000,
      })
    } finally {
      haproxy?.kill('SIGTERM')
      await Promise.all(apis.map((api) => api.stop('SIGKILL')))
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
      await admin.end()
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
    }
  }, 300_000)
}
