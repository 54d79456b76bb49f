/**
 * The casino's way to a game provider: launching a game (provider_launch), its records of a
 * player's rounds (get_provider_rounds, get_provider_round, get_provider_recent_games) and ending
 * game sessions (end_provider_sessions): over HTTP with the provider's key, as the casino would
 * ask any provider, so it reads none of the provider's tables. Every call may be asked twice: the
 * reads only read, ending what has ended ends nothing more, and a launch asked twice makes two
 * sessions of which the player gets one (the other expires unused).
 */
import type { z } from 'zod'
import {
  gameServerCalls,
  PROVIDER_KEY_HEADER,
  EndProviderSessionsAnswer,
  ProviderLaunchAnswer,
  type ProviderLaunchParams,
  type EndProviderSessionsParams,
  ProviderRecentGamesAnswer,
  type ProviderRecentGamesParams,
  ProviderRoundDetails,
  ProviderRoundHistoryAnswer,
  type ProviderRoundDetailsParams,
  type ProviderRoundHistoryParams,
} from '../../contract/index.ts'

export type GameProviderClient = {
  /** A game session and its client's URL; null when the provider has no such game. */
  launch(params: z.input<typeof ProviderLaunchParams>): Promise<z.output<typeof ProviderLaunchAnswer> | null>
  history(params: z.input<typeof ProviderRoundHistoryParams>): Promise<z.output<typeof ProviderRoundHistoryAnswer>>
  /** Ends the game sessions named (a player's log-in ended, a game withdrawn); answers how many. */
  endSessions(params: z.input<typeof EndProviderSessionsParams>): Promise<z.output<typeof EndProviderSessionsAnswer>>
  /** The player's games by their last round, demo or real, newest first. */
  recentGames(params: z.input<typeof ProviderRecentGamesParams>): Promise<z.output<typeof ProviderRecentGamesAnswer>>
  /** Null when the provider has no such round of the player's. */
  details(params: z.input<typeof ProviderRoundDetailsParams>): Promise<z.output<typeof ProviderRoundDetails> | null>
}

const ATTEMPTS = 2

/** The calls the casino makes to a game provider. */
type ProviderCall =
  | 'provider_launch'
  | 'get_provider_rounds'
  | 'end_provider_sessions'
  | 'get_provider_recent_games'
  | 'get_provider_round'

const refused = (path: string, response: Response) => new Error(`the game provider refused ${path}: ${response.status}`)

/**
 * POSTs a call's params as JSON with the provider's key, asking again once on a 5xx or no answer;
 * answers the provider's response otherwise.
 */
async function keyedPost(url: string, key: string | undefined, params: unknown): Promise<Response> {
  let lastError: unknown
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key ? { [PROVIDER_KEY_HEADER]: key } : {}) },
        body: JSON.stringify(params),
        signal: AbortSignal.timeout(10_000),
      })
      if (response.status < 500) return response
      lastError = new Error(`the game provider's ${new URL(url).pathname} answered ${response.status}`)
    } catch (error) {
      lastError = error
    }
  }
  throw lastError instanceof Error ? lastError : new Error(String(lastError))
}

/** A call's answer at `url`, parsed with the contract's schema of it; null when the provider answers 404. */
async function askAt<T extends z.ZodType>(url: string, key: string | undefined, answer: T, params: unknown) {
  const response = await keyedPost(url, key, params)
  if (response.status === 404) return null
  if (!response.ok) throw refused(new URL(url).pathname, response)
  return answer.parse(await response.json()) as z.output<T>
}

/** The same where a 404 is a refusal like any other. */
async function mustAt<T extends z.ZodType>(url: string, key: string | undefined, answer: T, params: unknown) {
  const answered = await askAt(url, key, answer, params)
  if (answered === null) throw new Error(`the game provider refused ${new URL(url).pathname}: 404`)
  return answered
}

/**
 * Another provider's launch and end of sessions (GAME_PROVIDERS' `launchUrl` and
 * `endSessionsUrl`, with its `key`): the contract's provider_launch and end_provider_sessions at
 * the addresses the operator configured. A game client's URL that is not http(s) is refused as a
 * broken answer.
 */
export const httpLaunch =
  (launchUrl: string, key: string | undefined): GameProviderClient['launch'] =>
  (params) =>
    askAt(launchUrl, key, ProviderLaunchAnswer, params)
export const httpEndSessions =
  (endSessionsUrl: string, key: string | undefined): GameProviderClient['endSessions'] =>
  (params) =>
    mustAt(endSessionsUrl, key, EndProviderSessionsAnswer, params)

export function httpGameProvider(providerUrl: () => string, key: string): GameProviderClient {
  const at = (name: ProviderCall) => `${providerUrl()}${gameServerCalls[name].path}`
  type Answer<K extends ProviderCall> = z.output<(typeof gameServerCalls)[K]['answer']>
  const ask = <K extends ProviderCall>(name: K, params: unknown) =>
    askAt(at(name), key, gameServerCalls[name].answer, params) as Promise<Answer<K> | null>
  const must = <K extends ProviderCall>(name: K, params: unknown) =>
    mustAt(at(name), key, gameServerCalls[name].answer, params) as Promise<Answer<K>>
  return {
    launch: (params) => ask('provider_launch', params),
    history: (params) => must('get_provider_rounds', params),
    endSessions: (params) => must('end_provider_sessions', params),
    recentGames: (params) => must('get_provider_recent_games', params),
    details: (params) => ask('get_provider_round', params),
  }
}
