/**
 * Video poker, Jacks or Better, the "9/6" full-pay table. One 52-card deck shuffled for every
 * round (fair.ts `shuffle` of cards.ts `decks(1)`); the first five cards of the shuffled deck are
 * the hand. The player holds any of them (none to all five) and draws once: each discarded
 * position, left to right, takes the next card of the deck (the sixth card first). The final
 * hand pays its stake times the paytable (what is paid back, the stake included, so a pair of
 * jacks returns the stake): royal flush 800, straight flush 50, four of a kind 25, full house 9,
 * flush 6, straight 4, three of a kind 3, two pair 2, a pair of jacks or better 1. The royal's
 * 800 × is the five-coin payout of the classic machine (4 000 coins for 5), so every stake plays
 * the full-pay table.
 *
 * The return under optimal play (the hold of highest expected pay for every hand) is 99.54 %
 * (0.995439); `strategy` is the hand-ranking strategy for this table (VP_STRATEGY, in order:
 * the first line the hand can hold is held) and video-poker.test.ts checks it against the exact
 * expected value of every hold, computed by enumerating all draws, on sample hands.
 */
import { z } from 'zod'
import { type Card, decks, rankOf } from '../cards.ts'
import type { GameEngine } from '../engine.ts'
import { shuffle } from '../fair.ts'

export const HAND_RANKS = [
  'royal-flush',
  'straight-flush',
  'four-of-a-kind',
  'full-house',
  'flush',
  'straight',
  'three-of-a-kind',
  'two-pair',
  'jacks-or-better',
] as const
export type HandRank = (typeof HAND_RANKS)[number]
export type Paytable = Record<HandRank, number>

export type VideoPokerConfig = { paytable: Paytable }
export const JACKS_OR_BETTER_9_6: VideoPokerConfig = {
  paytable: {
    'royal-flush': 800,
    'straight-flush': 50,
    'four-of-a-kind': 25,
    'full-house': 9,
    flush: 6,
    straight: 4,
    'three-of-a-kind': 3,
    'two-pair': 2,
    'jacks-or-better': 1,
  },
}
/** The return of optimal play on the 9/6 table (the known exact figure, 0.9954391). */
export const JACKS_OR_BETTER_RTP = 0.995439

export const VideoPokerBet = z.object({
  stake: z.number({ error: 'invalid_value' }).int('invalid_value').min(1, 'invalid_value'),
})
export type VideoPokerBet = z.infer<typeof VideoPokerBet>
/** The draw: the positions (0–4) of the cards held. */
export const VideoPokerAction = z.object({
  hold: z
    .array(z.number({ error: 'invalid_value' }).int('invalid_value').min(0, 'invalid_value').max(4, 'invalid_value'))
    .max(5, 'invalid_value')
    .refine((h) => new Set(h).size === h.length, 'invalid_value'),
})
export type VideoPokerAction = z.infer<typeof VideoPokerAction>

export type VideoPokerState = {
  /** The shuffled deck: the hand is deck[0..5), the draw comes from deck[5..). */
  deck: Card[]
  stake: number
  held: number[] | null
  final: Card[] | null
}
export type VideoPokerView = {
  /** The dealt hand. */
  hand: Card[]
  /** What the dealt hand already makes (shown as a hint while the player chooses). */
  dealt: HandRank | null
  held: number[] | null
  final: Card[] | null
  rank: HandRank | null
  /** The paytable multiple of the final hand (0 when it pays nothing). */
  pays: number | null
}

/** Ranks 2–14 (ace high) of a hand. */
const high = (card: Card) => (rankOf(card) === 1 ? 14 : rankOf(card))

/** The paying rank of five cards, or null. */
const counts = new Uint8Array(15)
export function evaluateHand(cards: readonly Card[]): HandRank | null {
  counts.fill(0)
  let mask = 0
  const suit0 = Math.floor(cards[0]! / 13)
  let flush = true
  for (const card of cards) {
    const r = high(card)
    counts[r]!++
    mask |= 1 << r
    if (Math.floor(card / 13) !== suit0) flush = false
  }
  let pairs = 0
  let three = false
  let four = false
  let highPair = false
  for (let r = 2; r <= 14; r++) {
    const n = counts[r]!
    if (n === 0) continue
    if (n === 4) four = true
    else if (n === 3) three = true
    else if (n === 2) {
      pairs++
      if (r >= 11) highPair = true
    }
  }
  const distinct = !four && !three && pairs === 0
  // Five in a row: a run of five bits, or the wheel A-2-3-4-5.
  const lowest = mask & -mask
  const straight = distinct && (mask === lowest * 31 || mask === ((1 << 14) | 0b111100))
  if (straight && flush) return mask === 0b111110000000000 ? 'royal-flush' : 'straight-flush'
  if (four) return 'four-of-a-kind'
  if (three && pairs === 1) return 'full-house'
  if (flush) return 'flush'
  if (straight) return 'straight'
  if (three) return 'three-of-a-kind'
  if (pairs === 2) return 'two-pair'
  return highPair ? 'jacks-or-better' : null
}

export const paysOf = (config: VideoPokerConfig, cards: readonly Card[]) => {
  const rank = evaluateHand(cards)
  return rank ? config.paytable[rank] : 0
}

const handOf = (state: VideoPokerState) => state.deck.slice(0, 5)

/** The final hand: held cards stay, each other position takes the next card of the deck. */
export function drawFor(deck: readonly Card[], hold: readonly number[]): Card[] {
  let next = 5
  return deck.slice(0, 5).map((card, i) => (hold.includes(i) ? card : deck[next++]!))
}

export const videoPokerEngine: GameEngine<
  VideoPokerConfig,
  VideoPokerBet,
  VideoPokerAction,
  VideoPokerState,
  VideoPokerView
> = {
  kind: 'video-poker',
  bet: VideoPokerBet,
  checkBet: (_config, bet, limits) =>
    bet.stake < limits.minBet || bet.stake > limits.maxBet ? { stake: 'amount_out_of_range' } : null,
  stakeOf: (_config, bet) => bet.stake,
  start: (_config, bet, rng) => ({
    state: { deck: shuffle(decks(1), rng), stake: bet.stake, held: null, final: null },
    stake: bet.stake,
    win: null,
  }),
  action: VideoPokerAction,
  act(config, state, { hold }) {
    if (state.final) return { error: 'action_failed' }
    const held = [...hold].sort((a, b) => a - b)
    const final = drawFor(state.deck, held)
    return { state: { ...state, held, final }, stake: state.stake, win: state.stake * paysOf(config, final) }
  },
  view(config, state) {
    const rank = state.final ? evaluateHand(state.final) : null
    return {
      hand: handOf(state),
      dealt: evaluateHand(handOf(state)),
      held: state.held,
      final: state.final,
      rank,
      pays: state.final ? (rank ? config.paytable[rank] : 0) : null,
    }
  },
  rtp: () => JACKS_OR_BETTER_RTP,
  // The paytable's top hand (a royal flush).
  maxMultiplier: (config) => Math.max(...Object.values(config.paytable)),
  sampleBet: (_config, stake) => ({ stake }),
  strategy: (_config, state) => ({ hold: bestHold(handOf(state)) }),
}

// ---- The strategy ------------------------------------------------------------------------------

/**
 * The hands to hold, best first (9/6 Jacks or Better): the player holds the cards of the first
 * line the dealt hand contains. "High" cards are jack, queen, king and ace; an outside straight
 * draw is four in a row that either end completes; "unsuited" means not all of one suit.
 * Three to a straight flush come in three kinds by their high cards and gaps (missing ranks
 * inside the five-rank span): kind 1 has at least as many high cards as gaps (except ace-low and
 * 2-3-4), kind 2 is one gap and no high card, two gaps and one high card, ace-low, or 2-3-4, kind
 * 3 is two gaps and no high card.
 */
export const VP_STRATEGY = [
  'royal flush',
  'straight flush',
  'four of a kind',
  '4 to a royal flush',
  'full house',
  'flush',
  'three of a kind',
  'straight',
  '4 to a straight flush',
  'two pair',
  'high pair',
  '3 to a royal flush',
  '4 to a flush',
  'unsuited 10-J-Q-K',
  'low pair',
  '4 to an outside straight',
  '3 to a straight flush, kind 1',
  'suited Q-J',
  '4 to an inside straight with 4 high cards',
  'suited K-Q or K-J',
  'suited A-K, A-Q or A-J',
  '4 to an inside straight with 3 high cards',
  '3 to a straight flush, kind 2',
  'unsuited J-Q-K',
  'unsuited J-Q',
  'suited 10-J',
  'two unsuited high cards, king highest',
  'suited 10-Q',
  'two unsuited high cards, ace highest',
  'jack alone',
  'suited 10-K',
  'queen alone',
  'king alone',
  'ace alone',
  '3 to a straight flush, kind 3',
] as const

const isHigh = (r: number) => r >= 11
const line = (name: (typeof VP_STRATEGY)[number]) => VP_STRATEGY.indexOf(name)
/** A sorted set of ranks (ace 14) fits a straight: the five-rank windows, the ace also low. */
function straightWindow(ranks: number[]): { gaps: number; aceLow: boolean } | null {
  if (new Set(ranks).size !== ranks.length) return null
  const span = ranks[ranks.length - 1]! - ranks[0]!
  if (span <= 4) return { gaps: span + 1 - ranks.length, aceLow: false }
  if (ranks.includes(14)) {
    const low = ranks.map((r) => (r === 14 ? 1 : r)).sort((a, b) => a - b)
    if (low[low.length - 1]! - low[0]! <= 4) return { gaps: 0, aceLow: true }
  }
  return null
}

/** The strategy line (index in VP_STRATEGY) of holding exactly `cards`, or -1 when none. */
function lineOf(cards: Card[]): number {
  const n = cards.length
  const ranks = cards.map(high).sort((a, b) => a - b)
  const suited = cards.every((c) => Math.floor(c / 13) === Math.floor(cards[0]! / 13))
  const highs = ranks.filter(isHigh).length
  const is = (...want: number[]) => want.length === n && want.every((r, i) => ranks[i] === r)
  if (n === 5) {
    const rank = evaluateHand(cards)
    if (rank === 'royal-flush') return line('royal flush')
    if (rank === 'straight-flush') return line('straight flush')
    if (rank === 'four-of-a-kind') return line('four of a kind')
    if (rank === 'full-house') return line('full house')
    if (rank === 'flush') return line('flush')
    if (rank === 'straight') return line('straight')
    return -1
  }
  const window = straightWindow(ranks)
  if (n === 4) {
    if (suited && ranks[0]! >= 10) return line('4 to a royal flush')
    if (suited && window) return line('4 to a straight flush')
    if (ranks[0] === ranks[1] && ranks[2] === ranks[3] && ranks[1] !== ranks[2]) return line('two pair')
    if (suited) return line('4 to a flush')
    if (is(10, 11, 12, 13)) return line('unsuited 10-J-Q-K')
    if (window && window.gaps === 0 && !window.aceLow && ranks[3]! <= 13) return line('4 to an outside straight')
    if (window && highs === 4) return line('4 to an inside straight with 4 high cards')
    if (window && highs === 3) return line('4 to an inside straight with 3 high cards')
    return -1
  }
  if (n === 3) {
    if (ranks[0] === ranks[2]) return line('three of a kind')
    if (suited && ranks[0]! >= 10) return line('3 to a royal flush')
    if (suited && window) {
      const { gaps, aceLow } = window
      const h = aceLow ? 0 : highs
      if (!aceLow && !is(2, 3, 4) && h >= gaps) return line('3 to a straight flush, kind 1')
      if (aceLow || is(2, 3, 4) || (gaps === 1 && h === 0) || (gaps === 2 && h === 1))
        return line('3 to a straight flush, kind 2')
      return line('3 to a straight flush, kind 3')
    }
    if (is(11, 12, 13)) return line('unsuited J-Q-K')
    return -1
  }
  if (n === 2) {
    if (ranks[0] === ranks[1]) return ranks[0]! >= 11 ? line('high pair') : line('low pair')
    if (suited) {
      if (is(11, 12)) return line('suited Q-J')
      if (is(12, 13) || is(11, 13)) return line('suited K-Q or K-J')
      if (ranks[1] === 14 && ranks[0]! >= 11) return line('suited A-K, A-Q or A-J')
      if (is(10, 11)) return line('suited 10-J')
      if (is(10, 12)) return line('suited 10-Q')
      if (is(10, 13)) return line('suited 10-K')
      return -1
    }
    if (is(11, 12)) return line('unsuited J-Q')
    if (is(12, 13) || is(11, 13)) return line('two unsuited high cards, king highest')
    if (ranks[1] === 14 && ranks[0]! >= 11) return line('two unsuited high cards, ace highest')
    return -1
  }
  if (n === 1) {
    if (ranks[0] === 11) return line('jack alone')
    if (ranks[0] === 12) return line('queen alone')
    if (ranks[0] === 13) return line('king alone')
    if (ranks[0] === 14) return line('ace alone')
  }
  return -1
}

/** The positions to hold by VP_STRATEGY (none: draw five new cards). */
export function bestHold(hand: readonly Card[]): number[] {
  let best: number[] = []
  let bestLine: number = VP_STRATEGY.length
  for (let mask = 1; mask < 32; mask++) {
    const positions = [0, 1, 2, 3, 4].filter((i) => mask & (1 << i))
    const found = lineOf(positions.map((i) => hand[i]!))
    if (found >= 0 && found < bestLine) {
      bestLine = found
      best = positions
    }
  }
  return best
}

/** The strategy line a hand is played by ('discard everything' when none applies). */
export function strategyLineOf(hand: readonly Card[]) {
  const hold = bestHold(hand)
  return hold.length === 0 ? 'discard everything' : VP_STRATEGY[lineOf(hold.map((i) => hand[i]!))]!
}
