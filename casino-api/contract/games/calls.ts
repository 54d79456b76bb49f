import * as G from './schemas.ts'
import { z } from 'zod'
import { defineCall } from '../define.ts'
import { CatalogFeed } from './feed.ts'

export const gameCalls = {
  get_games: defineCall({
    method: 'POST',
    path: '/front/get_games',
    // Public; with a token the player's favourites are marked and their own groups answer.
    auth: 'optional',
    read: true,
    params: G.GetGamesParams,
    answer: G.GetGamesAnswer,
    summary: 'Games filtered by category, provider, group, live flag and a name search.',
  }),
  get_game_url: defineCall({
    method: 'POST',
    path: '/front/get_game_url',
    auth: 'optional',
    params: G.GetGameUrlParams,
    answer: G.GetGameUrlAnswer,
    summary: 'A launch URL to open in an iframe: demo without login, real play with the bearer token.',
    errors: ['game_not_found', 'game_unavailable', 'unauthorized', 'country_restricted'],
    // Real play stakes money; demo play goes through from anywhere.
    moneyMoving: { when: (params) => params.mode === 'real' },
  }),
  get_live_game_url: defineCall({
    method: 'POST',
    path: '/front/get_live_game_url',
    auth: 'optional',
    params: G.GetLiveGameUrlParams,
    answer: G.GetLiveGameUrlAnswer,
    summary: 'A launch URL for a live table, and its table id.',
    errors: ['game_not_found', 'game_unavailable', 'unauthorized', 'country_restricted'],
    // Real play stakes money; demo play goes through from anywhere.
    moneyMoving: { when: (params) => params.mode === 'real' },
  }),
  get_game: defineCall({
    method: 'POST',
    path: '/front/get_game',
    auth: 'optional',
    read: true,
    params: G.GetGameParams,
    answer: G.GetGameAnswer,
    summary:
      "A game's page: what the lobby lists, with its art, rules, paytables and top win from its provider's catalogue feed.",
    errors: ['game_not_found'],
  }),
  get_game_group_list: defineCall({
    method: 'POST',
    path: '/front/get_game_group_list',
    auth: 'optional',
    read: true,
    params: G.GetGameGroupListParams,
    answer: G.GetGameGroupListAnswer,
    summary: 'The game groups (home rows) with their first games.',
  }),
  get_game_providers: defineCall({
    method: 'POST',
    path: '/front/get_game_providers',
    auth: 'public',
    read: true,
    params: G.GetGameProvidersParams,
    answer: G.GetGameProvidersAnswer,
    summary: 'Game providers for the provider selector, with their game counts.',
  }),
  set_game_favourite: defineCall({
    method: 'POST',
    path: '/front/set_game_favourite',
    auth: 'player',
    params: G.SetGameFavouriteParams,
    answer: G.SetGameFavouriteAnswer,
    summary: "Mark or unmark a game as one of the player's favourites.",
    errors: ['game_not_found'],
  }),
  get_bet_details: defineCall({
    method: 'POST',
    path: '/front/get_bet_details',
    auth: 'player',
    read: true,
    params: G.GetBetDetailsParams,
    answer: G.BetDetails,
    summary: "One of the player's rounds with its verification data (seeds, nonce, moves, outcome).",
    errors: ['not_found'],
  }),
  get_bet_list: defineCall({
    method: 'POST',
    path: '/front/get_bet_list',
    auth: 'player',
    read: true,
    params: G.GetBetListParams,
    answer: G.GetBetListAnswer,
    summary: 'Bet history (game, bet, win, total, provider), newest first, with totals over the range.',
  }),
}

/**
 * The built-in game provider's calls, served on its own address (provider/server/http.ts, ADR
 * 0049), not the casino API's: the game client (the iframe's document) calls its game server
 * with its launch's token in the X-Game-Session header, never with the player's bearer token.
 * Money moves through the provider wallet (providerWalletCalls), as an external provider's would.
 * The casino launches games, reads a player's rounds (get_provider_round*) and ends sessions with
 * the key the two share.
 */
export const gameServerCalls = {
  get_catalog_feed: defineCall({
    method: 'GET',
    path: '/game-server/catalog',
    // Public and read only: it holds what every lobby shows anyway, and no player's data.
    auth: 'public',
    read: true,
    params: z.object({}),
    answer: CatalogFeed,
    summary:
      "The built-in provider's catalogue feed: every game's names, art, rules, paytables, return, limits and top win, as the casino API syncs it.",
  }),
  get_provider_rounds: defineCall({
    method: 'POST',
    path: '/provider/rounds',
    // The casino asks with the provider's key: a player's rounds are for the casino alone.
    auth: 'provider',
    read: true,
    params: G.ProviderRoundHistoryParams,
    answer: G.ProviderRoundHistoryAnswer,
    summary:
      "A page of a player's real-money rounds in a window of time, newest first, with the window's totals: what the casino's bet history lists.",
  }),
  provider_launch: defineCall({
    method: 'POST',
    path: '/provider/launch',
    // Only the casino launches a game, with the provider's key, for a player it has checked.
    auth: 'provider',
    params: G.ProviderLaunchParams,
    answer: G.ProviderLaunchAnswer,
    errors: ['game_not_found', 'validation_failed'],
    summary:
      "Makes a game session for one game, mode and player, ending with the casino's log-in at the latest, and answers the game client's URL (what get_game_url and get_live_game_url answer).",
  }),
  end_provider_sessions: defineCall({
    method: 'POST',
    path: '/provider/end-sessions',
    auth: 'provider',
    params: G.EndProviderSessionsParams,
    answer: G.EndProviderSessionsAnswer,
    summary:
      "Ends game sessions now: a player's when their log-in ends (logout, password change), or a game's when it is withdrawn. Idempotent: ending what has ended ends nothing more.",
  }),
  get_provider_recent_games: defineCall({
    method: 'POST',
    path: '/provider/recent-games',
    auth: 'provider',
    read: true,
    params: G.ProviderRecentGamesParams,
    answer: G.ProviderRecentGamesAnswer,
    summary:
      "The games a player played last, demo or real, each once with its last round's time, newest first: the lobby's recently played row.",
  }),
  get_provider_round: defineCall({
    method: 'POST',
    path: '/provider/round',
    auth: 'provider',
    read: true,
    params: G.ProviderRoundDetailsParams,
    answer: G.ProviderRoundDetails,
    summary:
      "One of a player's rounds with what verifies it (seeds once revealed, moves, outcome): the casino's bet page.",
    errors: ['not_found'],
  }),
  game_open: defineCall({
    method: 'POST',
    path: '/game-server/open',
    auth: 'game',
    // Not a plain read: it settles rounds a lost connection left open, and refills an empty demo.
    params: G.GameOpenParams,
    answer: G.GameOpenAnswer,
    summary: 'The launched game: its rules and limits, the balance, the seed pair, a round to resume.',
  }),
  game_play: defineCall({
    method: 'POST',
    path: '/game-server/play',
    auth: 'game',
    params: G.GamePlayParams,
    answer: G.GamePlayAnswer,
    summary: 'Play a round (its opening move); real play stakes through the provider wallet.',
    errors: ['insufficient_funds', 'amount_out_of_range', 'game_unavailable', 'account_not_active'],
  }),
  game_act: defineCall({
    method: 'POST',
    path: '/game-server/act',
    auth: 'game',
    params: G.GameActParams,
    answer: G.GamePlayAnswer,
    summary: 'The next move of an open round (hit, stand, hold...).',
    errors: ['insufficient_funds', 'round_not_found'],
  }),
  get_live_table: defineCall({
    method: 'POST',
    path: '/game-server/live/table',
    auth: 'game',
    read: true,
    params: G.LiveTableParams,
    answer: G.LiveTableAnswer,
    summary:
      "A live table's round in progress (phase, times, committed seed hash), its last results with their seeds, and the player's bets.",
    errors: ['game_unavailable'],
  }),
  live_bet: defineCall({
    method: 'POST',
    path: '/game-server/live/bet',
    auth: 'game',
    params: G.LiveBetParams,
    answer: G.LiveBetAnswer,
    summary:
      "A bet on a live table's round while its betting window is open; real play stakes through the provider wallet.",
    errors: ['betting_closed', 'insufficient_funds', 'amount_out_of_range', 'game_unavailable', 'account_not_active'],
  }),
  game_rotate_seeds: defineCall({
    method: 'POST',
    path: '/game-server/rotate_seeds',
    auth: 'game',
    params: G.GameRotateSeedsParams,
    answer: G.GameRotateSeedsAnswer,
    summary: 'Reveal the server seed of the pair in use and start a new pair (optionally with a chosen client seed).',
  }),
}
