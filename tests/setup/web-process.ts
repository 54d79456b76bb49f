// The web server as an operator runs it (`node server/index.ts`, the production build) on a free
// port with a data folder of its own: for tests of the process itself (SIGTERM, its log lines).
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { freePort } from '#casino-api/tests/api-process.ts'
import { staleBuildReason } from '#scripts/build-stamp.ts'
import { TEST_SESSION_SECRET } from './harness.ts'
import { waitFor } from './wait.ts'

const ROOT = resolve(import.meta.dirname, '../..')

/**
 * Starts it with `env` over a production setup (the embedded casino API unless CASINO_API_URL is
 * given, the demo player seeded) and waits until it listens. `at` starts it again where another
 * ran (its port and data folder, which the caller then removes): a restarted instance.
 */
export async function startWebProcess(env: Record<string, string> = {}, at?: { port: number; dataDir: string }) {
  const reason = staleBuildReason(ROOT)
  if (reason) throw new Error(`run \`npm run build\` before this test: ${reason}`)
  const port = at?.port ?? (await freePort())
  const dataDir = at?.dataDir ?? mkdtempSync(join(tmpdir(), 'web-process-'))
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
      CASINO_API_URL: '',
      PROVIDER_URL: '',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  web.stdout.on('data', (chunk: Buffer) => (output += chunk))
  web.stderr.on('data', (chunk: Buffer) => (output += chunk))
  const exited = new Promise<number | null>((done) => web.once('exit', (code) => done(code)))
  const stop = async () => {
    if (web.exitCode === null && web.signalCode === null) web.kill('SIGKILL')
    await exited
    if (!at) rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    await waitFor(
      () => `the web server to listen (output so far: ${output.slice(-500)})`,
      () => output.includes('web server listening') || web.exitCode !== null,
      { timeoutMs: 180_000 },
    )
    if (web.exitCode !== null) throw new Error(`the web server exited: ${output.slice(-2000)}`)
  } catch (error) {
    await stop()
    throw error
  }
  return {
    port,
    site,
    dataDir,
    /** Sends SIGTERM; `exited` tells its exit code. */
    terminate: () => web.kill('SIGTERM'),
    exited,
    output: () => output,
    /** Kills what is left and removes its data folder (unless it was given one). */
    stop,
  }
}
