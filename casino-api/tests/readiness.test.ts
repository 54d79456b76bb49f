// /healthz says the process answers; /readyz says it can serve: the database answers and is
// migrated to the newest migration this code ships. What a load balancer or Kubernetes sees.
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { Client } from 'pg'
import { expect, test } from 'vitest'
import { backends, startTestApi, type TestApi } from './helpers.ts'

async function probe(api: TestApi, path: '/healthz' | '/readyz') {
  const res = await api.fetch(path)
  return { status: res.status, body: (await res.json()) as unknown }
}

/** drizzle's record of applied migrations: in the API's own schema on PostgreSQL (db/open.ts). */
const migrationsTable = (api: TestApi) =>
  api.backend === 'pglite' ? sql`drizzle.__drizzle_migrations` : sql`__drizzle_migrations`

test.for(backends)(
  '/readyz is 200 on a migrated database and 503 migrations_behind without the newest migration [%s]',
  async (backend) => {
    const api = await startTestApi(backend)
    try {
      expect(await probe(api, '/readyz')).toEqual({ status: 200, body: { ok: true } })
      const table = migrationsTable(api)
      const removed = await api.db.execute(
        sql`DELETE FROM ${table} WHERE created_at = (SELECT max(created_at) FROM ${table}) RETURNING hash, created_at`,
      )
      const newest = (removed as unknown as { rows: { hash: string; created_at: string }[] }).rows[0]!
      expect(await probe(api, '/readyz')).toEqual({ status: 503, body: { ok: false, reason: 'migrations_behind' } })
      // Still alive: a liveness probe must not restart an instance that waits for its migration.
      expect(await probe(api, '/healthz')).toEqual({ status: 200, body: { ok: true } })

      await api.db.execute(sql`INSERT INTO ${table} (hash, created_at) VALUES (${newest.hash}, ${newest.created_at})`)
      expect(await probe(api, '/readyz')).toEqual({ status: 200, body: { ok: true } })
    } finally {
      await api.close()
    }
  },
)

test.runIf(process.env.TEST_DATABASE_URL)(
  '/readyz is 503 database_unreachable once the database is dropped; /healthz stays 200',
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
