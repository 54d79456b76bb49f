// What the benchmarks that run the casino beside the bare page (bench/bare-app) share: building
// both, starting each in its own process on a free port (the casino in production mode with its
// embedded casino API on PGlite in a temporary DATA_DIR), logging a fresh player in through the
// real forms, and stopping everything again.
import { loadavg } from 'node:os'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { adminSecretOf, lastMailTo, loggedInAdmin, logInWithCode, newPlayer } from '#tests/setup/harness.ts'
import { Browser } from '#tests/setup/http.ts'
import { buildAll } from './build-stamp.ts'

/** Runs a command in the foreground; its failure ends the benchmark with the command's status. */
export function run(cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, { stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

/** Production builds of the casino and the bare page, unless BENCH_SKIP_BUILD=1 (reuse build/ and bench/bare-app/build/). */
export function buildUnlessSkipped() {
  if (process.env.BENCH_SKIP_BUILD) return
  // The casino's two builds (the site's and the provider's game client's), as npm run build makes them.
  const status = buildAll(process.cwd())
  if (status !== 0) process.exit(status)
  run('react-router', ['build', 'bench/bare-app'])
}

export async function freePort(): Promise<number> {
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
  const deadline = Date.now() + 300_000
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
  throw new Error(`${url} did not answer within five minutes`)
}

/** The embedded casino API's address, from the casino's log line 'embedded casino API started'. */
function embeddedApiUrl(logFile: string): string {
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.includes('embedded casino API started')) continue
    const { url } = JSON.parse(line) as { url?: string }
    if (url) return url
  }
  throw new Error(`the casino did not log its embedded casino API's address (${logFile})`)
}

/** A child process to end when the benchmark ends (SIGTERM, then wait for its exit). */
export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

export type BenchSites = {
  webUrl: string
  bareUrl: string
  /** A temporary folder that `stop` removes (the casino's DATA_DIR is inside it). */
  tmp: string
  /** Registers a player through the register form, activates it by the e-mailed link and logs in: the session cookie. */
  logIn(): Promise<string>
  /** Logs the administrator in (changing the first password, as the site asks at the first log-in): the session cookie. */
  logInAdmin(): Promise<string>
  /**
   * Publishes a campaign (a promotion, in Spanish and English) through the admin content editor,
   * then answers the slugs of every running campaign the promotions page links to.
   */
  campaigns(): Promise<string[]>
  stop(): Promise<void>
}

/** Starts the casino (production, embedded casino API) and the bare page, each on a free port, and waits until both answer. */
export async function startSites(): Promise<BenchSites> {
  const tmp = mkdtempSync(join(tmpdir(), 'casino-bench-'))
  const dataDir = join(tmp, 'data')
  const children: ChildProcess[] = []
  const stop = async () => {
    await Promise.all(children.map(stopProcess))
    rmSync(tmp, { recursive: true, force: true })
  }

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

  try {
    const [webPort, barePort] = await Promise.all([freePort(), freePort()])
    const webUrl = `http://127.0.0.1:${webPort}`
    const bareUrl = `http://127.0.0.1:${barePort}`
    const sessionSecret = randomBytes(36).toString('base64url')
    const web = start(
      'server/index.ts',
      webPort,
      {
        NODE_ENV: 'production',
        PUBLIC_URL: webUrl,
        DATA_DIR: dataDir,
        SESSION_SECRET: sessionSecret,
        CASINO_API_URL: '',
        DATABASE_URL: '',
        // The embedded casino API's payment processors are the sandbox, as with `npm start`.
        PAYMENTS_SANDBOX: 'true',
        ADMIN_PASSWORD: ADMIN_FIRST_PASSWORD,
      },
      'casino',
    )
    await waitFor(`${webUrl}/readyz`, web.child, web.logFile)
    // The bare server's logged-in floor (/floor) opens the casino's session cookies and calls its
    // embedded casino API: the same secret, cookie settings and API as the casino.
    const bare = start(
      'bench/bare-app/server.ts',
      barePort,
      {
        NODE_ENV: 'production',
        PUBLIC_URL: webUrl,
        SESSION_SECRET: sessionSecret,
        CASINO_API_URL: embeddedApiUrl(web.logFile),
      },
      'bare',
    )
    await waitFor(bareUrl, bare.child, bare.logFile)
    let admin: Promise<string> | undefined
    // The first log-in changes the password: later ones log in with the new one.
    const adminCookie = () => {
      admin = admin ? admin.then(() => logInAdmin(webUrl, ADMIN_PASSWORD)) : logInAdmin(webUrl, ADMIN_FIRST_PASSWORD)
      return admin
    }
    return {
      webUrl,
      bareUrl,
      tmp,
      logIn: () => logIn(webUrl, join(dataDir, 'mail')),
      logInAdmin: adminCookie,
      campaigns: async () => campaigns(webUrl, await adminCookie()),
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

const ADMIN_FIRST_PASSWORD = 'bench-admin-first-2026'
const ADMIN_PASSWORD = 'bench-admin-password-2026'

/** A form post to the site, as a browser sends it from one of its pages. */
function postTo(webUrl: string) {
  const origin = new URL(webUrl).origin
  return (path: string, fields: Record<string, string>, cookie = '') =>
    fetch(webUrl + path, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams(fields),
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded', cookie },
    })
}

/** The session cookie a log-in answer sets. */
function sessionCookie(answer: Response) {
  const session = answer.headers.getSetCookie().find((c) => /^(__Host-)?casino=[^;]/.test(c))
  if (!session) throw new Error(`the site answered ${answer.status} without a session cookie`)
  return session.split(';')[0]!
}

/** Checks that `path` answers 200 with `text` for the session, and answers the session. */
async function loggedIn(webUrl: string, path: string, cookie: string, text: string) {
  const page = await fetch(webUrl + path, { redirect: 'manual', headers: { cookie } })
  if (page.status !== 200 || !(await page.text()).includes(text))
    throw new Error(`${path} answered ${page.status} for the logged-in session`)
  return cookie
}

async function activationLink(mailDir: string, email: string, webUrl: string) {
  for (let waited = 0; ; waited += 50) {
    try {
      return lastMailTo(mailDir, email, webUrl).link
    } catch (error) {
      if (waited >= 10_000) throw error
      await new Promise((done) => setTimeout(done, 50))
    }
  }
}

async function logIn(webUrl: string, mailDir: string): Promise<string> {
  const post = postTo(webUrl)
  const player = newPlayer()
  const registered = await post('/register', player)
  if (registered.status !== 200) throw new Error(`registration answered ${registered.status}`)
  // The activation mail is a job of the casino API, written just after the answer.
  const link = await activationLink(mailDir, player.email, webUrl)
  if (!link) throw new Error('no activation link was mailed')
  await post(new URL(link).pathname, {})
  const cookie = sessionCookie(await post('/login', { username: player.username, password: player.password }))
  return loggedIn(webUrl, '/user-management/profile', cookie, player.username)
}

/**
 * The administrator's session cookie: the first log-in changes the password and turns two-factor
 * authentication on, as the site asks (ADR 0066); later ones give the password, then the code.
 */
async function logInAdmin(webUrl: string, password: string): Promise<string> {
  const b =
    password === ADMIN_FIRST_PASSWORD
      ? await loggedInAdmin({ webUrl }, Browser, ADMIN_FIRST_PASSWORD, ADMIN_PASSWORD)
      : new Browser(webUrl)
  if (password !== ADMIN_FIRST_PASSWORD) await logInWithCode(b, 'admin', ADMIN_PASSWORD, adminSecretOf(webUrl))
  const session = [...b.cookies].find(([name]) => /^(__Host-)?casino$/.test(name))
  if (!session) throw new Error('the administrator has no session cookie')
  return loggedIn(webUrl, '/admin/held-winnings', `${session[0]}=${session[1]}`, '<h1')
}

const CAMPAIGN = {
  es: {
    title: 'Fin de semana de ruleta',
    summary: 'Tres días con las mesas de ruleta en primera fila.',
    body: 'Del viernes al domingo, las mesas de **ruleta** abren la sala.\n\n- Ruleta europea\n- Ruleta en vivo\n\nJuega con responsabilidad.',
  },
  en: {
    title: 'Roulette weekend',
    summary: 'Three days with the roulette tables up front.',
    body: 'From Friday to Sunday the **roulette** tables open the floor.\n\n- European roulette\n- Live roulette\n\nPlay responsibly.',
  },
}

async function campaigns(webUrl: string, adminCookie: string): Promise<string[]> {
  const post = postTo(webUrl)
  for (const [locale, text] of Object.entries(CAMPAIGN)) {
    const saved = await post(
      '/admin/content/new',
      {
        kind: 'promotion',
        slug: 'roulette-weekend',
        locale,
        ...text,
        linkUrl: '/casino',
        published: 'on',
        intent: 'save',
      },
      adminCookie,
    )
    if (saved.status >= 400) throw new Error(`saving the campaign (${locale}) answered ${saved.status}`)
  }
  const list = await (await fetch(`${webUrl}/promotion`)).text()
  const slugs = [...new Set([...list.matchAll(/href="\/promotion\/([a-z0-9-]+)"/g)].map((m) => m[1]!))]
  if (!slugs.length) throw new Error('the promotions page links to no campaign')
  return slugs
}

/**
 * Measures each item `runs` times, run after run over all of them (so that a slow moment of the
 * machine spreads over every item), with one more try after a failed run (a busy machine can make
 * a wait run out); an item that fails twice in a row is not measured again, and its error is kept.
 * Prints a dot per run measured, an x per failure.
 */
export async function measureEach<Item, Result>(
  items: Item[],
  runs: number,
  measure: (item: Item, run: number) => Promise<Result>,
) {
  const results = new Map<Item, Result[]>(items.map((item) => [item, []]))
  const errors = new Map<Item, string>()
  for (let round = 0; round < runs; round++) {
    for (const item of items) {
      if (errors.has(item)) continue
      for (let attempt = 1; attempt <= 2; attempt++) {
        try {
          results.get(item)!.push(await measure(item, round))
          process.stderr.write('.')
          break
        } catch (error) {
          process.stderr.write('x')
          if (attempt === 2) errors.set(item, error instanceof Error ? error.message : String(error))
        }
      }
    }
  }
  process.stderr.write('\n')
  return { results, errors }
}

/** Prints rows as a table: the first row is the header, the first column left-aligned, the others right-aligned. */
export function printTable(rows: string[][]) {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)))
  for (const [i, row] of rows.entries()) {
    console.log(row.map((cell, j) => (j === 0 ? cell.padEnd(widths[j]!) : cell.padStart(widths[j]!))).join('  '))
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  }
}

/** The machine's load averages (1, 5, 15 min), printed beside every figure: these machines are shared. */
export const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')
