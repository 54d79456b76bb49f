/**
 * The current body of every SQL function the database runs lives in one file of db/sql/
 * (`<name>.sql`, a `CREATE OR REPLACE FUNCTION` statement under a comment that says what it is
 * for). Migrations are applied history and are never edited: the migration that changes a
 * function carries a copy of its source file (`npm run db:function`), and
 * tests/sql-sources.test.ts fails when the newest migration that defines a function says
 * anything else than its source file, when a function the migrations leave has no source file,
 * or when a source file has no migration that applies it. So a reader finds a function's
 * current body in db/sql/, never in an old migration that a later one replaced.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { migrationsFolder } from './open.ts'

export const sqlSourcesFolder = fileURLToPath(new URL('./sql', import.meta.url))

/** A migration (named by its journal tag, e.g. '0019_wallet_round_rules') or a source file (by its function). */
export type SqlFile = { name: string; sql: string }

/** drizzle-kit's separator between the statements of a migration. */
export const STATEMENT_BREAKPOINT = '--> statement-breakpoint'
const CREATE_FUNCTION = /^CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+(\w+)\s*\(/im
const CREATE_FUNCTIONS = new RegExp(CREATE_FUNCTION.source, 'gim')
const DROP_FUNCTION = /^DROP\s+FUNCTION\s+(?:IF\s+EXISTS\s+)?(\w+)\s*\(/gim

/**
 * A function's definition as compared: from `FUNCTION <name>(` to its end, trimmed. Whether it
 * says CREATE or CREATE OR REPLACE, and the comments before it, do not count: a migration's
 * comments tell what changed, the source file's what the function is for.
 */
function definition(statement: string): { name: string; body: string } | undefined {
  const found = CREATE_FUNCTION.exec(statement)
  if (!found) return undefined
  const body = statement.slice(found.index).replace(/^CREATE\s+(?:OR\s+REPLACE\s+)?/i, '')
  return { name: found[1]!.toLowerCase(), body: body.trim() }
}

/** The migrations in the order drizzle applies them (meta/_journal.json). */
export function readMigrations(folder = migrationsFolder): SqlFile[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[]
  }
  return journal.entries
    .toSorted((a, b) => a.idx - b.idx)
    .map(({ tag }) => ({ name: tag, sql: readFileSync(join(folder, `${tag}.sql`), 'utf8') }))
}

/** db/sql/*.sql, each named by its file without '.sql'. */
export function readSqlSources(folder = sqlSourcesFolder): SqlFile[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.sql'))
    .toSorted()
    .map((file) => ({ name: file.slice(0, -'.sql'.length), sql: readFileSync(join(folder, file), 'utf8') }))
}

/**
 * The functions the migrations leave, by name: the last definition of each and the migration
 * that wrote it. A function dropped after its last definition is gone.
 */
export function latestDefinitions(migrations: SqlFile[]): Map<string, { migration: string; body: string }> {
  const latest = new Map<string, { migration: string; body: string }>()
  for (const migration of migrations) {
    for (const statement of migration.sql.split(STATEMENT_BREAKPOINT)) {
      for (const dropped of statement.matchAll(DROP_FUNCTION)) latest.delete(dropped[1]!.toLowerCase())
      const defined = definition(statement)
      if (defined) latest.set(defined.name, { migration: migration.name, body: defined.body })
    }
  }
  return latest
}

/** What keeps the source files and the migrations from agreeing, one sentence each; none when they do. */
export function sqlSourceProblems(migrations: SqlFile[], sources: SqlFile[]): string[] {
  const latest = latestDefinitions(migrations)
  const problems: string[] = []
  for (const source of sources) {
    const defined = definition(source.sql)
    const applied = latest.get(source.name)
    if (!defined || defined.name !== source.name)
      problems.push(`db/sql/${source.name}.sql does not define the function ${source.name}`)
    else if (source.sql.includes(STATEMENT_BREAKPOINT) || [...source.sql.matchAll(CREATE_FUNCTIONS)].length > 1)
      problems.push(`db/sql/${source.name}.sql holds more than the one function ${source.name}`)
    else if (!applied) problems.push(`no migration applies db/sql/${source.name}.sql (npm run db:function)`)
    else if (applied.body !== defined.body)
      problems.push(
        `${applied.migration}.sql, the newest migration that defines ${source.name}, differs from db/sql/${source.name}.sql`,
      )
  }
  const named = new Set(sources.map((s) => s.name))
  for (const [name, { migration }] of latest) {
    if (!named.has(name)) problems.push(`${name}, last defined by ${migration}.sql, has no db/sql/${name}.sql`)
  }
  return problems
}
