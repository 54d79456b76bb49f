/**
 * The provider's calls (the contract's gameServerCalls), as its own server routes them
 * (http.ts): the catalogue feed; what the casino asks with the provider's key (launches, a
 * player's rounds and recent games, ending sessions); and the game client's moves, opened by a
 * launch's game session token.
 */
import type { z } from 'zod'
import type { gameServerCalls, ParamsOf } from '../../casino-api/contract/index.ts'
import { ApiError } from '../../casino-api/contract/errors.ts'
import { catalogFeed } from '../games/feed.ts'
import type { ProviderContext } from './context.ts'
import { actRound, openGame, playRound, rotate } from './game-server.ts'
import { recentGames, roundDetails, roundHistory } from './history.ts'
import { liveTable, placeLiveBet } from './live.ts'
import { endGameSessions, launchGame, type GameSession } from './sessions.ts'

type ProviderCalls = typeof gameServerCalls
export type ProviderCallName = keyof ProviderCalls

/** What a call's handler is given: its params, and the game session a 'game' call was opened with. */
export type ProviderCallInput<K extends ProviderCallName> = { params: ParamsOf<ProviderCalls[K]>; game?: GameSession }

/** One handler for every call of the provider's part of the contract: the compiler fails on a missing one. */
export type ProviderHandlers = {
  [K in ProviderCallName]: (
    ctx: ProviderContext,
    input: ProviderCallInput<K>,
  ) => Promise<z.input<ProviderCalls[K]['answer']>>
}

export const providerHandlers: ProviderHandlers = {
  get_catalog_feed: async (ctx) => catalogFeed(ctx.catalog.games),
  get_provider_rounds: (ctx, { params }) => roundHistory(ctx, params),
  get_provider_recent_games: (ctx, { params }) => recentGames(ctx, params),
  provider_launch: (ctx, { params }) => launchGame(ctx, params),
  end_provider_sessions: (ctx, { params }) => endGameSessions(ctx, params),
  get_provider_round: async (ctx, { params }) => {
    const round = await roundDetails(ctx, params)
    if (!round) throw new ApiError(404, 'not_found')
    return round
  },
  game_open: (ctx, { game }) => openGame(ctx, sessionOf(game)),
  game_play: (ctx, { game, params }) => playRound(ctx, sessionOf(game), params),
  game_act: (ctx, { game, params }) => actRound(ctx, sessionOf(game), params),
  game_rotate_seeds: (ctx, { game, params }) => rotate(ctx, sessionOf(game), params.clientSeed),
  get_live_table: (ctx, { game }) => liveTable(ctx, sessionOf(game)),
  live_bet: (ctx, { game, params }) => placeLiveBet(ctx, sessionOf(game), params),
}

/** The router sets `game` on every 'game' call. */
function sessionOf(game: GameSession | undefined): GameSession {
  if (!game) throw new ApiError(401, 'unauthorized')
  return game
}
