import { blackjackUi } from './blackjack.tsx'
import { diceUi } from './dice.tsx'
import { rouletteUi } from './roulette.tsx'
import { slotsUi } from './slots.tsx'
import type { GameUi } from './types.ts'
import { videoPokerUi } from './video-poker.tsx'

/** Each engine's look and controls in the game client and on the verification page, by kind. */
export const GAME_UI: Record<string, GameUi> = {
  slots: slotsUi,
  roulette: rouletteUi,
  dice: diceUi,
  blackjack: blackjackUi,
  'video-poker': videoPokerUi,
}

export type { Amount, GameUi, Symbols } from './types.ts'
export { chipValues } from './shared.tsx'
