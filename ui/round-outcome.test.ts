import { expect, test } from 'vitest'
import { roundOutcome } from './round-outcome.ts'

test('only a return above the stake is a win; the stake back or less is what the player gets back', () => {
  expect(roundOutcome({ stake: 100, win: 250 })).toBe('won')
  expect(roundOutcome({ stake: 100, win: 101 })).toBe('won')
  // Two bets of one on red and black, red comes up: the stake back is no win.
  expect(roundOutcome({ stake: 200, win: 200 })).toBe('gotBack')
  // Ten lines of one, one line pays two: a loss of eight, not a win.
  expect(roundOutcome({ stake: 1000, win: 200 })).toBe('gotBack')
  expect(roundOutcome({ stake: 100, win: 0 })).toBe('lost')
  expect(roundOutcome({ stake: 100, win: null })).toBe('lost')
})
