import { z } from 'zod'
import { Cents, Currency, DateRange, Id, Locale, Page, paged, Timestamp } from '../common.ts'
import { DEFAULT_LOCALE } from '../locales.ts'
import { optionalText, required } from '../rules.ts'
import { GameArt, PanelTable, SymbolPaytable } from './presentation.ts'

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
  /** How wins come: often and small (low) or rarely and large (high); null when not published. */
  volatility: z.enum(['low', 'medium', 'high']).nullable(),
  /** Stake per round in cents: the game's limits. */
  minBet: Cents,
  maxBet: Cents,
  /** The logged-in player marked it (false for visitors). */
  favourite: z.boolean(),
})
export type Game = z.infer<typeof Game>

/**
 * A game with what its page shows, from its provider's catalogue feed (ADR 0045): the art of its
 * thumbnail and symbols, its rules and tables in the asked language, and its top win.
 */
export const GameDetails = Game.extend({
  /** The most a round pays, as a multiple of its stake (null when the provider does not publish it). */
  maxMultiplier: z.number().positive().nullable(),
  art: GameArt,
  rules: z.string(),
  paytable: SymbolPaytable.nullable(),
  tables: z.array(PanelTable),
})
export type GameDetails = z.infer<typeof GameDetails>

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

/** A page's language: Spanish when absent or unknown. */
const Language = Locale.default('es').catch('es')

const optionalFlag = () => z.boolean({ error: 'invalid_value' }).optional()

export const GetGamesParams = z.object({
  category: GameCategory.optional(),
  /** A provider id from get_game_providers. */
  provider: optionalText(64),
  /** A game group slug from get_game_group_list. */
  group: optionalText(64),
  search: optionalText(80),
  live: optionalFlag(),
  /** Popular first (the lobby's default), newest first, or by name in the language. */
  sort: z.enum(['popular', 'new', 'name'], { error: 'invalid_value' }).default('popular'),
  /** The language of the names (and of the name search and sort). */
  language: Language,
  ...Page.shape,
})

/** The groups of get_games besides the tags: the logged-in player's own lists. */
export const PLAYER_GAME_GROUPS = ['favourites', 'recent'] as const
export const GetGamesAnswer = paged(Game)

export const GetGameParams = z.object({ gameId: required(64), language: Language })
export const GetGameAnswer = GameDetails

export const GetGameProvidersParams = z.object({ live: optionalFlag(), category: GameCategory.optional() })
export const GetGameProvidersAnswer = z.object({ items: z.array(GameProvider) })

export const GetGameGroupListParams = z.object({ live: optionalFlag(), language: Locale.catch(DEFAULT_LOCALE) })
export const GetGameGroupListAnswer = z.object({ items: z.array(GameGroup) })

/** Demo needs no login; real play needs the bearer token (401 without it). */
export const GetGameUrlParams = z.object({
  gameId: required(64),
  mode: GameMode,
  language: Locale.catch(DEFAULT_LOCALE),
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
  language: Locale.catch(DEFAULT_LOCALE),
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
  /**
   * The part of the win held for review by the net winnings limit (ADR 0036), not credited while
   * 'held'; paid once 'released', kept by the casino once 'voided'. Null when nothing was held.
   */
  held: z.object({ amount: Cents, status: z.enum(['held', 'released', 'voided']) }).nullable(),
  placedAt: Timestamp,
  settledAt: Timestamp.nullable(),
})
export type Bet = z.infer<typeof Bet>

export const GetBetListParams = z.object({
  range: DateRange.default({ period: '7d' }),
  gameId: optionalText(64),
  /** The language of the game names. */
  language: Language,
  ...Page.shape,
})
export const GetBetDetailsParams = z.object({ id: required(64), language: Language })
/**
 * A round with what verifies it: the seed pair (the server seed once rotated), the nonce, the
 * moves. Another provider's round (GAME_PROVIDERS) is known to the casino by its wallet's
 * movements alone: that provider keeps its moves and fairness, so `engine` and `seeds` are null.
 */
export const BetDetails = Bet.extend({
  mode: GameMode,
  /** The engine that played it: the verification page replays the round with it. */
  engine: z.string().nullable(),
  /** A live table's round: its seed is revealed with its result, not by the player's rotation. */
  live: z.boolean(),
  seeds: z
    .object({
      serverSeedHash: z.string(),
      /** Null until the player rotates the pair (then anyone can recompute the round). */
      serverSeed: z.string().nullable(),
      clientSeed: z.string(),
      nonce: z.number().int().nonnegative(),
    })
    .nullable(),
  /** The opening move and the later ones, as played (null: another provider's round). */
  moves: z.object({ bet: z.unknown(), actions: z.array(z.unknown()) }).nullable(),
  /** What the round showed (the engine's view of its final state). */
  outcome: z.unknown(),
})
export type BetDetails = z.infer<typeof BetDetails>

// ---- a provider's records of a player's rounds, which the casino's bet history shows --------

/**
 * A launch the casino asks the provider for (get_game_url, get_live_game_url): a game session for
 * one game, mode and (for real money, or a logged-in player's demo) player, which ends when the
 * casino's log-in does at the latest (`endsBy`). The provider answers the game client's URL.
 */
export const ProviderLaunchParams = z.object({
  gameId: z.string().min(1).max(64),
  mode: GameMode,
  playerId: z.uuid().nullable(),
  /** The casino's log-in that launches it: end_provider_sessions names it. */
  casinoSession: z.string().max(64).nullable(),
  currency: Currency,
  language: Locale,
  endsBy: Timestamp.nullable(),
})
/** The game client's URL (http or https: the casino's page frames it) and when its session expires. */
export const ProviderLaunchAnswer = z.object({ url: z.url({ protocol: /^https?$/ }), expiresAt: Timestamp })

/**
 * The game sessions the casino ends at the provider: a player's (all, those one of their log-ins
 * launched, or all but one log-in's: logout, a password change), or a game's (withdrawn from the
 * catalogue). A log-in is named by the casino's opaque id given at launch. At least a player or a
 * game; what ended is refused from then on (401).
 */
export const EndProviderSessionsParams = z
  .object({
    playerId: z.uuid().optional(),
    casinoSession: z.string().max(64).optional(),
    exceptCasinoSession: z.string().max(64).optional(),
    gameId: z.string().max(64).optional(),
  })
  .refine((p) => p.playerId !== undefined || p.gameId !== undefined, {
    path: ['playerId'],
    message: 'field_required',
  })
export const EndProviderSessionsAnswer = z.object({ ended: z.number().int().nonnegative() })

/**
 * The games a player played last at the provider, demo or real (the casino's "recently played"
 * row): each game once, with the time of its last round or live bet, newest first.
 */
export const ProviderRecentGamesParams = z.object({
  playerId: z.uuid(),
  limit: z.number().int().min(1).max(100),
})
export const ProviderRecentGamesAnswer = z.object({
  items: z.array(z.object({ gameId: z.string(), lastPlayedAt: Timestamp })),
})

/** A window of time and a page of a player's real-money rounds at the provider, newest first. */
export const ProviderRoundHistoryParams = z.object({
  playerId: z.uuid(),
  from: Timestamp,
  to: Timestamp,
  gameId: z.string().max(64).optional(),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1).max(100),
})
/**
 * One round as the provider keeps it: `id` is the round the wallet knows (the transactions'
 * roundId), `roundId` the provider's own round (a live table's round, where a bet is its own
 * wallet round); `revealed` once the seed that drew it is public.
 */
export const ProviderRound = z.object({
  id: z.string(),
  roundId: z.string(),
  gameId: z.string(),
  stake: Cents,
  win: Cents.nullable(),
  settled: z.boolean(),
  currency: Currency,
  createdAt: Timestamp,
  settledAt: Timestamp.nullable(),
  revealed: z.boolean(),
})
export type ProviderRound = z.infer<typeof ProviderRound>
export const ProviderRoundHistoryAnswer = z.object({
  items: z.array(ProviderRound),
  total: z.number().int().nonnegative(),
  /** Sums over the whole window, not only this page. */
  totals: z.object({ bet: Cents, win: Cents }),
})
export const ProviderRoundDetailsParams = z.object({ playerId: z.uuid(), id: z.string().max(64) })
/** A round with what verifies it, as BetDetails shows it. */
export const ProviderRoundDetails = ProviderRound.extend(
  BetDetails.pick({ mode: true, engine: true, live: true, seeds: true, moves: true, outcome: true }).shape,
)

export const SetGameFavouriteParams = z.object({
  gameId: required(64),
  favourite: z.boolean({ error: 'invalid_value' }),
})
export const SetGameFavouriteAnswer = z.object({ gameId: Id, favourite: z.boolean() })

export const GetBetListAnswer = paged(Bet).extend({
  /** Sums over the whole filtered range, not only this page. */
  totals: z.object({ bet: Cents, win: Cents, total: Cents, currency: Currency }),
})

// ---- the game server (the built-in provider), called by the game client with its launch's token

/** The header that carries a game session's token; it opens the game server only. */
export const GAME_SESSION_HEADER = 'X-Game-Session'

export const SeedPairView = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** The next round's nonce. */
  nonce: z.number().int().nonnegative(),
})
export type SeedPairView = z.infer<typeof SeedPairView>

export const RoundView = z.object({
  id: Id,
  nonce: z.number().int().nonnegative(),
  stake: Cents,
  /** Null while the round waits for the player's next move. */
  win: Cents.nullable(),
  finished: z.boolean(),
  /** The engine's view of the round (reels, pocket, cards...). */
  view: z.unknown(),
  createdAt: Timestamp,
})
export type RoundView = z.infer<typeof RoundView>

/** The session's wallet: real money in real play (total of real and bonus), fun chips in demo. */
export const GameBalance = z.object({ amount: Cents, currency: Currency, mode: GameMode })

/** A retired seed pair with its server seed revealed: every round played with it can be checked. */
export const RevealedSeeds = z.object({
  serverSeed: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** Rounds played with it (nonces 0 to this - 1). */
  rounds: z.number().int().nonnegative(),
})

export const GameOpenParams = z.object({})
/**
 * The least time between the starts of two slot rounds of a player unless set otherwise
 * (SLOT_MIN_ROUND_MS): the UK Gambling Commission's RTS 14, 2.5 seconds (ADR 0070).
 */
export const SLOT_MIN_ROUND_MS = 2500

export const GameOpenAnswer = z.object({
  gameId: Id,
  name: z.string(),
  engine: z.string(),
  /** The engine's configuration: paytable, lines, wheel... (the client draws with it). */
  config: z.unknown(),
  /** The glyphs and colours the board draws the game's symbols in (its catalogue's art). */
  symbols: GameArt.shape.symbols,
  minBet: Cents,
  maxBet: Cents,
  rtp: z.number().nullable(),
  volatility: z.enum(['low', 'medium', 'high']).nullable(),
  language: Locale,
  balance: GameBalance,
  seeds: SeedPairView,
  /** A round left waiting for a move (closed tab, lost network): the client resumes it. */
  openRound: RoundView.nullable(),
  /** The session owner's last finished rounds of this game, newest first. */
  recentRounds: z.array(RoundView),
  /** The owner's last retired pair, to check its rounds. */
  lastRevealed: RevealedSeeds.nullable(),
  /** Rounds played in this session: the demo's prompt to play for real counts them. */
  roundsPlayed: z.number().int().nonnegative(),
  /**
   * The least time between the starts of two rounds of this game, in ms (slots: the provider's
   * SLOT_MIN_ROUND_MS, after RTS 14; 0: none): the client's spin lasts at least this long.
   */
  minRoundMs: z.number().int().nonnegative(),
  /**
   * This session so far, shown in the frame (issue 24, after RTS 14): whole minutes since it
   * opened, and its net result (what its rounds paid minus what they staked; negative: a loss).
   */
  session: z.object({ minutes: z.number().int().nonnegative(), net: z.number().int().safe() }),
  expiresAt: Timestamp,
})
export type GameOpenAnswer = z.infer<typeof GameOpenAnswer>

export const GamePlayParams = z.object({
  /** The opening move, checked by the game's engine. */
  bet: z.unknown(),
  /** The client's id of this move: a resend answers the round it made, once. */
  moveId: z.uuid({ error: 'invalid_value' }),
})
export const GameActParams = z.object({
  roundId: required(64),
  action: z.unknown(),
  moveId: z.uuid({ error: 'invalid_value' }),
})
export const GamePlayAnswer = z.object({ round: RoundView, balance: GameBalance, seeds: SeedPairView })

export const GameRotateSeedsParams = z.object({
  /** The new pair's client seed; a random one when absent. */
  clientSeed: z
    .string()
    .trim()
    .regex(/^[\x21-\x7e]{1,64}$/, 'invalid_value')
    .optional(),
})
export const GameRotateSeedsAnswer = z.object({
  /** The pair just retired, its server seed revealed. */
  revealed: RevealedSeeds,
  seeds: SeedPairView,
})

// ---- live tables -----------------------------------------------------------------------

export const LivePhaseName = z.enum(['betting', 'closed', 'result'])

/**
 * A round of a live table. The server seed's hash is published when the betting window opens;
 * the seed itself and the outcome once the result is shown. The outcome derives from the seed
 * with client seed = the round id and nonce 0 (provider/games/fair.ts), so anyone can check it.
 */
export const LiveRoundView = z.object({
  id: Id,
  /** The table's round number. */
  seq: z.number().int().positive(),
  phase: LivePhaseName,
  openedAt: Timestamp,
  bettingClosesAt: Timestamp,
  resultAt: Timestamp,
  nextAt: Timestamp,
  serverSeedHash: z.string(),
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.literal(0),
  /** Roulette: the pocket (null until the result). */
  result: z.number().int().nonnegative().nullable(),
})
export type LiveRoundView = z.infer<typeof LiveRoundView>

export const LiveBetView = z.object({
  id: Id,
  roundId: Id,
  stake: Cents,
  /** Null until the round's result. */
  win: Cents.nullable(),
  status: z.enum(['pending', 'staked', 'settled', 'cancelled']),
  bet: z.unknown(),
  createdAt: Timestamp,
})
export type LiveBetView = z.infer<typeof LiveBetView>

export const LiveTableParams = z.object({})
export const LiveTableAnswer = z.object({
  tableId: Id,
  name: z.string(),
  engine: z.string(),
  config: z.unknown(),
  minBet: Cents,
  maxBet: Cents,
  rtp: z.number().nullable(),
  language: Locale,
  balance: GameBalance,
  /** The round in progress (null only before the table's first round opens). */
  round: LiveRoundView.nullable(),
  /** The last finished rounds, newest first, with their seeds revealed. */
  history: z.array(LiveRoundView),
  /** This session owner's bets on the round in progress and the rounds of the history. */
  bets: z.array(LiveBetView),
  /** The server's clock, so a countdown can correct the browser's. */
  now: Timestamp,
  expiresAt: Timestamp,
  /** The provider's live socket (ws: or wss:), where this session watches the table's rounds. */
  socket: z.url({ protocol: /^wss?$/ }),
})
export type LiveTableAnswer = z.infer<typeof LiveTableAnswer>

export const LiveBetParams = z.object({
  /** The round the player is betting on: a bet on any other (or after its window) is refused. */
  roundId: required(64),
  bet: z.unknown(),
  moveId: z.uuid({ error: 'invalid_value' }),
})
export const LiveBetAnswer = z.object({ bet: LiveBetView, balance: GameBalance })
