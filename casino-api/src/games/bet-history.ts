/**
 * Bet History: a player's real-money rounds of the games (game_rounds) and their bets at the live
 * tables (live_bets), newest first in one list with totals over both, and each one's verification
 * data. A live bet is verified like a game round: the table's round drew its result with the
 * round's server seed, the round's id as the client seed and nonce 0 (live.ts), and the seed is
 * shown once the result is.
 */
import { and, count, desc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { unionAll } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type {
  BetDetails,
  GetBetDetailsParams,
  GetBetListAnswer,
  GetBetListParams,
  Locale,
} from '../../contract/index.ts'
import { catalogGame } from '../../games/catalog.ts'
import { roundRng } from '../../games/fair.ts'
import type { Context } from '../context.ts'
import { gameRounds, gameSeeds, games, heldWinnings, liveBets, liveRounds, players } from '../db/schema.ts'
import { ApiError } from '../http/errors.ts'
import { periodOf } from '../payments/records.ts'
import { gameName } from './names.ts'
import { BUILTIN_PROVIDER } from '../wallet/provider-auth.ts'

/** The providers' display names (the built-in one is the casino's own studio). */
const PROVIDER_NAMES: Record<string, string> = { [BUILTIN_PROVIDER]: 'Casino Originals' }
export const providerName = (id: string) => PROVIDER_NAMES[id] ?? id

type Ctx = Pick<Context, 'db' | 'now'>
type ListParams = z.output<typeof GetBetListParams>

type HeldStatus = (typeof heldWinnings.status.enumValues)[number]

/**
 * The held part of a round's win (held_winnings, ADR 0036): the wallet's round of a game round is
 * its id, of a live bet the bet's id; one win per round, so one row at most.
 */
const heldOf = (walletRound: SQLWrapper, playerId: SQLWrapper) =>
  and(
    eq(heldWinnings.roundId, sql`${walletRound}::text`),
    eq(heldWinnings.provider, games.provider),
    eq(heldWinnings.playerId, sql`${playerId}`),
  )
const heldView = (amount: unknown, status: HeldStatus | null): Line['held'] =>
  status === null ? null : { amount: Number(amount), status }

/** One line of the history, whichever table it comes from. */
type Line = {
  id: string
  roundId: string
  gameId: string
  stake: number
  win: number | null
  settled: boolean
  currency: string
  createdAt: Date
  settledAt: Date | null
  provider: string
  /** Its name in the page's language as the games table knows it (a title no longer in the code). */
  storedName: string
  /** The seed that drew it is public. */
  revealed: boolean
  /** The part of its win held by the net winnings limit, and what became of it. */
  held: { amount: number; status: HeldStatus } | null
}

function betLine(line: Line, language: ListParams['language']): z.input<typeof GetBetListAnswer>['items'][number] {
  const game = catalogGame(line.gameId)
  const win = line.settled ? (line.win ?? 0) : 0
  return {
    id: line.id,
    roundId: line.roundId,
    gameId: line.gameId,
    gameName: game ? game.name[language] : line.storedName,
    provider: providerName(line.provider),
    bet: line.stake,
    win,
    total: win - line.stake,
    currency: line.currency as 'EUR',
    status: line.settled ? 'settled' : 'open',
    verifiable: line.revealed && line.settled,
    held: line.held,
    placedAt: line.createdAt.toISOString(),
    settledAt: line.settledAt?.toISOString() ?? null,
  }
}

/** The filters of the list on each table: the player's real money, in the range, of one game. */
function filters(playerId: string, params: ListParams, now: Date) {
  const { from, to } = periodOf(params.range, now)
  const inRange = (column: typeof gameRounds.createdAt | typeof liveBets.createdAt): SQL[] => [
    sql`${column} >= ${from.toISOString()}::timestamptz`,
    sql`${column} < ${to.toISOString()}::timestamptz`,
  ]
  return {
    rounds: and(
      eq(gameRounds.playerId, playerId),
      eq(gameRounds.mode, 'real'),
      inArray(gameRounds.status, ['open', 'settled']),
      ...inRange(gameRounds.createdAt),
      params.gameId ? eq(gameRounds.gameId, params.gameId) : undefined,
    ),
    live: and(
      eq(liveBets.playerId, playerId),
      eq(liveBets.mode, 'real'),
      inArray(liveBets.status, ['staked', 'settled']),
      ...inRange(liveBets.createdAt),
      params.gameId ? eq(liveRounds.tableId, params.gameId) : undefined,
    ),
  }
}

const asNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value))
const asDate = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string | Date))

/**
 * The columns of a history line, named alike on both tables so that one union lists them. Values
 * read through a union come as the driver gives them (PostgreSQL: bigints as text), hence unknown.
 */
const lineColumns = (
  language: Locale,
  c: Record<
    'id' | 'roundId' | 'gameId' | 'stake' | 'win' | 'settled' | 'currency' | 'createdAt' | 'settledAt' | 'revealed',
    SQLWrapper
  >,
) => ({
  heldAmount: sql<unknown>`${heldWinnings.amount}`.as('held_amount'),
  heldStatus: sql<HeldStatus | null>`${heldWinnings.status}::text`.as('held_status'),
  id: sql<string>`${c.id}::text`.as('id'),
  roundId: sql<string>`${c.roundId}::text`.as('round_id'),
  gameId: sql<string>`${c.gameId}`.as('game_id'),
  stake: sql<unknown>`${c.stake}`.as('stake'),
  win: sql<unknown>`${c.win}`.as('win'),
  settled: sql<boolean>`${c.settled}`.as('settled'),
  currency: sql<string>`${c.currency}::text`.as('currency'),
  createdAt: sql<unknown>`${c.createdAt}`.as('created_at'),
  settledAt: sql<unknown>`${c.settledAt}`.as('settled_at'),
  provider: sql<string>`${games.provider}`.as('provider'),
  storedName: sql<string>`${gameName(language)}`.as('stored_name'),
  revealed: sql<boolean>`${c.revealed}`.as('revealed'),
})

/** A count and two sums of one table, as numbers. */
const sums = (rows: { total: number; bet: unknown; win: unknown }[]) => ({
  total: Number(rows[0]?.total ?? 0),
  bet: Number(rows[0]?.bet ?? 0),
  win: Number(rows[0]?.win ?? 0),
})

export async function betList(ctx: Ctx, playerId: string, params: ListParams) {
  const where = filters(playerId, params, ctx.now())
  const rounds = ctx.db
    .select(
      lineColumns(params.language, {
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
    .innerJoin(games, eq(games.id, gameRounds.gameId))
    .innerJoin(gameSeeds, eq(gameSeeds.id, gameRounds.seedId))
    .leftJoin(heldWinnings, heldOf(gameRounds.id, gameRounds.playerId))
    .where(where.rounds)
  const live = ctx.db
    .select(
      lineColumns(params.language, {
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
    .innerJoin(games, eq(games.id, liveRounds.tableId))
    .leftJoin(heldWinnings, heldOf(liveBets.id, liveBets.playerId))
    .where(where.live)

  const [page, roundSums, liveSums, [player]] = await Promise.all([
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
    ctx.db.select({ currency: players.currency }).from(players).where(eq(players.id, playerId)),
  ])
  const bet = roundSums.bet + liveSums.bet
  const win = roundSums.win + liveSums.win
  return {
    items: page.map((row) =>
      betLine(
        {
          ...row,
          stake: asNumber(row.stake) ?? 0,
          win: asNumber(row.win),
          createdAt: asDate(row.createdAt)!,
          settledAt: asDate(row.settledAt),
          held: heldView(row.heldAmount, row.heldStatus),
        },
        params.language,
      ),
    ),
    total: roundSums.total + liveSums.total,
    page: params.page,
    pageSize: params.pageSize,
    totals: { bet, win, total: win - bet, currency: player?.currency ?? 'EUR' },
  }
}

/** What a game round and a live bet both record of themselves. */
const ownFields = (row: Pick<Line, 'id' | 'stake' | 'win' | 'currency' | 'createdAt' | 'settledAt'>) => ({
  id: row.id,
  stake: row.stake,
  win: row.win,
  currency: row.currency,
  createdAt: row.createdAt,
  settledAt: row.settledAt,
})
/** The game's provider and name, whether the seed that drew the bet is public, and the held part of its win. */
const playedAt = (
  row: { provider: string; storedName: string; held: { amount: number; status: HeldStatus } | null },
  revealed: boolean,
) => ({
  provider: row.provider,
  storedName: row.storedName,
  revealed,
  held: row.held && heldView(row.held.amount, row.held.status),
})

type DetailsParams = z.output<typeof GetBetDetailsParams>
type Details = z.input<typeof BetDetails>

/** A game round of the player's, with its seed pair (the server seed once rotated) and moves. */
async function roundDetails(ctx: Ctx, playerId: string, params: DetailsParams): Promise<Details | null> {
  const [row] = await ctx.db
    .select({
      round: gameRounds,
      seed: gameSeeds,
      provider: games.provider,
      storedName: gameName(params.language),
      held: heldWinnings,
    })
    .from(gameRounds)
    .innerJoin(gameSeeds, eq(gameSeeds.id, gameRounds.seedId))
    .innerJoin(games, eq(games.id, gameRounds.gameId))
    .leftJoin(heldWinnings, heldOf(gameRounds.id, gameRounds.playerId))
    .where(
      and(
        sql`${gameRounds.id}::text = ${params.id}`,
        eq(gameRounds.playerId, playerId),
        inArray(gameRounds.status, ['open', 'settled']),
      ),
    )
  if (!row) return null
  const { round, seed } = row
  const game = catalogGame(round.gameId)
  const revealed = seed.revealedAt !== null
  const settled = round.status === 'settled'
  const line: Line = {
    ...ownFields(round),
    roundId: round.id,
    gameId: round.gameId,
    settled,
    ...playedAt(row, revealed),
  }
  return {
    ...betLine(line, params.language),
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
async function liveBetDetails(ctx: Ctx, playerId: string, params: DetailsParams): Promise<Details | null> {
  const [row] = await ctx.db
    .select({
      bet: liveBets,
      round: liveRounds,
      provider: games.provider,
      storedName: gameName(params.language),
      held: heldWinnings,
    })
    .from(liveBets)
    .innerJoin(liveRounds, eq(liveRounds.id, liveBets.roundId))
    .innerJoin(games, eq(games.id, liveRounds.tableId))
    .leftJoin(heldWinnings, heldOf(liveBets.id, liveBets.playerId))
    .where(
      and(
        sql`${liveBets.id}::text = ${params.id}`,
        eq(liveBets.playerId, playerId),
        inArray(liveBets.status, ['staked', 'settled']),
      ),
    )
  if (!row) return null
  const { bet, round } = row
  const game = catalogGame(round.tableId)
  const revealed = round.phase === 'result'
  const settled = bet.status === 'settled'
  const line: Line = {
    ...ownFields(bet),
    roundId: bet.roundId,
    gameId: round.tableId,
    settled,
    ...playedAt(row, revealed),
  }
  // The table drew the round with its server seed, the round's id as client seed and nonce 0.
  const seeds = { serverSeed: round.serverSeed, clientSeed: round.id, nonce: 0 }
  return {
    ...betLine(line, params.language),
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

export async function betDetails(ctx: Ctx, playerId: string, params: DetailsParams): Promise<Details> {
  const found = (await roundDetails(ctx, playerId, params)) ?? (await liveBetDetails(ctx, playerId, params))
  if (!found) throw new ApiError(404, 'not_found')
  return found
}
