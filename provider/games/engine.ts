/**
 * What every built-in game is to the game server: a pure engine over a configuration. The
 * server checks a move with the engine's schemas, draws the round's stream (fair.ts) and asks
 * the engine for the next state; money moves by what the step answers (the stake taken so
 * far, the win once the round ends). The verification page replays a finished round's moves
 * through the same engine with the revealed seed.
 *
 * Amounts are integers in minor units (cents of the player's currency, or fun chips in demo:
 * the same numbers).
 */
import type { z } from 'zod'
import type { Rng } from './fair.ts'

export type Step<State> = {
  /** Everything needed to continue or to show the round; kept by the server, never shown whole. */
  state: State
  /** The total staked in the round so far (a double or split raises it). */
  stake: number
  /** Null while the round waits for the player's next move; the total paid once it ends (0 = lost). */
  win: number | null
}

export type Limits = { minBet: number; maxBet: number }

export type GameEngine<Config, Bet, Action, State, View = State> = {
  /** The engine's name: 'slots', 'roulette', 'blackjack'... */
  kind: string
  /** The opening move (what is staked on what). */
  bet: z.ZodType<Bet>
  /** Validity of a bet beyond its shape (limits, numbers on the table): a field→code map or null. */
  checkBet(config: Config, bet: Bet, limits: Limits): Record<string, string> | null
  /** The stake the opening move takes (before any randomness). */
  stakeOf(config: Config, bet: Bet): number
  /** Plays the opening move with the round's stream. */
  start(config: Config, bet: Bet, rng: Rng): Step<State>
  /**
   * Multi-step games (blackjack, hi-lo, video poker): the next moves' schema and step. All the
   * randomness is drawn in start (a shuffled deck kept in the state), so a move needs no stream.
   * A move that raises the stake (double, split) answers the new total in `stake`; a move the
   * state does not allow answers `{ error: <message code> }` and changes nothing.
   */
  action?: z.ZodType<Action>
  act?(config: Config, state: State, action: Action): Step<State> | { error: string }
  /** What the player may see of a state (an open round hides the undealt cards). */
  view(config: Config, state: State, finished: boolean): View
  /** The return to player of the configuration's documented optimal (or only) play, as a fraction. */
  rtp(config: Config): number
  /**
   * The most a round can pay back, as a multiple of everything it staked (doubles and splits
   * included), exactly from the configuration's rules and paytable: the wallet refuses a win above
   * it (the catalogue publishes it with each game), so it must never be below a real outcome.
   */
  maxMultiplier(config: Config): number
  /** A representative opening move of `stake` cents for which `rtp` holds (bench:games and tests simulate it). */
  sampleBet?(config: Config, stake: number): Bet
  /** Multi-step games: the documented play `rtp` assumes, as the next move for a state. */
  strategy?(config: Config, state: State): Action
}

/** Any engine, for the registry. */
// oxlint-disable-next-line typescript/no-explicit-any
export type AnyEngine = GameEngine<any, any, any, any, any>
