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
  ProviderRoundHistoryParams,
} from '../../contract/index.ts'
import type { Context } from '../context.ts'
import { games, heldWinnings, players } from '../db/schema.ts'
import { ApiError } from '../../contract/errors.ts'
import { periodOf } from '../payments/records.ts'
import { gameName } from './names.ts'
import { BUILTIN_PROVIDER } from '../wallet/provider-auth.ts'
import { providerName } from './catalog-sync.ts'
import { walletRoundById, walletRounds, type WalletRound } from './wallet-rounds.ts'

type Ctx = Pick<Context, 'db' | 'now' | 'gameProvider' | 'providerNames'>
type ListParams = z.output<typeof GetBetListParams>
type Line = z.input<typeof GetBetListAnswer>['items'][number]
/** A round of either source: the built-in provider's records, or the wallet's of another provider. */
type Round = ProviderRound & Partial<Pick<WalletRound, 'provider' | 'rolledBack'>>

/** The wallet's round of a round: a built-in game round's or live bet's id; another provider's own round id. */
const walletRoundOf = (round: Round) => (round.provider ? round.roundId : round.id)
const heldKey = (provider: string, roundId: string) => `${provider}\n${roundId}`

/** What the casino knows of the rounds' games and wins: names in the page's language, providers, held parts. */
async function casinoParts(ctx: Ctx, playerId: string, rounds: Round[], language: Locale) {
  if (rounds.length === 0) return { games: new Map(), held: new Map(), names: ctx.providerNames }
  const gameIds = [...new Set(rounds.map((r) => r.gameId))]
  const [gameRows, heldRows] = await Promise.all([
    ctx.db
      .select({ id: games.id, name: gameName(language), live: games.live })
      .from(games)
      .where(inArray(games.id, gameIds)),
    // One win per round, so at most one held part.
    ctx.db
      .select({
        provider: heldWinnings.provider,
        roundId: heldWinnings.roundId,
        amount: heldWinnings.amount,
        status: heldWinnings.status,
      })
      .from(heldWinnings)
      .where(and(eq(heldWinnings.playerId, playerId), inArray(heldWinnings.roundId, rounds.map(walletRoundOf)))),
  ])
  return {
    games: new Map(gameRows.map((g) => [g.id, g])),
    held: new Map(heldRows.map((h) => [heldKey(h.provider, h.roundId), { amount: h.amount, status: h.status }])),
    names: ctx.providerNames,
  }
}

function betLine(round: Round, parts: Awaited<ReturnType<typeof casinoParts>>): Line {
  const game = parts.games.get(round.gameId)
  const provider = round.provider ?? BUILTIN_PROVIDER
  const win = round.settled ? (round.win ?? 0) : 0
  return {
    id: round.id,
    roundId: round.roundId,
    gameId: round.gameId,
    gameName: game?.name ?? round.gameId,
    provider: providerName(parts.names, provider),
    bet: round.stake,
    win,
    total: win - round.stake,
    currency: round.currency,
    status: round.settled ? 'settled' : round.rolledBack ? 'rolled_back' : 'open',
    verifiable: round.revealed && round.settled,
    held: parts.held.get(heldKey(provider, walletRoundOf(round))) ?? null,
    placedAt: round.createdAt,
    settledAt: round.settledAt,
  }
}

/** The provider's history is asked for in pages of at most this many rounds. */
const PROVIDER_PAGE = 100

/**
 * The built-in provider's rounds [offset, offset + count), newest first, with its count and sums
 * over the window: one call when the slice is one of its pages, else the pages that cover it.
 */
async function providerSlice(
  ctx: Ctx,
  query: Omit<z.output<typeof ProviderRoundHistoryParams>, 'page' | 'pageSize'>,
  offset: number,
  count: number,
) {
  const pageSize = offset % count === 0 && count <= PROVIDER_PAGE ? count : PROVIDER_PAGE
  const first = Math.floor(offset / pageSize)
  const last = Math.floor((offset + count - 1) / pageSize)
  const pages = await Promise.all(
    Array.from({ length: last - first + 1 }, (_, n) =>
      ctx.gameProvider.history({ ...query, page: first + n + 1, pageSize }),
    ),
  )
  const skip = offset - first * pageSize
  return { ...pages[0]!, items: pages.flatMap((p) => p.items).slice(skip, skip + count) }
}

/**
 * Rows [offset, offset + size) of two lists merged newest first, ties to `own`'s rows: `others`
 * holds the other list's first offset + size rows (or all of them), and `ownSlice` reads any
 * stretch of the own list, whose rows may be many more. Only the stretch that can reach the page
 * is read: the page's rows of `own` are at most `others.length` before `offset` in its own order.
 */
export async function mergedPage<T extends { createdAt: string }>(
  others: T[],
  ownSlice: (offset: number, count: number) => Promise<T[]>,
  offset: number,
  size: number,
): Promise<T[]> {
  const end = offset + size
  const start = Math.max(0, offset - others.length)
  const own = await ownSlice(start, end - start)
  // Own rows from `start` on and none left: the lists hold at most `offset` rows between them.
  if (start > 0 && own.length === 0) return []
  const at = (row: T) => Date.parse(row.createdAt)
  // Where own[0] lands in the merge: after the own rows before it and the other rows newer than it.
  let j = start === 0 ? 0 : others.findIndex((row) => at(row) <= at(own[0]!))
  if (j === -1) j = others.length
  const page: T[] = []
  for (let i = 0, index = start + j; index < end; index++) {
    const takeOther = j < others.length && (i >= own.length || at(others[j]!) > at(own[i]!))
    const row = takeOther ? others[j++] : own[i++]
    if (!row) break
    if (index >= offset) page.push(row)
  }
  return page
}

export async function betList(ctx: Ctx, playerId: string, params: ListParams) {
  const { from, to } = periodOf(params.range, ctx.now())
  const offset = (params.page - 1) * params.pageSize
  const query = { playerId, from: from.toISOString(), to: to.toISOString(), gameId: params.gameId }
  const [others, [player]] = await Promise.all([
    walletRounds(ctx.db, { playerId, from, to, gameId: params.gameId, limit: offset + params.pageSize }),
    ctx.db.select({ currency: players.currency }).from(players).where(eq(players.id, playerId)),
  ])
  let own: Awaited<ReturnType<typeof providerSlice>> | undefined
  const rounds = await mergedPage<Round>(
    others.items,
    async (start, count) => {
      own = await providerSlice(ctx, query, start, count)
      return own.items
    },
    offset,
    params.pageSize,
  )
  const parts = await casinoParts(ctx, playerId, rounds, params.language)
  const bet = own!.totals.bet + others.totals.bet
  const win = own!.totals.win + others.totals.win
  return {
    items: rounds.map((round) => betLine(round, parts)),
    total: own!.total + others.total,
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
  const elsewhere = await walletRoundById(ctx.db, playerId, params.id)
  if (elsewhere) {
    const parts = await casinoParts(ctx, playerId, [elsewhere], params.language)
    // The wallet moves real money only; the round's moves and fairness are the provider's to show.
    return {
      ...betLine(elsewhere, parts),
      mode: 'real',
      engine: null,
      live: parts.games.get(elsewhere.gameId)?.live ?? false,
      seeds: null,
      moves: null,
      outcome: null,
    }
  }
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
