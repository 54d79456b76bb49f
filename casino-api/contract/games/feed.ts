import { z } from 'zod'
import { Cents, Id } from '../common.ts'
import { LOCALES, type Locale } from '../locales.ts'
import { GameArt, PanelTable, SymbolPaytable } from './presentation.ts'
import { GameCategory } from './schemas.ts'

/**
 * A game provider's catalogue feed (ADR 0045): what a casino shows of each of its games, as
 * data. The casino API syncs it into its games table (src/games/catalog-sync.ts) and answers it
 * through get_games and get_game, so the web app draws a game it has no code of: its art, rules,
 * paytables, return, volatility, limits and top win. The built-in provider serves its own at
 * get_catalog_feed (provider/games/feed.ts); another provider is plugged in by its feed's URL.
 */

/** A text in every language of the contract's list. */
const InEveryLocale = <T extends z.ZodType>(value: T) =>
  z.object(Object.fromEntries(LOCALES.map((locale) => [locale, value])) as Record<Locale, T>)

export const FeedGame = z.object({
  /** The game's id, unique among every provider's games of the casino. */
  id: Id.regex(/^[\w-]{1,64}$/),
  names: InEveryLocale(z.string().min(1).max(120)),
  category: GameCategory,
  /** A shared table run for everyone (the live casino). */
  live: z.boolean(),
  tags: z.array(z.enum(['new', 'popular', 'exclusive'])),
  volatility: z.enum(['low', 'medium', 'high']),
  /** Return to player in percent (96.17). */
  rtp: z.number().gt(0).lt(100),
  /** Stake per round, in cents. */
  minBet: Cents.positive(),
  maxBet: Cents.positive(),
  /** The most a round pays back, as a multiple of its stake: the wallet caps wins with it. */
  maxMultiplier: z.number().positive(),
  /** The provider's lobby order: lower first. */
  order: z.number().int().nonnegative(),
  art: GameArt,
  /** How the game is played, in each language. */
  rules: InEveryLocale(z.string().min(1)),
  paytable: SymbolPaytable.nullable(),
  /** The panel's other tables (returns per bet, paytables, chances), written out in each language. */
  tables: InEveryLocale(z.array(PanelTable)),
})
export type FeedGame = z.infer<typeof FeedGame>

export const CatalogFeed = z.object({ games: z.array(FeedGame) })
export type CatalogFeed = z.infer<typeof CatalogFeed>

/** What the casino API keeps of a feed's game beside the lobby's columns (the games table's presentation). */
export const GamePresentation = FeedGame.pick({ art: true, rules: true, paytable: true, tables: true })
export type GamePresentation = z.infer<typeof GamePresentation>
