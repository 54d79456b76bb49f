// `npm run bench:ssr`: server-side rendering throughput of the casino beside a bare React Router
// page (bench/bare-app), measured in the same run on the same machine, so that the ratio means
// something on any machine. Builds both, starts the casino in production mode with its embedded
// casino API (PGlite in a temporary DATA_DIR) and the bare page, each in its own process on a free
// port, logs a fresh player in through the real forms, then loads each page with autocannon.
//
// BENCH_DURATION (seconds per measurement, default 10), BENCH_CONNECTIONS (default 50),
// BENCH_SKIP_BUILD=1 (reuse build/ and bench/bare-app/build/), BENCH_PAGES=text (only the pages
// whose label contains it, e.g. to take a CPU profile of one with NODE_OPTIONS=--cpu-prof). `--smoke`: 1 s, 4 connections,
// just to see that everything starts and answers.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { lastMailTo, newPlayer } from '#tests/setup/harness.ts'

const smoke = process.argv.includes('--smoke')
const duration = smoke ? 1 : Number(process.env.BENCH_DURATION ?? 10)
const connections = smoke ? 4 : Number(process.env.BENCH_CONNECTIONS ?? 50)
const warmup = smoke ? 0.5 : Math.min(3, duration)

function run(cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, { stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

if (!process.env.BENCH_SKIP_BUILD) {
  run('react-router', ['build'])
  run('react-router', ['build', 'bench/bare-app'])
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

async function waitFor(url: string, child: ChildProcess, logFile: string) {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(
        `${url}: the server exited (${child.exitCode}); its output:\n${readFileSync(logFile, 'utf8').slice(-4000)}`,
      )
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${url} did not answer within two minutes`)
}

const tmp = mkdtempSync(join(tmpdir(), 'casino-bench-'))
const dataDir = join(tmp, 'data')
const children: ChildProcess[] = []

function start(script: string, port: number, env: Record<string, string>, name: string) {
  const logFile = join(tmp, `${name}.log`)
  const out = openSync(logFile, 'a')
  // The server's request log goes to a file, as it would go to a log collector.
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', out, out],
  })
  children.push(child)
  return { child, logFile }
}

async function stopAll() {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve()
          child.once('exit', () => resolve())
          child.kill('SIGTERM')
        }),
    ),
  )
  rmSync(tmp, { recursive: true, force: true })
}

type Figures = { rps: number; p50: number; p99: number; non2xx: number; errors: number }

// What Chromium sends: both servers compress their answers as they would for a browser.
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd'

async function measure(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const load = (seconds: number) =>
    autocannon({ url, connections, duration: seconds, headers: { 'accept-encoding': ACCEPT_ENCODING, ...headers } })
  if (warmup > 0) await load(warmup)
  const r = await load(duration)
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  }
}

/** Registers a player through the register form, activates it by the e-mailed link and logs in: the session cookie. */
async function logIn(webUrl: string): Promise<string> {
  const origin = new URL(webUrl).origin
  const post = (path: string, fields: Record<string, string>, cookie = '') =>
    fetch(webUrl + path, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams(fields),
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded', cookie },
    })
  const player = newPlayer()
  const registered = await post('/register', player)
  if (registered.status !== 200) throw new Error(`registration answered ${registered.status}`)
  const { link } = lastMailTo(join(dataDir, 'mail'), player.email, webUrl)
  if (!link) throw new Error('no activation link was mailed')
  await post(new URL(link).pathname, {})
  const login = await post('/login', { username: player.username, password: player.password })
  const session = login.headers.getSetCookie().find((c) => /^(__Host-)?casino=[^;]/.test(c))
  if (!session) throw new Error(`login answered ${login.status} without a session cookie`)
  const cookie = session.split(';')[0]!
  const profile = await fetch(`${webUrl}/user-management/profile`, { redirect: 'manual', headers: { cookie } })
  if (profile.status !== 200 || !(await profile.text()).includes(player.username))
    throw new Error(`the profile page answered ${profile.status} for the logged-in player`)
  return cookie
}

const visitor = async () => ({})
const ms = (n: number) => `${n.toFixed(0)} ms`
const pad = (s: string, n: number) => s.padStart(n)

try {
  const [webPort, barePort] = await Promise.all([freePort(), freePort()])
  const webUrl = `http://127.0.0.1:${webPort}`
  const bareUrl = `http://127.0.0.1:${barePort}`
  const web = start(
    'server/index.ts',
    webPort,
    {
      NODE_ENV: 'production',
      PUBLIC_URL: webUrl,
      DATA_DIR: dataDir,
      SESSION_SECRET: randomBytes(36).toString('base64url'),
      CASINO_API_URL: '',
      DATABASE_URL: '',
    },
    'casino',
  )
  const bare = start('bench/bare-app/server.ts', barePort, { NODE_ENV: 'production' }, 'bare')
  await Promise.all([waitFor(`${webUrl}/readyz`, web.child, web.logFile), waitFor(bareUrl, bare.child, bare.logFile)])

  // The player logs in right before their page is measured: a browser stores the cookie the site
  // re-seals once a minute, autocannon keeps sending the first one (re-sealed on every request
  // once it is a minute old; keep BENCH_DURATION under a minute).
  const player = async () => ({ cookie: await logIn(webUrl) })
  const pages: { label: string; path: string; headers: () => Promise<Record<string, string>>; target?: number }[] = [
    { label: '/ (visitor)', path: '/', headers: visitor, target: 0.6 },
    { label: '/en/register (visitor)', path: '/en/register', headers: visitor },
    { label: '/user-management/profile (logged in)', path: '/user-management/profile', headers: player, target: 0.4 },
  ]
  console.log(
    `\nbench:ssr — autocannon, ${connections} connections, ${duration} s per measurement (after ${warmup} s warm-up), Accept-Encoding: ${ACCEPT_ENCODING}; the bare page is measured right before each page\n`,
  )
  const rows: string[][] = [['page', 'req/s', 'p50', 'p99', 'bare req/s', 'bare p50', 'bare p99', 'ratio', 'target']]
  const problems: string[] = []
  for (const page of pages.filter((p) => p.label.includes(process.env.BENCH_PAGES ?? ''))) {
    const base = await measure(bareUrl + '/')
    const figures = await measure(webUrl + page.path, await page.headers())
    for (const [name, f] of [
      [page.label, figures],
      ['bare /', base],
    ] as const) {
      if (f.non2xx || f.errors)
        problems.push(`${name}: ${f.non2xx} answers other than 2xx, ${f.errors} errors or timeouts`)
    }
    const ratio = figures.rps / base.rps
    const verdict = page.target === undefined ? '—' : `≥ ${page.target} ${ratio >= page.target ? 'met' : 'MISSED'}`
    rows.push([
      page.label,
      figures.rps.toFixed(0),
      ms(figures.p50),
      ms(figures.p99),
      base.rps.toFixed(0),
      ms(base.p50),
      ms(base.p99),
      `${ratio.toFixed(2)} ×`,
      verdict,
    ])
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)))
  for (const [i, row] of rows.entries()) {
    console.log(row.map((cell, j) => (j === 0 ? cell.padEnd(widths[j]!) : pad(cell, widths[j]!))).join('  '))
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  }
  for (const problem of problems) console.log(`warning: ${problem}`)
} finally {
  await stopAll()
}
