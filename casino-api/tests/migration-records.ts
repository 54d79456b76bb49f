/**
 * drizzle's record of applied migrations (db/open.ts): a test takes the newest one away to make
 * the database look one migration behind the code, and puts it back.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { Database } from '../src/db/open.ts'

/** `schema`: the API's own PostgreSQL schema, where it keeps the records; else drizzle's default. */
export async function withoutNewestMigration(db: Database, schema: string | undefined, run: () => Promise<void>) {
  const table: SQL = sql`${sql.identifier(schema ?? 'drizzle')}.__drizzle_migrations`
  const removed = await db.execute(
    sql`DELETE FROM ${table} WHERE created_at = (SELECT max(created_at) FROM ${table}) RETURNING hash, created_at`,
  )
  const newest = (removed as unknown as { rows: { hash: string; created_at: string }[] }).rows[0]!
  try {
    await run()
  } finally {
    await db.execute(sql`INSERT INTO ${table} (hash, created_at) VALUES (${newest.hash}, ${newest.created_at})`)
  }
}
