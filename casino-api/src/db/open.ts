/**
 * Opens the database with one schema for both drivers: PGlite (embedded, files in a folder) by
 * default, PostgreSQL through node-postgres when a connection URL is given. Pending migrations
 * from casino-api/drizzle/ are applied before the database is handed out.
 */
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import type { SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { Pool } from 'pg'
import { fromPglite } from 'pg-boss'
import type { JobStore } from '../jobs/jobs.ts'
import { ensurePrivateDir, makeTreePrivate } from '../files.ts'
import { listenPostgres } from '../../contract/pg-listen.ts'
import { applyMigrations, migratePostgres, SCHEMA_NAME } from '../../contract/schema-migrations.ts'
import { checkReadiness, newestShippedMigration, type Readiness } from './readiness.ts'
import * as schema from './schema.ts'

export type Schema = typeof schema
/** The drizzle database, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>
/** A database or an open transaction: what query helpers take. */
export type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>

/** The rows of a raw query (`db.execute`), typed as the query selects them. */
export const rowsOf = async <T>(db: Queryable, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows

export type OpenDatabaseOptions =
  | { driver: 'pglite'; dataDir: string }
  | {
      driver: 'postgres'
      url: string
      schema?: string
      dropSchemaOnClose?: boolean
      /** The pool's connections (DATABASE_POOL_SIZE). Default 10. */
      maxConnections?: number
      /** What pg_stat_activity shows for its connections (DATABASE_APPLICATION_NAME). Default casino-api. */
      applicationName?: string
      /**
       * How long a server that does not take connections at start (not up yet, starting, DNS
       * not there yet) is retried, with a growing pause, before opening fails. Default 0: once.
       */
      connectTimeoutMs?: number
      /** An idle pooled connection failed (server restart...); the pool replaces it. */
      onIdleError?: (error: Error) => void
      /** Told once when the server cannot be reached at start and the retries begin. */
      onRetry?: (error: Error) => void
    }

export type OpenedDatabase = {
  db: Database
  driver: 'pglite' | 'postgres'
  /**
   * Calls `onPayload` with each notification on `channel` (NOTIFY, delivered at commit): on
   * PostgreSQL those of every instance using the database, on PGlite those of this process.
   * Answers the function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>
  /** The readiness probe's check (readiness.ts): the database answers and is migrated to this code's newest. */
  ready(): Promise<Readiness>
  /** Where the job queue keeps its tables (jobs/jobs.ts): the same database, a schema of its own. */
  jobStore: JobStore
  /** The schema of the API's own tables: 'public', or the one given. */
  schemaName: string
  /**
   * A schema of its own in the same database, for a service the API embeds (the built-in game
   * provider, ADR 0049), migrated from the service's own folder: `name`, or `<API's schema>_<name>`
   * when the API has a schema of its own. Its tables are the service's alone: on PostgreSQL its
   * connections see no other schema; on PGlite (one connection) the API's tables are found first.
   * Closed with the database.
   */
  openBeside<S extends Record<string, unknown>>(options: BesideOptions<S>): Promise<BesideDatabase<S>>
  close(): Promise<void>
}

export type BesideOptions<S extends Record<string, unknown>> = { name: string; schema: S; migrationsFolder: string }
export type BesideDatabase<S extends Record<string, unknown>> = {
  db: PgDatabase<PgQueryResultHKT, S>
  schemaName: string
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url))

export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenedDatabase> {
  return options.driver === 'pglite' ? openPglite(options.dataDir) : openPostgres(options)
}

async function openPglite(dataDir: string): Promise<OpenedDatabase> {
  await ensurePrivateDir(dataDir)
  const client = await PGlite.create(dataDir)
  try {
    const db = drizzlePglite({ client, schema })
    await migratePglite(db, { migrationsFolder })
    await makeTreePrivate(dataDir)
    return {
      db: db as unknown as Database,
      driver: 'pglite',
      listen: (channel, onPayload) => client.listen(channel, onPayload),
      ready: readinessOf(db as unknown as Database, 'drizzle'),
      jobStore: { backend: 'pglite', db: fromPglite(client), schema: 'pgboss' },
      schemaName: 'public',
      async openBeside({ name, schema: tables, migrationsFolder: folder }) {
        if (!SCHEMA_NAME.test(name)) throw new Error(`Invalid schema name '${name}'`)
        const beside = drizzlePglite({ client, schema: tables })
        // Its migrations create their tables in its schema; then the one connection finds the
        // API's tables first and the service's where the API has none of that name.
        await client.exec(`CREATE SCHEMA IF NOT EXISTS "${name}"; SET search_path TO "${name}"`)
        try {
          await applyMigrations(beside, folder, name)
        } finally {
          await client.exec(`SET search_path TO public, "${name}"`)
        }
        return { db: beside as unknown as PgDatabase<PgQueryResultHKT, typeof tables>, schemaName: name }
      },
      async close() {
        await client.close()
        await makeTreePrivate(dataDir)
      },
    }
  } catch (error) {
    await client.close().catch(() => {})
    throw error
  }
}

async function openPostgres(options: Extract<OpenDatabaseOptions, { driver: 'postgres' }>): Promise<OpenedDatabase> {
  const { schema: schemaName, url } = options
  if (schemaName !== undefined && !SCHEMA_NAME.test(schemaName)) {
    throw new Error(`Invalid PostgreSQL schema name '${schemaName}': use lower-case letters, digits and _`)
  }
  // The search_path goes into the startup packet of every pooled connection, so no query can
  // ever run on a connection that has not got it yet.
  const applicationName = options.applicationName ?? 'casino-api'
  const pool = new Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    application_name: applicationName,
    ...(schemaName ? { options: `-c search_path=${schemaName}` } : {}),
  })
  // An idle client that loses its connection emits 'error' on the pool; without a listener
  // that would crash the process. The next query gets a fresh connection.
  pool.on('error', (error) => options.onIdleError?.(error))
  // The job queue's tables beside a test's schema (and dropped with it), else pg-boss's own.
  const jobsSchema = schemaName ? `${schemaName}_jobs` : 'pgboss'
  try {
    await untilReachable(pool, options.connectTimeoutMs ?? 0, options.onRetry)
    await migratePostgres(pool, migrationsFolder, schemaName, [jobsSchema])
  } catch (error) {
    await pool.end().catch(() => {})
    throw error
  }
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Database
  const besides: { pool: Pool; schemaName: string }[] = []
  return {
    db,
    driver: 'postgres',
    listen: (channel, onPayload) => listenPostgres(url, applicationName, channel, onPayload),
    // The migrations' records are where migratePostgres keeps them.
    ready: readinessOf(db, schemaName ?? 'drizzle'),
    jobStore: {
      backend: 'postgres',
      db: { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) },
      schema: jobsSchema,
    },
    schemaName: schemaName ?? 'public',
    async openBeside({ name, schema: tables, migrationsFolder: folder }) {
      const besideSchema = schemaName ? `${schemaName}_${name}` : name
      if (!SCHEMA_NAME.test(besideSchema)) throw new Error(`Invalid schema name '${besideSchema}'`)
      const beside = new Pool({
        connectionString: url,
        max: Math.max(2, Math.ceil((options.maxConnections ?? 10) / 2)),
        application_name: `${applicationName}-${name}`,
        options: `-c search_path=${besideSchema}`,
      })
      beside.on('error', (error) => options.onIdleError?.(error))
      try {
        await migratePostgres(beside, folder, besideSchema, [])
      } catch (error) {
        await beside.end().catch(() => {})
        throw error
      }
      besides.push({ pool: beside, schemaName: besideSchema })
      return { db: drizzleNodePg({ client: beside, schema: tables }), schemaName: besideSchema }
    },
    async close() {
      try {
        for (const beside of besides) {
          if (options.dropSchemaOnClose) await beside.pool.query(`DROP SCHEMA IF EXISTS "${beside.schemaName}" CASCADE`)
          await beside.pool.end()
        }
        if (schemaName && options.dropSchemaOnClose) {
          await pool.query(`DROP SCHEMA IF EXISTS "${schemaName}" CASCADE`)
          await pool.query(`DROP SCHEMA IF EXISTS "${jobsSchema}" CASCADE`)
        }
      } finally {
        await pool.end()
      }
    },
  }
}

/** Errors of a server that does not take connections yet; anything else (a wrong password...) is final. */
const NOT_YET = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', '57P03'])

function notYetReachable(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && NOT_YET.has(code)
}

/**
 * Waits until the server answers a query, retrying (0.5 s, doubling up to 5 s) for at most
 * `timeoutMs` while it is not reachable; then the last error, naming how long it was tried.
 */
async function untilReachable(pool: Pool, timeoutMs: number, onRetry?: (error: Error) => void) {
  const deadline = Date.now() + timeoutMs
  for (let pause = 500, attempt = 1; ; attempt++, pause = Math.min(pause * 2, 5000)) {
    try {
      await pool.query('SELECT 1')
      return
    } catch (error) {
      if (!notYetReachable(error)) throw error
      const left = deadline - Date.now()
      const cause = error instanceof Error ? error.message : String(error)
      if (left <= 0)
        throw new Error(
          timeoutMs > 0
            ? `the database is unreachable after ${attempt} attempts in ${Math.round(timeoutMs / 1000)} s (DATABASE_CONNECT_TIMEOUT_MS): ${cause}`
            : `the database is unreachable: ${cause}`,
          { cause: error },
        )
      if (attempt === 1) onRetry?.(error as Error)
      await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left)))
    }
  }
}

/** The journal is read once: the code's newest migration does not change while it runs. */
function readinessOf(db: Database, migrationsSchema: string) {
  const expected = newestShippedMigration(migrationsFolder)
  return () => checkReadiness(db, migrationsSchema, expected)
}
