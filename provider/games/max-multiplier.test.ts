import { expect, test } from 'vitest'
import { CATALOG } from './catalog.ts'
import type { AnyEngine } from './engine.ts'
import { roundRng, type Rng } from './fair.ts'
import { DOUBLE_ZERO, PLINKO_RISKS } from './engines/layouts.ts'
import { OUTSIDE, type RouletteConfig } from './engines/roulette.ts'
import { linePay, slotMaxMultiplier, spinAt, type SlotConfig } from './engines/slots.ts'
import { SIC_BO_TYPES } from './engines/sic-bo.ts'
import { SLOT_TITLES } from './slot-titles.ts'

/**
 * The wallet refuses a win above a game's maximum multiplier times the round's stake (ADR 0036),
 * so a maximum below a real outcome would refuse a player's rightful win. Every title of the
 * catalogue is played many times with random bets and random moves (those a player may make,
 * not only the documented play), and no round may pay more than its maximum times its stake.
 */

const pick = <T>(rng: Rng, items: readonly T[]) => items[rng.int(items.length)]!
const between = (rng: Rng, min: number, max: number) => min + rng.int(max - min + 1)

/** A random opening move of each engine, its stake within the game's limits, extremes included. */
const randomBet: Record<string, (rng: Rng, config: never, limits: { minBet: number; maxBet: number }) => unknown> = {
  roulette: (rng, config: RouletteConfig, { minBet, maxBet }) => {
    const zeros = config.wheel === 'american' ? [0, DOUBLE_ZERO] : [0]
    const straight = () => ({
      type: 'straight',
      numbers: [pick(rng, [...zeros, ...Array.from({ length: 36 }, (_, i) => i + 1)])],
    })
    const bets = Array.from({ length: between(rng, 1, 4) }, () =>
      rng.int(2) === 0 ? straight() : { type: pick(rng, OUTSIDE), numbers: [] },
    )
    return { bets: bets.map((b) => ({ ...b, amount: between(rng, minBet, Math.floor(maxBet / bets.length)) })) }
  },
  dice: (rng, _config, { minBet, maxBet }) => ({
    stake: between(rng, minBet, maxBet),
    target: rng.int(3) === 0 ? pick(rng, [100, 9899]) : between(rng, 100, 9899),
    side: pick(rng, ['under', 'over']),
  }),
  slots: (rng, config: SlotConfig, { minBet, maxBet }) => ({
    lineBet: between(rng, Math.ceil(minBet / config.lines.length), Math.floor(maxBet / config.lines.length)),
  }),
  keno: (rng, _config, { minBet, maxBet }) => {
    const spots = between(rng, 1, 10)
    return rng.int(2) === 0
      ? { stake: between(rng, minBet, maxBet), spots: [], quickPick: spots }
      : { stake: between(rng, minBet, maxBet), spots: Array.from({ length: spots }, (_, i) => i * 8 + 1), quickPick: 0 }
  },
  plinko: (rng, _config, { minBet, maxBet }) => ({
    stake: between(rng, minBet, maxBet),
    risk: pick(rng, PLINKO_RISKS),
  }),
  scratch: (rng, _config, { minBet, maxBet }) => ({ stake: between(rng, minBet, maxBet) }),
  'sic-bo': (rng, _config, { minBet, maxBet }) => {
    const numbersOf = (type: string) =>
      type === 'total'
        ? [between(rng, 4, 17)]
        : type === 'combo'
          ? [1, between(rng, 2, 6)]
          : ['triple', 'double', 'single'].includes(type)
            ? [between(rng, 1, 6)]
            : []
    const bets = Array.from({ length: between(rng, 1, 3) }, () => {
      const type = pick(rng, SIC_BO_TYPES)
      return { type, numbers: numbersOf(type) }
    })
    return { bets: bets.map((b) => ({ ...b, amount: between(rng, minBet, Math.floor(maxBet / bets.length)) })) }
  },
  baccarat: (rng, _config, { minBet, maxBet }) => ({
    side: pick(rng, ['player', 'banker', 'tie']),
    stake: between(rng, minBet, maxBet),
  }),
  'andar-bahar': (rng, _config, { minBet, maxBet }) => ({
    side: pick(rng, ['andar', 'bahar']),
    stake: between(rng, minBet, maxBet),
  }),
  'hi-lo': (rng, _config, { minBet, maxBet }) => ({ stake: between(rng, minBet, maxBet) }),
  blackjack: (rng, _config, { minBet, maxBet }) => ({ stake: between(rng, minBet, maxBet) }),
  'video-poker': (rng, _config, { minBet, maxBet }) => ({ stake: between(rng, minBet, maxBet) }),
}

/** A random move the state allows (the engines refuse the others). */
const randomMove: Record<string, (rng: Rng) => unknown> = {
  // Mostly the likelier-looking guesses: long runs of correct guesses reach the cap.
  'hi-lo': (rng) => ({ move: pick(rng, ['higher', 'lower', 'higher', 'lower', 'cashout']) }),
  blackjack: (rng) => ({ move: pick(rng, ['hit', 'stand', 'double', 'split']) }),
  'video-poker': (rng) => ({ hold: [0, 1, 2, 3, 4].filter(() => rng.int(2) === 0) }),
}

/** One round with random moves: its stake and win. */
function playRound(engine: AnyEngine, config: unknown, bet: unknown, rng: Rng) {
  let step = engine.start(config, bet, rng)
  while (step.win === null) {
    const next = engine.act!(config, step.state, randomMove[engine.kind]!(rng))
    if (!('error' in next)) step = next
  }
  return { stake: step.stake, win: step.win }
}

test('no round of any title pays more than its maximum multiplier times what it staked', () => {
  for (const game of CATALOG) {
    const { engine, config, limits } = game
    const max = engine.maxMultiplier(config)
    const rng = roundRng({ serverSeed: `max-${game.id}`, clientSeed: 'property', nonce: 0 })
    let best = 0
    for (let n = 0; n < 4000; n++) {
      const bet = engine.bet.parse(randomBet[engine.kind]!(rng, config as never, limits))
      expect(engine.checkBet(config, bet, limits), `${game.id} ${JSON.stringify(bet)}`).toBeNull()
      const round = playRound(engine, config, bet, roundRng({ serverSeed: game.id, clientSeed: 'max', nonce: n }))
      expect(round.win, `${game.id} round ${n}`).toBeLessThanOrEqual(round.stake * max)
      best = Math.max(best, round.win / round.stake)
    }
    expect(best, game.id).toBeGreaterThan(0)
  }
})

const max = (id: string) => {
  const game = CATALOG.find((g) => g.id === id)!
  return game.engine.maxMultiplier(game.config)
}

test('the maxima are the rules’ own figures', () => {
  expect([max('european-roulette'), max('american-roulette'), max('live-roulette')]).toEqual([36, 36, 36])
  // Under 1.00: 100 of the 10 001 rolls win, at floor(0.99 × 10 001 / 100 × 10 000) / 10 000.
  expect(max('dice')).toBe(99.0099)
  expect(max('classic-keno')).toBe(100_000)
  expect(max('star-drop')).toBe(170)
  expect(max('lucky-clover')).toBe(1000)
  expect(max('sic-bo')).toBe(181)
  expect(max('punto-banco')).toBe(9)
  expect(max('andar-bahar')).toBe(2)
  expect(max('hi-lo')).toBe(1000)
  expect(max('blackjack')).toBe(2.5)
  expect(max('jacks-or-better')).toBe(800)
  // One line: the top line pay (three wilds) is on the reels.
  expect(max('diamond-bar')).toBe(750)
})

/** A slot's maximum by playing every combination of stops. */
function enumerate(config: SlotConfig) {
  // Without free spins, the best screen; with them, the best screen plus its free spins, each the best screen.
  const screens: { win: number; free: number }[] = []
  const walk = (stops: number[]) => {
    if (stops.length === config.reels.length) {
      const spin = spinAt(config, stops, 1, false)
      screens.push({ win: spin.win, free: spin.freeSpinsAwarded })
      return
    }
    for (let s = 0; s < config.reels[stops.length]!.length; s++) walk([...stops, s])
  }
  walk([])
  const bestSpin = Math.max(...screens.map((s) => s.win))
  const factor = config.scatter?.multiplier ?? 1
  return Math.max(...screens.map((s) => s.win + s.free * factor * bestSpin)) / config.lines.length
}

test("a slot's maximum is the best screen there is: the search agrees with every stop enumerated", () => {
  for (const id of ['golden-sevens', 'diamond-bar', 'silver-bells', 'fresh-fruit'] as const)
    expect(slotMaxMultiplier(SLOT_TITLES[id]), id).toBe(enumerate(SLOT_TITLES[id]))
  // A small 5-reel video slot with a wild, a scatter and free spins, enumerated whole.
  const reel = ['wild', 'a', 'b', 'scatter', 'a', 'c', 'b']
  const video: SlotConfig = {
    rows: 3,
    reels: [reel, reel.toReversed(), reel, ['a', 'scatter', 'b', 'wild', 'c'], reel],
    lines: [
      [1, 1, 1, 1, 1],
      [0, 0, 0, 0, 0],
      [2, 2, 2, 2, 2],
      [0, 1, 2, 1, 0],
    ],
    pays: { wild: { 3: 40, 5: 500 }, a: { 3: 5, 4: 20, 5: 100 }, b: { 3: 4, 5: 60 }, c: { 2: 1, 3: 3 } },
    wild: 'wild',
    scatter: { symbol: 'scatter', pays: { 2: 1, 3: 5 }, freeSpins: { 3: 4, 4: 8 }, multiplier: 2 },
  }
  expect(linePay(video, ['wild', 'a', 'a', 'c', 'b'])).toEqual({ symbol: 'a', count: 3, mult: 5 })
  expect(slotMaxMultiplier(video)).toBe(enumerate(video))
})
