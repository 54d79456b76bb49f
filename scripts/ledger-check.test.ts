import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { expect, test, vi } from 'vitest'
import { openDatabase } from '#casino-api/src/db/open.ts'
import { startCasinoApi } from '#casino-api/src/server.ts'
import { backends, FAST_HASHING, WEB_URL } from '#casino-api/tests/helpers.ts'

test.for(backends)(
  'npm run ledger:check proves the invariants of a whole database and fails on a broken one [%s]',
  async (backend) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'casino-ledger-check-'))
    const schema = `test_${randomBytes(6).toString('hex')}`
    const pg = backend === 'postgres' ? { databaseUrl: process.env.TEST_DATABASE_URL!, schema } : undefined
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: pg?.databaseUrl ?? '',
      DATABASE_SCHEMA: pg ? schema : '',
    }
    const check = () => spawnSync(process.execPath, ['scripts/ledger-check.ts'], { env, encoding: 'utf8' })
    const print = vi.spyOn(console, 'log').mockImplementation(() => {})
    try {
      const api = await startCasinoApi({
        port: 0,
        dataDir,
        webUrl: WEB_URL,
        logger: false,
        adminPassword: 'admin-password-for-tests',
        passwordHashing: FAST_HASHING,
        seedDemo: true,
        ...pg,
      })
      await api.close()
      print.mockRestore()

      const sound = check()
      expect(sound.status, sound.stderr).toBe(0)
      expect(sound.stdout).toContain('players hold 508.50 EUR; all postings sum to 0')
      expect(sound.stdout).toContain("ok   each transaction's postings sum to zero")
      expect(sound.stdout).toContain('ledger:check: every invariant holds')

      // Behind the triggers' back: one posting changed, so its transaction and its account no
      // longer add up.
      const db = pg
        ? await openDatabase({ driver: 'postgres', url: pg.databaseUrl, schema })
        : await openDatabase({ driver: 'pglite', dataDir: join(dataDir, 'db') })
      await db.db.execute(sql`ALTER TABLE ledger_postings DISABLE TRIGGER USER`)
      await db.db.execute(
        sql`UPDATE ledger_postings SET amount = amount + 1 WHERE id = (SELECT min(id) FROM ledger_postings)`,
      )
      await db.close()
      const broken = check()
      expect(broken.status).toBe(1)
      expect(broken.stdout).toContain("FAIL each transaction's postings sum to zero")
      expect(broken.stdout).toContain('FAIL each balance equals the sum of its postings')
      expect(broken.stdout).toContain('ledger:check: ')
    } finally {
      print.mockRestore()
      if (pg) {
        const db = await openDatabase({ driver: 'postgres', url: pg.databaseUrl, schema, dropSchemaOnClose: true })
        await db.close()
      }
      await rm(dataDir, { recursive: true, force: true })
    }
  },
)

test('ledger:check says so when there is no database to check', () => {
  const r = spawnSync(process.execPath, ['scripts/ledger-check.ts'], {
    env: {
      ...process.env,
      DATA_DIR: join(tmpdir(), `casino-none-${randomBytes(4).toString('hex')}`),
      DATABASE_URL: '',
    },
    encoding: 'utf8',
  })
  expect(r.status).toBe(2)
  expect(r.stderr).toMatch(/no database in .*db/)
})
