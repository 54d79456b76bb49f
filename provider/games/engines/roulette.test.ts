import { expect, test } from 'vitest'
import { roundRng } from '../fair.ts'
import {
  betReturn,
  coveredNumbers,
  DOUBLE_ZERO,
  FRENCH_EVEN_MONEY_RTP,
  INSIDE,
  OUTSIDE,
  pocketCount,
  rouletteEngine,
  type RouletteBetItem,
  type RouletteConfig,
} from './roulette.ts'

const wheels: RouletteConfig[] = [{ wheel: 'european' }, { wheel: 'french' }, { wheel: 'american' }]
const limits = { minBet: 10, maxBet: 50_000 }

/** Every bet the table offers: each inside group found by trying every set of its size, each outside bet. */
function everyBet(config: RouletteConfig): RouletteBetItem[] {
  const pockets = Array.from({ length: pocketCount(config) }, (_, i) => i)
  const found: RouletteBetItem[] = []
  const sizes = {
    straight: 1,
    split: 2,
    street: 3,
    corner: 4,
    line: 6,
    trio: 3,
    basket: config.wheel === 'american' ? 5 : 4,
  }
  for (const type of INSIDE) {
    const size = sizes[type]
    const pick = (from: number, chosen: number[]) => {
      if (chosen.length === size) {
        const item = { type, numbers: chosen, amount: 100 }
        if (coveredNumbers(config, item)) found.push(item)
        return
      }
      // Groups are made of neighbours: no member is more than 6 apart (a six line spans 1..6).
      for (let n = from; n < pockets.length; n++)
        if (chosen.length === 0 || n - chosen[0]! <= 6 || n === DOUBLE_ZERO || chosen[0] === 0)
          pick(n + 1, [...chosen, n])
    }
    pick(0, [])
  }
  for (const type of OUTSIDE) found.push({ type, numbers: [], amount: 100 })
  return found
}

const countByType = (config: RouletteConfig) =>
  Object.fromEntries(INSIDE.map((t) => [t, everyBet(config).filter((b) => b.type === t).length]))

test('the full table: 37 straights, 60 splits, 12 streets, 22 corners, 11 lines on a single-zero wheel', () => {
  expect(countByType({ wheel: 'european' })).toEqual({
    straight: 37,
    split: 60,
    street: 12,
    corner: 22,
    line: 11,
    trio: 2,
    basket: 1,
  })
  expect(countByType({ wheel: 'american' })).toEqual({
    straight: 38,
    split: 62,
    street: 12,
    corner: 22,
    line: 11,
    trio: 3,
    basket: 1,
  })
})

test('exact return of every bet on every wheel, over all pockets', () => {
  for (const config of wheels) {
    for (const bet of everyBet(config)) {
      const pockets = pocketCount(config)
      let returned = 0
      for (let p = 0; p < pockets; p++) returned += betReturn(config, bet, p)
      const rtp = returned / pockets / bet.amount
      const evenMoney = ['red', 'black', 'odd', 'even', 'low', 'high'].includes(bet.type)
      const expected =
        config.wheel === 'american'
          ? bet.type === 'basket'
            ? 35 / 38
            : 36 / 38
          : config.wheel === 'french' && evenMoney
            ? FRENCH_EVEN_MONEY_RTP
            : 36 / 37
      expect(rtp, `${config.wheel} ${bet.type} ${bet.numbers.join('-')}`).toBeCloseTo(expected, 12)
    }
  }
  expect(FRENCH_EVEN_MONEY_RTP).toBeCloseTo(0.98649, 5)
  expect(rouletteEngine.rtp({ wheel: 'european' })).toBeCloseTo(0.97297, 5)
  expect(rouletteEngine.rtp({ wheel: 'american' })).toBeCloseTo(0.94737, 5)
})

test('payouts: a straight pays 35 to 1, red 1 to 1, la partage halves an even-money bet on zero', () => {
  const eu: RouletteConfig = { wheel: 'european' }
  expect(betReturn(eu, { type: 'straight', numbers: [17], amount: 100 }, 17)).toBe(3600)
  expect(betReturn(eu, { type: 'straight', numbers: [17], amount: 100 }, 18)).toBe(0)
  expect(betReturn(eu, { type: 'red', numbers: [], amount: 100 }, 1)).toBe(200)
  expect(betReturn(eu, { type: 'red', numbers: [], amount: 100 }, 0)).toBe(0)
  expect(betReturn({ wheel: 'french' }, { type: 'red', numbers: [], amount: 101 }, 0)).toBe(50)
  expect(betReturn({ wheel: 'american' }, { type: 'straight', numbers: [DOUBLE_ZERO], amount: 10 }, DOUBLE_ZERO)).toBe(
    360,
  )
})

test('refused: groups the table does not have, 00 on a single-zero wheel, stakes outside the limits', () => {
  const eu: RouletteConfig = { wheel: 'european' }
  const check = (bets: RouletteBetItem[]) => rouletteEngine.checkBet(eu, { bets }, limits)
  expect(check([{ type: 'split', numbers: [1, 5], amount: 100 }])).toEqual({ 'bets.0': 'invalid_value' })
  expect(check([{ type: 'straight', numbers: [DOUBLE_ZERO], amount: 100 }])).toEqual({ 'bets.0': 'invalid_value' })
  expect(check([{ type: 'red', numbers: [3], amount: 100 }])).toEqual({ 'bets.0': 'invalid_value' })
  expect(check([{ type: 'corner', numbers: [1, 2, 4, 5], amount: 5 }])).toEqual({ stake: 'amount_out_of_range' })
  expect(check([{ type: 'corner', numbers: [5, 1, 4, 2], amount: 10 }])).toBeNull()
  // A spin without a chip is refused with what is missing.
  expect(rouletteEngine.bet.safeParse({ bets: [] }).error?.issues.map((i) => i.message)).toEqual(['no_chips_placed'])
})

test('a round: the pocket comes from the stream, every bet is settled, the same seeds give the same result', () => {
  const eu: RouletteConfig = { wheel: 'european' }
  const bet = {
    bets: [
      { type: 'red' as const, numbers: [], amount: 100 },
      { type: 'straight' as const, numbers: [25], amount: 10 },
    ],
  }
  const seeds = { serverSeed: 'a', clientSeed: 'b', nonce: 0 }
  const step = rouletteEngine.start(eu, bet, roundRng(seeds))
  expect(step.state.pocket).toBe(25) // fair.test.ts: the first pocket of these seeds
  expect(step).toEqual({ state: { pocket: 25, returns: [200, 360], bets: bet.bets }, stake: 110, win: 560 })
  expect(rouletteEngine.start(eu, bet, roundRng(seeds))).toEqual(step)
})

test('simulation agrees with the exact return (red on the European wheel, 200 000 rounds)', () => {
  const eu: RouletteConfig = { wheel: 'european' }
  const bet = { bets: [{ type: 'red' as const, numbers: [], amount: 100 }] }
  let staked = 0
  let won = 0
  for (let nonce = 0; nonce < 200_000; nonce++) {
    const step = rouletteEngine.start(eu, bet, roundRng({ serverSeed: 'sim', clientSeed: 'red', nonce }))
    staked += step.stake
    won += step.win!
  }
  // Standard deviation of the mean return of an even-money bet over n rounds: about 1/sqrt(n) = 0.0022.
  expect(Math.abs(won / staked - 36 / 37)).toBeLessThan(0.01)
})
