import { expect, test } from 'vitest'
import type { Rng } from '../fair.ts'
import { roundRng } from '../fair.ts'
import { PLINKO_RISKS, plinkoEngine, plinkoReturn, STAR_DROP } from './plinko.ts'

const limits = { minBet: 10, maxBet: 10_000 }

/** The stream of one path: bit r of `path` is row r's bounce. */
const pathRng = (path: number): Rng => {
  let row = 0
  return {
    float: () => 0,
    int: (n) => {
      if (n !== 2) throw new Error(`a row draws from 2, not ${n}`)
      return (path >> row++) & 1
    },
  }
}

test('exact return of each risk over all 4096 paths, as documented', () => {
  const documented = { low: 0.989_795, medium: 0.989_893, high: 0.991_162 }
  for (const risk of PLINKO_RISKS) {
    let paid = 0
    for (let path = 0; path < 4096; path++) {
      const step = plinkoEngine.start(STAR_DROP, { stake: 100, risk }, pathRng(path))
      if (step.state.slot !== step.state.path.reduce((a, b) => a + b, 0)) expect.fail(`path ${path}`)
      paid += step.win!
    }
    // A stake of 100 cents makes every win whole: the enumeration is exact.
    expect(paid / 4096 / 100, risk).toBeCloseTo(plinkoReturn(STAR_DROP, risk), 12)
    expect(plinkoReturn(STAR_DROP, risk), risk).toBeCloseTo(documented[risk], 6)
  }
  expect(plinkoEngine.rtp(STAR_DROP)).toBeCloseTo(documented.low, 6)
  expect(plinkoEngine.sampleBet!(STAR_DROP, 100)).toEqual({ stake: 100, risk: 'low' })
})

test('payouts: the edges pay the most, the middle the least; the table is symmetric', () => {
  for (const risk of PLINKO_RISKS) {
    const pays = STAR_DROP.pays[risk]
    expect(pays).toHaveLength(13)
    expect(pays).toEqual(pays.toReversed())
    expect(Math.max(...pays)).toBe(pays[0])
    expect(Math.min(...pays)).toBe(pays[6])
  }
  // All twelve bounces to the right: slot 12, the high risk's 170 times the stake.
  expect(plinkoEngine.start(STAR_DROP, { stake: 10, risk: 'high' }, pathRng(4095)).win).toBe(1700)
  // A stake of 15 cents at × 0.5 pays 7 cents (rounded down).
  expect(plinkoEngine.start(STAR_DROP, { stake: 15, risk: 'low' }, pathRng(0b000000111111)).win).toBe(7)
  const seeds = { serverSeed: 'drop', clientSeed: 'c', nonce: 1 }
  const step = plinkoEngine.start(STAR_DROP, { stake: 100, risk: 'medium' }, roundRng(seeds))
  const rng = roundRng(seeds)
  expect(step.state.path).toEqual(Array.from({ length: 12 }, () => rng.int(2)))
})

test('refused: an unknown risk, stakes outside the limits', () => {
  expect(plinkoEngine.bet.safeParse({ stake: 100, risk: 'extreme' }).success).toBe(false)
  expect(plinkoEngine.checkBet(STAR_DROP, { stake: 9, risk: 'low' }, limits)).toEqual({ stake: 'amount_out_of_range' })
  expect(plinkoEngine.checkBet(STAR_DROP, { stake: 10, risk: 'low' }, limits)).toBeNull()
})
