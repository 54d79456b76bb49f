// `npm run backup` and `npm run restore` as an operator runs them, on PGlite's data folder and on
// a PostgreSQL database of their own: back up, move money through the running casino API, restore,
// and the ledger holds (`npm run ledger:check`) with every balance as it was at the backup.
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { asc } from 'drizzle-orm'
import { Client } from 'pg'
import { expect, test } from 'vitest'
import { openDatabase } from '#casino-api/src/db/open.ts'
import { ledgerAccounts } from '#casino-api/src/db/schema.ts'
import { startApiProcess } from '#casino-api/tests/api-process.ts'
import { backends } from '#casino-api/tests/helpers.ts'
import { card } from '#casino-api/tests/payment-helpers.ts'

const ROOT = resolve(import.meta.dirname, '..')

function npmRun(script: string, args: string[], env: Record<string, string>) {
  const result = spawnSync('npm', ['run', '--silent', script, '--', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  })
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

/** Every ledger account's balance, in one order. */
async function balances(env: Record<string, string>) {
  const opened = env.DATABASE_URL
    ? await openDatabase({ driver: 'postgres', url: env.DATABASE_URL })
    : await openDatabase({ driver: 'pglite', dataDir: join(env.DATA_DIR!, 'db') })
  try {
    return await opened.db
      .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .orderBy(asc(ledgerAccounts.id))
  } finally {
    await opened.close()
  }
}

const logIn = (apiUrl: string) =>
  fetch(`${apiUrl}/front/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'demo-player-2026' }),
  })

/** The demo player deposits 40 € by card through the casino API running as its own process. */
async function depositThroughTheApi(env: Record<string, string>, dataDir: string) {
  const api = await startApiProcess(env, dataDir)
  try {
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(api.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      })
    const { accessToken } = (await (await logIn(api.url)).json()) as { accessToken: string }
    const deposit = await post('/front/moto_deposit_processor', card('4242424242424242', 40_00), {
      authorization: `Bearer ${accessToken}`,
      'idempotency-key': `backup-test-${randomBytes(6).toString('hex')}`,
    })
    expect(deposit.status).toBe(200)
  } finally {
    await api.stop('SIGTERM')
  }
}

for (const backend of backends) {
  test(`${backend}: backup, money moves, restore: the ledger holds and the balances are the backup's`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'casino-backup-'))
    const file = join(dataDir, 'backups', `casino.${backend === 'postgres' ? 'pgdump' : 'tar.gz'}`)
    const env: Record<string, string> = { DATA_DIR: dataDir, SEED_DEMO: 'true', LIVE_TABLES: 'false' }
    let admin: Client | undefined
    const database = `casino_backup_${randomBytes(4).toString('hex')}`
    if (backend === 'postgres') {
      admin = new Client({ connectionString: process.env.TEST_DATABASE_URL })
      await admin.connect()
      await admin.query(`CREATE DATABASE ${database}`)
      const url = new URL(process.env.TEST_DATABASE_URL!)
      url.pathname = `/${database}`
      env.DATABASE_URL = url.toString()
    }
    try {
      // A casino with the demo player's money in it, stopped (PGlite: one process at a time). The
      // API answers before it has seeded the demo player (after its catalogue): wait for that.
      const first = await startApiProcess(env, dataDir)
      await expect.poll(() => logIn(first.url).then((r) => r.status)).toBe(200)
      await first.stop('SIGTERM')
      const atBackup = await balances(env)
      expect(atBackup.some((a) => a.balance > 0)).toBe(true)

      const backedUp = npmRun('backup', [file], env)
      expect(backedUp.status, backedUp.output).toBe(0)
      expect(backedUp.output).toContain(file)
      expect(statSync(file).mode & 0o077).toBe(0)

      await depositThroughTheApi(env, dataDir)
      expect(await balances(env)).not.toEqual(atBackup)

      const restored = npmRun('restore', [file], env)
      expect(restored.status, restored.output).toBe(0)
      expect(await balances(env)).toEqual(atBackup)
      const checked = npmRun('ledger:check', [], env)
      expect(checked.status, checked.output).toBe(0)
      expect(checked.output).toContain('every invariant holds')

      // The restored casino starts and serves again.
      await (await startApiProcess(env, dataDir)).stop('SIGTERM')

      // A backup of the other kind is refused before anything is touched.
      const wrongKind = join(dataDir, 'not-a-backup.bin')
      writeFileSync(wrongKind, 'hello')
      const refused = npmRun('restore', [wrongKind], env)
      expect(refused.status).toBe(1)
      expect(refused.output).toContain('not a backup')
      expect(await balances(env)).toEqual(atBackup)
    } finally {
      if (admin) {
        await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
        await admin.end()
      }
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 300_000)
}
