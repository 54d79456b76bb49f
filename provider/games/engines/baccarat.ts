/**
 * Baccarat (punto banco): a fresh shoe of `decks` decks every round. The cards a coup can use are
 * drawn in start, in order, each uniformly from the cards left in the shoe: draw i takes
 * position i + rng.int(shoe − i) and swaps it to position i (the first six steps of a
 * front-to-back Fisher–Yates shuffle, which is all of the shuffle a coup ever looks at). Dealt:
 * player, banker, player, banker, then the player's third card and the banker's third card when
 * the tableau asks for them (the next card of the six each time).
 *
 * Values: ace 1, two to nine their number, tens and faces 0; a hand counts its sum modulo 10.
 * A natural (8 or 9 in the first two cards of either hand) ends the coup. Otherwise the player
 * draws on 0–5 and stands on 6–7; if the player stood, the banker draws on 0–5; if the player
 * drew a third card worth x, the banker draws on 0–2, on 3 unless x is 8, on 4 when x is 2–7,
 * on 5 when x is 4–7, on 6 when x is 6–7, and stands on 7.
 *
 * Bets: player pays 1:1; banker pays 0.95:1 (a 5 % commission on the win, the paid amount
 * rounded down to the cent); tie pays 8:1. On a tie, player and banker bets are returned (push).
 */
import { z } from 'zod'
import type { Card } from '../cards.ts'
import { rankOf } from '../cards.ts'
import type { GameEngine } from '../engine.ts'
import type { Rng } from '../fair.ts'
import { BACCARAT_SIDES } from './layouts.ts'

export { BACCARAT_SIDES }

export type BaccaratConfig = { decks: number; commission: number }
export const PUNTO_BANCO: BaccaratConfig = { decks: 8, commission: 0.05 }

export type BaccaratSide = (typeof BACCARAT_SIDES)[number]

export const BaccaratBet = z.object({
  side: z.enum(BACCARAT_SIDES, { error: 'invalid_value' }),
  stake: z.number({ error: 'invalid_value' }).int('invalid_value').min(1, 'invalid_value'),
})
export type BaccaratBet = z.infer<typeof BaccaratBet>

export type BaccaratState = {
  player: Card[]
  banker: Card[]
  playerTotal: number
  bankerTotal: number
  winner: BaccaratSide
}

/** A card's baccarat value: ace 1, 2–9 their number, 10 and faces 0. */
export const cardValue = (card: Card) => {
  const rank = rankOf(card)
  return rank >= 10 ? 0 : rank
}
export const handTotal = (cards: readonly Card[]) => cards.reduce((sum, c) => sum + cardValue(c), 0) % 10

/** Whether the banker draws, by the banker's total and the player's third card (null: the player stood). */
export function bankerDraws(bankerTotal: number, playerThird: Card | null): boolean {
  if (playerThird === null) return bankerTotal <= 5
  const x = cardValue(playerThird)
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true
    case 3:
      return x !== 8
    case 4:
      return x >= 2 && x <= 7
    case 5:
      return x >= 4 && x <= 7
    case 6:
      return x === 6 || x === 7
    default:
      return false
  }
}

/** The coup played from `cards` in dealing order (at least six): both hands, totals and the winner. */
export function playCoup(cards: readonly Card[]): BaccaratState {
  const player = [cards[0]!, cards[2]!]
  const banker = [cards[1]!, cards[3]!]
  let next = 4
  const natural = handTotal(player) >= 8 || handTotal(banker) >= 8
  if (!natural) {
    let playerThird: Card | null = null
    if (handTotal(player) <= 5) {
      playerThird = cards[next++]!
      player.push(playerThird)
    }
    if (bankerDraws(handTotal(banker), playerThird)) banker.push(cards[next++]!)
  }
  const playerTotal = handTotal(player)
  const bankerTotal = handTotal(banker)
  const winner = playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie'
  return { player, banker, playerTotal, bankerTotal, winner }
}

/** What a bet returns (stake included; 0 when lost) once the coup has a winner. */
export function baccaratReturn(config: BaccaratConfig, bet: BaccaratBet, winner: BaccaratSide): number {
  if (bet.side === 'tie') return winner === 'tie' ? bet.stake * 9 : 0
  if (winner === 'tie') return bet.stake
  if (winner !== bet.side) return 0
  return bet.side === 'player' ? bet.stake * 2 : bet.stake + Math.floor(bet.stake * (1 - config.commission) + 1e-9)
}

/** The six cards a coup may use, each drawn from what is left of a fresh shoe. */
export function dealSix(config: BaccaratConfig, rng: Rng): Card[] {
  const shoe = Array.from({ length: 52 * config.decks }, (_, i) => i % 52)
  for (let i = 0; i < 6; i++) {
    const j = i + rng.int(shoe.length - i)
    ;[shoe[i], shoe[j]] = [shoe[j]!, shoe[i]!]
  }
  return shoe.slice(0, 6)
}

/**
 * The chance of each outcome of a coup from a full 8-deck shoe, exactly: the ordered deals of six
 * cards (416 × 415 × … × 411 of them) that end in each result, counted over card values with
 * the shoe's counts (baccarat.test.ts recounts them through playCoup).
 */
const EIGHT_DECK_DEALS = 4_998_398_275_503_360
export const EIGHT_DECK_ODDS = {
  banker: 2_292_252_566_437_888 / EIGHT_DECK_DEALS,
  player: 2_230_518_282_592_256 / EIGHT_DECK_DEALS,
  tie: 475_627_426_473_216 / EIGHT_DECK_DEALS,
} as const

/** The exact return of each bet on an 8-deck shoe (banker with the 5 % commission unrounded). */
export const BACCARAT_RTP: Record<BaccaratSide, number> = {
  player: EIGHT_DECK_ODDS.player * 2 + EIGHT_DECK_ODDS.tie,
  banker: EIGHT_DECK_ODDS.banker * 1.95 + EIGHT_DECK_ODDS.tie,
  tie: EIGHT_DECK_ODDS.tie * 9,
}

export const baccaratEngine: GameEngine<BaccaratConfig, BaccaratBet, never, BaccaratState> = {
  kind: 'baccarat',
  bet: BaccaratBet,
  checkBet: (_config, bet, limits) =>
    bet.stake < limits.minBet || bet.stake > limits.maxBet ? { stake: 'amount_out_of_range' } : null,
  stakeOf: (_config, bet) => bet.stake,
  start(config, bet, rng) {
    const state = playCoup(dealSix(config, rng))
    return { state, stake: bet.stake, win: baccaratReturn(config, bet, state.winner) }
  },
  view: (_config, state) => state,
  // The banker bet, the best of the three (the panel lists all three: BACCARAT_RTP).
  rtp: () => BACCARAT_RTP.banker,
  // The tie's 8 to 1 (player 1 to 1, banker 1 less the commission).
  maxMultiplier: () => 9,
  // A stake of whole 20 cents: the commission needs no rounding, so the return is exactly BACCARAT_RTP.banker.
  sampleBet: (_config, stake) => ({ side: 'banker', stake: Math.max(20, Math.round(stake / 20) * 20) }),
}
