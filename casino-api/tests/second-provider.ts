/**
 * The built-in game provider run a second time, as an operator would plug in another provider
 * (ADR 0049, step 4): its own process's server on its own port, a database of its own (PGlite in
 * memory, or a schema of its own on PostgreSQL), another provider id, key and game id prefix. The
 * casino knows it by a GAME_PROVIDERS entry alone, the web app by GAME_FRAME_ORIGINS: neither
 * holds code of it.
 */
import { randomBytes } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { Pool } from 'pg'
import { gameServerCalls } from '../contract/index.ts'
import { applyMigrations } from '../contract/schema-migrations.ts'
import { providerMigrationsFolder, providerTables, type ProviderDatabase } from '../../provider/server/context.ts'
import { openProviderAlone } from '../../provider/server/db/open-alone.ts'
import { startProvider } from '../../provider/server/start.ts'

export const SECOND = {
  id: 'originals-two',
  name: 'Originals Two',
  prefix: 'two-',
  /** Its key both ways: what the casino sends it, and what it sends the wallet. */
  key: 'second-provider-key-of-at-least-32-characters',
}

/** Its tables in a PGlite of its own, in memory: the test's, gone when it closes. */
async function inMemory() {
  const client = await PGlite.create()
  const db = drizzle({ client, schema: providerTables })
  await applyMigrations(db, providerMigrationsFolder, undefined)
  return {
    db: db as unknown as ProviderDatabase,
    listen: (channel: string, onPayload: (payload: string) => void) => client.listen(channel, onPayload),
    close: () => client.close(),
  }
}

/** Its tables in a schema of their own on PostgreSQL, dropped when it closes. */
async function inPostgres(url: string) {
  const schema = `t_${randomBytes(6).toString('hex')}_two`
  const opened = await openProviderAlone({ url, schema, maxConnections: 4 })
  return {
    ...opened,
    async close() {
      await opened.close()
      const pool = new Pool({ connectionString: url, max: 1 })
      await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => pool.end())
    },
  }
}

export async function startSecondProvider(options: {
  /** PostgreSQL's URL, or PGlite in memory. */
  databaseUrl?: string
  /** The casino API's base URL, where its wallet answers (known once it listens). */
  walletUrl: () => string
  /** The casino's site, which frames its game client (known once it listens). */
  siteUrl: () => string
}) {
  const database = options.databaseUrl ? await inPostgres(options.databaseUrl) : await inMemory()
  const provider = await startProvider({
    db: database.db,
    key: SECOND.key,
    walletUrl: options.walletUrl,
    siteUrl: options.siteUrl,
    listen: database.listen,
    port: 0,
    logger: false,
    liveTables: false,
    slotMinRoundMs: 0,
    gamePrefix: SECOND.prefix,
  }).catch(async (error: unknown) => {
    await database.close()
    throw error
  })
  return {
    url: provider.url,
    origin: new URL(provider.url).origin,
    /** Its GAME_PROVIDERS entry at the casino API. */
    entry: {
      id: SECOND.id,
      name: SECOND.name,
      feedUrl: provider.url + gameServerCalls.get_catalog_feed.path,
      launchUrl: provider.url + gameServerCalls.provider_launch.path,
      endSessionsUrl: provider.url + gameServerCalls.end_provider_sessions.path,
      key: SECOND.key,
      walletKey: SECOND.key,
    },
    async close() {
      await provider.close()
      await database.close()
    },
  }
}
