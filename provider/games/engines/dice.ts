/**
 * Dice: a roll from 0.00 to 100.00 (floor(rng.float() × 10001) / 100, one draw per round); the
 * player picks a target and a side: "under" wins when the roll is below the target, "over" when
 * it is above. A winning roll pays the stake times a multiplier that keeps a 1 % house edge:
 * multiplier = floor(0.99 × 10001 / winning rolls × 10000) / 10000, the win rounded down to the
 * cent. Targets from 1.00 to 98.99 (under) or 1.00 to 98.99 (over), in hundredths.
 */
import { z } from 'zod'
import type { GameEngine } from '../engine.ts'

export type DiceConfig = { houseEdge: number }

export const DICE_OUTCOMES = 10001
export const DiceBet = z.object({
  stake: z.number({ error: 'invalid_value' }).int('invalid_value').min(1, 'invalid_value'),
  /** In hundredths: 5000 is 50.00. */
  target: z
    .number({ error: 'invalid_value' })
    .int('invalid_value')
    .min(100, 'invalid_value')
    .max(9899, 'invalid_value'),
  side: z.enum(['under', 'over'], { error: 'invalid_value' }),
})
export type DiceBet = z.infer<typeof DiceBet>
export type DiceState = { roll: number; won: boolean; multiplier: number }

/** How many of the 10 001 rolls win. */
export const winningRolls = (bet: Pick<DiceBet, 'target' | 'side'>) =>
  bet.side === 'under' ? bet.target : DICE_OUTCOMES - 1 - bet.target

/** The multiplier in ten-thousandths (19800 = × 1.98). */
export const diceMultiplier = (config: DiceConfig, bet: Pick<DiceBet, 'target' | 'side'>) =>
  Math.floor((((1 - config.houseEdge) * DICE_OUTCOMES) / winningRolls(bet)) * 10000)

export const diceEngine: GameEngine<DiceConfig, DiceBet, never, DiceState> = {
  kind: 'dice',
  bet: DiceBet,
  checkBet: (_config, bet, limits) =>
    bet.stake < limits.minBet || bet.stake > limits.maxBet ? { stake: 'amount_out_of_range' } : null,
  stakeOf: (_config, bet) => bet.stake,
  start(config, bet, rng) {
    const roll = rng.int(DICE_OUTCOMES)
    const won = bet.side === 'under' ? roll < bet.target : roll > bet.target
    const multiplier = diceMultiplier(config, bet)
    return {
      state: { roll, won, multiplier },
      stake: bet.stake,
      win: won ? Math.floor((bet.stake * multiplier) / 10000) : 0,
    }
  },
  view: (_config, state) => state,
  rtp: (config) => 1 - config.houseEdge,
  // The fewest winning rolls pay the most: under 1.00 (100 rolls) or over 98.99 (101 rolls).
  maxMultiplier: (config) =>
    Math.max(
      diceMultiplier(config, { target: 100, side: 'under' }),
      diceMultiplier(config, { target: 9899, side: 'over' }),
    ) / 10000,
}

export const CLASSIC_DICE: DiceConfig = { houseEdge: 0.01 }
