// /healthz says the process answers; /readyz says it can serve: the database answers and is
// has every migration this code ships (a newer version's on top is fine). What a load balancer or Kubernetes sees.
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { Client } from 'pg'
import { expect, test } from 'vitest'
import { READINESS_TIMEOUT_MS } from '../src/db/readiness.ts'
import { backends, startTestApi, type TestApi } from './helpers.ts'
import { withoutNewestMigration } from './migration-records.ts'

async function probe(api: TestApi, path: '/healthz' | '/readyz') {
  const res = await api.fetch(path)
  return { status: res.status, body: (await res.json()) as unknown }
}

test.for(backends)(
  '/readyz is 200 on a migrated database and 503 migrations_behind without the newest migration [%s]',
  async (backend) => {
    const schema = backend === 'postgres' ? `test_${randomBytes(6).toString('hex')}` : undefined
    const api = await startTestApi(backend, schema ? { schema } : {})
    try {
      expect(await probe(api, '/readyz')).toEqual({ status: 200, body: { ok: true } })
      await withoutNewestMigration(api.db, schema, async () => {
        expect(await probe(api, '/readyz')).toEqual({ status: 503, body: { ok: false, reason: 'migrations_behind' } })
        // Still alive: a liveness probe must not restart an instance that waits for its migration.
        expect(await probe(api, '/healthz')).toEqual({ status: 200, body: { ok: true } })
      })
      expect(await probe(api, '/readyz')).toEqual({ status: 200, body: { ok: true } })
      // A newer version's migration on top (a rolling deploy): this instance still serves.
      const table = sql`${sql.identifier(schema ?? 'drizzle')}.__drizzle_migrations`
      await api.db.execute(sql`INSERT INTO ${table} (hash, created_at) VALUES ('newer', ${Date.now() + 86_400_000})`)
      expect(await probe(api, '/readyz')).toEqual({ status: 200, body: { ok: true } })
    } finally {
      await api.close()
    }
  },
)

test.runIf(process.env.TEST_DATABASE_URL)(
  '/readyz is 503 database_unreachable while the database does not answer within 2 s, and once it is dropped; /healthz stays 200',
  async () => {
    const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL })
    await admin.connect()
    const name = `readyz_${randomBytes(6).toString('hex')}`
    const databaseUrl = new URL(process.env.TEST_DATABASE_URL!)
    databaseUrl.pathname = `/${name}`
    await admin.query(`CREATE DATABASE ${name}`)
    let api: TestApi | undefined
    try {
      api = await startTestApi('postgres', {
        databaseUrl: databaseUrl.href,
        schema: undefined,
        dropSchemaOnClose: false,
      })
      expect(await probe(api, '/readyz')).toEqual({ status: 200, body: { ok: true } })

      // A database that holds the probe's query (here a lock on what it reads) is not waited for.
      const locker = new Client({ connectionString: databaseUrl.href })
      await locker.connect()
      try {
        await locker.query('BEGIN')
        await locker.query('LOCK TABLE drizzle.__drizzle_migrations IN ACCESS EXCLUSIVE MODE')
        const started = Date.now()
        expect(await probe(api, '/readyz')).toEqual({
          status: 503,
          body: { ok: false, reason: 'database_unreachable' },
        })
        expect(Date.now() - started).toBeLessThan(READINESS_TIMEOUT_MS + 3_000)
        await locker.query('ROLLBACK')
      } finally {
        await locker.end()
      }
      expect(await probe(api, '/readyz')).toEqual({ status: 200, body: { ok: true } })

      // FORCE ends the API's connections; its pool's next connection finds no database.
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`)
      const notReady = await probe(api, '/readyz')
      expect(notReady).toEqual({ status: 503, body: { ok: false, reason: 'database_unreachable' } })
      expect(JSON.stringify(notReady.body)).not.toContain(name)
      expect(await probe(api, '/healthz')).toEqual({ status: 200, body: { ok: true } })
    } finally {
      await api?.close().catch(() => {})
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end()
    }
  },
)
