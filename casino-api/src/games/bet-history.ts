/**
 * Bet History: a player's real-money rounds, newest first with totals over the range, and each
 * one's verification data. The rounds are the game provider's records, asked for over HTTP
 * (get_provider_rounds, get_provider_round: provider/server/history.ts); the casino adds
 * what is its own: the game's name and provider from its games table, and the part of a win held
 * by the net winnings limit (held_winnings, ADR 0036).
 */
import { and, eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  BetDetails,
  GetBetDetailsParams,
  GetBetListAnswer,
  GetBetListParams,
  Locale,
  ProviderRound,
} from '../../contract/index.ts'
import type { Context } from '../context.ts'
import { games, heldWinnings, players } from '../db/schema.ts'
import { ApiError } from '../../contract/errors.ts'
import { periodOf } from '../payments/records.ts'
import { gameName } from './names.ts'
import { BUILTIN_PROVIDER } from '../wallet/provider-auth.ts'

/** The providers' display names (the built-in one is the casino's own studio). */
const PROVIDER_NAMES: Record<string, string> = { [BUILTIN_PROVIDER]: 'Casino Originals' }
export const providerName = (id: string) => PROVIDER_NAMES[id] ?? id

type Ctx = Pick<Context, 'db' | 'now' | 'gameProvider'>
type ListParams = z.output<typeof GetBetListParams>
type Line = z.input<typeof GetBetListAnswer>['items'][number]

/** What the casino knows of the rounds' games and wins: names in the page's language, providers, held parts. */
async function casinoParts(ctx: Ctx, playerId: string, rounds: ProviderRound[], language: Locale) {
  if (rounds.length === 0) return { games: new Map(), held: new Map() }
  const gameIds = [...new Set(rounds.map((r) => r.gameId))]
  const [gameRows, heldRows] = await Promise.all([
    ctx.db
      .select({ id: games.id, provider: games.provider, name: gameName(language) })
      .from(games)
      .where(inArray(games.id, gameIds)),
    // The wallet's round of a game round is its id, of a live bet the bet's id; one win per round.
    ctx.db
      .select({ roundId: heldWinnings.roundId, amount: heldWinnings.amount, status: heldWinnings.status })
      .from(heldWinnings)
      .where(
        and(
          eq(heldWinnings.playerId, playerId),
          eq(heldWinnings.provider, BUILTIN_PROVIDER),
          inArray(
            heldWinnings.roundId,
            rounds.map((r) => r.id),
          ),
        ),
      ),
  ])
  return {
    games: new Map(gameRows.map((g) => [g.id, g])),
    held: new Map(heldRows.map((h) => [h.roundId, { amount: h.amount, status: h.status }])),
  }
}

function betLine(round: ProviderRound, parts: Awaited<ReturnType<typeof casinoParts>>): Line {
  const game = parts.games.get(round.gameId)
  const win = round.settled ? (round.win ?? 0) : 0
  return {
    id: round.id,
    roundId: round.roundId,
    gameId: round.gameId,
    gameName: game?.name ?? round.gameId,
    provider: providerName(game?.provider ?? BUILTIN_PROVIDER),
    bet: round.stake,
    win,
    total: win - round.stake,
    currency: round.currency,
    status: round.settled ? 'settled' : 'open',
    verifiable: round.revealed && round.settled,
    held: parts.held.get(round.id) ?? null,
    placedAt: round.createdAt,
    settledAt: round.settledAt,
  }
}

export async function betList(ctx: Ctx, playerId: string, params: ListParams) {
  const { from, to } = periodOf(params.range, ctx.now())
  const [history, [player]] = await Promise.all([
    ctx.gameProvider.history({
      playerId,
      from: from.toISOString(),
      to: to.toISOString(),
      gameId: params.gameId,
      page: params.page,
      pageSize: params.pageSize,
    }),
    ctx.db.select({ currency: players.currency }).from(players).where(eq(players.id, playerId)),
  ])
  const parts = await casinoParts(ctx, playerId, history.items, params.language)
  const { bet, win } = history.totals
  return {
    items: history.items.map((round) => betLine(round, parts)),
    total: history.total,
    page: params.page,
    pageSize: params.pageSize,
    totals: { bet, win, total: win - bet, currency: player?.currency ?? 'EUR' },
  }
}

export async function betDetails(
  ctx: Ctx,
  playerId: string,
  params: z.output<typeof GetBetDetailsParams>,
): Promise<z.input<typeof BetDetails>> {
  const round = await ctx.gameProvider.details({ playerId, id: params.id })
  if (!round) throw new ApiError(404, 'not_found')
  const parts = await casinoParts(ctx, playerId, [round], params.language)
  return {
    ...betLine(round, parts),
    mode: round.mode,
    engine: round.engine,
    live: round.live,
    seeds: round.seeds,
    moves: round.moves,
    outcome: round.outcome,
  }
}
