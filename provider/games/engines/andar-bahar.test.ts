import { expect, test } from 'vitest'
import { type Card, rankOf } from '../cards.ts'
import { roundRng } from '../fair.ts'
import {
  andarBaharEngine,
  andarBaharReturn,
  andarBaharRtp,
  andarChance,
  CLASSIC_ANDAR_BAHAR,
  dealAndarBahar,
} from './andar-bahar.ts'

test('exact chances by a recursion over the 51 cards left: andar 51.50 %, bahar 48.50 %; returns 97.85 % and 97.00 %', () => {
  // The chance that andar wins when the next card goes to `side`, with `match` cards of the
  // joker's rank and `other` cards left.
  const memo = new Map<string, number>()
  const andarWins = (side: 'andar' | 'bahar', match: number, other: number): number => {
    const key = `${side}:${match}:${other}`
    const known = memo.get(key)
    if (known !== undefined) return known
    const left = match + other
    const hit = (match / left) * (side === 'andar' ? 1 : 0)
    const miss = other === 0 ? 0 : (other / left) * andarWins(side === 'andar' ? 'bahar' : 'andar', match, other - 1)
    memo.set(key, hit + miss)
    return hit + miss
  }
  const andar = andarWins('andar', 3, 48)
  expect(andar).toBeCloseTo(andarChance(), 14)
  expect(andar).toBeCloseTo(0.515, 4)
  const rtp = andarBaharRtp(CLASSIC_ANDAR_BAHAR)
  expect(rtp.andar).toBeCloseTo(andar * 1.9, 14)
  expect(rtp.bahar).toBeCloseTo((1 - andar) * 2, 14)
  expect(rtp.andar).toBeCloseTo(0.9785, 4)
  expect(rtp.bahar).toBeCloseTo(0.97, 4)
  expect(andarBaharEngine.rtp(CLASSIC_ANDAR_BAHAR)).toBe(rtp.andar)
})

test('the deal: the joker, then andar first and bahar in turn until the joker’s rank shows', () => {
  // Joker: five of spades (card 4). Then 2♠ to andar, 3♠ to bahar, 5♥ (card 17) to andar: andar wins.
  const deck: Card[] = [4, 1, 2, 17, 5, 6]
  expect(dealAndarBahar(deck)).toEqual({ joker: 4, andar: [1, 17], bahar: [2], winner: 'andar' })
  // The match on the fourth card dealt goes to bahar.
  expect(dealAndarBahar([4, 1, 2, 3, 30, 6])).toEqual({ joker: 4, andar: [1, 3], bahar: [2, 30], winner: 'bahar' })
})

test('payouts: andar 0.9:1 rounded down to the cent, bahar 1:1, a loss pays nothing', () => {
  expect(andarBaharReturn(CLASSIC_ANDAR_BAHAR, { side: 'andar', stake: 100 }, 'andar')).toBe(190)
  expect(andarBaharReturn(CLASSIC_ANDAR_BAHAR, { side: 'andar', stake: 15 }, 'andar')).toBe(15 + 13)
  expect(andarBaharReturn(CLASSIC_ANDAR_BAHAR, { side: 'bahar', stake: 100 }, 'bahar')).toBe(200)
  expect(andarBaharReturn(CLASSIC_ANDAR_BAHAR, { side: 'bahar', stake: 100 }, 'andar')).toBe(0)
})

test('a round shuffles one deck with the stream, the match ends the winning pile and nothing repeats', () => {
  let andarWins = 0
  for (let nonce = 0; nonce < 400; nonce++) {
    const step = andarBaharEngine.start(
      CLASSIC_ANDAR_BAHAR,
      { side: 'bahar', stake: 100 },
      roundRng({ serverSeed: 'ab', clientSeed: 'c', nonce }),
    )
    const { joker, andar, bahar, winner } = step.state
    const all = [joker, ...andar, ...bahar]
    expect(new Set(all).size).toBe(all.length)
    const pile = winner === 'andar' ? andar : bahar
    expect(rankOf(pile.at(-1)!)).toBe(rankOf(joker))
    expect([...andar.slice(0, -1), ...bahar.slice(0, -1)].some((c) => rankOf(c) === rankOf(joker))).toBe(false)
    expect(andar.length - bahar.length).toBe(winner === 'andar' ? 1 : 0)
    expect(step.win).toBe(winner === 'bahar' ? 200 : 0)
    if (winner === 'andar') andarWins++
  }
  expect(andarWins).toBeGreaterThan(150)
  expect(andarWins).toBeLessThan(260)
  expect(
    andarBaharEngine.checkBet(CLASSIC_ANDAR_BAHAR, { side: 'andar', stake: 60_000 }, { minBet: 10, maxBet: 50_000 }),
  ).toEqual({
    stake: 'amount_out_of_range',
  })
  expect(andarBaharEngine.bet.safeParse({ side: 'middle', stake: 100 }).success).toBe(false)
})
