/**
 * Hi-lo: one 52-card deck shuffled in start with the round's stream (fair.ts `shuffle`); the
 * first card is shown. The player guesses whether the next card ranks higher or lower (ace low,
 * king high); a card of the same rank loses. After each correct guess the player guesses again
 * or cashes out; a wrong guess loses the stake.
 *
 * A guess's multiplier comes from the exact chance that it wins given the cards still in the
 * deck (r cards left, n of them winning): (1 − houseEdge) × r / n. Its expected value is
 * therefore (1 − houseEdge) whatever was seen before, so any way of playing returns
 * (1 − houseEdge) per guess made: the documented play (guess the likelier side once, then cash
 * out) returns 99 % with a 1 % edge. The running multiplier is the product of the guesses'
 * multipliers; cashing out pays the stake times it, rounded to the nearest cent.
 *
 * Limits: at most `maxGuesses` guesses (the round cashes out by itself after the last), and no
 * guess whose win would take the multiplier above `maxMultiplier` (the player cashes out
 * instead). A guess that cannot win (no card left on that side) is refused.
 */
import { z } from 'zod'
import { type Card, decks, rankOf } from '../cards.ts'
import type { GameEngine } from '../engine.ts'
import { shuffle } from '../fair.ts'

export type HiLoConfig = { houseEdge: number; maxGuesses: number; maxMultiplier: number }
export const CLASSIC_HI_LO: HiLoConfig = { houseEdge: 0.01, maxGuesses: 12, maxMultiplier: 1000 }

export const HiLoBet = z.object({
  stake: z.number({ error: 'invalid_value' }).int('invalid_value').min(1, 'invalid_value'),
})
export type HiLoBet = z.infer<typeof HiLoBet>

export const HI_LO_MOVES = ['higher', 'lower', 'cashout'] as const
export type HiLoMove = (typeof HI_LO_MOVES)[number]
export type HiLoGuess = Exclude<HiLoMove, 'cashout'>
export const HiLoAction = z.object({ move: z.enum(HI_LO_MOVES, { error: 'invalid_value' }) })
export type HiLoAction = z.infer<typeof HiLoAction>

export type HiLoState = {
  /** The whole shuffled deck (never shown while the round is open). */
  deck: Card[]
  /** How many cards of the deck are face up: the last of them is the card to guess from. */
  shown: number
  guesses: HiLoGuess[]
  /** The product of the correct guesses' multipliers (1 before the first). */
  multiplier: number
  stake: number
  outcome: 'open' | 'lost' | 'cashed'
}

export type HiLoOffer = { chance: number; multiplier: number } | null
export type HiLoView = Omit<HiLoState, 'deck'> & {
  cards: Card[]
  /** What each guess would pay now (null: not offered), while the round is open. */
  offers: Record<HiLoGuess, HiLoOffer> | null
  /** Cashing out now pays this (null before the first correct guess). */
  cashout: number | null
}

/** How many of the cards left win each guess from the card shown. */
export function winningCards(state: Pick<HiLoState, 'deck' | 'shown'>): Record<HiLoGuess, number> & { left: number } {
  const current = rankOf(state.deck[state.shown - 1]!)
  let higher = 0
  let lower = 0
  for (let i = state.shown; i < state.deck.length; i++) {
    const rank = rankOf(state.deck[i]!)
    if (rank > current) higher++
    else if (rank < current) lower++
  }
  return { higher, lower, left: state.deck.length - state.shown }
}

/** The offer of a guess now: its chance and multiplier, or null when it cannot win or would pass the cap. */
export function offerOf(config: HiLoConfig, state: HiLoState, guess: HiLoGuess): HiLoOffer {
  if (state.outcome !== 'open' || state.guesses.length >= config.maxGuesses) return null
  const counts = winningCards(state)
  const n = counts[guess]
  if (n === 0) return null
  const multiplier = ((1 - config.houseEdge) * counts.left) / n
  if (state.multiplier * multiplier > config.maxMultiplier) return null
  return { chance: n / counts.left, multiplier }
}

/** What each guess offers on a round's first card, by its rank (1 ace … 13 king), for the game view's table. */
export function firstGuessOffers(config: HiLoConfig): { rank: number; offers: Record<HiLoGuess, HiLoOffer> }[] {
  return Array.from({ length: 13 }, (_, i) => {
    // The shown card first (the ace of spades is card 0, so card i has rank i + 1), then the other 51.
    const deck = [i, ...decks(1).filter((card) => card !== i)]
    const state: HiLoState = { deck, shown: 1, guesses: [], multiplier: 1, stake: 0, outcome: 'open' }
    return { rank: i + 1, offers: { higher: offerOf(config, state, 'higher'), lower: offerOf(config, state, 'lower') } }
  })
}

const payout = (state: HiLoState) => Math.round(state.stake * state.multiplier)

export const hiLoEngine: GameEngine<HiLoConfig, HiLoBet, HiLoAction, HiLoState, HiLoView> = {
  kind: 'hi-lo',
  bet: HiLoBet,
  checkBet: (_config, bet, limits) =>
    bet.stake < limits.minBet || bet.stake > limits.maxBet ? { stake: 'amount_out_of_range' } : null,
  stakeOf: (_config, bet) => bet.stake,
  start(_config, bet, rng) {
    const state: HiLoState = {
      deck: shuffle(decks(1), rng),
      shown: 1,
      guesses: [],
      multiplier: 1,
      stake: bet.stake,
      outcome: 'open',
    }
    return { state, stake: bet.stake, win: null }
  },
  action: HiLoAction,
  act(config, state, { move }) {
    if (state.outcome !== 'open') return { error: 'action_failed' }
    if (move === 'cashout') {
      if (state.guesses.length === 0) return { error: 'action_failed' }
      const next = { ...state, outcome: 'cashed' as const }
      return { state: next, stake: state.stake, win: payout(next) }
    }
    const offer = offerOf(config, state, move)
    if (!offer) return { error: 'action_failed' }
    const shownRank = rankOf(state.deck[state.shown - 1]!)
    const nextRank = rankOf(state.deck[state.shown]!)
    const won = move === 'higher' ? nextRank > shownRank : nextRank < shownRank
    const next: HiLoState = {
      ...state,
      shown: state.shown + 1,
      guesses: [...state.guesses, move],
      multiplier: won ? state.multiplier * offer.multiplier : 0,
      outcome: won ? 'open' : 'lost',
    }
    if (!won) return { state: next, stake: state.stake, win: 0 }
    // The last guess allowed: the round cashes out by itself.
    if (next.guesses.length >= config.maxGuesses) {
      const cashed = { ...next, outcome: 'cashed' as const }
      return { state: cashed, stake: state.stake, win: payout(cashed) }
    }
    return { state: next, stake: state.stake, win: null }
  },
  view(config, state, finished) {
    const { deck, ...rest } = state
    const open = !finished && state.outcome === 'open'
    return {
      ...rest,
      cards: deck.slice(0, state.shown),
      offers: open ? { higher: offerOf(config, state, 'higher'), lower: offerOf(config, state, 'lower') } : null,
      cashout: open && state.guesses.length > 0 ? payout(state) : null,
    }
  },
  rtp: (config) => 1 - config.houseEdge,
  // No guess is offered past the cap, and the stake times the cap is whole cents, so rounding
  // the cash-out to the nearest cent never passes it.
  maxMultiplier: (config) => config.maxMultiplier,
  sampleBet: (_config, stake) => ({ stake }),
  // The documented play: the likelier side once (higher on a tie of chances), then cash out.
  strategy(_config, state) {
    if (state.guesses.length > 0) return { move: 'cashout' }
    const counts = winningCards(state)
    return { move: counts.higher >= counts.lower ? 'higher' : 'lower' }
  },
}
