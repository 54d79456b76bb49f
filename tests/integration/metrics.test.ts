// /metrics of both halves as an operator runs them: `node server/index.ts` with the embedded
// casino API (as `npm start` and the image without CASINO_API_URL), each half's metrics on a
// loopback port of its own, never on the site's port. A failed log-in, a log-in, a socket, a card
// deposit and a round of roulette must move the counters a dashboard watches.
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { expect, test } from 'vitest'
import { WebSocket } from 'ws'
import { GAME_SESSION_HEADER } from '#contract'
import { freePort } from '#casino-api/tests/api-process.ts'
import { staleBuildReason } from '#scripts/build-stamp.ts'
import { Browser } from '../setup/http.ts'
import { TEST_SESSION_SECRET } from '../setup/harness.ts'
import { waitFor } from '../setup/wait.ts'

const ROOT = resolve(import.meta.dirname, '../..')

/** The sum of the samples of `name` whose labels include `labels` (Prometheus text format). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const has = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]))
    if (Object.entries(labels).every(([key, value]) => has[key] === value)) sum += Number(match[3])
  }
  return sum
}

/** The label values of `label` in the samples of `name`. */
function labelValues(text: string, name: string, label: string): string[] {
  const values = new Set<string>()
  for (const m of text.matchAll(new RegExp(`^${name}\\{[^}]*\\b${label}="([^"]*)"`, 'gm'))) values.add(m[1]!)
  return [...values]
}

test('both halves answer /metrics on their own loopback ports, not on the public one, and the counters move', async () => {
  expect(staleBuildReason(ROOT), 'run `npm run build` before this test').toBeNull()
  const dataDir = mkdtempSync(join(tmpdir(), 'casino-metrics-'))
  const [port, metricsPort, apiMetricsPort] = [await freePort(), await freePort(), await freePort()]
  const webUrl = `http://localhost:${port}`
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: webUrl,
    COOKIE_SECURE: 'false',
    SESSION_SECRET: TEST_SESSION_SECRET,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    PAYMENTS_SANDBOX: 'true',
    METRICS_PORT: String(metricsPort),
    API_METRICS_PORT: String(apiMetricsPort),
    LOG_LEVEL: 'info',
  }
  for (const name of ['CASINO_API_URL', 'PROVIDER_URL', 'DATABASE_URL', 'VITEST', 'VITEST_WORKER_ID', 'VITEST_POOL_ID'])
    delete env[name]
  const server = spawn(process.execPath, ['server/index.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  server.stdout.on('data', (chunk: Buffer) => (output += chunk))
  server.stderr.on('data', (chunk: Buffer) => (output += chunk))
  const exited = new Promise<void>((done) => server.once('exit', () => done()))
  const sockets: WebSocket[] = []
  try {
    await waitFor(
      () => `the server to listen (output so far: ${output.slice(-800)})`,
      () => output.includes('web server listening'),
      { timeoutMs: 120_000 },
    )
    const embedded = JSON.parse(output.split('\n').find((line) => line.includes('embedded casino API started'))!) as {
      url: string
      provider: string
    }
    const apiUrl = embedded.url
    const webMetrics = async () => (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()
    const apiMetrics = async () => (await fetch(`http://127.0.0.1:${apiMetricsPort}/metrics`)).text()

    // Not on the public port (nor on the casino API's own).
    expect((await fetch(`${webUrl}/metrics`)).status).toBe(404)
    expect((await fetch(`${apiUrl}/metrics`)).status).toBe(404)

    const webBefore = await webMetrics()
    const apiBefore = await apiMetrics()
    // Default process metrics and the event loop's lag, in each half's own registry.
    for (const text of [webBefore, apiBefore]) {
      expect(text).toContain('nodejs_eventloop_lag_seconds')
      expect(text).toContain('process_cpu_user_seconds_total')
    }

    // Through the site: a page with an id in its URL, a failed log-in, a log-in, the live socket.
    const b = new Browser(webUrl)
    expect((await b.get('/en/faq/some-section-42')).status).toBeGreaterThan(0)
    await b.post('/en/login', { username: 'demo', password: 'not-the-password' })
    const home = await b.post('/en/login', { username: 'demo', password: 'demo-player-2026' })
    expect(home.url).toBe(`${webUrl}/en`)
    const cookie = [...b.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    const ws = new WebSocket(`${webUrl.replace(/^http/, 'ws')}/ws`, { headers: { origin: webUrl, cookie } })
    sockets.push(ws)
    await new Promise((done, fail) => ws.once('open', done).once('error', fail))

    // Straight to the casino API, as the site's pages would: a card deposit and a round.
    const call = async (path: string, body: unknown, headers: Record<string, string> = {}, base = apiUrl) => {
      const res = await fetch(base + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      })
      expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200)
      return (await res.json()) as Record<string, unknown>
    }
    const { accessToken } = (await call('/front/auth/login/', { username: 'demo', password: 'demo-player-2026' })) as {
      accessToken: string
    }
    const asPlayer = { authorization: `Bearer ${accessToken}` }
    await call(
      '/front/moto_deposit_processor',
      {
        holderName: 'Demo Player',
        cardNumber: '4242424242424242',
        month: '12',
        year: String(new Date().getUTCFullYear() + 2),
        cvv2: '737',
        amount: 25_00,
      },
      { ...asPlayer, 'idempotency-key': `metrics-${Date.now()}` },
    )
    const { url } = (await call(
      '/front/get_game_url',
      { gameId: 'european-roulette', mode: 'real', language: 'en' },
      asPlayer,
    )) as { url: string }
    await call(
      '/game-server/play',
      { bet: { bets: [{ type: 'red', numbers: [], amount: 100 }] }, moveId: randomUUID() },
      { [GAME_SESSION_HEADER]: new URL(url).pathname.split('/').pop()! },
      // The game client's moves go to the built-in provider, on its own port.
      embedded.provider,
    )

    const web = await webMetrics()
    const api = await apiMetrics()
    const moved = (before: string, after: string, name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels)

    // The web half: requests by route pattern (the id is not a label), calls to the casino API, sockets.
    const routes = labelValues(web, 'casino_web_http_request_duration_seconds_count', 'route')
    expect(routes).toContain('/en?/faq/:id')
    expect(routes.some((route) => route.includes('some-section-42'))).toBe(false)
    expect(
      moved(webBefore, web, 'casino_web_http_request_duration_seconds_count', {
        route: '/en?/login',
        method: 'POST',
      }),
    ).toBe(2)
    expect(moved(webBefore, web, 'casino_web_upstream_call_duration_seconds_count', { call: 'login' })).toBe(2)
    expect(sample(web, 'casino_web_upstream_call_errors_total')).toBe(0)
    expect(sample(web, 'casino_web_open_sockets')).toBe(1)

    // The casino API: failed log-ins, the ledger by kind, rounds by game, requests by route, sockets.
    expect(moved(apiBefore, api, 'casino_api_failed_logins_total', { reason: 'wrong_credentials' })).toBe(1)
    expect(moved(apiBefore, api, 'casino_api_ledger_transactions_total', { kind: 'deposit' })).toBe(1)
    expect(moved(apiBefore, api, 'casino_api_ledger_amount_cents_total', { kind: 'deposit' })).toBe(25_00)
    expect(moved(apiBefore, api, 'casino_api_ledger_transactions_total', { kind: 'bet' })).toBe(1)
    expect(moved(apiBefore, api, 'casino_api_ledger_amount_cents_total', { kind: 'bet' })).toBe(100)
    expect(moved(apiBefore, api, 'casino_api_game_rounds_total', { game: 'european-roulette', mode: 'real' })).toBe(1)
    expect(
      moved(apiBefore, api, 'casino_api_http_request_duration_seconds_count', {
        route: '/front/auth/login/',
        status: '400',
      }),
    ).toBe(1)
    expect(sample(api, 'casino_api_open_sockets')).toBe(1)
  } finally {
    for (const ws of sockets) ws.terminate()
    server.kill('SIGTERM')
    await exited
    rmSync(dataDir, { recursive: true, force: true })
  }
}, 180_000)
