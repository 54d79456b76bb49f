// `npm run backup` and `npm run restore` as an operator runs them, on PGlite's data folder and on
// a PostgreSQL database of their own: back up, move money through the running casino API, restore,
// and the ledger holds (`npm run ledger:check`) with every balance, and the game provider's rounds
// in its schema, as they were at the backup.
import { spawnSync } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { asc } from 'drizzle-orm'
import { Client } from 'pg'
import { expect, test } from 'vitest'
import { calls, GAME_SESSION_HEADER } from '#contract'
import { openDatabase } from '#casino-api/src/db/open.ts'
import { ledgerAccounts } from '#casino-api/src/db/schema.ts'
import { startApiProcess } from '#casino-api/tests/api-process.ts'
import { backends } from '#casino-api/tests/helpers.ts'
import { card } from '#casino-api/tests/payment-helpers.ts'
import { openProviderDatabase } from '#provider/server/db/open.ts'
import { gameRounds } from '#provider/server/db/schema.ts'

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

/** The rounds the game provider keeps, in its schema (ADR 0049). */
async function providerRounds(env: Record<string, string>) {
  const opened = env.DATABASE_URL
    ? await openDatabase({ driver: 'postgres', url: env.DATABASE_URL })
    : await openDatabase({ driver: 'pglite', dataDir: join(env.DATA_DIR!, 'db') })
  try {
    return (await (await openProviderDatabase(opened)).select({ id: gameRounds.id }).from(gameRounds)).length
  } finally {
    await opened.close()
  }
}

/**
 * Through the casino API running as its own process, the demo player deposits 40 € by card when
 * `deposit`, and plays one round of roulette for real: the ledger's money and the provider's rounds.
 */
async function moveMoneyThroughTheApi(env: Record<string, string>, dataDir: string, deposit = true) {
  const api = await startApiProcess(env, dataDir)
  try {
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(api.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      })
    await expect.poll(() => logIn(api.url).then((r) => r.status)).toBe(200)
    const { accessToken } = (await (await logIn(api.url)).json()) as { accessToken: string }
    const authorization = `Bearer ${accessToken}`
    if (deposit) {
      const paid = await post('/front/moto_deposit_processor', card('4242424242424242', 40_00), {
        authorization,
        'idempotency-key': `backup-test-${randomBytes(6).toString('hex')}`,
      })
      expect(paid.status).toBe(200)
    }
    const launched = await post(
      calls.get_game_url.path,
      { gameId: 'european-roulette', mode: 'real', language: 'es' },
      { authorization },
    )
    expect(launched.status).toBe(200)
    const session = new URL(((await launched.json()) as { url: string }).url).pathname.split('/').pop()!
    const bet = { bets: [{ type: 'red', numbers: [], amount: 100 }] }
    // The move goes to the built-in game provider, on its own port.
    const played = await fetch(api.providerUrl + calls.game_play.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [GAME_SESSION_HEADER]: session },
      body: JSON.stringify({ bet, moveId: randomUUID() }),
    })
    expect(played.status).toBe(200)
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
      await moveMoneyThroughTheApi(env, dataDir, false)
      const atBackup = await balances(env)
      expect(atBackup.some((a) => a.balance > 0)).toBe(true)
      expect(await providerRounds(env)).toBe(1)

      const backedUp = npmRun('backup', [file], env)
      expect(backedUp.status, backedUp.output).toBe(0)
      expect(backedUp.output).toContain(file)
      expect(statSync(file).mode & 0o077).toBe(0)

      await moveMoneyThroughTheApi(env, dataDir)
      expect(await balances(env)).not.toEqual(atBackup)
      expect(await providerRounds(env)).toBe(2)

      const restored = npmRun('restore', [file], env)
      expect(restored.status, restored.output).toBe(0)
      expect(await balances(env)).toEqual(atBackup)
      expect(await providerRounds(env)).toBe(1)
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
