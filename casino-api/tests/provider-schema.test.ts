import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { readMigrationFiles, type MigrationConfig } from 'drizzle-orm/migrator'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { Pool } from 'pg'
import { expect, test } from 'vitest'
import { migrationsFolder, openDatabase, type OpenedDatabase } from '../src/db/open.ts'
import { openProviderDatabase } from '../../provider/server/db/open.ts'
import { gameRounds, gameSeeds, gameSessions, liveBets, liveRounds } from '../../provider/server/db/schema.ts'
import { backends, type Backend } from './helpers.ts'

// Migration 0034 hands the game provider's tables over to its own schema (ADR 0049): a database
// with sessions, seed pairs, rounds and live bets from before keeps every row, in the provider's
// schema, and the casino's schema keeps none of them.

const journal = readMigrationFiles({ migrationsFolder })
const handOver = journal.findIndex((m) => m.sql.some((s) => s.includes('provider_legacy_game_rounds')))

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/** drizzle's migrator over the migrations before the hand-over, recorded where openDatabase looks. */
async function migrateBefore(db: object, config: MigrationConfig, adjust = (s: string) => s) {
  const before = readMigrationFiles(config)
    .slice(0, handOver)
    .map((m) => ({ ...m, sql: m.sql.map(adjust) }))
  const internals = db as { dialect: PgDialect; session: PgSession }
  await internals.dialect.migrate(before, internals.session, config)
}

/** A database of the backend migrated up to the hand-over, and the way to open it as the API does. */
async function databaseBeforeHandOver(backend: Backend) {
  if (backend === 'pglite') {
    const dataDir = await mkdtemp(join(tmpdir(), 'provider-schema-'))
    const client = await PGlite.create(dataDir)
    await migrateBefore(drizzlePglite({ client }), { migrationsFolder })
    return {
      exec: (statement: string) => client.exec(statement),
      done: () => client.close(),
      open: () => openDatabase({ driver: 'pglite', dataDir }),
      cleanUp: () => rm(dataDir, { recursive: true, force: true }),
    }
  }
  const url = process.env.TEST_DATABASE_URL!
  const schema = `test_${randomBytes(6).toString('hex')}`
  const pool = new Pool({ connectionString: url, max: 1, options: `-c search_path=${schema}` })
  await pool.query(`CREATE SCHEMA "${schema}"`)
  await migrateBefore(drizzleNodePg({ client: pool }), { migrationsFolder, migrationsSchema: schema }, (s) =>
    s.replaceAll('"public".', ''),
  )
  return {
    exec: (statement: string) => pool.query(statement),
    done: () => pool.end(),
    open: () => openDatabase({ driver: 'postgres', url, schema, dropSchemaOnClose: true }),
    cleanUp: async () => {},
  }
}

test.for(backends)(
  "the provider's sessions, seed pairs, rounds and live bets move to its schema whole [%s]",
  async (backend) => {
    expect(handOver).toBeGreaterThan(30)
    const db = await databaseBeforeHandOver(backend)
    const ids = { player: randomUUID(), session: randomUUID(), seed: randomUUID(), round: randomUUID() }
    const live = { round: randomUUID(), bet: randomUUID() }
    await db.exec(`
      INSERT INTO players (id, username, email, phone, password_hash, first_name, last_name, gender, birthday,
        address, postal_code, city, country, status, age_confirmed_at, terms_accepted_at, currency_confirmed_at)
      VALUES ('${ids.player}', 'before', 'before@example.com', '+34600000000', 'x', 'Ana', 'Ruiz', 'female',
        '1990-01-01', 'Calle 1', '28001', 'Madrid', 'ES', 'active', now(), now(), now());
      INSERT INTO games (id, provider, category, volatility, min_bet, max_bet)
      VALUES ('blackjack', 'builtin', 'table', 'low', 10, 1000), ('live-roulette', 'builtin', 'live', 'low', 10, 1000);
      INSERT INTO game_sessions (id, token_hash, game_id, player_id, mode, currency, language, expires_at)
      VALUES ('${ids.session}', 'hash', 'blackjack', '${ids.player}', 'real', 'EUR', 'es', now() + interval '1 hour');
      INSERT INTO game_seeds (id, player_id, server_seed, server_seed_hash, client_seed, nonce)
      VALUES ('${ids.seed}', '${ids.player}', 'secret', 'hash-of-secret', 'client', 1);
      INSERT INTO game_rounds (id, game_id, session_id, player_id, mode, seed_id, nonce, move_id, currency, stake,
        win, status, bet, actions, state, settled_at)
      VALUES ('${ids.round}', 'blackjack', '${ids.session}', '${ids.player}', 'real', '${ids.seed}', 0,
        '${randomUUID()}', 'EUR', 250, 500, 'settled', '{"amount":250}', '[{"move":"stand"}]', '{"cards":[1,2]}', now());
      INSERT INTO live_rounds (id, table_id, seq, phase, server_seed, server_seed_hash, opened_at, betting_closes_at,
        result_at, next_at, outcome, settled_at)
      VALUES ('${live.round}', 'live-roulette', 7, 'result', 's', 'h', now(), now(), now(), now(), '{"pocket":17}', now());
      INSERT INTO live_bets (id, round_id, session_id, player_id, mode, currency, move_id, stake, bet, win, status)
      VALUES ('${live.bet}', '${live.round}', '${ids.session}', '${ids.player}', 'real', 'EUR', '${randomUUID()}',
        100, '{"bets":[]}', 0, 'settled');`)
    await db.done()

    let opened: OpenedDatabase | undefined
    try {
      opened = await db.open()
      const told: string[] = []
      const provider = await openProviderDatabase(opened, (line) => told.push(line))
      expect(told).toEqual([expect.stringContaining('"game_rounds":1')])

      const [round] = await provider.select().from(gameRounds)
      expect(round).toMatchObject({
        id: ids.round,
        sessionId: ids.session,
        playerId: ids.player,
        mode: 'real',
        stake: 250,
        win: 500,
        status: 'settled',
        bet: { amount: 250 },
        actions: [{ move: 'stand' }],
        state: { cards: [1, 2] },
      })
      expect(
        await provider.select({ id: gameSessions.id, language: gameSessions.language }).from(gameSessions),
      ).toEqual([{ id: ids.session, language: 'es' }])
      expect(await provider.select({ id: gameSeeds.id, nonce: gameSeeds.nonce }).from(gameSeeds)).toEqual([
        { id: ids.seed, nonce: 1 },
      ])
      expect(await provider.select({ seq: liveRounds.seq, outcome: liveRounds.outcome }).from(liveRounds)).toEqual([
        { seq: 7, outcome: { pocket: 17 } },
      ])
      expect(await provider.select({ id: liveBets.id, status: liveBets.status }).from(liveBets)).toEqual([
        { id: live.bet, status: 'settled' },
      ])

      // The casino's schema keeps none of it, under the old names or the hand-over's.
      const left = rowsOf<{ name: string }>(
        await opened.db.execute(
          sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ${opened.schemaName}
            AND (table_name LIKE 'provider_legacy_%' OR table_name IN ('game_rounds', 'game_seeds', 'game_sessions', 'live_rounds', 'live_bets'))`,
        ),
      )
      expect(left).toEqual([])
      // On PostgreSQL the casino's connections do not even see the provider's tables.
      if (backend === 'postgres') {
        const seen = rowsOf<{ t: string | null }>(
          await opened.db.execute(sql`SELECT to_regclass('game_rounds')::text AS t`),
        )
        expect(seen).toEqual([{ t: null }])
      }

      // Opened again (the next start), there is nothing more to take, and nothing is taken twice.
      const again: string[] = []
      const reopened = await openProviderDatabase(opened, (line) => again.push(line))
      expect(again).toEqual([])
      expect(await reopened.select({ id: gameRounds.id }).from(gameRounds)).toEqual([{ id: ids.round }])
    } finally {
      await opened?.close()
      await db.cleanUp()
    }
  },
)

test.for(backends)('a new database hands over its empty tables without a word [%s]', async (backend) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'provider-schema-'))
  const opened =
    backend === 'pglite'
      ? await openDatabase({ driver: 'pglite', dataDir })
      : await openDatabase({
          driver: 'postgres',
          url: process.env.TEST_DATABASE_URL!,
          schema: `test_${randomBytes(6).toString('hex')}`,
          dropSchemaOnClose: true,
        })
  try {
    const told: string[] = []
    const provider = await openProviderDatabase(opened, (line) => told.push(line))
    expect(told).toEqual([])
    expect(await provider.select().from(gameRounds)).toEqual([])
  } finally {
    await opened.close()
    await rm(dataDir, { recursive: true, force: true })
  }
})
