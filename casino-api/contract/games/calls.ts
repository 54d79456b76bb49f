import * as G from './schemas.ts'
import { defineCall } from '../define.ts'

export const gameCalls = {
  get_games: defineCall({
    method: 'POST',
    path: '/front/get_games',
    auth: 'public',
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
  }),
  get_live_game_url: defineCall({
    method: 'POST',
    path: '/front/get_live_game_url',
    auth: 'optional',
    params: G.GetLiveGameUrlParams,
    answer: G.GetLiveGameUrlAnswer,
    summary: 'A launch URL for a live table and the table id to subscribe to on the socket.',
    errors: ['game_not_found', 'game_unavailable', 'unauthorized', 'country_restricted'],
  }),
  get_game_group_list: defineCall({
    method: 'POST',
    path: '/front/get_game_group_list',
    auth: 'public',
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
