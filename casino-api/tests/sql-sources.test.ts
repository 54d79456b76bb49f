/**
 * Each SQL function's current body is in one file of src/db/sql/, and the migrations apply
 * exactly that (src/db/sql-sources.ts): a migration that changes a function without its source
 * file, a function with no source file, or a source file no migration applies, fails here.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { openDatabase } from '../src/db/open.ts'
import { readMigrations, readSqlSources, sqlSourceProblems, type SqlFile } from '../src/db/sql-sources.ts'

const migrations = readMigrations()
const sources = readSqlSources()
const source = (name: string) => sources.find((s) => s.name === name)!
const migration = (name: string, text: string): SqlFile => ({ name, sql: text })
/** What PostgreSQL keeps of a function: the text between its $$ quotes. */
const bodyOf = (text: string) => text.slice(text.indexOf('$$') + 2, text.lastIndexOf('$$'))

test('every function the migrations leave has its source file, and the newest migration of each says what it says', () => {
  expect(sources.map((s) => s.name)).toContain('wallet_bet')
  expect(sqlSourceProblems(migrations, sources)).toEqual([])
})

test('a migration that changes a function but not its source file is refused', () => {
  const changed = source('wallet_replay').sql.replace("ELSE 'conflict'", "ELSE 'other'")
  expect(sqlSourceProblems([...migrations, migration('9999_changed', changed)], sources)).toEqual([
    '9999_changed.sql, the newest migration that defines wallet_replay, differs from db/sql/wallet_replay.sql',
  ])
})

test('a source file changed without the migration that applies it is refused', () => {
  const edited = sources.map((s) =>
    s.name === 'wallet_replay' ? { ...s, sql: s.sql.replace("ELSE 'conflict'", "ELSE 'other'") } : s,
  )
  expect(sqlSourceProblems(migrations, edited)).toEqual([
    '0006_wallet_functions.sql, the newest migration that defines wallet_replay, differs from db/sql/wallet_replay.sql',
  ])
})

test('a new source file without a migration, and a new function without a source file, are refused', () => {
  const extra = {
    name: 'wallet_extra',
    sql: 'CREATE OR REPLACE FUNCTION wallet_extra() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;\n',
  }
  expect(sqlSourceProblems(migrations, [...sources, extra])).toEqual([
    'no migration applies db/sql/wallet_extra.sql (npm run db:function)',
  ])
  expect(sqlSourceProblems([...migrations, migration('9999_extra', extra.sql)], sources)).toEqual([
    'wallet_extra, last defined by 9999_extra.sql, has no db/sql/wallet_extra.sql',
  ])
})

test('a function dropped by a later migration needs no source file; one dropped and defined again does', () => {
  const dropped = migration('9999_drop', 'DROP FUNCTION wallet_replay(wallet_transactions, wallet_transaction_kind);')
  expect(sqlSourceProblems([...migrations, dropped], sources)).toEqual([
    'no migration applies db/sql/wallet_replay.sql (npm run db:function)',
  ])
  expect(
    sqlSourceProblems(
      [...migrations, dropped],
      sources.filter((s) => s.name !== 'wallet_replay'),
    ),
  ).toEqual([])
})

test('the database the migrations build runs exactly the bodies of the source files', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'casino-sql-sources-'))
  const opened = await openDatabase({ driver: 'pglite', dataDir })
  try {
    const result = (await opened.db.execute(
      sql`select p.proname as name, p.prosrc as body from pg_proc p
          where p.pronamespace = current_schema()::regnamespace order by p.proname`,
    )) as unknown as { rows: { name: string; body: string }[] }
    expect(result.rows).toEqual(sources.map((s) => ({ name: s.name, body: bodyOf(s.sql) })))
  } finally {
    await opened.close()
    await rm(dataDir, { recursive: true, force: true })
  }
})
