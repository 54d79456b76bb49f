import { expect, test } from 'vitest'
import type { Card } from '../cards.ts'
import { roundRng } from '../fair.ts'
import { fastRng } from './fast-rng.ts'
import {
  bestHold,
  evaluateHand,
  HAND_RANKS,
  JACKS_OR_BETTER_9_6 as config,
  JACKS_OR_BETTER_RTP,
  paysOf,
  strategyLineOf,
  videoPokerEngine as engine,
  type VideoPokerState,
} from './video-poker.ts'

// A card by rank (1 ace … 13 king) and suit (0 spades, 1 hearts, 2 diamonds, 3 clubs).
const card = (rank: number, suit: number) => suit * 13 + rank - 1
const S = 0
const H = 1
const D = 2
const C = 3

test('the evaluator against the known counts of all 2 598 960 five-card hands', () => {
  const counts: Record<string, number> = {}
  const hand = [0, 0, 0, 0, 0]
  for (let a = 0; a < 52; a++)
    for (let b = a + 1; b < 52; b++)
      for (let c = b + 1; c < 52; c++)
        for (let d = c + 1; d < 52; d++)
          for (let e = d + 1; e < 52; e++) {
            hand[0] = a
            hand[1] = b
            hand[2] = c
            hand[3] = d
            hand[4] = e
            const rank = evaluateHand(hand) ?? 'nothing'
            counts[rank] = (counts[rank] ?? 0) + 1
          }
  expect(counts).toEqual({
    'royal-flush': 4,
    'straight-flush': 36,
    'four-of-a-kind': 624,
    'full-house': 3744,
    flush: 5108,
    straight: 10_200,
    'three-of-a-kind': 54_912,
    'two-pair': 123_552,
    // One pair is 1 098 240 hands, 84 480 per rank: four ranks (J, Q, K, A) pay.
    'jacks-or-better': 337_920,
    nothing: 2_598_960 - 4 - 36 - 624 - 3744 - 5108 - 10_200 - 54_912 - 123_552 - 337_920,
  })
})

test('the 9/6 paytable, and wheel and broadway straights', () => {
  expect(HAND_RANKS.map((r) => config.paytable[r])).toEqual([800, 50, 25, 9, 6, 4, 3, 2, 1])
  expect(evaluateHand([card(1, S), card(2, H), card(3, D), card(4, C), card(5, S)])).toBe('straight')
  expect(evaluateHand([card(10, S), card(11, H), card(12, D), card(13, C), card(1, S)])).toBe('straight')
  expect(evaluateHand([card(11, S), card(12, H), card(13, D), card(1, C), card(2, S)])).toBeNull()
  expect(evaluateHand([card(10, H), card(11, H), card(12, H), card(13, H), card(1, H)])).toBe('royal-flush')
  expect(evaluateHand([card(1, H), card(2, H), card(3, H), card(4, H), card(5, H)])).toBe('straight-flush')
  expect(evaluateHand([card(10, S), card(10, H), card(3, D), card(4, C), card(5, S)])).toBeNull()
  expect(evaluateHand([card(11, S), card(11, H), card(3, D), card(4, C), card(5, S)])).toBe('jacks-or-better')
})

test('a round: five cards dealt from a shuffled deck, the held stay, the others come from the deck in order', () => {
  const step = engine.start(config, { stake: 100 }, roundRng({ serverSeed: 's', clientSeed: 'c', nonce: 3 }))
  expect(step.win).toBeNull()
  expect([...step.state.deck].sort((a, b) => a - b)).toEqual(Array.from({ length: 52 }, (_, i) => i))
  const open = engine.view(config, step.state, false)
  expect(open.hand).toEqual(step.state.deck.slice(0, 5))
  expect(open.final).toBeNull()
  // The deck is not part of the view: the cards to come stay hidden.
  expect(Object.keys(open)).not.toContain('deck')
  const drawn = engine.act!(config, step.state, { hold: [3, 0] })
  if ('error' in drawn) throw new Error(drawn.error)
  const deck = step.state.deck
  expect(drawn.state.final).toEqual([deck[0], deck[5], deck[6], deck[3], deck[7]])
  expect(drawn.win).toBe(100 * paysOf(config, drawn.state.final!))
  expect(engine.view(config, drawn.state, true)).toMatchObject({ held: [0, 3], final: drawn.state.final })
  // One draw per round; a bad hold is not a move.
  expect(engine.act!(config, drawn.state, { hold: [] })).toEqual({ error: 'action_failed' })
  expect(engine.action!.safeParse({ hold: [1, 1] }).success).toBe(false)
  expect(engine.action!.safeParse({ hold: [5] }).success).toBe(false)
  expect(engine.checkBet(config, { stake: 5 }, { minBet: 10, maxBet: 100 })).toEqual({ stake: 'amount_out_of_range' })
})

const state = (hand: Card[], rest: Card[]): VideoPokerState => ({
  deck: [...hand, ...rest],
  stake: 100,
  held: null,
  final: null,
})

test('payouts: the final hand pays the stake times the paytable', () => {
  const royal = [card(10, H), card(11, H), card(12, H), card(13, H), card(1, H)]
  expect(engine.act!(config, state(royal, []), { hold: [0, 1, 2, 3, 4] })).toMatchObject({ win: 80_000 })
  // Holding four to the royal and drawing the ace of hearts.
  const four = [card(10, H), card(11, H), card(12, H), card(13, H), card(2, C)]
  expect(engine.act!(config, state(four, [card(1, H)]), { hold: [0, 1, 2, 3] })).toMatchObject({ win: 80_000 })
  expect(engine.act!(config, state(four, [card(9, H)]), { hold: [0, 1, 2, 3] })).toMatchObject({ win: 5000 })
  expect(engine.act!(config, state(four, [card(3, S)]), { hold: [0, 1, 2, 3] })).toMatchObject({ win: 0 })
})

/** The exact expected pay (per unit staked) of holding `hold`, over every draw from the 47 unseen cards. */
function holdValue(hand: Card[], hold: number[]): number {
  const unseen = Array.from({ length: 52 }, (_, i) => i).filter((c) => !hand.includes(c))
  const kept = hold.map((i) => hand[i]!)
  const need = 5 - kept.length
  const final = [...kept, 0, 0, 0, 0, 0].slice(0, 5)
  let total = 0
  let draws = 0
  const pick = (from: number, k: number) => {
    if (k === need) {
      total += paysOf(config, final)
      draws++
      return
    }
    for (let i = from; i < unseen.length; i++) {
      final[kept.length + k] = unseen[i]!
      pick(i + 1, k + 1)
    }
  }
  pick(0, 0)
  return total / draws
}

const allHolds = () => Array.from({ length: 32 }, (_, mask) => [0, 1, 2, 3, 4].filter((i) => mask & (1 << i)))

test('the strategy holds the best expected hold, by enumeration of every draw, on chosen and dealt hands', () => {
  const chosen: Card[][] = [
    // 4 to a royal beats a made flush.
    [card(10, H), card(11, H), card(12, H), card(13, H), card(3, H)],
    // A high pair beats 4 to a flush.
    [card(11, S), card(11, H), card(4, H), card(7, H), card(9, H)],
    // 4 to a flush beats a low pair.
    [card(5, S), card(5, H), card(8, H), card(12, H), card(2, H)],
    // Unsuited A-K-Q-J: the inside straight with four high cards.
    [card(1, S), card(13, H), card(12, D), card(11, C), card(3, H)],
    // Suited Q-J over an unsuited A.
    [card(12, D), card(11, D), card(1, S), card(5, C), card(7, H)],
    // Nothing at all: draw five.
    [card(2, S), card(4, H), card(7, D), card(9, C), card(3, D)],
  ]
  const dealt: Card[][] = []
  for (let nonce = 0; dealt.length < 2; nonce++) {
    const step = engine.start(config, { stake: 1 }, roundRng({ serverSeed: 'vp', clientSeed: 'enumerate', nonce }))
    dealt.push(step.state.deck.slice(0, 5))
  }
  for (const hand of [...chosen, ...dealt]) {
    const values = allHolds().map((hold) => ({ hold, value: holdValue(hand, hold) }))
    const best = values.reduce((a, b) => (b.value > a.value ? b : a))
    const ours = holdValue(hand, bestHold(hand))
    // The strategy's hold is the best one (ties: any of the best).
    expect({ hand, line: strategyLineOf(hand), loss: best.value - ours }).toEqual({
      hand,
      line: strategyLineOf(hand),
      loss: expect.closeTo(0, 9) as unknown as number,
    })
  }
})

test('the strategy played on the engine returns the documented 99.54 % within the simulation error', () => {
  // A fast stream for many rounds; the real stream is the same interface.
  const rng = fastRng(0x2545f491)
  const rounds = 100_000
  let paid = 0
  let sq = 0
  for (let i = 0; i < rounds; i++) {
    const step = engine.start(config, { stake: 1 }, rng)
    const end = engine.act!(config, step.state, engine.strategy!(config, step.state))
    if ('error' in end) throw new Error(end.error)
    paid += end.win!
    sq += end.win! ** 2
  }
  const mean = paid / rounds
  const se = Math.sqrt(sq / rounds - mean ** 2) / Math.sqrt(rounds)
  console.log('video poker 9/6, strategy simulated:', { mean, se })
  expect(Math.abs(mean - JACKS_OR_BETTER_RTP)).toBeLessThan(3 * se)
})
