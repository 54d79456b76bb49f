import { expect, test } from 'vitest'
import type { Card } from '../cards.ts'
import { roundRng } from '../fair.ts'
import { fastRng } from './fast-rng.ts'
import {
  BLACKJACK_RTP,
  basicMove,
  blackjackEngine as engine,
  type BlackjackState,
  handTotal,
  SIX_DECK_S17 as config,
} from './blackjack.ts'

// Cards by rank in spades: ace 0, two 1 ... ten 9, jack 10, queen 11, king 12.
const A = 0
const c = (rank: number) => (rank === 1 ? A : rank - 1)
const K = 12
const Q = 11

/** A round started on a shoe whose first cards are given (player, dealer up, player, dealer hole...). */
function dealt(front: Card[], stake = 100) {
  const step = engine.start(config, { stake }, roundRng({ serverSeed: 'x', clientSeed: 'y', nonce: 0 }))
  const rest = step.state.shoe.slice()
  // Put the wanted cards in front, keeping a 312-card shoe.
  for (const card of front) rest.splice(rest.indexOf(card), 1)
  const shoe = [...front, ...rest]
  const state: BlackjackState = {
    shoe,
    next: 4,
    dealer: [shoe[1]!, shoe[3]!],
    hands: [{ cards: [shoe[0]!, shoe[2]!], stake, doubled: false, split: false, done: false }],
    active: 0,
  }
  return state
}

const play = (state: BlackjackState, ...moves: ('hit' | 'stand' | 'double' | 'split')[]) => {
  let step: ReturnType<NonNullable<typeof engine.act>> = { state, stake: state.hands[0]!.stake, win: null }
  for (const move of moves) {
    if ('error' in step) throw new Error(step.error)
    step = engine.act!(config, step.state, { move })
  }
  return step
}

test('the shoe: six decks shuffled per round, 312 cards, each card six times, dealt player–dealer–player–dealer', () => {
  const a = engine.start(config, { stake: 100 }, roundRng({ serverSeed: 's', clientSeed: 'c', nonce: 1 }))
  const b = engine.start(config, { stake: 100 }, roundRng({ serverSeed: 's', clientSeed: 'c', nonce: 2 }))
  expect(a.state.shoe).toHaveLength(312)
  const counts = new Map<number, number>()
  for (const card of a.state.shoe) counts.set(card, (counts.get(card) ?? 0) + 1)
  expect([...counts.values()].every((n) => n === 6)).toBe(true)
  expect(counts.size).toBe(52)
  expect(a.state.shoe).not.toEqual(b.state.shoe)
  expect(a.state.hands[0]!.cards).toEqual([a.state.shoe[0], a.state.shoe[2]])
  expect(a.state.dealer).toEqual([a.state.shoe[1], a.state.shoe[3]])
})

test('the view of an open round hides the hole card and the shoe; the finished one shows the dealer', () => {
  const state = dealt([c(10), c(9), c(6), c(7)])
  const open = engine.view(config, state, false)
  expect(open.dealer).toEqual([c(9), null])
  expect(open.dealerTotal).toBeNull()
  expect(JSON.stringify(open)).not.toContain('shoe')
  expect(open.moves).toEqual(['hit', 'stand', 'double'])
  expect(open.hands[0]).toMatchObject({ total: 16, soft: false })
  const step = play(state, 'stand')
  if ('error' in step) throw new Error(step.error)
  // Dealer 9 + 7 = 16 draws the next card of the shoe.
  const closed = engine.view(config, step.state, true)
  expect(closed.dealer.slice(0, 2)).toEqual([c(9), c(7)])
  expect(closed.dealer.length).toBeGreaterThan(2)
  expect(closed.dealerTotal).toBe(handTotal(step.state.dealer).total)
  expect(closed.moves).toEqual([])
})

test('payouts: blackjack 3:2, a win 1:1, a push the stake back, dealer blackjack checked at once', () => {
  // The engine's start decides naturals; check it over many real rounds instead.
  let naturals = 0
  for (let nonce = 0; nonce < 1000; nonce++) {
    const step = engine.start(config, { stake: 100 }, roundRng({ serverSeed: 'n', clientSeed: 'c', nonce }))
    const player = step.state.hands[0]!.cards
    const playerBj = handTotal(player).total === 21
    const dealerBj = handTotal(step.state.dealer).total === 21
    if (playerBj && !dealerBj) {
      expect(step.win).toBe(250)
      naturals++
    } else if (playerBj && dealerBj) expect(step.win).toBe(100)
    else if (dealerBj) expect(step.win).toBe(0)
    else expect(step.win).toBeNull()
  }
  expect(naturals).toBeGreaterThan(25)
  // 20 against dealer 10+7: stands and wins 1:1.
  const win = play(dealt([K, c(10), Q, c(7)]), 'stand')
  expect(win).toMatchObject({ stake: 100, win: 200 })
  // 18 against 10+8: push.
  expect(play(dealt([K, c(10), c(8), c(8)]), 'stand')).toMatchObject({ win: 100 })
  // 17 against 10+8: lose.
  expect(play(dealt([K, c(10), c(7), c(8)]), 'stand')).toMatchObject({ win: 0 })
  // Hit 12 with a king: bust, the dealer draws nothing.
  const bust = play(dealt([c(10), c(6), c(2), c(10), K]), 'hit')
  expect(bust).toMatchObject({ win: 0 })
  if (!('error' in bust)) expect(bust.state.dealer).toHaveLength(2)
})

test('the dealer stands on soft 17 and hits soft 16', () => {
  // Dealer A + 6 = soft 17 stands; player 18 wins.
  const soft17 = play(dealt([K, A, c(8), c(6)]), 'stand')
  expect(soft17).toMatchObject({ win: 200 })
  if (!('error' in soft17)) expect(soft17.state.dealer).toHaveLength(2)
  // Dealer A + 5 = soft 16 draws (a 2 makes 18: player 18 pushes).
  const soft16 = play(dealt([K, A, c(8), c(5), c(2)]), 'stand')
  if ('error' in soft16) throw new Error(soft16.error)
  expect(soft16.state.dealer).toEqual([A, c(5), c(2)])
  expect(soft16.win).toBe(100)
})

test('double: one card, the stake doubled, paid on the doubled stake; only on two cards', () => {
  const step = play(dealt([c(6), c(6), c(5), c(10), c(10), c(10)]), 'double')
  // 11 + 10 = 21 against dealer 6+10=16, who draws 10: bust. Win 2 × 200.
  expect(step).toMatchObject({ stake: 200, win: 400 })
  if (!('error' in step)) expect(step.state.hands[0]!.cards).toHaveLength(3)
  const hit = play(dealt([c(2), c(6), c(3), c(10), c(2)]), 'hit')
  if ('error' in hit) throw new Error(hit.error)
  expect(engine.act!(config, hit.state, { move: 'double' })).toEqual({ error: 'action_failed' })
  expect(engine.act!(config, hit.state, { move: 'split' })).toEqual({ error: 'action_failed' })
})

test('split: two hands of the same stake, once; split aces take one card and stand; 21 on a split is not blackjack', () => {
  // 8,8 against 6: split, each hand gets its second card from the shoe (3 then K).
  const state = dealt([c(8), c(6), c(8), c(10), c(3), K])
  expect(engine.view(config, state, false).moves).toEqual(['hit', 'stand', 'double', 'split'])
  const split = play(state, 'split')
  if ('error' in split) throw new Error(split.error)
  expect(split.stake).toBe(200)
  expect(split.win).toBeNull()
  expect(split.state.hands.map((h) => h.cards)).toEqual([
    [c(8), c(3)],
    [c(8), K],
  ])
  // Double after split on 11, then stand 18; no second split.
  expect(engine.act!(config, split.state, { move: 'split' })).toEqual({ error: 'action_failed' })
  const doubled = engine.act!(config, split.state, { move: 'double' })
  if ('error' in doubled) throw new Error(doubled.error)
  expect(doubled.stake).toBe(300)
  expect(doubled.state.active).toBe(1)
  const end = engine.act!(config, doubled.state, { move: 'stand' })
  if ('error' in end) throw new Error(end.error)
  expect(end.win).not.toBeNull()
  // Split aces: one card each, the round ends; A+K on a split pays 1:1.
  const aces = play(dealt([A, c(9), A, c(8), K, c(5)]), 'split')
  if ('error' in aces) throw new Error(aces.error)
  // Hands 21 and soft 16 against dealer 17: one wins 1:1 (not 3:2), one loses.
  expect(aces).toMatchObject({ stake: 200, win: 200 })
  expect(aces.state.hands.map((h) => h.result)).toEqual(['win', 'lose'])
})

test('refused moves answer an error and change nothing; an unknown move is not a move', () => {
  const state = dealt([c(10), c(9), c(6), c(7)])
  const before = JSON.stringify(state)
  expect(engine.act!(config, state, { move: 'split' })).toEqual({ error: 'action_failed' })
  expect(JSON.stringify(state)).toBe(before)
  const done = play(state, 'stand')
  if ('error' in done) throw new Error(done.error)
  expect(engine.act!(config, done.state, { move: 'hit' })).toEqual({ error: 'action_failed' })
  expect(engine.action!.safeParse({ move: 'surrender' }).success).toBe(false)
  expect(engine.checkBet(config, { stake: 5 }, { minBet: 10, maxBet: 100 })).toEqual({ stake: 'amount_out_of_range' })
})

// ---- The return, exactly, for an infinite shoe ----------------------------------------------

/** A card of each value: ace, 2–9, ten. */
const VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
const P = (v: number) => (v === 10 ? 4 / 13 : 1 / 13)
const cardOf = (v: number) => c(v)

/** The dealer's final totals (17–21, 22 = bust) from an up card, given no dealer blackjack. */
function dealerFinals(up: number): Map<number, number> {
  const out = new Map<number, number>()
  const go = (cards: number[], p: number) => {
    const { total } = handTotal(cards.map(cardOf))
    if (total >= 17) {
      const key = Math.min(total, 22)
      out.set(key, (out.get(key) ?? 0) + p)
      return
    }
    for (const v of VALUES) {
      // The hole card (the second) is not the one that would make a blackjack: the dealer checked.
      if (cards.length === 1 && ((up === 1 && v === 10) || (up === 10 && v === 1))) continue
      go([...cards, v], p * P(v))
    }
  }
  go([up], 1)
  const total = [...out.values()].reduce((a, b) => a + b, 0)
  for (const [k, p] of out) out.set(k, p / total)
  return out
}

type Value = { net: number; staked: number }
const add = (a: Value, b: Value, p: number) => ({ net: a.net + b.net * p, staked: a.staked + b.staked * p })

function exactReturn() {
  let net = 0
  let staked = 0
  for (const up of VALUES) {
    const finals = dealerFinals(up)
    const upCard = cardOf(up)
    const standing = (cards: number[]) => {
      const { total } = handTotal(cards.map(cardOf))
      if (total > 21) return -1
      let ev = 0
      for (const [d, p] of finals) ev += p * (d > 21 || total > d ? 1 : total === d ? 0 : -1)
      return ev
    }
    /** A hand's value under basic strategy (per unit of its opening stake). */
    const hand = (cards: number[], canDouble: boolean, canSplit: boolean, splitAces: boolean): Value => {
      const { total } = handTotal(cards.map(cardOf))
      if (total > 21) return { net: -1, staked: 1 }
      if (total === 21 || splitAces) return { net: standing(cards), staked: 1 }
      const move = basicMove(cards.map(cardOf), upCard, canDouble, canSplit)
      if (move === 'stand') return { net: standing(cards), staked: 1 }
      if (move === 'double') {
        let ev = 0
        for (const v of VALUES) ev += P(v) * standing([...cards, v])
        return { net: 2 * ev, staked: 2 }
      }
      if (move === 'split') {
        let one: Value = { net: 0, staked: 0 }
        for (const v of VALUES) one = add(one, hand([cards[0]!, v], true, false, cards[0] === 1), P(v))
        return { net: 2 * one.net, staked: 2 * one.staked }
      }
      let hit: Value = { net: 0, staked: 0 }
      for (const v of VALUES) hit = add(hit, hand([...cards, v], false, false, false), P(v))
      return hit
    }
    const dealerBj = up === 1 ? P(10) : up === 10 ? P(1) : 0
    for (const a of VALUES)
      for (const b of VALUES) {
        const p = P(up) * P(a) * P(b)
        const playerBj = (a === 1 && b === 10) || (a === 10 && b === 1)
        // Any pair of equal values splits here: with ten-valued cards basic strategy never splits.
        const value = playerBj ? { net: 1.5 * (1 - dealerBj), staked: 1 } : hand([a, b], true, a === b, false)
        const withPeek = playerBj
          ? value
          : { net: dealerBj * -1 + (1 - dealerBj) * value.net, staked: dealerBj + (1 - dealerBj) * value.staked }
        net += p * withPeek.net
        staked += p * withPeek.staked
      }
  }
  return { net, staked, rtp: (staked + net) / staked }
}

test('the documented return is the exact infinite-shoe return of basic strategy', () => {
  const exact = exactReturn()
  console.log('blackjack, infinite shoe, basic strategy:', exact)
  // The house edge per opening stake for these rules is about half a percent.
  expect(-exact.net).toBeGreaterThan(0.004)
  expect(-exact.net).toBeLessThan(0.007)
  expect(BLACKJACK_RTP).toBeCloseTo(exact.rtp, 6)
  expect(engine.rtp(config)).toBe(BLACKJACK_RTP)
})

test('the engine played by its strategy returns the documented figure within the simulation error', () => {
  // A fast stream for many rounds; the real stream is the same interface.
  const rng = fastRng(0x9e3779b9)
  const rounds = 100_000
  let staked = 0
  let paid = 0
  let sq = 0
  for (let i = 0; i < rounds; i++) {
    let step = engine.start(config, { stake: 100 }, rng)
    while (step.win === null) {
      const next = engine.act!(config, step.state, engine.strategy!(config, step.state))
      if ('error' in next) throw new Error(next.error)
      step = next
    }
    staked += step.stake
    paid += step.win
    sq += ((step.win - step.stake) / 100) ** 2
  }
  const measured = paid / staked
  // Standard error of the return: the net's spread per round over the mean stake per round.
  const se = Math.sqrt(sq / rounds) / Math.sqrt(rounds) / (staked / rounds / 100)
  console.log('blackjack, six decks, simulated:', { measured, se })
  expect(Math.abs(measured - BLACKJACK_RTP)).toBeLessThan(4 * se)
})
