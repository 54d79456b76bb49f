/**
 * Roulette: European (one zero), American (0 and 00) and French (one zero, la partage) wheels
 * with the full bet table. One draw per round: the pocket is rng.int(37) (38 on the American
 * wheel, where 37 stands for 00).
 *
 * Bets: straight (1 number, 35:1), split (2 adjacent, 17:1), street (3 in a row, 11:1), corner
 * (4, 8:1), six line (6, 5:1), the zero trios 0-1-2 and 0-2-3 (and 00-2-3, 0-00-2 on the
 * American wheel; 11:1), the first four 0-1-2-3 (single zero, 8:1) or the American five
 * 0-00-1-2-3 (6:1), dozens and columns (2:1), red, black, odd, even, 1-18, 19-36 (1:1). A win
 * returns the chips with their payout. On the French wheel an even-money bet gets half its
 * chips back (rounded down) when the ball lands on zero (la partage).
 */
import { z } from 'zod'
import type { GameEngine, Limits } from '../engine.ts'
import { DOUBLE_ZERO, isRed } from './layouts.ts'

export { DOUBLE_ZERO, isRed }

export type RouletteConfig = { wheel: 'european' | 'american' | 'french' }

export const INSIDE = ['straight', 'split', 'street', 'corner', 'line', 'trio', 'basket'] as const
export const OUTSIDE = [
  'dozen1',
  'dozen2',
  'dozen3',
  'column1',
  'column2',
  'column3',
  'red',
  'black',
  'odd',
  'even',
  'low',
  'high',
] as const
export type BetType = (typeof INSIDE)[number] | (typeof OUTSIDE)[number]

const EVEN_MONEY = new Set<BetType>(['red', 'black', 'odd', 'even', 'low', 'high'])

/** The chips paid per chip won, by how many numbers a bet covers (5 is the American five). */
const PAYOUT: Record<number, number> = { 1: 35, 2: 17, 3: 11, 4: 8, 5: 6, 6: 5, 12: 2, 18: 1 }

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)
const key = (numbers: readonly number[]) => [...numbers].sort((a, b) => a - b).join('-')
const keys = (groups: number[][]) => new Set(groups.map(key))

/** Every inside group a wheel's table offers, by type, as sorted keys. */
function insideGroups(wheel: RouletteConfig['wheel']): Record<(typeof INSIDE)[number], Set<string>> {
  const zeros = wheel === 'american' ? [0, DOUBLE_ZERO] : [0]
  const straight = [...zeros, ...range(1, 36)].map((n) => key([n]))
  const split: number[][] = []
  const corner: number[][] = []
  for (let n = 1; n <= 36; n++) {
    if (n % 3 !== 0) split.push([n, n + 1])
    if (n <= 33) split.push([n, n + 3])
    if (n % 3 !== 0 && n <= 32) corner.push([n, n + 1, n + 3, n + 4])
  }
  // The zeros touch the first street: 0-1, 0-2, 0-3 (and on the American table 00-3, 00-2, 0-00).
  if (wheel === 'american') split.push([0, 1], [0, 2], [DOUBLE_ZERO, 2], [DOUBLE_ZERO, 3], [0, DOUBLE_ZERO])
  else split.push([0, 1], [0, 2], [0, 3])
  const street = range(0, 11).map((r) => range(3 * r + 1, 3 * r + 3))
  const line = range(0, 10).map((r) => range(3 * r + 1, 3 * r + 6))
  const trio =
    wheel === 'american'
      ? [
          [0, 1, 2],
          [0, DOUBLE_ZERO, 2],
          [DOUBLE_ZERO, 2, 3],
        ]
      : [
          [0, 1, 2],
          [0, 2, 3],
        ]
  const basket = wheel === 'american' ? [[0, DOUBLE_ZERO, 1, 2, 3]] : [[0, 1, 2, 3]]
  return {
    straight: new Set(straight),
    split: keys(split),
    street: keys(street),
    corner: keys(corner),
    line: keys(line),
    trio: keys(trio),
    basket: keys(basket),
  }
}
const GROUPS = {
  european: insideGroups('european'),
  french: insideGroups('french'),
  american: insideGroups('american'),
}

/** The numbers an outside bet covers. */
export function outsideNumbers(type: (typeof OUTSIDE)[number]): number[] {
  const all = range(1, 36)
  switch (type) {
    case 'dozen1':
    case 'dozen2':
    case 'dozen3': {
      const d = Number(type.at(-1)) - 1
      return range(12 * d + 1, 12 * d + 12)
    }
    case 'column1':
    case 'column2':
    case 'column3': {
      const c = Number(type.at(-1))
      return all.filter((n) => (n - c) % 3 === 0)
    }
    case 'red':
      return all.filter(isRed)
    case 'black':
      return all.filter((n) => !isRed(n))
    case 'odd':
      return all.filter((n) => n % 2 === 1)
    case 'even':
      return all.filter((n) => n % 2 === 0)
    case 'low':
      return range(1, 18)
    case 'high':
      return range(19, 36)
  }
}

const Chip = z
  .number({ error: 'invalid_value' })
  .int('invalid_value')
  .min(1, 'invalid_value')
  .max(100_000_000, 'invalid_value')
export const RouletteBetItem = z.object({
  type: z.enum([...INSIDE, ...OUTSIDE], { error: 'invalid_value' }),
  /** The numbers of an inside bet (37 = 00); empty for an outside bet. */
  numbers: z.array(z.number().int().min(0).max(DOUBLE_ZERO), { error: 'invalid_value' }).max(6).default([]),
  amount: Chip,
})
export type RouletteBetItem = z.infer<typeof RouletteBetItem>
export const RouletteBet = z.object({
  bets: z.array(RouletteBetItem, { error: 'invalid_value' }).min(1, 'no_chips_placed').max(60, 'invalid_value'),
})
export type RouletteBet = z.infer<typeof RouletteBet>

export type RouletteState = {
  pocket: number
  /** Per bet, in the order placed: what it returned (chips and payout; 0 when lost). */
  returns: number[]
  /** The spin's bets, so that its board lists each with its return (absent in older rounds). */
  bets?: RouletteBetItem[]
}

/** The numbers a bet covers, or null when the table does not offer it. */
export function coveredNumbers(config: RouletteConfig, item: RouletteBetItem): number[] | null {
  if ((OUTSIDE as readonly string[]).includes(item.type)) {
    return item.numbers.length === 0 ? outsideNumbers(item.type as (typeof OUTSIDE)[number]) : null
  }
  const groups = GROUPS[config.wheel][item.type as (typeof INSIDE)[number]]
  return groups.has(key(item.numbers)) && new Set(item.numbers).size === item.numbers.length ? item.numbers : null
}

/** What one bet returns when the ball lands in `pocket` (0 when lost). */
export function betReturn(config: RouletteConfig, item: RouletteBetItem, pocket: number): number {
  const numbers = coveredNumbers(config, item)!
  if (numbers.includes(pocket)) return item.amount * (PAYOUT[numbers.length]! + 1)
  if (config.wheel === 'french' && pocket === 0 && EVEN_MONEY.has(item.type)) return Math.floor(item.amount / 2)
  return 0
}

export const pocketCount = (config: RouletteConfig) => (config.wheel === 'american' ? 38 : 37)

const stakeOf = (_config: RouletteConfig, bet: RouletteBet) => bet.bets.reduce((sum, b) => sum + b.amount, 0)

export const rouletteEngine: GameEngine<RouletteConfig, RouletteBet, never, RouletteState> = {
  kind: 'roulette',
  bet: RouletteBet,
  checkBet(config, bet, limits: Limits) {
    const wrong = bet.bets.findIndex((b) => coveredNumbers(config, b) === null)
    if (wrong >= 0) return { [`bets.${wrong}`]: 'invalid_value' }
    const stake = stakeOf(config, bet)
    return stake < limits.minBet || stake > limits.maxBet ? { stake: 'amount_out_of_range' } : null
  },
  stakeOf,
  start(config, bet, rng) {
    const pocket = rng.int(pocketCount(config))
    const returns = bet.bets.map((b) => betReturn(config, b, pocket))
    return {
      state: { pocket, returns, bets: bet.bets },
      stake: stakeOf(config, bet),
      win: returns.reduce((a, b) => a + b, 0),
    }
  },
  view: (_config, state) => state,
  // Any bet of the single-zero wheels returns 36/37; the French even-money bets 36/37 + 1/74;
  // the American wheel 36/38 (its five-number bet 35/38). The figure shown is the main bets'.
  rtp: (config) => (config.wheel === 'american' ? 36 / 38 : 36 / 37),
  // A round's bets each return at most their chips times their payout plus one: a straight's 36.
  maxMultiplier: () => Math.max(...Object.values(PAYOUT)) + 1,
}

/**
 * The exact return of a bet type on a wheel, for the game view's table: what two chips on one of
 * its groups bring back over every pocket, per chip and pocket (two, so la partage's half is
 * whole). Every group of a type covers as many numbers, so any of them gives the type's figure.
 */
export function betTypeReturn(config: RouletteConfig, type: BetType): number {
  const inside = (INSIDE as readonly string[]).includes(type)
  const group = inside ? [...GROUPS[config.wheel][type as (typeof INSIDE)[number]]][0]! : ''
  const item = { type, numbers: inside ? group.split('-').map(Number) : [], amount: 2 }
  let returned = 0
  for (let pocket = 0; pocket < pocketCount(config); pocket++) returned += betReturn(config, item, pocket)
  return returned / (2 * pocketCount(config))
}

/** The French wheel's even-money figure: 36/37 + half the stake back on zero, 1/74. */
export const FRENCH_EVEN_MONEY_RTP = 36 / 37 + 1 / 74
