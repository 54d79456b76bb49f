import { expect, test } from 'vitest'
import type { Rng } from '../fair.ts'
import { roundRng } from '../fair.ts'
import { LUCKY_CLOVER, prizeOfCard, scratchEngine, scratchReturn } from './scratch.ts'

const limits = { minBet: 10, maxBet: 10_000 }

const counts = (card: string[]) => card.reduce<Record<string, number>>((c, s) => ({ ...c, [s]: (c[s] ?? 0) + 1 }), {})

test('the print run: every card numbered once, each prize on as many cards as its table says; the return is exactly 95 %', () => {
  const cards = Array<number>(LUCKY_CLOVER.prizes.length).fill(0)
  let losing = 0
  let paid = 0
  for (let n = 0; n < LUCKY_CLOVER.run; n++) {
    const prize = prizeOfCard(LUCKY_CLOVER, n)
    if (prize === null) losing++
    else {
      cards[prize]! += 1
      paid += LUCKY_CLOVER.prizes[prize]!.multiplier
    }
  }
  expect(cards).toEqual(LUCKY_CLOVER.prizes.map((p) => p.cards))
  expect(losing).toBe(673_080)
  expect(paid / LUCKY_CLOVER.run).toBe(0.95)
  expect(scratchReturn(LUCKY_CLOVER)).toBe(0.95)
  expect(scratchEngine.rtp(LUCKY_CLOVER)).toBe(0.95)
})

test('a winning card shows its symbol exactly three times and no other three; a losing card no three of a kind', () => {
  let wins = 0
  for (let nonce = 0; nonce < 5000; nonce++) {
    const step = scratchEngine.start(
      LUCKY_CLOVER,
      { stake: 100 },
      roundRng({ serverSeed: 'card', clientSeed: 'c', nonce }),
    )
    const { card, symbol, multiplier } = step.state
    const triples = Object.entries(counts(card)).filter(([, n]) => n >= 3)
    const expected =
      symbol === null
        ? card.length === 9 && triples.length === 0 && step.win === 0
        : card.length === 9 &&
          triples.length === 1 &&
          triples[0]![0] === symbol &&
          triples[0]![1] === 3 &&
          multiplier === LUCKY_CLOVER.prizes.find((p) => p.symbol === symbol)!.multiplier &&
          step.win === 100 * multiplier
    if (!expected) expect.fail(`round ${nonce}: ${card.join(' ')} (${symbol}) pays ${step.win}`)
    if (symbol !== null) wins++
  }
  // One card in three wins (32.7 %): 1635 of 5000, give or take 4 standard deviations (133).
  expect(Math.abs(wins - 1635)).toBeLessThan(133)
})

/** The round's stream, but its first draw (the card of the run) is n. */
const first = (n: number): Rng => {
  let used = false
  const stream = roundRng({ serverSeed: 'layout', clientSeed: 'c', nonce: 0 })
  return {
    float: stream.float,
    int: (k) => {
      if (used) return stream.int(k)
      used = true
      expect(k).toBe(LUCKY_CLOVER.run)
      return n
    },
  }
}

test('the first draw picks the card of the run: card 0 is the top prize, the last card loses', () => {
  const top = scratchEngine.start(LUCKY_CLOVER, { stake: 10 }, first(0))
  expect(top.state.symbol).toBe('star')
  expect(top.win).toBe(10_000)
  expect(scratchEngine.start(LUCKY_CLOVER, { stake: 10 }, first(19)).state.symbol).toBe('star')
  expect(scratchEngine.start(LUCKY_CLOVER, { stake: 10 }, first(20)).state.symbol).toBe('crown')
  const last = scratchEngine.start(LUCKY_CLOVER, { stake: 10 }, first(LUCKY_CLOVER.run - 1))
  expect(last.state.symbol).toBeNull()
  expect(last.win).toBe(0)
})

test('refused: stakes outside the limits, a stake that is not whole cents', () => {
  expect(scratchEngine.checkBet(LUCKY_CLOVER, { stake: 5 }, limits)).toEqual({ stake: 'amount_out_of_range' })
  expect(scratchEngine.checkBet(LUCKY_CLOVER, { stake: 10_001 }, limits)).toEqual({ stake: 'amount_out_of_range' })
  expect(scratchEngine.checkBet(LUCKY_CLOVER, { stake: 100 }, limits)).toBeNull()
  expect(scratchEngine.bet.safeParse({ stake: 1.5 }).success).toBe(false)
})
