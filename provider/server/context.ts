/**
 * What the game server's functions reach: its own database (its schema and migrations, ADR 0049),
 * the casino's seamless wallet over HTTP, its clock and log. The casino API that embeds the
 * provider builds one at start (casino-api/src/server.ts); the provider reads nothing else of it.
 */
import { fileURLToPath } from 'node:url'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import * as schema from './db/schema.ts'
import type { GameMode } from '../../casino-api/contract/index.ts'
import type { Catalog } from '../games/catalog.ts'
import type { SeamlessWallet } from './wallet-client.ts'

/** The provider's tables, for drizzle's typed queries. */
export const providerTables = schema
export const providerMigrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url))
/** The name of the provider's schema (after the casino's own and _ when it has one). */
export const PROVIDER_SCHEMA = 'provider'

export type ProviderDatabase = PgDatabase<PgQueryResultHKT, typeof schema>
/** A database or an open transaction: what query helpers take. */
export type ProviderQueryable = Pick<ProviderDatabase, 'select' | 'insert' | 'update' | 'delete' | 'execute'>

export type ProviderLog = { error(fields: object, message: string): void }

export type ProviderContext = {
  db: ProviderDatabase
  /** The casino's wallet (the `provider_*` calls) with the provider's key. */
  wallet: SeamlessWallet
  now: () => Date
  log: ProviderLog
  /** Its titles under the ids this instance publishes them by (catalog.ts's catalogWith). */
  catalog: Catalog
  /**
   * Its own public base URL, as browsers reach it (PROVIDER_PUBLIC_URL, else where it listens):
   * its game clients are served there (the base of a launch's URL), and a live table's client
   * opens the provider's live socket there.
   */
  publicUrl: string
  /** Told of each round opened (the casino's casino_api_game_rounds_total). */
  metrics: { roundOpened(gameId: string, mode: GameMode): void }
  /**
   * The least time between the starts of two slot rounds of one owner, in ms (SLOT_MIN_ROUND_MS,
   * after the UK Gambling Commission's RTS 14; 0: none). See game-server.ts's playRound.
   */
  slotMinRoundMs: number
}
