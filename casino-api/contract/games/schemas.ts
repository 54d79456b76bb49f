import { z } from 'zod'
import { Cents, Currency, DateRange, Id, Locale, Page, paged, Timestamp } from '../common.ts'
import { optionalText, required } from '../rules.ts'

/** The product's game categories (spec point 3); the category selector links to them. */
export const GAME_CATEGORIES = [
  'slots',
  'baccarat',
  'blackjack',
  'skill-games',
  'instant-win',
  'bingo',
  'fishing',
  'roulette',
  'poker',
  'casual-games',
  'hi-lo-switch',
  'video-poker',
  'lottery',
  'dice',
  'sic-bo',
  'casino-holdem',
  'european-roulette',
  'american-roulette',
  'french-roulette',
  'russian-poker',
  'live-dealer',
  'video-bingo',
  'racing',
  'sports',
  'keno',
  'fighting',
  'shooting',
  'scratch-cards',
  'card',
  'andar-bahar',
  'teen-patti',
] as const
export const GameCategory = z.enum(GAME_CATEGORIES, { error: 'invalid_value' })
export type GameCategory = z.infer<typeof GameCategory>

export const GameMode = z.enum(['demo', 'real'], { error: 'invalid_value' })
export type GameMode = z.infer<typeof GameMode>

export const GameProvider = z.object({
  id: Id,
  name: z.string(),
  logoUrl: z.string().nullable(),
  gameCount: z.number().int().nonnegative(),
})
export type GameProvider = z.infer<typeof GameProvider>

export const Game = z.object({
  id: Id,
  slug: z.string(),
  name: z.string(),
  provider: z.object({ id: Id, name: z.string() }),
  category: GameCategory,
  thumbnailUrl: z.string(),
  live: z.boolean(),
  /** Fun-chip play without login. */
  hasDemo: z.boolean(),
  /** Return to player in percent (96.5), null when the provider does not publish it. */
  rtp: z.number().min(0).max(100).nullable(),
  /** Rounds can be verified by the player (committed server seed, player seed, nonce). */
  provablyFair: z.boolean(),
  tags: z.array(z.enum(['new', 'popular', 'exclusive'])),
})
export type Game = z.infer<typeof Game>

/** A home-page row (popular, new, live …) with the first games of the group. */
export const GameGroup = z.object({
  id: Id,
  slug: z.string(),
  name: z.string(),
  live: z.boolean(),
  gameCount: z.number().int().nonnegative(),
  games: z.array(Game),
})
export type GameGroup = z.infer<typeof GameGroup>

const optionalFlag = () => z.boolean({ error: 'invalid_value' }).optional()

export const GetGamesParams = z.object({
  category: GameCategory.optional(),
  /** A provider id from get_game_providers. */
  provider: optionalText(64),
  /** A game group slug from get_game_group_list. */
  group: optionalText(64),
  search: optionalText(80),
  live: optionalFlag(),
  ...Page.shape,
})
export const GetGamesAnswer = paged(Game)

export const GetGameProvidersParams = z.object({ live: optionalFlag(), category: GameCategory.optional() })
export const GetGameProvidersAnswer = z.object({ items: z.array(GameProvider) })

export const GetGameGroupListParams = z.object({ live: optionalFlag(), language: Locale.catch('es') })
export const GetGameGroupListAnswer = z.object({ items: z.array(GameGroup) })

/** Demo needs no login; real play needs the bearer token (401 without it). */
export const GetGameUrlParams = z.object({
  gameId: required(64),
  mode: GameMode,
  language: Locale.catch('es'),
})
export const GameUrl = z.object({
  /** Opened in an iframe; single use and short lived. */
  url: z.url(),
  gameId: Id,
  mode: GameMode,
  expiresAt: Timestamp,
})
export const GetGameUrlAnswer = GameUrl

export const GetLiveGameUrlParams = z.object({
  gameId: required(64),
  /** A specific table; the provider picks one with free seats when absent. */
  tableId: optionalText(64),
  mode: GameMode.default('real'),
  language: Locale.catch('es'),
})
/** The table id is the one to `subscribe` to on the socket for its round events. */
export const GetLiveGameUrlAnswer = GameUrl.extend({ tableId: Id })

// ---- bet history -----------------------------------------------------------------------

export const BetStatus = z.enum(['open', 'settled', 'rolled_back'])

export const Bet = z.object({
  id: Id,
  roundId: Id,
  gameId: Id,
  gameName: z.string(),
  provider: z.string(),
  /** Stake, win and win − stake, in cents. */
  bet: Cents,
  win: Cents,
  total: Cents,
  currency: Currency,
  status: BetStatus,
  /** The round can be checked with its revealed server seed. */
  verifiable: z.boolean(),
  placedAt: Timestamp,
  settledAt: Timestamp.nullable(),
})
export type Bet = z.infer<typeof Bet>

export const GetBetListParams = z.object({
  range: DateRange.default({ period: '7d' }),
  gameId: optionalText(64),
  ...Page.shape,
})
export const GetBetListAnswer = paged(Bet).extend({
  /** Sums over the whole filtered range, not only this page. */
  totals: z.object({ bet: Cents, win: Cents, total: Cents, currency: Currency }),
})
