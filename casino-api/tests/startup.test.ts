import { randomBytes } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { Pool } from 'pg'
import { expect, test, vi } from 'vitest'
import { players } from '../src/db/schema.ts'
import { startCasinoApi, type CasinoApiOptions } from '../src/server.ts'
import { FAST_HASHING, WEB_URL } from './helpers.ts'

const base = {
  port: 0,
  webUrl: WEB_URL,
  logger: false,
  passwordHashing: FAST_HASHING,
} satisfies Partial<CasinoApiOptions>

async function loginStatus(url: string, username: string, password: string) {
  const res = await fetch(`${url}/front/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  return res.status
}

test(
  'a generated admin password goes to a 0600 file, never to stdout; restarts migrate and seed nothing twice (PGlite)',
  { timeout: 180_000 },
  async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'casino-api-start-'))
    const print = vi.spyOn(console, 'log').mockImplementation(() => {})
    const logged = [
      vi.spyOn(console, 'info'),
      vi.spyOn(console, 'warn'),
      vi.spyOn(console, 'error'),
      vi.spyOn(process.stdout, 'write'),
      vi.spyOn(process.stderr, 'write'),
    ]
    try {
      const first = await startCasinoApi({ ...base, dataDir, seedDemo: true })
      const file = join(dataDir, 'admin-password.txt')
      expect((statSync(file).mode & 0o777).toString(8)).toBe('600')
      const password = readFileSync(file, 'utf8').trim()
      expect(password).toMatch(/^[A-Za-z0-9_-]{20}$/)
      const lines = print.mock.calls.map((c) => String(c[0]))
      expect(lines.find((l) => l.includes('admin account'))).toContain(file)
      const everything = [print, ...logged]
        .flatMap((spy) => spy.mock.calls.map((c) => c.map(String).join(' ')))
        .join('\n')
      expect(everything).not.toContain(password)
      expect(lines.some((l) => l.includes('Username: demo  Password: demo-player-2026'))).toBe(true)
      expect(await loginStatus(first.url, 'admin', password!)).toBe(200)
      await first.close()

      print.mockClear()
      // ADMIN_PASSWORD only applies when the account is created.
      const second = await startCasinoApi({ ...base, dataDir, adminPassword: 'something-else', seedDemo: true })
      expect(print).not.toHaveBeenCalled()
      expect(await loginStatus(second.url, 'admin', password!)).toBe(200)
      expect(await loginStatus(second.url, 'demo', 'demo-player-2026')).toBe(200)
      const [row] = await second.db.select({ n: sql<number>`count(*)::int` }).from(players)
      expect(row?.n).toBe(2)
      await second.close()
    } finally {
      print.mockRestore()
      for (const spy of logged) spy.mockRestore()
      await rm(dataDir, { recursive: true, force: true })
    }
  },
)

/** Drops a test schema even when the test failed before its API could. */
async function dropSchema(schema: string) {
  const pool = new Pool({ connectionString: process.env.TEST_DATABASE_URL })
  try {
    await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
  } finally {
    await pool.end()
  }
}

// Only with PostgreSQL: PGlite is one process's embedded database, never shared.
if (process.env.TEST_DATABASE_URL)
  test('instances starting together on one PostgreSQL schema migrate and seed once', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'casino-api-start-'))
    const schema = `test_${randomBytes(6).toString('hex')}`
    const print = vi.spyOn(console, 'log').mockImplementation(() => {})
    const options = {
      ...base,
      dataDir,
      databaseUrl: process.env.TEST_DATABASE_URL,
      schema,
      adminPassword: 'admin-pass-1234',
    }
    try {
      const apis = await Promise.all([startCasinoApi(options), startCasinoApi(options), startCasinoApi(options)])
      expect(print.mock.calls.filter((c) => String(c[0]).includes('admin account'))).toHaveLength(1)
      for (const api of apis) expect(await loginStatus(api.url, 'admin', 'admin-pass-1234')).toBe(200)
      // No demo player without seedDemo.
      const [row] = await apis[0]!.db.select({ n: sql<number>`count(*)::int` }).from(players)
      expect(row?.n).toBe(1)
      await Promise.all(apis.map((api) => api.close()))
      // A last start finds everything in place, and drops the schema when it closes.
      const last = await startCasinoApi({ ...options, dropSchemaOnClose: true })
      expect(print.mock.calls.filter((c) => String(c[0]).includes('admin account'))).toHaveLength(1)
      await last.close()
    } finally {
      print.mockRestore()
      await dropSchema(schema)
      await rm(dataDir, { recursive: true, force: true })
    }
  })
