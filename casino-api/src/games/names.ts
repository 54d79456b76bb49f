import { sql } from 'drizzle-orm'
import { DEFAULT_LOCALE, type Locale } from '../../contract/index.ts'
import { games } from '../db/schema.ts'

/**
 * A game's name in a language, for a query on the games table: its row in game_names, else the
 * default language's, so a language added before a provider names its games in it still lists
 * every game (ADR 0039).
 */
export const gameName = (language: Locale) =>
  sql<string>`coalesce(
    (select n.name from game_names n where n.game_id = ${games.id} and n.locale = ${language}),
    (select n.name from game_names n where n.game_id = ${games.id} and n.locale = ${DEFAULT_LOCALE}))`
