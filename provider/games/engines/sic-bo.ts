/**
 * Sic bo: three dice, one draw each in order (rng.int(6) + 1, three draws per round). The
 * player places one or more bets on the table (like roulette's chips); each is settled on the
 * three dice and a win returns the chips with their payout.
 *
 * The table and its payouts (to one):
 * - small (total 4–10) and big (11–17): 1:1, both lose on any triple; odd and even totals: 1:1,
 *   both lose on any triple;
 * - a specific triple (three of one number): 180:1; any triple: 30:1;
 * - a specific double (at least two of one number): 10:1;
 * - a total from 4 to 17: 4 or 17 60:1, 5 or 16 30:1, 6 or 15 17:1, 7 or 14 12:1, 8 or 13 8:1,
 *   9, 10, 11 or 12 6:1;
 * - a two-dice combination (two different numbers both shown): 5:1;
 * - a single number: 1:1 when one die shows it, 2:1 when two do, 3:1 when all three do.
 * Each bet's exact return (over the 216 equally likely throws) is SIC_BO_RETURNS; the figure the
 * game shows is that of small and big, 105/216 × 2 = 97.22 %.
 */
import { z } from 'zod'
import type { GameEngine, Limits } from '../engine.ts'
import { TOTAL_PAYOUTS } from './layouts.ts'

export { TOTAL_PAYOUTS }

export type SicBoConfig = Record<string, never>

export const SIC_BO_TYPES = [
  'small',
  'big',
  'odd',
  'even',
  'anyTriple',
  'triple',
  'double',
  'total',
  'combo',
  'single',
] as const
export type SicBoType = (typeof SIC_BO_TYPES)[number]

/** The payouts (to one) of the other bets; a single number pays 1, 2 or 3 to one by the dice showing it. */
export const SIC_BO_PAYOUTS = {
  small: 1,
  big: 1,
  odd: 1,
  even: 1,
  anyTriple: 30,
  triple: 180,
  double: 10,
  combo: 5,
} as const

/** How many numbers a bet of a type names. */
const NUMBERS: Record<SicBoType, number> = {
  small: 0,
  big: 0,
  odd: 0,
  even: 0,
  anyTriple: 0,
  triple: 1,
  double: 1,
  total: 1,
  combo: 2,
  single: 1,
}

const Chip = z
  .number({ error: 'invalid_value' })
  .int('invalid_value')
  .min(1, 'invalid_value')
  .max(100_000_000, 'invalid_value')
export const SicBoBetItem = z.object({
  type: z.enum(SIC_BO_TYPES, { error: 'invalid_value' }),
  /** A die face (triple, double, single), a total (4–17) or two different faces (combo); empty otherwise. */
  numbers: z.array(z.number().int().min(1).max(17), { error: 'invalid_value' }).max(2).default([]),
  amount: Chip,
})
export type SicBoBetItem = z.infer<typeof SicBoBetItem>
export const SicBoBet = z.object({
  bets: z.array(SicBoBetItem, { error: 'invalid_value' }).min(1, 'field_required').max(20, 'invalid_value'),
})
export type SicBoBet = z.infer<typeof SicBoBet>

export type SicBoState = {
  dice: [number, number, number]
  /** Per bet, in the order placed: what it returned (chips and payout; 0 when lost). */
  returns: number[]
}

const isFace = (n: number) => n >= 1 && n <= 6

/** Whether the table offers a bet: its numbers fit its type. */
export function validSicBoBet(item: Pick<SicBoBetItem, 'type' | 'numbers'>): boolean {
  const { type, numbers } = item
  if (numbers.length !== NUMBERS[type]) return false
  if (type === 'total') return numbers[0]! >= 4 && numbers[0]! <= 17
  if (type === 'combo') return isFace(numbers[0]!) && isFace(numbers[1]!) && numbers[0] !== numbers[1]
  return numbers.every(isFace)
}

/** The payout (to one) of a bet on three dice, or null when it loses. */
export function sicBoPayout(item: Pick<SicBoBetItem, 'type' | 'numbers'>, dice: readonly number[]): number | null {
  const total = dice[0]! + dice[1]! + dice[2]!
  const triple = dice[0] === dice[1] && dice[1] === dice[2]
  const count = (n: number) => dice.filter((d) => d === n).length
  const [a, b] = item.numbers
  switch (item.type) {
    case 'small':
      return !triple && total <= 10 ? SIC_BO_PAYOUTS.small : null
    case 'big':
      return !triple && total >= 11 ? SIC_BO_PAYOUTS.big : null
    case 'odd':
      return !triple && total % 2 === 1 ? SIC_BO_PAYOUTS.odd : null
    case 'even':
      return !triple && total % 2 === 0 ? SIC_BO_PAYOUTS.even : null
    case 'anyTriple':
      return triple ? SIC_BO_PAYOUTS.anyTriple : null
    case 'triple':
      return count(a!) === 3 ? SIC_BO_PAYOUTS.triple : null
    case 'double':
      return count(a!) >= 2 ? SIC_BO_PAYOUTS.double : null
    case 'total':
      return total === a ? TOTAL_PAYOUTS[a]! : null
    case 'combo':
      return count(a!) >= 1 && count(b!) >= 1 ? SIC_BO_PAYOUTS.combo : null
    case 'single': {
      const shown = count(a!)
      return shown > 0 ? shown : null
    }
  }
}

/** What one bet returns on three dice (0 when lost). */
export function sicBoReturn(item: SicBoBetItem, dice: readonly number[]): number {
  const payout = sicBoPayout(item, dice)
  return payout === null ? 0 : item.amount * (payout + 1)
}

/** Exact returns per bet (fractions of the stake over the 216 throws), as documented above. */
export const SIC_BO_RETURNS = {
  small: 210 / 216,
  big: 210 / 216,
  odd: 210 / 216,
  even: 210 / 216,
  anyTriple: 186 / 216,
  triple: 181 / 216,
  double: 176 / 216,
  combo: 180 / 216,
  single: 199 / 216,
  total: {
    4: 183 / 216,
    5: 186 / 216,
    6: 180 / 216,
    7: 195 / 216,
    8: 189 / 216,
    9: 175 / 216,
    10: 189 / 216,
    11: 189 / 216,
    12: 175 / 216,
    13: 189 / 216,
    14: 195 / 216,
    15: 180 / 216,
    16: 186 / 216,
    17: 183 / 216,
  } as Record<number, number>,
}

const stakeOf = (_config: SicBoConfig, bet: SicBoBet) => bet.bets.reduce((sum, b) => sum + b.amount, 0)

export const sicBoEngine: GameEngine<SicBoConfig, SicBoBet, never, SicBoState> = {
  kind: 'sic-bo',
  bet: SicBoBet,
  checkBet(_config, bet, limits: Limits) {
    const wrong = bet.bets.findIndex((b) => !validSicBoBet(b))
    if (wrong >= 0) return { [`bets.${wrong}`]: 'invalid_value' }
    const stake = stakeOf(_config, bet)
    return stake < limits.minBet || stake > limits.maxBet ? { stake: 'amount_out_of_range' } : null
  },
  stakeOf,
  start(config, bet, rng) {
    const dice: [number, number, number] = [rng.int(6) + 1, rng.int(6) + 1, rng.int(6) + 1]
    const returns = bet.bets.map((b) => sicBoReturn(b, dice))
    return { state: { dice, returns }, stake: stakeOf(config, bet), win: returns.reduce((a, b) => a + b, 0) }
  },
  view: (_config, state) => state,
  rtp: () => SIC_BO_RETURNS.small,
  // Every bet returns at most its chips times its payout plus one: a specific triple's 181 (a
  // single number pays at most 3 to 1, when all three dice show it).
  maxMultiplier: () => Math.max(...Object.values(SIC_BO_PAYOUTS), ...Object.values(TOTAL_PAYOUTS), 3) + 1,
  sampleBet: (_config, stake) => ({ bets: [{ type: 'small', numbers: [], amount: stake }] }),
}

export const SIC_BO: SicBoConfig = {}
