/**
 * Migrations applied to a PostgreSQL schema of a service's own, shared by the casino API (its
 * schema, and the provider's beside it: db/open.ts) and the built-in game provider run on its own
 * (provider/server/db/open-alone.ts). Server-only (drizzle's migrator reads files): not in the
 * contract's barrel, which the browser reads.
 */
import { readMigrationFiles, type MigrationConfig, type MigrationMeta } from 'drizzle-orm/migrator'
import { drizzle } from 'drizzle-orm/node-postgres'
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core'
import type { Pool } from 'pg'

/** A PostgreSQL schema name we are willing to put into SQL and a startup option. */
export const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/

/**
 * What drizzle's migrators do, with the "public". that drizzle-kit writes before enum types and
 * foreign-key targets dropped when the tables have a schema of their own, so that they resolve
 * through the search_path like the tables do.
 */
export async function applyMigrations(db: object, folder: string, schemaName: string | undefined) {
  const config: MigrationConfig = schemaName
    ? { migrationsFolder: folder, migrationsSchema: schemaName }
    : { migrationsFolder: folder }
  let migrations: MigrationMeta[] = readMigrationFiles(config)
  if (schemaName) migrations = migrations.map((m) => ({ ...m, sql: m.sql.map((s) => s.replaceAll('"public".', '')) }))
  const internals = db as { dialect: PgDialect; session: PgSession }
  await internals.dialect.migrate(migrations, internals.session, config)
}

/**
 * drizzle's migrator, run on one connection that holds an advisory lock, so that several
 * instances starting together migrate once. With a schema of our own, the bookkeeping table
 * lives in that schema too (drizzle's default is a shared "drizzle" schema, where a second test
 * schema would find the migrations already recorded). `schemas`: created first, under the lock
 * (CREATE SCHEMA IF NOT EXISTS is not safe against itself running concurrently).
 */
export async function migratePostgres(pool: Pool, folder: string, schemaName: string | undefined, schemas: string[]) {
  const client = await pool.connect()
  const lockKey = `casino-api:migrate:${schemaName ?? 'default'}`
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [lockKey])
    try {
      for (const name of [...(schemaName ? [schemaName] : []), ...schemas])
        await client.query(`CREATE SCHEMA IF NOT EXISTS "${name}"`)
      await applyMigrations(drizzle({ client }), folder, schemaName)
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [lockKey])
    }
  } finally {
    client.release()
  }
}
