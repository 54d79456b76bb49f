/**
 * Andar bahar: one 52-card deck shuffled with the round's stream (fair.ts `shuffle`, 51 draws).
 * The first card is the joker; the next cards go alternately to andar (the first of them) and
 * bahar until a card of the joker's rank appears: that side wins. Bets: andar pays 0.9:1 (its
 * side gets the first card, so it wins more often), bahar pays 1:1; a win is rounded down to
 * the cent.
 *
 * With three cards of the joker's rank among the 51 left, the first of them is the k-th card
 * dealt with chance C(51 − k, 2) / C(51, 3); andar wins when k is odd: 0.5150… (return 0.9785…
 * at 0.9:1), bahar 0.4849… (return 0.9699… at 1:1). andar-bahar.test.ts derives both by a
 * recursion over the deck.
 */
import { z } from 'zod'
import { type Card, decks, rankOf } from '../cards.ts'
import type { GameEngine } from '../engine.ts'
import { shuffle } from '../fair.ts'
import { ANDAR_BAHAR_SIDES } from './layouts.ts'

export { ANDAR_BAHAR_SIDES }

/** The payout per unit staked on a win (0.9 means 0.9:1), by side. */
export type AndarBaharConfig = { pays: { andar: number; bahar: number } }
export const CLASSIC_ANDAR_BAHAR: AndarBaharConfig = { pays: { andar: 0.9, bahar: 1 } }

export type AndarBaharSide = (typeof ANDAR_BAHAR_SIDES)[number]

export const AndarBaharBet = z.object({
  side: z.enum(ANDAR_BAHAR_SIDES, { error: 'invalid_value' }),
  stake: z.number({ error: 'invalid_value' }).int('invalid_value').min(1, 'invalid_value'),
})
export type AndarBaharBet = z.infer<typeof AndarBaharBet>

export type AndarBaharState = { joker: Card; andar: Card[]; bahar: Card[]; winner: AndarBaharSide }

/** The deal from a shuffled deck: the joker, then alternately andar and bahar until the joker's rank shows. */
export function dealAndarBahar(deck: readonly Card[]): AndarBaharState {
  const joker = deck[0]!
  const andar: Card[] = []
  const bahar: Card[] = []
  for (let i = 1; i < deck.length; i++) {
    const side = i % 2 === 1 ? andar : bahar
    side.push(deck[i]!)
    if (rankOf(deck[i]!) === rankOf(joker)) return { joker, andar, bahar, winner: side === andar ? 'andar' : 'bahar' }
  }
  // Unreachable with a full deck: three cards of the joker's rank are among the other 51.
  throw new Error('andar bahar: no card matched the joker')
}

/** What a bet returns (stake included, rounded down to the cent; 0 when lost). */
export const andarBaharReturn = (config: AndarBaharConfig, bet: AndarBaharBet, winner: AndarBaharSide) =>
  winner === bet.side ? bet.stake + Math.floor(bet.stake * config.pays[bet.side] + 1e-9) : 0

const choose2 = (n: number) => (n * (n - 1)) / 2
/** The chance that andar wins: the first of the three matching cards is dealt at an odd position. */
export function andarChance(): number {
  let odd = 0
  for (let k = 1; k <= 49; k += 2) odd += choose2(51 - k)
  return odd / ((51 * 50 * 49) / 6)
}

/** The exact return of each side's bet (before rounding to the cent). */
export const andarBaharRtp = (config: AndarBaharConfig): Record<AndarBaharSide, number> => {
  const andar = andarChance()
  return { andar: andar * (1 + config.pays.andar), bahar: (1 - andar) * (1 + config.pays.bahar) }
}

export const andarBaharEngine: GameEngine<AndarBaharConfig, AndarBaharBet, never, AndarBaharState> = {
  kind: 'andar-bahar',
  bet: AndarBaharBet,
  checkBet: (_config, bet, limits) =>
    bet.stake < limits.minBet || bet.stake > limits.maxBet ? { stake: 'amount_out_of_range' } : null,
  stakeOf: (_config, bet) => bet.stake,
  start(config, bet, rng) {
    const state = dealAndarBahar(shuffle(decks(1), rng))
    return { state, stake: bet.stake, win: andarBaharReturn(config, bet, state.winner) }
  },
  view: (_config, state) => state,
  // The better bet, andar (the panel lists both).
  rtp: (config) => Math.max(...Object.values(andarBaharRtp(config))),
  // The better payout plus the stake (bahar's 1 to 1); the win is rounded down.
  maxMultiplier: (config) => 1 + Math.max(config.pays.andar, config.pays.bahar),
  // Whole tens of cents: 0.9 × stake needs no rounding.
  sampleBet: (_config, stake) => ({ side: 'andar', stake: Math.max(10, Math.round(stake / 10) * 10) }),
}
