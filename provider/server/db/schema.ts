/**
 * The built-in game provider's own tables (ADR 0049): launched game sessions, seed pairs, rounds,
 * and the live tables' rounds and bets. They live in a schema of the provider's own, migrated
 * from provider/drizzle/ (`npm run db:generate:provider`), never read by the casino API: a
 * player and a game are the casino's ids as the launch gave them, with no foreign key to the
 * casino's tables. Tables are not schema-qualified: the connection's search_path names the
 * provider's schema (db.ts).
 *
 * Timestamps are written by the game server's clock, so that tests can move time.
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { CURRENCIES } from '../../../casino-api/contract/format.ts'
import { LOCALES } from '../../../casino-api/contract/locales.ts'

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const localeEnum = pgEnum('locale', LOCALES)
export const currencyEnum = pgEnum('currency', CURRENCIES)

/**
 * A provably fair seed pair: the server seed stays secret (only its hash is shown) until the
 * owner rotates it; `nonce` is the next round's. A player has one active pair for all games;
 * a visitor's demo session has its own.
 */
export const gameSeeds = pgTable(
  'game_seeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id'),
    /** A visitor's demo session (no player). */
    sessionId: uuid('session_id'),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    revealedAt: at('revealed_at'),
  },
  (t) => [
    uniqueIndex('game_seeds_player_active_key')
      .on(t.playerId)
      .where(sql`${t.revealedAt} IS NULL AND ${t.playerId} IS NOT NULL`),
    uniqueIndex('game_seeds_session_active_key')
      .on(t.sessionId)
      .where(sql`${t.revealedAt} IS NULL AND ${t.sessionId} IS NOT NULL`),
    check('game_seeds_owner', sql`(${t.playerId} IS NULL) <> (${t.sessionId} IS NULL)`),
  ],
)

export const gameModeEnum = pgEnum('game_mode', ['demo', 'real'])

/** A launched game: its token (hash kept) opens the game server for one game, player and mode. */
export const gameSessions = pgTable(
  'game_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    gameId: text('game_id').notNull(),
    playerId: uuid('player_id'),
    /**
     * The player's access token that launched it: the game session ends with it (logout, a
     * password change, an expiry). No foreign key: a purged token ends it the same way.
     */
    accessTokenId: uuid('access_token_id'),
    mode: gameModeEnum('mode').notNull(),
    currency: currencyEnum('currency').notNull(),
    /** Fun chips of a demo session. */
    demoBalance: bigint('demo_balance', { mode: 'number' }),
    language: localeEnum('language').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('game_sessions_token_key').on(t.tokenHash),
    index('game_sessions_expires_idx').on(t.expiresAt),
    check('game_sessions_real_player', sql`${t.mode} = 'demo' OR ${t.playerId} IS NOT NULL`),
    check('game_sessions_demo_balance', sql`${t.demoBalance} IS NULL OR ${t.demoBalance} >= 0`),
  ],
)

export const gameRoundStatusEnum = pgEnum('game_round_status', ['open', 'settled', 'cancelled'])

/** One round: the bet, its seeds and nonce, the moves and the outcome. */
export const gameRounds = pgTable(
  'game_rounds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gameId: text('game_id').notNull(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => gameSessions.id, { onDelete: 'restrict' }),
    playerId: uuid('player_id'),
    mode: gameModeEnum('mode').notNull(),
    seedId: uuid('seed_id')
      .notNull()
      .references(() => gameSeeds.id, { onDelete: 'restrict' }),
    nonce: integer('nonce').notNull(),
    /** The client's id of the opening move: a resend answers this round again. */
    moveId: uuid('move_id').notNull(),
    currency: currencyEnum('currency').notNull(),
    /** Cents (fun chips in demo): staked so far, and paid once settled. */
    stake: bigint('stake', { mode: 'number' }).notNull(),
    /** What the round pays once it ends (null while it waits for a move); paid when settled. */
    win: bigint('win', { mode: 'number' }),
    /** open: not yet paid (or waiting for a move); settled: paid; cancelled: the stake was refused. */
    status: gameRoundStatusEnum('status').notNull(),
    /** The opening move and the later ones, as the player sent them (after validation). */
    bet: jsonb('bet').notNull(),
    actions: jsonb('actions')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The engine's state: the whole outcome; shown only through the engine's view. */
    state: jsonb('state').notNull(),
    /**
     * The move being played (its moveId, and its action after the opening one) while its wallet
     * call is under way: the round's lock. Set only where it is null, cleared when the move is
     * applied or refused, so two moves can never both stake (game-server.ts).
     */
    pending: jsonb('pending'),
    createdAt: at('created_at').notNull().defaultNow(),
    settledAt: at('settled_at'),
  },
  (t) => [
    uniqueIndex('game_rounds_seed_nonce_key').on(t.seedId, t.nonce),
    uniqueIndex('game_rounds_move_key').on(t.sessionId, t.moveId),
    index('game_rounds_player_idx').on(t.playerId, t.mode, t.createdAt),
    index('game_rounds_session_idx').on(t.sessionId, t.status),
    check('game_rounds_amounts', sql`${t.stake} >= 0 AND (${t.win} IS NULL OR ${t.win} >= 0)`),
  ],
)

export const liveRoundPhaseEnum = pgEnum('live_round_phase', ['betting', 'closed', 'result'])

/**
 * One round of a live table (live.ts): its server seed is made and its hash published when the
 * betting window opens; the outcome is derived from it (client seed = the round id, nonce 0)
 * and the seed revealed with the result. `seq` counts a table's rounds: the unique key means
 * only one instance can open a table's next round, whatever races.
 */
export const liveRounds = pgTable(
  'live_rounds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tableId: text('table_id').notNull(),
    seq: integer('seq').notNull(),
    phase: liveRoundPhaseEnum('phase').notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    openedAt: at('opened_at').notNull(),
    bettingClosesAt: at('betting_closes_at').notNull(),
    /** When the result is (to be) shown: the end of the spin. */
    resultAt: at('result_at').notNull(),
    /** When the next round opens. */
    nextAt: at('next_at').notNull(),
    /** The engine's state once the result is drawn (roulette: { pocket, returns: [] }). */
    outcome: jsonb('outcome'),
    /** Every bet of the round paid (or refused). */
    settledAt: at('settled_at'),
  },
  (t) => [
    uniqueIndex('live_rounds_table_seq_key').on(t.tableId, t.seq),
    index('live_rounds_unsettled_idx').on(t.tableId, t.settledAt),
  ],
)

export const liveBetStatusEnum = pgEnum('live_bet_status', ['pending', 'staked', 'settled', 'cancelled'])

/**
 * A bet on a live round, from a game session (real money through the provider wallet as
 * `<bet>:bet`, paid as `<bet>:win`; demo bets move the session's fun chips).
 * pending: written, stake not yet confirmed; staked; settled: paid (win may be 0); cancelled:
 * the stake was refused.
 */
export const liveBets = pgTable(
  'live_bets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roundId: uuid('round_id')
      .notNull()
      .references(() => liveRounds.id, { onDelete: 'restrict' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => gameSessions.id, { onDelete: 'restrict' }),
    playerId: uuid('player_id'),
    mode: gameModeEnum('mode').notNull(),
    currency: currencyEnum('currency').notNull(),
    /** The client's id of the bet: a resend answers the same bet. */
    moveId: uuid('move_id').notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    bet: jsonb('bet').notNull(),
    win: bigint('win', { mode: 'number' }),
    status: liveBetStatusEnum('status').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    settledAt: at('settled_at'),
  },
  (t) => [
    uniqueIndex('live_bets_move_key').on(t.sessionId, t.moveId),
    index('live_bets_round_idx').on(t.roundId, t.status),
    index('live_bets_player_idx').on(t.playerId, t.createdAt),
    check('live_bets_amounts', sql`${t.stake} > 0 AND (${t.win} IS NULL OR ${t.win} >= 0)`),
  ],
)
