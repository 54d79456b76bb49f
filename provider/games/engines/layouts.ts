// The tables' layouts: what a game's board in the browser draws (the wheel's colours, the keno
// card, the bet sides, a total's payout), apart from the engines and their zod schemas, so that a
// game client does not load the schema library to draw its board. The engines re-export them.

// Roulette: the American wheel's 00 is pocket 37.
export const DOUBLE_ZERO = 37
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36])
export const isRed = (n: number) => RED.has(n)

// Keno: a card of 80 numbers, of which a player marks up to 10.
export const KENO_NUMBERS = 80
export const KENO_MAX_SPOTS = 10

// Sic bo.
/** The payouts (to one) of a total, by total. */
export const TOTAL_PAYOUTS: Record<number, number> = {
  4: 60,
  5: 30,
  6: 17,
  7: 12,
  8: 8,
  9: 6,
  10: 6,
  11: 6,
  12: 6,
  13: 8,
  14: 12,
  15: 17,
  16: 30,
  17: 60,
}

// Plinko's risk levels, baccarat's and andar bahar's bet sides.
export const PLINKO_RISKS = ['low', 'medium', 'high'] as const
export const BACCARAT_SIDES = ['player', 'banker', 'tie'] as const
export const ANDAR_BAHAR_SIDES = ['andar', 'bahar'] as const
