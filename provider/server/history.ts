/**
 * The provider's records of a player's real-money rounds, which the casino's bet history asks for
 * (get_provider_rounds, get_provider_round) rather than reading the provider's tables: the
 * rounds of the games (game_rounds) and the bets at the live tables (live_bets), newest first in
 * one list with totals over both (real money only), and one round with what verifies it. A live bet is verified
 * like a game round: the table's round drew its result with the round's server seed, the round's
 * id as the client seed and nonce 0 (live.ts), and the seed is shown once the result is.
 */
import { and, count, desc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { unionAll } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type {
  ProviderRecentGamesAnswer,
  ProviderRecentGamesParams,
  ProviderRound,
  ProviderRoundDetails,
  ProviderRoundDetailsParams,
  ProviderRoundHistoryAnswer,
  ProviderRoundHistoryParams,
} from '../../casino-api/contract/index.ts'
import type { ProviderContext } from './context.ts'
import { gameRounds, gameSeeds, liveBets, liveRounds } from './db/schema.ts'
import { roundRng } from '../games/fair.ts'

type Ctx = Pick<ProviderContext, 'db' | 'catalog'>
type HistoryParams = z.output<typeof ProviderRoundHistoryParams>
type Round = z.input<typeof ProviderRound>

/** The filters of the list on each table: the player's real money, in the window, of one game. */
function filters(params: HistoryParams) {
  const inWindow = (column: typeof gameRounds.createdAt | typeof liveBets.createdAt): SQL[] => [
    sql`${column} >= ${params.from}::timestamptz`,
    sql`${column} < ${params.to}::timestamptz`,
  ]
  return {
    rounds: and(
      eq(gameRounds.playerId, params.playerId),
      eq(gameRounds.mode, 'real'),
      inArray(gameRounds.status, ['open', 'settled']),
      ...inWindow(gameRounds.createdAt),
      params.gameId ? eq(gameRounds.gameId, params.gameId) : undefined,
    ),
    live: and(
      eq(liveBets.playerId, params.playerId),
      eq(liveBets.mode, 'real'),
      inArray(liveBets.status, ['staked', 'settled']),
      ...inWindow(liveBets.createdAt),
      params.gameId ? eq(liveRounds.tableId, params.gameId) : undefined,
    ),
  }
}

const asNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value))
const asTimestamp = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string | Date).toISOString()

/**
 * The columns of a round, named alike on both tables so that one union lists them. Values read
 * through a union come as the driver gives them (PostgreSQL: bigints as text), hence unknown.
 */
const roundColumns = (
  c: Record<
    'id' | 'roundId' | 'gameId' | 'stake' | 'win' | 'settled' | 'currency' | 'createdAt' | 'settledAt' | 'revealed',
    SQLWrapper
  >,
) => ({
  id: sql<string>`${c.id}::text`.as('id'),
  roundId: sql<string>`${c.roundId}::text`.as('round_id'),
  gameId: sql<string>`${c.gameId}`.as('game_id'),
  stake: sql<unknown>`${c.stake}`.as('stake'),
  win: sql<unknown>`${c.win}`.as('win'),
  settled: sql<boolean>`${c.settled}`.as('settled'),
  currency: sql<string>`${c.currency}::text`.as('currency'),
  createdAt: sql<unknown>`${c.createdAt}`.as('created_at'),
  settledAt: sql<unknown>`${c.settledAt}`.as('settled_at'),
  revealed: sql<boolean>`${c.revealed}`.as('revealed'),
})

/** A count and two sums of one table, as numbers. */
const sums = (rows: { total: number; bet: unknown; win: unknown }[]) => ({
  total: Number(rows[0]?.total ?? 0),
  bet: Number(rows[0]?.bet ?? 0),
  win: Number(rows[0]?.win ?? 0),
})

export async function roundHistory(
  ctx: Ctx,
  params: HistoryParams,
): Promise<z.input<typeof ProviderRoundHistoryAnswer>> {
  const where = filters(params)
  const rounds = ctx.db
    .select(
      roundColumns({
        id: gameRounds.id,
        roundId: gameRounds.id,
        gameId: gameRounds.gameId,
        stake: gameRounds.stake,
        win: gameRounds.win,
        settled: sql`${gameRounds.status} = 'settled'`,
        currency: gameRounds.currency,
        createdAt: gameRounds.createdAt,
        settledAt: gameRounds.settledAt,
        revealed: sql`${gameSeeds.revealedAt} is not null`,
      }),
    )
    .from(gameRounds)
    .innerJoin(gameSeeds, eq(gameSeeds.id, gameRounds.seedId))
    .where(where.rounds)
  const live = ctx.db
    .select(
      roundColumns({
        id: liveBets.id,
        roundId: liveBets.roundId,
        gameId: liveRounds.tableId,
        stake: liveBets.stake,
        win: liveBets.win,
        settled: sql`${liveBets.status} = 'settled'`,
        currency: liveBets.currency,
        createdAt: liveBets.createdAt,
        settledAt: liveBets.settledAt,
        revealed: sql`${liveRounds.phase} = 'result'`,
      }),
    )
    .from(liveBets)
    .innerJoin(liveRounds, eq(liveRounds.id, liveBets.roundId))
    .where(where.live)

  const [page, roundSums, liveSums] = await Promise.all([
    unionAll(rounds, live)
      .orderBy(desc(sql`created_at`), desc(sql`id`))
      .limit(params.pageSize)
      .offset((params.page - 1) * params.pageSize),
    ctx.db
      .select({
        total: count(),
        bet: sql<unknown>`coalesce(sum(${gameRounds.stake}), 0)`,
        win: sql<unknown>`coalesce(sum(case when ${gameRounds.status} = 'settled' then ${gameRounds.win} else 0 end), 0)`,
      })
      .from(gameRounds)
      .where(where.rounds)
      .then(sums),
    ctx.db
      .select({
        total: count(),
        bet: sql<unknown>`coalesce(sum(${liveBets.stake}), 0)`,
        win: sql<unknown>`coalesce(sum(case when ${liveBets.status} = 'settled' then ${liveBets.win} else 0 end), 0)`,
      })
      .from(liveBets)
      .innerJoin(liveRounds, eq(liveRounds.id, liveBets.roundId))
      .where(where.live)
      .then(sums),
  ])
  return {
    items: page.map((row) => ({
      ...row,
      stake: asNumber(row.stake) ?? 0,
      win: asNumber(row.win),
      currency: row.currency as Round['currency'],
      createdAt: asTimestamp(row.createdAt)!,
      settledAt: asTimestamp(row.settledAt),
    })),
    total: roundSums.total + liveSums.total,
    totals: { bet: roundSums.bet + liveSums.bet, win: roundSums.win + liveSums.win },
  }
}

type DetailsParams = z.output<typeof ProviderRoundDetailsParams>
type Details = z.input<typeof ProviderRoundDetails>

/** What a game round and a live bet both record of themselves. */
const ownFields = (row: {
  id: string
  stake: number
  win: number | null
  currency: Round['currency']
  createdAt: Date
  settledAt: Date | null
}) => ({
  id: row.id,
  stake: row.stake,
  win: row.win,
  currency: row.currency,
  createdAt: row.createdAt.toISOString(),
  settledAt: row.settledAt?.toISOString() ?? null,
})

/** A game round of the player's, with its seed pair (the server seed once rotated) and moves. */
async function gameRoundDetails(ctx: Ctx, params: DetailsParams): Promise<Details | null> {
  const [row] = await ctx.db
    .select({ round: gameRounds, seed: gameSeeds })
    .from(gameRounds)
    .innerJoin(gameSeeds, eq(gameSeeds.id, gameRounds.seedId))
    .where(
      and(
        sql`${gameRounds.id}::text = ${params.id}`,
        eq(gameRounds.playerId, params.playerId),
        inArray(gameRounds.status, ['open', 'settled']),
      ),
    )
  if (!row) return null
  const { round, seed } = row
  const game = ctx.catalog.game(round.gameId)
  const revealed = seed.revealedAt !== null
  const settled = round.status === 'settled'
  return {
    ...ownFields(round),
    roundId: round.id,
    gameId: round.gameId,
    settled,
    revealed,
    mode: round.mode,
    engine: game?.engine.kind ?? 'unknown',
    live: false,
    seeds: {
      serverSeedHash: seed.serverSeedHash,
      // Never the seed of a round still open: it would show what is still to come.
      serverSeed: revealed && settled ? seed.serverSeed : null,
      clientSeed: seed.clientSeed,
      nonce: round.nonce,
    },
    moves: { bet: round.bet, actions: (round.actions as { action: unknown }[]).map((a) => a.action) },
    outcome: game ? game.engine.view(game.config, round.state, round.win !== null) : null,
  }
}

/** A bet of the player's at a live table: its round's seeds once the result is shown, and what it drew. */
async function liveBetDetails(ctx: Ctx, params: DetailsParams): Promise<Details | null> {
  const [row] = await ctx.db
    .select({ bet: liveBets, round: liveRounds })
    .from(liveBets)
    .innerJoin(liveRounds, eq(liveRounds.id, liveBets.roundId))
    .where(
      and(
        sql`${liveBets.id}::text = ${params.id}`,
        eq(liveBets.playerId, params.playerId),
        inArray(liveBets.status, ['staked', 'settled']),
      ),
    )
  if (!row) return null
  const { bet, round } = row
  const game = ctx.catalog.game(round.tableId)
  const revealed = round.phase === 'result'
  // The table drew the round with its server seed, the round's id as client seed and nonce 0.
  const seeds = { serverSeed: round.serverSeed, clientSeed: round.id, nonce: 0 }
  return {
    ...ownFields(bet),
    roundId: bet.roundId,
    gameId: round.tableId,
    settled: bet.status === 'settled',
    revealed,
    mode: bet.mode,
    engine: game?.engine.kind ?? 'unknown',
    live: true,
    seeds: {
      serverSeedHash: round.serverSeedHash,
      serverSeed: revealed ? round.serverSeed : null,
      clientSeed: seeds.clientSeed,
      nonce: seeds.nonce,
    },
    moves: { bet: bet.bet, actions: [] },
    // The round as the engine plays this bet with the round's seeds (live.ts pays it the same way).
    outcome:
      game && revealed
        ? game.engine.view(game.config, game.engine.start(game.config, bet.bet, roundRng(seeds)).state, true)
        : null,
  }
}

/** One round of the player's (its mode says whether real or demo), or null when the player has no such round here. */
export async function roundDetails(ctx: Ctx, params: DetailsParams): Promise<Details | null> {
  return (await gameRoundDetails(ctx, params)) ?? (await liveBetDetails(ctx, params))
}

/**
 * get_provider_recent_games: the player's games by their last round or live bet, demo or real,
 * newest first (the casino's "recently played" row).
 */
export async function recentGames(
  ctx: Ctx,
  params: z.output<typeof ProviderRecentGamesParams>,
): Promise<z.input<typeof ProviderRecentGamesAnswer>> {
  const played = unionAll(
    ctx.db
      .select({
        gameId: sql<string>`${gameRounds.gameId}`.as('game_id'),
        at: sql<unknown>`${gameRounds.createdAt}`.as('at'),
      })
      .from(gameRounds)
      .where(eq(gameRounds.playerId, params.playerId)),
    ctx.db
      .select({
        gameId: sql<string>`${liveRounds.tableId}`.as('game_id'),
        at: sql<unknown>`${liveBets.createdAt}`.as('at'),
      })
      .from(liveBets)
      .innerJoin(liveRounds, eq(liveRounds.id, liveBets.roundId))
      .where(eq(liveBets.playerId, params.playerId)),
  ).as('played')
  const last = sql<unknown>`max(${played.at})`
  const rows = await ctx.db
    .select({ gameId: played.gameId, lastPlayedAt: last })
    .from(played)
    .groupBy(played.gameId)
    .orderBy(desc(last))
    .limit(params.limit)
  return { items: rows.map((r) => ({ gameId: r.gameId, lastPlayedAt: asTimestamp(r.lastPlayedAt)! })) }
}
