import { expect, test } from 'vitest'
import { roundRng } from '../fair.ts'
import { CLASSIC_DICE, DICE_OUTCOMES, diceEngine, diceMultiplier, winningRolls } from './dice.ts'

test('exact return of every target on both sides is at most 99 % and loses under 0.01 % to rounding', () => {
  for (const side of ['under', 'over'] as const) {
    for (let target = 100; target <= 9899; target++) {
      const bet = { target, side }
      const rtp = (winningRolls(bet) / DICE_OUTCOMES) * (diceMultiplier(CLASSIC_DICE, bet) / 10000)
      expect(rtp).toBeLessThanOrEqual(0.99 + 1e-12)
      expect(rtp).toBeGreaterThan(0.9899)
    }
  }
})

test('a roll of 0.00 to 100.00 from the stream; under 50.00 pays × 1.98', () => {
  const bet = { stake: 100, target: 5000, side: 'under' as const }
  expect(diceMultiplier(CLASSIC_DICE, bet)).toBe(19801)
  let wins = 0
  for (let nonce = 0; nonce < 1000; nonce++) {
    const step = diceEngine.start(CLASSIC_DICE, bet, roundRng({ serverSeed: 's', clientSeed: 'c', nonce }))
    expect(step.state.roll).toBeGreaterThanOrEqual(0)
    expect(step.state.roll).toBeLessThanOrEqual(10000)
    expect(step.win).toBe(step.state.roll < 5000 ? 198 : 0)
    if (step.win) wins++
  }
  expect(wins).toBeGreaterThan(430)
  expect(wins).toBeLessThan(570)
  expect(diceEngine.checkBet(CLASSIC_DICE, { ...bet, stake: 5 }, { minBet: 10, maxBet: 100 })).toEqual({
    stake: 'amount_out_of_range',
  })
  expect(diceEngine.bet.safeParse({ stake: 100, target: 9900, side: 'under' }).success).toBe(false)
})
