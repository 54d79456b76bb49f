import { andarBaharUi } from './andar-bahar.tsx'
import { baccaratUi } from './baccarat.tsx'
import { diceUi } from './dice.tsx'
import { hiLoUi } from './hi-lo.tsx'
import { rouletteUi } from './roulette.tsx'
import { slotsUi } from './slots.tsx'
import type { GameUi } from './types.ts'

/** Each engine's look and controls in the game client and on the verification page, by kind. */
export const GAME_UI: Record<string, GameUi> = {
  slots: slotsUi,
  roulette: rouletteUi,
  dice: diceUi,
  baccarat: baccaratUi,
  'andar-bahar': andarBaharUi,
  'hi-lo': hiLoUi,
}

export type { Amount, GameUi, Symbols } from './types.ts'
export { chipValues } from './shared.tsx'
