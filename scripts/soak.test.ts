// `npm run soak -- --smoke`, run for real: two casino APIs and two web processes on PostgreSQL
// behind HAProxy, players depositing and playing while one API and one web process are killed with
// SIGKILL; the run ends with the ledger sound, every player's ledger balance equal to what the site
// confirmed to them, no failed request outside the kills, and every socket open again.
import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { expect, test } from 'vitest'
import { backends } from '#casino-api/tests/helpers.ts'

const ROOT = resolve(import.meta.dirname, '..')

for (const backend of backends.filter((b) => b === 'postgres')) {
  test(`${backend}: a short soak with a SIGKILL of each kind keeps the money and recovers`, async () => {
    const child = spawn(process.execPath, ['scripts/soak.ts', '--smoke'], {
      cwd: ROOT,
      env: { ...process.env, SOAK_DATABASE_URL: process.env.TEST_DATABASE_URL },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk))
    const code = await new Promise<number | null>((done) => child.once('exit', done))
    expect(output, output.slice(-4000)).toContain('soak: every invariant holds')
    expect(code).toBe(0)
    // One kill of each kind, each back in its balancer's rotation.
    expect(output).toMatch(/^api 1 +\d+ s +[\d.]+ s +[\d.]+ s$/m)
    expect(output).toMatch(/^web 1 +\d+ s +[\d.]+ s +[\d.]+ s$/m)
    // Money moved and was reconciled player by player.
    expect(output).toMatch(/^players whose two differ +0/m)
    expect(output).toMatch(/^rounds +[1-9]\d*/m)
    expect(output).toContain('ledger:check: every invariant holds')
    expect(output).toMatch(/Sockets: (\d+)\/\1 open at the end/)
  }, 240_000)
}
