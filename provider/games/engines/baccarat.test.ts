import { expect, test } from 'vitest'
import { type Card, rankOf } from '../cards.ts'
import { roundRng } from '../fair.ts'
import {
  BACCARAT_RTP,
  baccaratEngine,
  baccaratReturn,
  bankerDraws,
  cardValue,
  dealSix,
  EIGHT_DECK_ODDS,
  playCoup,
  PUNTO_BANCO,
  type BaccaratSide,
} from './baccarat.ts'

/** A card of baccarat value v (0 is a ten of spades). */
const ofValue = (v: number): Card => (v === 0 ? 9 : v - 1)
const hand = (...values: number[]) => values.map(ofValue)
const bet = (side: BaccaratSide, stake: number) => ({ side, stake })

test('exact chances and returns over an 8-deck shoe: every sequence of card values, weighted by the counts left', () => {
  // An 8-deck shoe by value: 128 cards worth 0 (tens and faces), 32 of each of 1–9.
  const counts = [128, 32, 32, 32, 32, 32, 32, 32, 32, 32]
  // Ways of dealing six cards in order (416 × 415 × … × 411 < 2⁵³: exact integers), by winner.
  const ways: Record<BaccaratSide, number> = { player: 0, banker: 0, tie: 0 }
  const dealt: number[] = []
  // Six cards are enough for any coup; the ones a coup leaves unused only split its weight.
  const walk = (weight: number) => {
    if (dealt.length === 6) {
      ways[playCoup(dealt.map(ofValue)).winner] += weight
      return
    }
    for (let v = 0; v < 10; v++) {
      const c = counts[v]!
      counts[v] = c - 1
      dealt.push(v)
      walk(weight * c)
      dealt.pop()
      counts[v] = c
    }
  }
  walk(1)
  const all = 416 * 415 * 414 * 413 * 412 * 411
  expect(Number.isSafeInteger(all)).toBe(true)
  expect(ways.player + ways.banker + ways.tie).toBe(all)
  const chance = { player: ways.player / all, banker: ways.banker / all, tie: ways.tie / all }
  for (const side of ['player', 'banker', 'tie'] as const) expect(chance[side]).toBeCloseTo(EIGHT_DECK_ODDS[side], 12)
  // Player 1:1 and banker 0.95:1 push on a tie; tie 8:1.
  const returns = {
    player: 2 * chance.player + chance.tie,
    banker: 1.95 * chance.banker + chance.tie,
    tie: 9 * chance.tie,
  }
  for (const side of ['player', 'banker', 'tie'] as const) expect(BACCARAT_RTP[side]).toBeCloseTo(returns[side], 12)
  // The figures players know: banker 98.94 %, player 98.76 %, tie 85.64 %.
  expect(returns.banker).toBeCloseTo(0.98942, 5)
  expect(returns.player).toBeCloseTo(0.98765, 5)
  expect(returns.tie).toBeCloseTo(0.8564, 4)
  expect(baccaratEngine.rtp(PUNTO_BANCO)).toBe(BACCARAT_RTP.banker)
})

test("card values and the banker's tableau", () => {
  expect([1, 2, 9, 10, 11, 12, 13].map((rank) => cardValue(rank - 1))).toEqual([1, 2, 9, 0, 0, 0, 0])
  expect(cardValue(13 + 6)).toBe(7)
  // Rows: the banker's total 0–7; columns: the player's third card worth 0–9, then "the player stood".
  const tableau = [
    'DDDDDDDDDD D',
    'DDDDDDDDDD D',
    'DDDDDDDDDD D',
    'DDDDDDDDSD D',
    'SSDDDDDDSS D',
    'SSSSDDDDSS D',
    'SSSSSSDDSS S',
    'SSSSSSSSSS S',
  ]
  for (let total = 0; total <= 7; total++) {
    for (let x = 0; x <= 9; x++)
      expect(bankerDraws(total, ofValue(x)), `${total} vs ${x}`).toBe(tableau[total]![x] === 'D')
    expect(bankerDraws(total, null)).toBe(tableau[total]![11] === 'D')
  }
})

test('coups: naturals stand, the player draws on 0–5, the banker follows the tableau', () => {
  // Player 4 + 5 = 9: a natural, nobody draws.
  expect(playCoup([...hand(4, 2, 5, 3), ...hand(1, 1)])).toMatchObject({
    player: hand(4, 5),
    banker: hand(2, 3),
    playerTotal: 9,
    bankerTotal: 5,
    winner: 'player',
  })
  // Player 3 + 3 = 6 stands; banker 2 + 3 = 5 draws (a 4: 9) and wins.
  expect(playCoup([...hand(3, 2, 3, 3), ...hand(4, 7)])).toMatchObject({
    player: hand(3, 3),
    banker: hand(2, 3, 4),
    bankerTotal: 9,
    winner: 'banker',
  })
  // Player 2 + 3 = 5 draws an 8 (3); banker 3 stands against an 8.
  expect(playCoup([...hand(2, 1, 3, 2), ...hand(8, 9)])).toMatchObject({
    player: hand(2, 3, 8),
    banker: hand(1, 2),
    playerTotal: 3,
    bankerTotal: 3,
    winner: 'tie',
  })
  // Tens and faces count 0: king + queen = 0 draws.
  const faces: Card[] = [12, 11, 11, 10, 0, 0]
  expect(playCoup(faces)).toMatchObject({ player: [12, 11, 0], banker: [11, 10, 0], winner: 'tie' })
})

test('payouts: player 1:1, banker 0.95:1 rounded down to the cent, tie 8:1, player and banker push on a tie', () => {
  expect(baccaratReturn(PUNTO_BANCO, bet('player', 100), 'player')).toBe(200)
  expect(baccaratReturn(PUNTO_BANCO, bet('player', 100), 'banker')).toBe(0)
  expect(baccaratReturn(PUNTO_BANCO, bet('player', 100), 'tie')).toBe(100)
  expect(baccaratReturn(PUNTO_BANCO, bet('banker', 100), 'banker')).toBe(195)
  expect(baccaratReturn(PUNTO_BANCO, bet('banker', 15), 'banker')).toBe(15 + 14)
  expect(baccaratReturn(PUNTO_BANCO, bet('banker', 100), 'tie')).toBe(100)
  expect(baccaratReturn(PUNTO_BANCO, bet('banker', 100), 'player')).toBe(0)
  expect(baccaratReturn(PUNTO_BANCO, bet('tie', 100), 'tie')).toBe(900)
  expect(baccaratReturn(PUNTO_BANCO, bet('tie', 100), 'banker')).toBe(0)
})

test('a round deals from a fresh 8-deck shoe with the stream, settles at once and pays by the winner', () => {
  const seen = new Map<number, number>()
  for (let nonce = 0; nonce < 300; nonce++) {
    const rng = roundRng({ serverSeed: 'bacc', clientSeed: 'c', nonce })
    const step = baccaratEngine.start(PUNTO_BANCO, { side: 'banker', stake: 100 }, rng)
    const again = dealSix(PUNTO_BANCO, roundRng({ serverSeed: 'bacc', clientSeed: 'c', nonce }))
    expect(step.state).toEqual(playCoup(again))
    expect(step.win).toBe({ banker: 195, tie: 100, player: 0 }[step.state.winner])
    expect(step.state.player.length + step.state.banker.length).toBeGreaterThanOrEqual(4)
    for (const card of again) seen.set(rankOf(card), (seen.get(rankOf(card)) ?? 0) + 1)
    // Eight decks: a card may appear more than once in a coup, never more than eight times.
    expect(Math.max(...[...new Set(again)].map((c) => again.filter((d) => d === c).length))).toBeLessThanOrEqual(8)
    expect(baccaratEngine.view(PUNTO_BANCO, step.state, true)).toEqual(step.state)
  }
  expect(seen.size).toBe(13)
  expect(baccaratEngine.checkBet(PUNTO_BANCO, { side: 'tie', stake: 5 }, { minBet: 10, maxBet: 100 })).toEqual({
    stake: 'amount_out_of_range',
  })
  expect(baccaratEngine.bet.safeParse({ side: 'dragon', stake: 100 }).success).toBe(false)
  expect(baccaratEngine.sampleBet!(PUNTO_BANCO, 100)).toEqual({ side: 'banker', stake: 100 })
})
