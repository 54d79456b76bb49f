import { expect, test } from 'vitest'
import { roundRng } from '../fair.ts'
import { CLASSIC_KENO, hitChance, KENO_PAYTABLE, kenoEngine, kenoReturn } from './keno.ts'

const limits = { minBet: 10, maxBet: 1000 }

const check = (bet: { stake: number; spots: number[]; quickPick: number }) =>
  kenoEngine.checkBet(CLASSIC_KENO, bet, limits)

/** C(n, k) exactly, with big integers. */
const choose = (n: number, k: number): bigint => {
  if (k < 0 || k > n) return 0n
  let r = 1n
  for (let i = 1; i <= k; i++) r = (r * BigInt(n - k + i)) / BigInt(i)
  return r
}

/** The documented returns per spot count, in percent (four decimals). */
const DOCUMENTED: Record<number, number> = {
  1: 95,
  2: 94.4937,
  3: 94.3525,
  4: 94.785,
  5: 94.8719,
  6: 94.4549,
  7: 94.6254,
  8: 94.3314,
  9: 94.5499,
  10: 94.793,
}

test('exact return per spot count by the hypergeometric distribution (counted in whole draws)', () => {
  const draws = choose(80, 20)
  for (let spots = 1; spots <= 10; spots++) {
    // Σ over hits of (draws with that many hits) × pays, over all draws, in exact integers.
    let paid = 0n
    for (let hits = 0; hits <= spots; hits++) {
      const ways = choose(spots, hits) * choose(80 - spots, 20 - hits)
      paid += ways * BigInt(KENO_PAYTABLE[spots]![hits] ?? 0)
      expect(hitChance(spots, hits)).toBeCloseTo(Number(ways) / Number(draws), 12)
    }
    const exact = Number((paid * 10n ** 14n) / draws) / 10 ** 16
    expect(kenoReturn(CLASSIC_KENO, spots), `${spots} spots`).toBeCloseTo(exact, 12)
    expect(kenoReturn(CLASSIC_KENO, spots) * 100, `${spots} spots`).toBeCloseTo(DOCUMENTED[spots]!, 4)
  }
  // The game's figure is its lowest spot count's: 8 spots, 94.33 %.
  expect(kenoEngine.rtp(CLASSIC_KENO)).toBeCloseTo(kenoReturn(CLASSIC_KENO, 8), 12)
  expect(kenoEngine.sampleBet!(CLASSIC_KENO, 100)).toMatchObject({ stake: 100, quickPick: 0 })
  expect((kenoEngine.sampleBet!(CLASSIC_KENO, 100) as { spots: number[] }).spots).toHaveLength(8)
})

test('a round draws 20 different numbers of 1–80 and pays by the hits; the hit counts follow the hypergeometric law', () => {
  const bet = { stake: 100, spots: [1, 2, 3, 4, 5], quickPick: 0 }
  const seen = Array<number>(6).fill(0)
  const rounds = 10_000
  for (let nonce = 0; nonce < rounds; nonce++) {
    const step = kenoEngine.start(CLASSIC_KENO, bet, roundRng({ serverSeed: 'keno', clientSeed: 'c', nonce }))
    const { drawn, hits, spots } = step.state
    const right =
      new Set(drawn).size === 20 &&
      drawn.every((n) => Number.isInteger(n) && n >= 1 && n <= 80) &&
      spots === bet.spots &&
      hits === spots.filter((n) => drawn.includes(n)).length &&
      step.win === (KENO_PAYTABLE[5]![hits] ?? 0)
    if (!right) expect.fail(`round ${nonce}: drew ${drawn.join(' ')}, ${hits} hits, paid ${step.win}`)
    seen[hits]! += 1
  }
  for (let hits = 0; hits <= 3; hits++) {
    const expected = hitChance(5, hits) * rounds
    // Within 4 standard deviations of a binomial count.
    expect(Math.abs(seen[hits]! - expected), `${hits} hits`).toBeLessThan(4 * Math.sqrt(expected))
  }
})

test('a quick pick draws its spots from the stream before the draw, so the round replays', () => {
  const seeds = { serverSeed: 'keno', clientSeed: 'quick', nonce: 7 }
  const step = kenoEngine.start(CLASSIC_KENO, { stake: 100, spots: [], quickPick: 6 }, roundRng(seeds))
  expect(step.state.spots).toHaveLength(6)
  expect(new Set(step.state.spots).size).toBe(6)
  expect(kenoEngine.start(CLASSIC_KENO, { stake: 100, spots: [], quickPick: 6 }, roundRng(seeds))).toEqual(step)
  // Playing the picked spots by hand on the next numbers of the stream gives the same draw.
  expect(step.state.pays).toBe(KENO_PAYTABLE[6]![step.state.hits] ?? 0)
})

test('refused: no spots, eleven spots, a number twice or out of 1–80, spots with a quick pick, stakes outside the limits', () => {
  expect(check({ stake: 100, spots: [], quickPick: 0 })).toEqual({ spots: 'keno_spots_required' })
  expect(check({ stake: 100, spots: [4, 4], quickPick: 0 })).toEqual({ spots: 'invalid_value' })
  expect(check({ stake: 100, spots: [4], quickPick: 3 })).toEqual({ spots: 'invalid_value' })
  expect(check({ stake: 5, spots: [4], quickPick: 0 })).toEqual({ stake: 'amount_out_of_range' })
  expect(check({ stake: 1001, spots: [4], quickPick: 0 })).toEqual({ stake: 'amount_out_of_range' })
  expect(check({ stake: 100, spots: [1, 80], quickPick: 0 })).toBeNull()
  const eleven = Array.from({ length: 11 }, (_, i) => i + 1)
  const parsed = kenoEngine.bet.safeParse({ stake: 100, spots: eleven })
  expect(parsed.success).toBe(false)
  expect(parsed.error?.issues[0]?.message).toBe('keno_spots_required')
  expect(kenoEngine.bet.safeParse({ stake: 100, spots: [81] }).success).toBe(false)
  expect(kenoEngine.bet.safeParse({ stake: 100, spots: [0] }).success).toBe(false)
  expect(kenoEngine.bet.safeParse({ stake: 100, quickPick: 11 }).success).toBe(false)
})
