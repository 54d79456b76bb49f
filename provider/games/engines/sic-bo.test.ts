import { expect, test } from 'vitest'
import type { Rng } from '../fair.ts'
import { roundRng } from '../fair.ts'
import {
  SIC_BO,
  SIC_BO_RETURNS,
  SIC_BO_TYPES,
  sicBoEngine,
  sicBoReturn,
  type SicBoBetItem,
  validSicBoBet,
} from './sic-bo.ts'

const limits = { minBet: 10, maxBet: 50_000 }

/** A stream that answers the given integers in order (each checked against its bound). */
const scripted = (ints: number[]): Rng => {
  const queue = [...ints]
  return {
    float: () => 0,
    int: (n) => {
      const next = queue.shift()!
      expect(next).toBeLessThan(n)
      return next
    },
  }
}

/** Every bet the table offers, found by trying every type with every list of up to two numbers. */
function everyBet(): SicBoBetItem[] {
  const candidates: number[][] = [[]]
  for (let a = 1; a <= 17; a++) {
    candidates.push([a])
    for (let b = 1; b <= 17; b++) candidates.push([a, b])
  }
  return SIC_BO_TYPES.flatMap((type) =>
    candidates.filter((numbers) => validSicBoBet({ type, numbers })).map((numbers) => ({ type, numbers, amount: 100 })),
  )
}

const chip = (type: SicBoBetItem['type'], numbers: number[] = []) => ({ type, numbers, amount: 100 })
const check = (bets: SicBoBetItem[]) => sicBoEngine.checkBet(SIC_BO, { bets }, limits)

const THROWS = Array.from({ length: 216 }, (_, i) => [Math.floor(i / 36) + 1, (Math.floor(i / 6) % 6) + 1, (i % 6) + 1])

test('the full table: small, big, odd, even, any triple, 6 triples, 6 doubles, 14 totals, 15 combinations, 6 numbers', () => {
  const count = Object.fromEntries(SIC_BO_TYPES.map((t) => [t, everyBet().filter((b) => b.type === t).length]))
  expect(count).toEqual({
    small: 1,
    big: 1,
    odd: 1,
    even: 1,
    anyTriple: 1,
    triple: 6,
    double: 6,
    total: 14,
    combo: 30, // both orders of the 15 pairs
    single: 6,
  })
})

test('exact return of every bet over the 216 throws, as documented', () => {
  for (const bet of everyBet()) {
    const returned = THROWS.reduce((sum, dice) => sum + sicBoReturn(bet, dice), 0)
    const documented =
      bet.type === 'total' ? SIC_BO_RETURNS.total[bet.numbers[0]!] : SIC_BO_RETURNS[bet.type as 'small']
    expect(returned / 216 / bet.amount, `${bet.type} ${bet.numbers.join('-')}`).toBeCloseTo(documented!, 14)
  }
  // The best bets return 97.22 %; the worst, a specific double, 81.48 %.
  expect(sicBoEngine.rtp(SIC_BO)).toBeCloseTo(0.97222, 5)
  expect(SIC_BO_RETURNS.double).toBeCloseTo(0.81481, 5)
})

test('payouts: small loses on a triple, a triple pays 180 to 1, a total of 4 pays 60 to 1, a number shown twice 2 to 1', () => {
  expect(sicBoReturn(chip('small'), [1, 2, 3])).toBe(200)
  expect(sicBoReturn(chip('small'), [3, 3, 3])).toBe(0)
  expect(sicBoReturn(chip('big'), [6, 6, 6])).toBe(0)
  expect(sicBoReturn(chip('big'), [5, 6, 6])).toBe(200)
  expect(sicBoReturn(chip('odd'), [1, 1, 1])).toBe(0)
  expect(sicBoReturn(chip('even'), [1, 1, 2])).toBe(200)
  expect(sicBoReturn(chip('triple', [4]), [4, 4, 4])).toBe(18_100)
  expect(sicBoReturn(chip('anyTriple'), [2, 2, 2])).toBe(3100)
  expect(sicBoReturn(chip('double', [2]), [2, 2, 2])).toBe(1100)
  expect(sicBoReturn(chip('total', [4]), [1, 1, 2])).toBe(6100)
  expect(sicBoReturn(chip('total', [10]), [1, 4, 5])).toBe(700)
  expect(sicBoReturn(chip('combo', [1, 6]), [6, 3, 1])).toBe(600)
  expect(sicBoReturn(chip('combo', [1, 6]), [6, 6, 2])).toBe(0)
  expect(sicBoReturn(chip('single', [5]), [5, 1, 2])).toBe(200)
  expect(sicBoReturn(chip('single', [5]), [5, 5, 2])).toBe(300)
  expect(sicBoReturn(chip('single', [5]), [5, 5, 5])).toBe(400)
})

test('refused: a total of 3 or 18, a combination of one number twice, a face of 7, numbers on small, stakes outside the limits', () => {
  expect(check([{ type: 'total', numbers: [3], amount: 100 }])).toEqual({ 'bets.0': 'invalid_value' })
  expect(check([{ type: 'total', numbers: [18], amount: 100 }])).toEqual({ 'bets.0': 'invalid_value' })
  expect(
    check([
      { type: 'small', numbers: [], amount: 100 },
      { type: 'combo', numbers: [2, 2], amount: 100 },
    ]),
  ).toEqual({
    'bets.1': 'invalid_value',
  })
  expect(check([{ type: 'triple', numbers: [7], amount: 100 }])).toEqual({ 'bets.0': 'invalid_value' })
  expect(check([{ type: 'small', numbers: [4], amount: 100 }])).toEqual({ 'bets.0': 'invalid_value' })
  expect(check([{ type: 'single', numbers: [], amount: 100 }])).toEqual({ 'bets.0': 'invalid_value' })
  expect(check([{ type: 'big', numbers: [], amount: 5 }])).toEqual({ stake: 'amount_out_of_range' })
  expect(
    check([
      { type: 'big', numbers: [], amount: 30_000 },
      { type: 'small', numbers: [], amount: 30_000 },
    ]),
  ).toEqual({
    stake: 'amount_out_of_range',
  })
  expect(check([{ type: 'combo', numbers: [6, 1], amount: 10 }])).toBeNull()
  expect(sicBoEngine.bet.safeParse({ bets: [] }).success).toBe(false)
  expect(sicBoEngine.bet.safeParse({ bets: [{ type: 'lucky', numbers: [], amount: 10 }] }).success).toBe(false)
})

test('a round: three dice drawn in order from the stream, several bets settled at once, replayable', () => {
  const bet = {
    bets: [
      { type: 'big' as const, numbers: [], amount: 100 },
      { type: 'total' as const, numbers: [13], amount: 50 },
      { type: 'single' as const, numbers: [2], amount: 20 },
    ],
  }
  // Draws 5, 3, 4 are the faces 6, 4, 5: total 15, big.
  expect(sicBoEngine.start(SIC_BO, bet, scripted([5, 3, 4]))).toEqual({
    state: { dice: [6, 4, 5], returns: [200, 0, 0] },
    stake: 170,
    win: 200,
  })
  const seeds = { serverSeed: 'sicbo', clientSeed: 'player', nonce: 3 }
  const step = sicBoEngine.start(SIC_BO, bet, roundRng(seeds))
  const rng = roundRng(seeds)
  expect(step.state.dice).toEqual([rng.int(6) + 1, rng.int(6) + 1, rng.int(6) + 1])
  expect(sicBoEngine.start(SIC_BO, bet, roundRng(seeds))).toEqual(step)
})
