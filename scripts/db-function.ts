// `npm run db:function -- --name <migration> <function>...`: the migration that applies SQL
// functions changed (or new) in casino-api/src/db/sql/. drizzle-kit writes an empty custom
// migration (and its journal entry); this fills it with the named source files, each a
// CREATE OR REPLACE statement, so the migration says exactly what the source files say
// (casino-api/tests/sql-sources.test.ts checks it). Add the migration's own SQL (a column, a
// DROP of a replaced signature) around them by hand, with a comment that says why.
import { spawnSync } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import {
  readMigrations,
  sqlSourcesFolder,
  readSqlSources,
  STATEMENT_BREAKPOINT,
} from '#casino-api/src/db/sql-sources.ts'
import { migrationsFolder } from '#casino-api/src/db/open.ts'

const { values, positionals } = parseArgs({ options: { name: { type: 'string' } }, allowPositionals: true })
if (!values.name || positionals.length === 0) {
  console.error('usage: npm run db:function -- --name <migration> <function>...')
  process.exit(2)
}
const sources = new Map(readSqlSources().map((s) => [s.name, s.sql]))
const missing = positionals.filter((name) => !sources.has(name))
if (missing.length > 0) {
  console.error(`db:function: no ${missing.map((name) => join(sqlSourcesFolder, `${name}.sql`)).join(', ')}`)
  process.exit(2)
}

const generated = spawnSync(
  'drizzle-kit',
  ['generate', '--custom', '--config', 'casino-api/drizzle.config.ts', '--name', values.name],
  { stdio: 'inherit' },
)
if (generated.status !== 0) process.exit(generated.status ?? 1)
const migration = join(migrationsFolder, `${readMigrations().at(-1)!.name}.sql`)
if (!existsSync(migration)) throw new Error(`drizzle-kit wrote no ${migration}`)
writeFileSync(
  migration,
  `-- Applies casino-api/src/db/sql/: ${positionals.join(', ')}.\n` +
    positionals.map((name) => sources.get(name)!).join(`${STATEMENT_BREAKPOINT}\n`),
)
console.log(`db:function: ${migration}`)
