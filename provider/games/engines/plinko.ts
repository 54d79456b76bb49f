/**
 * Star Drop (an instant win of the plinko kind): a ball falls through 12 rows of pegs, bouncing
 * left or right at each with even chance (one draw per row, rng.int(2): 0 left, 1 right), and
 * lands in one of 13 slots numbered by its bounces to the right. Landing in slot k has the
 * binomial chance C(12, k) / 4096; each slot pays a multiple of the stake (the stake included)
 * by the risk the player chose, in hundredths; the win is rounded down to the cent. The return
 * of a risk is exactly Σ C(12, k) × pays[k] / 409 600 (plinkoReturn): low 98.98 %, medium
 * 98.99 %, high 99.12 %.
 */
import { z } from 'zod'
import type { GameEngine } from '../engine.ts'
import { PLINKO_RISKS } from './layouts.ts'

export { PLINKO_RISKS }

export const PLINKO_ROWS = 12
export type PlinkoRisk = (typeof PLINKO_RISKS)[number]

/** Per risk, the 13 slots' returns in hundredths of the stake, left to right. */
export type PlinkoConfig = { pays: Record<PlinkoRisk, number[]> }

export const PlinkoBet = z.object({
  stake: z.number({ error: 'invalid_value' }).int('invalid_value').min(1, 'invalid_value'),
  risk: z.enum(PLINKO_RISKS, { error: 'invalid_value' }),
})
export type PlinkoBet = z.infer<typeof PlinkoBet>

export type PlinkoState = {
  /** Each row's bounce: 0 left, 1 right. */
  path: number[]
  /** The slot landed in (0–12). */
  slot: number
  risk: PlinkoRisk
  /** The slot's return in hundredths of the stake. */
  pays: number
}

const binomial = (n: number, k: number) => {
  let r = 1
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i
  return r
}
/** The chance of landing in a slot. */
export const slotChance = (slot: number) => binomial(PLINKO_ROWS, slot) / 2 ** PLINKO_ROWS

/** The exact return of a risk (before rounding a win down to the cent). */
export const plinkoReturn = (config: PlinkoConfig, risk: PlinkoRisk) =>
  config.pays[risk].reduce((sum, pays, slot) => sum + (slotChance(slot) * pays) / 100, 0)

export const plinkoEngine: GameEngine<PlinkoConfig, PlinkoBet, never, PlinkoState> = {
  kind: 'plinko',
  bet: PlinkoBet,
  checkBet: (_config, bet, limits) =>
    bet.stake < limits.minBet || bet.stake > limits.maxBet ? { stake: 'amount_out_of_range' } : null,
  stakeOf: (_config, bet) => bet.stake,
  start(config, bet, rng) {
    const path = Array.from({ length: PLINKO_ROWS }, () => rng.int(2))
    const slot = path.reduce((a, b) => a + b, 0)
    const pays = config.pays[bet.risk][slot]!
    return { state: { path, slot, risk: bet.risk, pays }, stake: bet.stake, win: Math.floor((bet.stake * pays) / 100) }
  },
  view: (_config, state) => state,
  // The best slot of the riskiest row; the win is rounded down.
  maxMultiplier: (config) => Math.max(...PLINKO_RISKS.flatMap((risk) => config.pays[risk])) / 100,
  // The figure shown is the lowest of the risks' returns; the panel lists each.
  rtp: (config) => Math.min(...PLINKO_RISKS.map((risk) => plinkoReturn(config, risk))),
  sampleBet: (config, stake) => ({
    stake,
    risk: [...PLINKO_RISKS].sort((a, b) => plinkoReturn(config, a) - plinkoReturn(config, b))[0]!,
  }),
}

const mirror = (half: number[]) => [...half, ...half.slice(0, -1).toReversed()]
export const STAR_DROP: PlinkoConfig = {
  pays: {
    low: mirror([1000, 300, 160, 140, 110, 100, 50]),
    medium: mirror([3300, 1100, 400, 200, 110, 60, 30]),
    high: mirror([17_000, 2400, 810, 200, 70, 20, 20]),
  },
}
