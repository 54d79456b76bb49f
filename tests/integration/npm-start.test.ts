// `npm start` as an operator runs it: on a free port with its own data folder. Stopping the npm
// process (SIGTERM, as a process manager or `kill` does) must stop the server and free the port.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { expect, test } from 'vitest'
import { staleBuildReason } from '#scripts/build-stamp.ts'
import { waitFor } from '../setup/wait.ts'

const ROOT = resolve(import.meta.dirname, '../..')

/** Whether nothing listens on `port` (binding it succeeds). */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const probe = createServer()
    probe.once('error', () => done(false))
    probe.listen(port, '0.0.0.0', () => probe.close(() => done(true)))
  })
}

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((done) => probe.listen(0, '0.0.0.0', done))
  const { port } = probe.address() as { port: number }
  await new Promise((done) => probe.close(done))
  return port
}

test('SIGTERM to the `npm start` process stops the server and frees the port', async () => {
  // `npm test` builds first; a stale build here would make npm start rebuild under the other tests.
  expect(staleBuildReason(ROOT), 'run `npm run build` before this test').toBeNull()
  const dataDir = mkdtempSync(join(tmpdir(), 'casino-npm-start-'))
  const port = await freePort()
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    HOST: '0.0.0.0',
    LOG_LEVEL: 'info',
  }
  for (const name of [
    'NODE_ENV',
    'PUBLIC_URL',
    'SESSION_SECRET',
    'CASINO_API_URL',
    'PROVIDER_URL',
    'DATABASE_URL',
    'VITEST',
    'VITEST_WORKER_ID',
    'VITEST_POOL_ID',
  ])
    delete env[name]
  // Its own process group, so that whatever is left can be cleaned up if the test fails.
  const npm = spawn('npm', ['start'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  let output = ''
  npm.stdout.on('data', (chunk: Buffer) => (output += chunk))
  npm.stderr.on('data', (chunk: Buffer) => (output += chunk))
  const exited = new Promise<number | null>((done) =>
    npm.once('exit', (code, signal) => done(code ?? (signal ? 128 : null))),
  )
  try {
    await waitFor(
      () => `npm start to listen on ${port} (output so far: ${output.slice(-500)})`,
      () => output.includes('web server listening'),
      { timeoutMs: 120_000 },
    )
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200)
    // The site is http://localhost:<port>; its pages opened by the other name of this machine
    // lead there, where the forms work (at 127.0.0.1 each would be refused as another origin).
    const other = await fetch(`http://127.0.0.1:${port}/en/login?from=bookmark`, { redirect: 'manual' })
    expect(other.status).toBe(308)
    expect(other.headers.get('location')).toBe(`http://localhost:${port}/en/login?from=bookmark`)

    npm.kill('SIGTERM')
    await exited
    await waitFor(`port ${port} to be free after SIGTERM`, () => portIsFree(port), { timeoutMs: 30_000 })
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow()
    expect(output).toContain('shutting down')
  } finally {
    try {
      if (npm.pid) process.kill(-npm.pid, 'SIGKILL')
    } catch {
      // the group is gone: nothing left to clean up
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
})
