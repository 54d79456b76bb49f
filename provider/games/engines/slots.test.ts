import { expect, test } from 'vitest'
import { roundRng } from '../fair.ts'
import { SLOT_TITLES } from '../slot-titles.ts'
import { linePay, slotEngine, slotReturn, spinAt, strip, type SlotConfig } from './slots.ts'

const classic = SLOT_TITLES['golden-sevens']

test('lines: the run from the left with wilds joining it; wilds alone when worth more; scatters break a line', () => {
  const config: SlotConfig = {
    rows: 1,
    reels: [['a'], ['a'], ['a']],
    lines: [[0, 0, 0]],
    pays: { a: { 3: 10 }, b: { 2: 1, 3: 5 }, wild: { 2: 20, 3: 100 } },
    wild: 'wild',
    scatter: { symbol: 's', pays: {}, freeSpins: {}, multiplier: 1 },
  }
  expect(linePay(config, ['a', 'wild', 'a'])).toEqual({ symbol: 'a', count: 3, mult: 10 })
  expect(linePay(config, ['wild', 'wild', 'a'])).toEqual({ symbol: 'wild', count: 2, mult: 20 })
  expect(linePay(config, ['wild', 'b', 'b'])).toEqual({ symbol: 'b', count: 3, mult: 5 })
  expect(linePay(config, ['b', 's', 'b'])).toBeNull()
  expect(linePay(config, ['wild', 'wild', 'wild'])).toEqual({ symbol: 'wild', count: 3, mult: 100 })
})

test('3-reel titles: the closed-form return equals the enumeration of every stop', () => {
  for (const id of ['golden-sevens', 'diamond-bar', 'silver-bells', 'fresh-fruit'] as const) {
    const config = SLOT_TITLES[id]
    const [a, b, c] = config.reels.map((s) => s.length) as [number, number, number]
    let won = 0
    for (let i = 0; i < a; i++)
      for (let j = 0; j < b; j++) for (let k = 0; k < c; k++) won += spinAt(config, [i, j, k], 1, false).win
    const rtp = won / (a * b * c) / config.lines.length
    expect(slotReturn(config).rtp, id).toBeCloseTo(rtp, 12)
    expect(rtp).toBeGreaterThan(0.95)
    expect(rtp).toBeLessThan(0.97)
  }
})

test('5-reel titles: documented returns between 96 % and 97 %, and a simulation agrees', () => {
  for (const id of ['ember-crown', 'aurora-wolves'] as const) {
    const config = SLOT_TITLES[id]
    const exact = slotReturn(config)
    expect(exact.rtp).toBeGreaterThan(0.96)
    expect(exact.rtp).toBeLessThan(0.97)
    let staked = 0
    let won = 0
    let base = 0
    const n = 150_000
    for (let nonce = 0; nonce < n; nonce++) {
      const step = slotEngine.start(config, { lineBet: 1 }, roundRng({ serverSeed: id, clientSeed: 'sim', nonce }))
      staked += step.stake
      won += step.win!
      base += step.state.spins[0]!.win
    }
    // The base game's return has a small variance (no free spins in it): it must agree closely.
    expect(Math.abs(base / staked - (exact.line + exact.scatterPay)), id).toBeLessThan(0.03)
    // The whole return, free spins included, within a looser band (high volatility).
    expect(Math.abs(won / staked - exact.rtp), id).toBeLessThan(0.08)
  }
})

test('free spins: three scatters award them, played at once with the multiplier, never more of them', () => {
  const config = SLOT_TITLES['ember-crown']
  // Find stops showing a scatter on reels 1, 2 and 3.
  const at = config.reels.map((s) => s.indexOf('scatter'))
  const spin = spinAt(
    config,
    [at[0]!, at[1]!, at[2]!, 0, 0].map((x, i) => (i < 3 ? x : config.reels[i]!.indexOf('l1'))),
    1,
    false,
  )
  expect(spin.scatterCount).toBeGreaterThanOrEqual(3)
  expect(spin.freeSpinsAwarded).toBeGreaterThanOrEqual(10)
  const free = spinAt(config, spin.stops, 1, true)
  expect(free.freeSpinsAwarded).toBe(0)
  expect(free.win).toBe(spin.win * 2)
  // A round that triggers: the stream is searched for one, and its spins follow the base one.
  for (let nonce = 0; ; nonce++) {
    const step = slotEngine.start(config, { lineBet: 2 }, roundRng({ serverSeed: 'fs', clientSeed: 'c', nonce }))
    if (step.state.spins[0]!.freeSpinsAwarded === 0) continue
    expect(step.state.spins).toHaveLength(1 + step.state.spins[0]!.freeSpinsAwarded)
    expect(step.state.spins.slice(1).every((s) => s.free)).toBe(true)
    expect(step.win).toBe(step.state.spins.reduce((sum, s) => sum + s.win, 0))
    break
  }
})

test('stake and limits: the line bet times the lines', () => {
  expect(slotEngine.stakeOf(classic, { lineBet: 4 })).toBe(20)
  expect(slotEngine.checkBet(classic, { lineBet: 1 }, { minBet: 10, maxBet: 100 })).toEqual({
    lineBet: 'amount_out_of_range',
  })
  expect(slotEngine.checkBet(classic, { lineBet: 2 }, { minBet: 10, maxBet: 100 })).toBeNull()
})

test('strips spread each symbol and keep its count', () => {
  const s = strip({ a: 1, b: 3, c: 6 })
  expect(s).toHaveLength(10)
  expect(s.filter((x) => x === 'b')).toHaveLength(3)
  // No two copies of a rare symbol side by side.
  expect(s.some((x, i) => x === 'b' && s[(i + 1) % s.length] === 'b')).toBe(false)
})
