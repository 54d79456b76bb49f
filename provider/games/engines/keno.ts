/**
 * Keno: 80 numbers, 20 drawn. The player marks 1 to 10 spots (or asks for a quick pick of that
 * many) and stakes; the round draws 20 numbers and pays by how many of the spots were drawn
 * ("hits"), from the paytable of the spot count.
 *
 * The stream, in order: a quick pick first draws its spots (a partial Fisher–Yates over 1..80:
 * for i = 0, 1 ... k − 1, j = i + rng.int(80 − i), swap positions i and j, the spots being the
 * first k), then the draw takes 20 numbers the same way from a fresh 1..80. Every set of 20 is
 * equally likely, so the chance of h hits with n spots is hypergeometric:
 * C(n, h) × C(80 − n, 20 − h) / C(80, 20). KENO_PAYTABLE lists what each count of hits returns,
 * in hundredths of the stake (380 = 3.8 times the stake, the stake included); the win is rounded
 * down to the cent. Each spot count's return (kenoReturn) is between 94.3 % and 95 %.
 */
import { z } from 'zod'
import type { GameEngine, Limits } from '../engine.ts'
import type { Rng } from '../fair.ts'
import { KENO_MAX_SPOTS, KENO_NUMBERS } from './layouts.ts'

export { KENO_MAX_SPOTS, KENO_NUMBERS }

export const KENO_DRAWN = 20

/** Spot count → hits → return in hundredths of the stake. */
export type KenoConfig = { paytable: Record<number, Record<number, number>> }

export const KENO_PAYTABLE: KenoConfig['paytable'] = {
  1: { 1: 380 },
  2: { 1: 100, 2: 940 },
  3: { 2: 300, 3: 3800 },
  4: { 2: 200, 3: 500, 4: 10_000 },
  5: { 2: 100, 3: 300, 4: 1500, 5: 38_000 },
  6: { 3: 200, 4: 800, 5: 8500, 6: 150_000 },
  7: { 3: 100, 4: 500, 5: 2800, 6: 20_000, 7: 500_000 },
  8: { 4: 200, 5: 1500, 6: 10_000, 7: 100_000, 8: 2_500_000 },
  9: { 4: 100, 5: 600, 6: 5100, 7: 30_000, 8: 400_000, 9: 5_000_000 },
  10: { 0: 200, 5: 300, 6: 2200, 7: 15_000, 8: 100_000, 9: 1_000_000, 10: 10_000_000 },
}

export const KenoBet = z.object({
  stake: z.number({ error: 'invalid_value' }).int('invalid_value').min(1, 'invalid_value'),
  /** The marked numbers (1–80, no repeats); empty with a quick pick. */
  spots: z
    .array(
      z
        .number({ error: 'invalid_value' })
        .int('invalid_value')
        .min(1, 'invalid_value')
        .max(KENO_NUMBERS, 'invalid_value'),
      {
        error: 'invalid_value',
      },
    )
    .max(KENO_MAX_SPOTS, 'keno_spots_required')
    .default([]),
  /** A quick pick of this many spots, drawn from the round's stream; 0 when the spots are marked. */
  quickPick: z.number({ error: 'invalid_value' }).int('invalid_value').min(0).max(KENO_MAX_SPOTS).default(0),
})
export type KenoBet = z.infer<typeof KenoBet>

export type KenoState = {
  /** The spots played, in the order marked or picked. */
  spots: number[]
  /** The 20 numbers drawn, in the order drawn. */
  drawn: number[]
  hits: number
  /** The return in hundredths of the stake (0 when nothing is paid). */
  pays: number
}

/** k distinct numbers of 1..80, by a partial Fisher–Yates (k draws). */
export function drawNumbers(k: number, rng: Rng): number[] {
  const pool = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1)
  for (let i = 0; i < k; i++) {
    const j = i + rng.int(KENO_NUMBERS - i)
    ;[pool[i], pool[j]] = [pool[j]!, pool[i]!]
  }
  return pool.slice(0, k)
}

const binomial = (n: number, k: number) => {
  if (k < 0 || k > n) return 0
  let r = 1
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i
  return r
}
/** The chance of `hits` hits with `spots` spots. */
export const hitChance = (spots: number, hits: number) =>
  (binomial(spots, hits) * binomial(KENO_NUMBERS - spots, KENO_DRAWN - hits)) / binomial(KENO_NUMBERS, KENO_DRAWN)

/** The exact return of a spot count (before rounding the win down to the cent). */
export function kenoReturn(config: KenoConfig, spots: number): number {
  return Object.entries(config.paytable[spots] ?? {}).reduce(
    (sum, [hits, pays]) => sum + (hitChance(spots, Number(hits)) * pays) / 100,
    0,
  )
}

const spotCount = (bet: KenoBet) => (bet.quickPick > 0 ? bet.quickPick : bet.spots.length)

export const kenoEngine: GameEngine<KenoConfig, KenoBet, never, KenoState> = {
  kind: 'keno',
  bet: KenoBet,
  checkBet(_config, bet, limits: Limits): Record<string, string> | null {
    if (bet.quickPick > 0 && bet.spots.length > 0) return { spots: 'invalid_value' }
    if (spotCount(bet) === 0) return { spots: 'keno_spots_required' }
    if (new Set(bet.spots).size !== bet.spots.length) return { spots: 'invalid_value' }
    return bet.stake < limits.minBet || bet.stake > limits.maxBet ? { stake: 'amount_out_of_range' } : null
  },
  stakeOf: (_config, bet) => bet.stake,
  start(config, bet, rng) {
    const spots = bet.quickPick > 0 ? drawNumbers(bet.quickPick, rng) : bet.spots
    const drawn = drawNumbers(KENO_DRAWN, rng)
    const hits = spots.filter((n) => drawn.includes(n)).length
    const pays = config.paytable[spots.length]?.[hits] ?? 0
    return {
      state: { spots, drawn, hits, pays },
      stake: bet.stake,
      win: Math.floor((bet.stake * pays) / 100),
    }
  },
  view: (_config, state) => state,
  // The paytable's top line (ten of ten spots); the win is rounded down.
  maxMultiplier: (config) =>
    Math.max(...Object.values(config.paytable).flatMap((byHits) => Object.values(byHits))) / 100,
  // The figure shown is the lowest of the spot counts' returns; the panel lists each.
  rtp: (config) => Math.min(...Object.keys(config.paytable).map((n) => kenoReturn(config, Number(n)))),
  sampleBet: (config, stake) => {
    const worst = Object.keys(config.paytable)
      .map(Number)
      .sort((a, b) => kenoReturn(config, a) - kenoReturn(config, b))[0]!
    return { stake, spots: Array.from({ length: worst }, (_, i) => i * 7 + 3), quickPick: 0 }
  },
}

export const CLASSIC_KENO: KenoConfig = { paytable: KENO_PAYTABLE }
