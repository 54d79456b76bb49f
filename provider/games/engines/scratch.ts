/**
 * Scratch cards: a card of nine symbols; three of one symbol win that symbol's prize. A card
 * comes from a fixed print run: each prize has a number of cards out of `run` (the prize table),
 * and the round picks a card with one draw, rng.int(run), the prizes taking the first numbers in
 * the table's order, the losing cards the rest. Then the card is laid out:
 * - a winning card holds its symbol three times; its other six squares are drawn from a pool of
 *   every other symbol twice (a partial Fisher–Yates: for i = 0 … 5, j = i + rng.int(pool − i));
 * - a losing card's nine squares are drawn the same way from every symbol twice;
 * then the nine squares are shuffled (fair.ts shuffle). No symbol but the prize's appears three
 * times, so a card shows exactly one win or none. The return is exact from the table:
 * Σ cards × prize / run (scratchReturn); a win is the stake times the prize, in whole cents.
 */
import { z } from 'zod'
import type { GameEngine } from '../engine.ts'
import { type Rng, shuffle } from '../fair.ts'

export type ScratchConfig = {
  /** The cards in the print run. */
  run: number
  /** The prizes from the top: a symbol, its prize in multiples of the stake, and how many cards win it. */
  prizes: { symbol: string; multiplier: number; cards: number }[]
}

export const SCRATCH_SQUARES = 9

export const ScratchBet = z.object({
  stake: z.number({ error: 'invalid_value' }).int('invalid_value').min(1, 'invalid_value'),
})
export type ScratchBet = z.infer<typeof ScratchBet>

export type ScratchState = {
  /** The nine squares, row by row. */
  card: string[]
  /** The winning symbol, or null for a losing card. */
  symbol: string | null
  multiplier: number
}

/** `k` items drawn without replacement from `pool` (a partial Fisher–Yates). */
function drawFrom<T>(pool: readonly T[], k: number, rng: Rng): T[] {
  const out = [...pool]
  for (let i = 0; i < k; i++) {
    const j = i + rng.int(out.length - i)
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out.slice(0, k)
}

/** The exact return of a print run: Σ cards × prize / run. */
export const scratchReturn = (config: ScratchConfig) =>
  config.prizes.reduce((sum, p) => sum + p.cards * p.multiplier, 0) / config.run

/** The prize (index in the table) of card number `n` of the run, or null for a losing card. */
export function prizeOfCard(config: ScratchConfig, n: number): number | null {
  let from = 0
  for (const [i, prize] of config.prizes.entries()) {
    if (n < from + prize.cards) return i
    from += prize.cards
  }
  return null
}

export const scratchEngine: GameEngine<ScratchConfig, ScratchBet, never, ScratchState> = {
  kind: 'scratch',
  bet: ScratchBet,
  checkBet: (_config, bet, limits) =>
    bet.stake < limits.minBet || bet.stake > limits.maxBet ? { stake: 'amount_out_of_range' } : null,
  stakeOf: (_config, bet) => bet.stake,
  start(config, bet, rng) {
    const prize = prizeOfCard(config, rng.int(config.run))
    const symbols = config.prizes.map((p) => p.symbol)
    const winner = prize === null ? null : symbols[prize]!
    const others = symbols.filter((s) => s !== winner).flatMap((s) => [s, s])
    const squares =
      winner === null
        ? drawFrom(others, SCRATCH_SQUARES, rng)
        : [winner, winner, winner, ...drawFrom(others, SCRATCH_SQUARES - 3, rng)]
    const multiplier = prize === null ? 0 : config.prizes[prize]!.multiplier
    return {
      state: { card: shuffle(squares, rng), symbol: winner, multiplier },
      stake: bet.stake,
      win: bet.stake * multiplier,
    }
  },
  view: (_config, state) => state,
  rtp: scratchReturn,
  // The top prize printed on at least one card of the run.
  maxMultiplier: (config) => Math.max(0, ...config.prizes.filter((p) => p.cards > 0).map((p) => p.multiplier)),
  sampleBet: (_config, stake) => ({ stake }),
}

/**
 * Lucky Clover's run of 1 000 000 cards: one in about three wins (32.69 %), the return is
 * exactly 95 % (0.15 + 0.20 + 0.30 + 0.12 + 0.07 + 0.05 + 0.04 + 0.02).
 */
export const LUCKY_CLOVER: ScratchConfig = {
  run: 1_000_000,
  prizes: [
    { symbol: 'star', multiplier: 1000, cards: 20 },
    { symbol: 'crown', multiplier: 100, cards: 400 },
    { symbol: 'diamond', multiplier: 50, cards: 1000 },
    { symbol: 'horseshoe', multiplier: 20, cards: 3500 },
    { symbol: 'clover', multiplier: 10, cards: 12_000 },
    { symbol: 'bell', multiplier: 5, cards: 60_000 },
    { symbol: 'sun', multiplier: 2, cards: 100_000 },
    { symbol: 'cherry', multiplier: 1, cards: 150_000 },
  ],
}
