/**
 * The casino API as a process of its own (node casino-api/src/main.ts) on a free port: for the
 * kill test (SIGKILL in the middle of a burst) and `npm run bench:ledger` (the API alone in its
 * process, the load elsewhere).
 */
import { spawn } from 'node:child_process'
import { openSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'

export type ApiProcess = {
  url: string
  /** The built-in game provider it starts on a port of its own. */
  providerUrl: string
  /** The process id (bench:ledger reads its CPU time). */
  pid: number
  /** Sends `signal` and waits for the process to end. */
  stop(signal: NodeJS.Signals): Promise<void>
  /** The process's exit code once it ended (null when a signal ended it). */
  exited: Promise<number | null>
  /** What it wrote to stdout and stderr so far. */
  output(): string
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

/**
 * Runs the API with `env` over a clean environment until it exits by itself (a configuration or a
 * database it refuses): its exit code and everything it printed.
 */
export function runApiUntilExit(env: Record<string, string>) {
  const child = spawn(process.execPath, ['casino-api/src/main.ts'], {
    env: { PATH: process.env.PATH, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk))
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, output })),
  )
}

/**
 * Starts the API with `env` (its DATA_DIR also holds its output, api.log) and waits until it is
 * ready (/readyz). `port` starts it again where another ran (a restarted instance, `npm run soak`).
 */
export async function startApiProcess(
  env: Record<string, string>,
  dataDir: string,
  port?: number,
  providerPort?: number,
): Promise<ApiProcess> {
  // A free port picked here can be taken by another test's process before the API binds it (the
  // CI run saw EADDRINUSE so): the ports this function picked are picked again, twice at most.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env, dataDir, port ?? (await freePort()), providerPort ?? (await freePort()))
    } catch (error) {
      const taken = error instanceof Error && error.message.includes('EADDRINUSE')
      if (!taken || attempt === 3 || (port !== undefined && providerPort !== undefined)) throw error
    }
  }
}

async function startOnce(
  env: Record<string, string>,
  dataDir: string,
  port: number,
  providerPort: number,
): Promise<ApiProcess> {
  const logFile = join(dataDir, 'api.log')
  const out = openSync(logFile, 'a')
  const child = spawn(process.execPath, ['casino-api/src/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), PROVIDER_PORT: String(providerPort), DATA_DIR: dataDir },
    stdio: ['ignore', out, out],
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const url = `http://127.0.0.1:${port}`
  const stop = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    await exited
  }
  const output = () => readFileSync(logFile, 'utf8')
  const deadline = Date.now() + 180_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the casino API exited:\n${output().slice(-3000)}`)
    if (Date.now() > deadline) {
      await stop('SIGKILL')
      throw new Error('the casino API did not start within three minutes')
    }
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, providerUrl: `http://127.0.0.1:${providerPort}`, pid: child.pid!, stop, exited, output }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
