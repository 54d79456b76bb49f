import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { Pool } from 'pg'
import { expect, test } from 'vitest'
import { migrationsFolder } from '../src/db/open.ts'
import { backends, type Backend } from './helpers.ts'

// Migration 0022 moves the games' names from a column per language to a row per game and
// language: a database with games named before it keeps every name after it.

const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
  entries: { tag: string }[]
}
const migrations = readMigrationFiles({ migrationsFolder })
const move = journal.entries.findIndex((e) => e.tag === '0022_game_names')

/** A database of its own on the backend: run a statement, read rows, close. */
async function database(backend: Backend) {
  if (backend === 'pglite') {
    const client = await PGlite.create()
    return {
      exec: async (statement: string) => void (await client.exec(statement)),
      rows: async (query: string) => (await client.query(query)).rows,
      close: () => client.close(),
    }
  }
  const schema = `migration_${randomBytes(6).toString('hex')}`
  const admin = new Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 })
  await admin.query(`CREATE SCHEMA "${schema}"`)
  const pool = new Pool({
    connectionString: process.env.TEST_DATABASE_URL,
    max: 1,
    options: `-c search_path=${schema}`,
  })
  return {
    // The schema of its own, as the casino API's migrator does (db/open.ts).
    exec: async (statement: string) => void (await pool.query(statement.replaceAll('"public".', ''))),
    rows: async (query: string) => (await pool.query(query)).rows,
    async close() {
      await pool.end()
      await admin.query(`DROP SCHEMA "${schema}" CASCADE`)
      await admin.end()
    },
  }
}

test.for(backends)(
  'the games keep their Spanish and English names when the names become rows [%s]',
  async (backend) => {
    expect(move).toBeGreaterThan(0)
    const db = await database(backend)
    try {
      for (const migration of migrations.slice(0, move)) for (const statement of migration.sql) await db.exec(statement)
      await db.exec(`insert into games (id, provider, name_es, name_en, category, volatility, min_bet, max_bet)
      values ('old-slot', 'other', 'Tragaperras Vieja', 'Old Slot', 'slots', 'low', 10, 1000),
             ('dice', 'builtin', 'Dados', 'Dice', 'dice', 'low', 10, 1000)`)
      for (const statement of migrations[move]!.sql) await db.exec(statement)
      expect(await db.rows('select game_id, locale::text, name from game_names order by game_id, locale')).toEqual([
        { game_id: 'dice', locale: 'en', name: 'Dice' },
        { game_id: 'dice', locale: 'es', name: 'Dados' },
        { game_id: 'old-slot', locale: 'en', name: 'Old Slot' },
        { game_id: 'old-slot', locale: 'es', name: 'Tragaperras Vieja' },
      ])
      const columns = await db.rows(
        "select column_name from information_schema.columns where table_schema = current_schema() and table_name = 'games' and column_name like 'name%'",
      )
      expect(columns).toEqual([])
    } finally {
      await db.close()
    }
  },
)
