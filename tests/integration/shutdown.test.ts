// SIGTERM to the web server (`node server/index.ts`, production build, embedded casino API) with
// a player's /ws socket open, a socket whose browser never answers, and a form post in flight:
// the sockets are told 1012 (service restart: the page reconnects, to another instance behind
// the load balancer), the post is answered, and the process exits within SHUTDOWN_TIMEOUT_MS.
// An open socket once held it for as long as the browser stayed (27–72 s).
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { expect, test } from 'vitest'
import { freePort } from '#casino-api/tests/api-process.ts'
import { openSocket, slowPost, stubbornSocket } from '#casino-api/tests/shutdown-helpers.ts'
import { staleBuildReason } from '#scripts/build-stamp.ts'
import { TEST_SESSION_SECRET } from '../setup/harness.ts'
import { Browser } from '../setup/http.ts'
import { waitFor } from '../setup/wait.ts'

const ROOT = resolve(import.meta.dirname, '../..')
const SHUTDOWN_TIMEOUT_MS = 8000

test('SIGTERM with open sockets and a post in flight: 1012 to the sockets, the post answered, exit 0 in time', async () => {
  expect(staleBuildReason(ROOT), 'run `npm run build` before this test').toBeNull()
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'web-shutdown-'))
  const site = `http://localhost:${port}`
  const web = spawn(process.execPath, ['server/index.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: site,
      COOKIE_SECURE: 'false',
      SESSION_SECRET: TEST_SESSION_SECRET,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      PAYMENTS_SANDBOX: 'true',
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      CASINO_API_URL: '',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  web.stdout.on('data', (chunk: Buffer) => (output += chunk))
  web.stderr.on('data', (chunk: Buffer) => (output += chunk))
  const exited = new Promise<number | null>((done) => web.once('exit', (code) => done(code)))
  try {
    await waitFor(
      () => `the web server to listen (output so far: ${output.slice(-500)})`,
      () => output.includes('web server listening'),
      { timeoutMs: 180_000 },
    )
    const b = new Browser(site)
    const home = await b.post('/login', { username: 'demo', password: 'demo-player-2026' })
    expect(home.url).toBe(`${site}/`)
    const headers = { origin: site, cookie: [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
    const socketUrl = `ws://127.0.0.1:${port}/ws`
    const player = await openSocket(socketUrl, headers)
    expect(player.opened).toBe(true)
    await stubbornSocket(socketUrl, headers)
    const inFlight = slowPost(
      `http://127.0.0.1:${port}/en/login`,
      // Another visitor's (a logged-in one is sent home from the log-in page).
      { origin: site, host: `localhost:${port}`, 'content-type': 'application/x-www-form-urlencoded' },
      new URLSearchParams({ username: 'demo', password: 'not-the-password' }).toString(),
    )
    await new Promise((done) => setTimeout(done, 200))

    const signalled = Date.now()
    web.kill('SIGTERM')
    expect(await player.closed).toEqual({ code: 1012, reason: 'service restart' })
    expect((await openSocket(socketUrl, headers)).opened).toBe(false)
    const answer = await inFlight.finish()
    // The log-in page's own answer to a wrong password.
    expect(answer.status).toBe(400)
    expect(answer.body).toContain('Wrong username or password.')

    expect(await exited).toBe(0)
    expect(Date.now() - signalled).toBeLessThan(SHUTDOWN_TIMEOUT_MS)
    expect(output).toContain('stopped')
  } finally {
    web.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  }
}, 300_000)
