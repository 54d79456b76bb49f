/**
 * The provider's database when it runs on its own (main.ts): a PostgreSQL database of its choice
 * (PROVIDER_DATABASE_URL: its own, or the casino's), its tables in a schema of their own, migrated
 * from provider/drizzle/. Its live tables' events go out with NOTIFY there and its instances'
 * live sockets LISTEN there (live-socket.ts), on a connection of their own.
 */
import { drizzle } from 'drizzle-orm/node-postgres'
import { Pool } from 'pg'
import { listenPostgres } from '../../../casino-api/contract/pg-listen.ts'
import { migratePostgres, SCHEMA_NAME } from '../../../casino-api/contract/schema-migrations.ts'
import { providerMigrationsFolder, providerTables, type ProviderDatabase } from '../context.ts'
import type { Listen } from '../live-socket.ts'

export async function openProviderAlone(options: {
  url: string
  schema: string
  maxConnections?: number
  onIdleError?: (error: Error) => void
}): Promise<{ db: ProviderDatabase; listen: Listen; close(): Promise<void> }> {
  if (!SCHEMA_NAME.test(options.schema)) throw new Error(`Invalid schema name '${options.schema}'`)
  const pool = new Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    application_name: 'casino-game-provider',
    // In the startup packet: no query runs on a connection without it.
    options: `-c search_path=${options.schema}`,
  })
  pool.on('error', (error) => options.onIdleError?.(error))
  try {
    await migratePostgres(pool, providerMigrationsFolder, options.schema, [])
  } catch (error) {
    await pool.end().catch(() => {})
    throw error
  }
  return {
    db: drizzle({ client: pool, schema: providerTables }),
    listen: (channel, onPayload) => listenPostgres(options.url, 'casino-game-provider-listen', channel, onPayload),
    close: () => pool.end(),
  }
}
