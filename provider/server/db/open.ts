/**
 * The provider's database: a schema of its own beside the casino's, in the same PGlite or
 * PostgreSQL database until the provider runs on its own (ADR 0049), migrated from
 * provider/drizzle/ and holding the rows it kept in the casino's tables before (adopt.ts).
 */
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { PROVIDER_SCHEMA, providerMigrationsFolder, providerTables, type ProviderDatabase } from '../context.ts'
import { adoptLegacyTables } from './adopt.ts'

/** What the casino's opened database offers a service it embeds (casino-api/src/db/open.ts). */
export type HostDatabase = {
  schemaName: string
  openBeside<S extends Record<string, unknown>>(options: {
    name: string
    schema: S
    migrationsFolder: string
  }): Promise<{ db: PgDatabase<PgQueryResultHKT, S>; schemaName: string }>
}

/** Opens (and migrates) the provider's schema; `told` hears how many rows it adopted, if any. */
export async function openProviderDatabase(
  host: HostDatabase,
  told: (line: string) => void = () => {},
): Promise<ProviderDatabase> {
  const { db, schemaName } = await host.openBeside({
    name: PROVIDER_SCHEMA,
    schema: providerTables,
    migrationsFolder: providerMigrationsFolder,
  })
  const adopted = await adoptLegacyTables(db, { from: host.schemaName, to: schemaName })
  // A new database had the tables too (its migrations made them), empty: nothing to tell.
  if (adopted && Object.values(adopted).some((n) => n > 0))
    told(`the game provider took its rows from the casino's tables into its schema: ${JSON.stringify(adopted)}`)
  return db
}
