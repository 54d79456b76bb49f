/**
 * The provider's tables were the casino's until they moved to the provider's schema (ADR 0049):
 * the casino's migration 0034 renamed them `provider_legacy_*`; at its next start the provider
 * copies their rows into its own tables and drops them, in one transaction, so that no round,
 * seed pair, game session or live bet is lost (nor half moved). A database that never had them,
 * or whose rows were already taken, has nothing to do.
 */
import { getTableColumns, getTableName, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { ProviderDatabase } from '../context.ts'
import { gameRounds, gameSeeds, gameSessions, liveBets, liveRounds } from './schema.ts'

/** In the order their foreign keys ask: what is pointed at first. */
const TABLES: PgTable[] = [gameSessions, gameSeeds, gameRounds, liveRounds, liveBets]
const LEGACY_TYPES = ['game_mode', 'game_round_status', 'live_bet_status', 'live_round_phase']

/**
 * Moves the rows of the legacy tables in schema `from` (the casino's) into the provider's tables
 * of schema `to`. Answers how many rows each table took; null when there was nothing to adopt.
 */
export async function adoptLegacyTables(
  db: ProviderDatabase,
  { from, to }: { from: string; to: string },
): Promise<Record<string, number> | null> {
  const legacy = (name: string) => sql`${sql.identifier(from)}.${sql.identifier(`provider_legacy_${name}`)}`
  return db.transaction(async (tx) => {
    // Instances starting together: one adopts, the others then find nothing left.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('provider:adopt-legacy-tables'))`)
    const found = await tx.execute(sql`SELECT to_regclass(${`"${from}".provider_legacy_game_sessions`}) AS t`)
    if (!(found as unknown as { rows: { t: string | null }[] }).rows[0]?.t) return null
    const taken: Record<string, number> = {}
    for (const table of TABLES) {
      const name = getTableName(table)
      const columns = Object.values(getTableColumns(table))
      // An enum column is written through text into the provider's own type of that name.
      const values = columns.map((column) => {
        const enumName = (column as { enum?: { enumName: string } }).enum?.enumName
        const value = sql.identifier(column.name)
        return enumName ? sql`${value}::text::${sql.identifier(to)}.${sql.identifier(enumName)}` : value
      })
      const names = sql.join(
        columns.map((c) => sql.identifier(c.name)),
        sql`, `,
      )
      const result = await tx.execute(sql`WITH taken AS (
          INSERT INTO ${table} (${names}) SELECT ${sql.join(values, sql`, `)} FROM ${legacy(name)}
          ON CONFLICT DO NOTHING RETURNING 1)
        SELECT count(*)::int AS n FROM taken`)
      taken[name] = (result as unknown as { rows: { n: number }[] }).rows[0]!.n
    }
    for (const table of TABLES.toReversed()) await tx.execute(sql`DROP TABLE ${legacy(getTableName(table))}`)
    for (const type of LEGACY_TYPES) await tx.execute(sql`DROP TYPE ${legacy(type)}`)
    return taken
  })
}
