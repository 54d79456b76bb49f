/**
 * The slot titles' mathematics: five models (reel strips and paytables tuned to their returns)
 * and the titles that use them. A title's return does not depend on how many lines it plays
 * (every line has the same expected pay, slots.ts), so two titles of one model differ in
 * volatility, not in return. Symbols are ids; each title's theme (catalog.ts) draws them.
 */
import { LINES_3X3, LINES_5X3, strip, type SlotConfig } from './engines/slots.ts'

const classic = (counts: Record<string, number>, pays: SlotConfig['pays'], lines: number[][]): SlotConfig => ({
  rows: 3,
  reels: [strip(counts), strip(counts), strip(counts)],
  lines,
  pays,
  wild: 'wild',
})

const video = (
  counts: Record<string, number>,
  pays: SlotConfig['pays'],
  scatter: NonNullable<SlotConfig['scatter']>,
  lines: number,
): SlotConfig => ({
  rows: 3,
  reels: [counts, counts, counts, counts, counts].map(strip),
  lines: LINES_5X3.slice(0, lines),
  pays,
  wild: 'wild',
  scatter,
})

// Classic A: rare big wins (95.81 %).
const CLASSIC_A_STRIP = { wild: 1, seven: 2, bar3: 3, bar: 4, bell: 10, cherry: 6, blank: 11 }
const CLASSIC_A_PAYS = {
  wild: { 3: 750 },
  seven: { 3: 250 },
  bar3: { 3: 100 },
  bar: { 3: 40 },
  bell: { 3: 20 },
  cherry: { 3: 10 },
}
// Classic B: frequent small wins (96.33 %).
const CLASSIC_B_STRIP = { wild: 1, seven: 2, bar3: 3, bar: 4, bell: 3, cherry: 13, blank: 3 }
const CLASSIC_B_PAYS = {
  wild: { 3: 300 },
  seven: { 3: 100 },
  bar3: { 3: 50 },
  bar: { 3: 25 },
  bell: { 3: 10 },
  cherry: { 3: 5 },
}

// Video 10: free spins at × 2 (96.17 %).
const VIDEO_10_STRIP = { wild: 1, scatter: 1, h1: 2, h2: 2, h3: 3, l1: 10, l2: 4, l3: 7, l4: 9 }
const VIDEO_10_PAYS = {
  wild: { 3: 50, 4: 250, 5: 1000 },
  h1: { 3: 50, 4: 200, 5: 750 },
  h2: { 3: 30, 4: 100, 5: 400 },
  h3: { 3: 20, 4: 75, 5: 250 },
  l1: { 3: 10, 4: 30, 5: 100 },
  l2: { 3: 10, 4: 30, 5: 100 },
  l3: { 3: 5, 4: 20, 5: 75 },
  l4: { 3: 5, 4: 20, 5: 75 },
}
const VIDEO_10_SCATTER = {
  symbol: 'scatter',
  pays: { 3: 2, 4: 10, 5: 50 },
  freeSpins: { 3: 10, 4: 15, 5: 25 },
  multiplier: 2,
}
// Video 20: a 2 500 × top prize and free spins at × 3 (96.49 %).
const VIDEO_20_STRIP = { wild: 1, scatter: 1, h1: 1, h2: 2, h3: 3, l1: 4, l2: 10, l3: 11, l4: 6 }
const VIDEO_20_PAYS = {
  wild: { 2: 2, 3: 50, 4: 250, 5: 2500 },
  h1: { 3: 40, 4: 200, 5: 1000 },
  h2: { 3: 25, 4: 100, 5: 500 },
  h3: { 3: 20, 4: 60, 5: 200 },
  l1: { 3: 10, 4: 25, 5: 100 },
  l2: { 3: 8, 4: 20, 5: 80 },
  l3: { 3: 5, 4: 15, 5: 60 },
  l4: { 3: 5, 4: 15, 5: 50 },
}
const VIDEO_20_SCATTER = {
  symbol: 'scatter',
  pays: { 3: 3, 4: 20, 5: 100 },
  freeSpins: { 3: 10, 4: 15, 5: 20 },
  multiplier: 3,
}

export const SLOT_TITLES = {
  'golden-sevens': classic(CLASSIC_A_STRIP, CLASSIC_A_PAYS, LINES_3X3),
  'diamond-bar': classic(CLASSIC_A_STRIP, CLASSIC_A_PAYS, LINES_3X3.slice(0, 1)),
  'silver-bells': classic(CLASSIC_B_STRIP, CLASSIC_B_PAYS, LINES_3X3),
  'fresh-fruit': classic(CLASSIC_B_STRIP, CLASSIC_B_PAYS, LINES_3X3.slice(0, 3)),
  'ember-crown': video(VIDEO_10_STRIP, VIDEO_10_PAYS, VIDEO_10_SCATTER, 10),
  'jade-lantern': video(VIDEO_10_STRIP, VIDEO_10_PAYS, VIDEO_10_SCATTER, 5),
  'neptunes-vault': video(VIDEO_10_STRIP, VIDEO_10_PAYS, VIDEO_10_SCATTER, 20),
  'aurora-wolves': video(VIDEO_20_STRIP, VIDEO_20_PAYS, VIDEO_20_SCATTER, 20),
  'cosmic-cargo': video(VIDEO_20_STRIP, VIDEO_20_PAYS, VIDEO_20_SCATTER, 10),
  'gold-rush-rails': video(VIDEO_20_STRIP, VIDEO_20_PAYS, VIDEO_20_SCATTER, 15),
} satisfies Record<string, SlotConfig>
