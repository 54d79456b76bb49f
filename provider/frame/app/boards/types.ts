import type { Locale } from '#ui/locale.ts'
import type { ReactNode } from 'react'
import type * as styles from '#ui/games.css.ts'

// What a game looks like and how it is played in the game client, one module per engine (kind):
// the board of a round (shown in the frame and on the verification page), the fields of the
// opening move and, for multi-step games, the buttons of the next move. The registry
// (boards/index.ts) maps an engine's kind to its module.

export type Symbols = Record<string, { glyph: string; tone: keyof typeof styles.tone }>

import type { Amount } from '#ui/session-amount.ts'

export type { Amount }

export type BoardProps = {
  /** The engine's configuration (paytable, lines, wheel...). */
  config: unknown
  /** The engine's view of the round; undefined before the first round. */
  view: unknown
  symbols: Symbols
  amount: Amount
  /** A round's motion in the game client (ui/round-motion.ts); none: the board at rest. */
  motion?: { playing: boolean; settled: number }
  /**
   * The round returned more than its stake: the board may show it as a win (glow, lines drawn).
   * A smaller return is told, never celebrated (RTS 14: no losses disguised as wins).
   */
  celebrate?: boolean
  /** The views of the last finished rounds, newest first, as the frame shows them (a roulette's results strip). */
  history?: unknown[]
}

/** A finished round, as the live region tells it (GameUi.Said). */
export type SaidProps = Pick<BoardProps, 'config' | 'view' | 'symbols'>

export type ControlsProps = {
  config: unknown
  /** Stakes offered between the game's limits, in cents. */
  chips: number[]
  amount: Amount
  /** The highest stake of a round, in cents. */
  maxBet: number
  /** A staged opening move (stage below), as the last posted form left it. */
  staged?: unknown
}

export type MoveProps = {
  config: unknown
  /** The view of the round that waits for a move. */
  view: unknown
  amount: Amount
  /** True while a move is on its way (buttons disabled). */
  busy: boolean
}

/** The words of opening moves (each a key of games.frame in locales/). */
export type PlayLabel = 'spin' | 'roll' | 'place' | 'deal' | 'play' | 'draw' | 'scratch' | 'drop'

export type GameUi = {
  Board: (props: BoardProps) => ReactNode
  /** The opening move's fields (stake, bet type...), inside the frame's bet form. */
  Controls: (props: ControlsProps) => ReactNode
  /** The opening move read from the bet form, numbers in the page's language; the game server validates it. */
  betFromForm: (form: FormData, locale: Locale) => unknown
  /**
   * Games whose opening move is put together in steps (chips on a roulette table): the move as a
   * posted form's button changed it, so that the form builds it without JavaScript too.
   */
  stage?: (form: FormData) => { placed: readonly unknown[] }
  /**
   * What a finished round showed, in one sentence ("The ball lands on 33 black"): told in the
   * frame's live region before the outcome, once the round is at rest. The board shows the same
   * words (each board draws its sentence with this component).
   */
  Said: (props: SaidProps) => ReactNode
  /** The opening move's button: games.frame.<playLabel> in the locales. */
  playLabel: PlayLabel
  /** Multi-step games: the submit buttons of the next move (name="move"), shown while a round waits. */
  Moves?: (props: MoveProps) => ReactNode
  /** The next move read from the move form. */
  actionFromForm?: (form: FormData) => unknown
  /**
   * Games whose round moves (a slot's reels, a roulette wheel): how many parts come to rest one by
   * one, how far apart (ms; default STEP_MS), and the least time from the click to rest (ms; the
   * game's minimum round duration is added by the frame). See ui/round-motion.ts.
   */
  motion?: (config: unknown) => { steps: number; stepMs?: number; minMs?: number }
}
