/**
 * Whether this instance can serve: the database answers a query within a short time, and it has
 * every migration this code ships (casino-api/drizzle/meta/_journal.json). A database migrated
 * further by a newer instance is ready for this one: migrations are forward only and leave what
 * older code uses in place, so during a rolling deploy the old instances keep serving until they
 * are replaced.
 * Both are one query on drizzle's bookkeeping table (a row per migration, a few dozen), so a probe
 * every few seconds costs the database next to nothing.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import type { Database } from './open.ts'

/**
 * Why the instance is not ready: short codes for the probe's answer, never a message or a stack.
 * `starting`: it listens (its catalogue sync reads the built-in provider's feed over its own
 * HTTP) but has not finished starting (the catalogue, the seed, the job workers).
 */
export type NotReadyReason = 'database_unreachable' | 'migrations_behind' | 'starting'
export type Readiness = { ok: true } | { ok: false; reason: NotReadyReason }

/** How long a probe waits for the database: a load balancer's probe usually gives up after a few seconds. */
export const READINESS_TIMEOUT_MS = 2_000

/**
 * The `when` of the journal's last entry: drizzle records it as the applied migration's
 * created_at, and compares the two the same way when it migrates (pg-core/dialect.js).
 */
export function newestShippedMigration(migrationsFolder: string): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[]
  }
  const newest = journal.entries.at(-1)
  if (!newest) throw new Error(`no migrations in ${migrationsFolder}`)
  return newest.when
}

/** `migrationsSchema` holds drizzle's __drizzle_migrations table ("drizzle" unless the API has a schema of its own). */
export async function checkReadiness(
  db: Database,
  migrationsSchema: string,
  expected: number,
  timeoutMs = READINESS_TIMEOUT_MS,
): Promise<Readiness> {
  const query = db.execute(
    sql`SELECT created_at FROM ${sql.identifier(migrationsSchema)}.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
  )
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs)
  })
  // A query that loses the race still ends some day; its failure must not go unhandled.
  query.catch(() => {})
  try {
    const answer = await Promise.race([query, timedOut])
    if (answer === 'timeout') return { ok: false, reason: 'database_unreachable' }
    const newest = (answer as unknown as { rows: { created_at: string | number }[] }).rows[0]
    const applied = newest ? Number(newest.created_at) : 0
    return applied >= expected ? { ok: true } : { ok: false, reason: 'migrations_behind' }
  } catch {
    return { ok: false, reason: 'database_unreachable' }
  } finally {
    clearTimeout(timer)
  }
}
