import { andarBaharUi } from './andar-bahar.tsx'
import { baccaratUi } from './baccarat.tsx'
import { blackjackUi } from './blackjack.tsx'
import { diceUi } from './dice.tsx'
import { hiLoUi } from './hi-lo.tsx'
import { kenoUi } from './keno.tsx'
import { plinkoUi } from './plinko.tsx'
import { rouletteUi } from './roulette.tsx'
import { scratchUi } from './scratch.tsx'
import { sicBoUi } from './sic-bo.tsx'
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
  'sic-bo': sicBoUi,
  keno: kenoUi,
  scratch: scratchUi,
  plinko: plinkoUi,
  baccarat: baccaratUi,
  'andar-bahar': andarBaharUi,
  'hi-lo': hiLoUi,
}

export type { Amount, GameUi, Symbols } from './types.ts'
export { chipValues, sessionAmount } from './shared.tsx'
