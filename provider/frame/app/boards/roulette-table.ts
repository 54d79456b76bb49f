import { DOUBLE_ZERO } from '#provider/games/engines/layouts.ts'

// The roulette betting table: where each bet sits on the layout, and the bets a player has put
// down before a spin. Pure data, shared by the game client (frame.tsx), the live table
// (live-frame.tsx) and their actions, which stage bets without JavaScript exactly as the
// browser does with it.

export type Wheel = 'european' | 'french' | 'american'
export type InsideType = 'straight' | 'split' | 'street' | 'corner' | 'line' | 'trio' | 'basket'
export type OutsideType =
  'dozen1' | 'dozen2' | 'dozen3' | 'column1' | 'column2' | 'column3' | 'low' | 'even' | 'red' | 'black' | 'odd' | 'high'
export type SpotType = InsideType | OutsideType

/**
 * A place on the table to put chips: its bet, and where it is drawn. The layout is a grid along
 * two axes: the long one (track 1 the zero, tracks 2–13 the twelve streets, 14 the columns'
 * "2 to 1") and the short one in half rows (tracks 1–6 the rows of numbers, 3, 2 and 1 of each
 * street, two tracks each, so that 00 and 0 can share the zeros' three rows; 7 the dozens; 8 the
 * even chances). A wide frame lays the long axis across, a narrow one down.
 * A cell is a box of the grid; a line spot (split, street, corner, six line, trio, first
 * numbers) sits on the lines between the numbers, at `at` = [long, short] in units of one
 * number's box, from the zero's top corner.
 */
export type Spot = {
  /** 'split:17-18': the bet type and the numbers it covers (37 is 00). */
  id: string
  type: SpotType
  numbers: number[]
  cell?: { long: number; short: number; longSpan: number; shortSpan: number }
  at?: [number, number]
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)
const spotId = (type: SpotType, numbers: number[]) => `${type}:${numbers.join('-')}`
const line = (type: InsideType, numbers: number[], at: [number, number]): Spot => ({
  id: spotId(type, numbers),
  type,
  numbers,
  at,
})
const box = (type: SpotType, numbers: number[], long: number, short: number, longSpan = 1, shortSpan = 1): Spot => ({
  id: spotId(type, numbers),
  type,
  numbers,
  cell: { long, short, longSpan, shortSpan },
})

/** A number's street (0–11) and row (0 for the top row of 3, 6 … 36; 2 for 1, 4 … 34). */
const streetOf = (n: number) => Math.floor((n - 1) / 3)
const rowOf = (n: number) => 2 - ((n - 1) % 3)

/** The short axis's tracks: six half rows of numbers, the dozens, the even chances. */
export const SHORT_TRACKS = 8

export const pocketName = (n: number) => (n === DOUBLE_ZERO ? '00' : String(n))

/** Every spot of a wheel's table, in reading order: the zeros, the numbers, then the outside bets. */
export function tableSpots(wheel: Wheel): Spot[] {
  const american = wheel === 'american'
  const spots: Spot[] = american
    ? [box('straight', [DOUBLE_ZERO], 1, 1, 1, 3), box('straight', [0], 1, 4, 1, 3)]
    : [box('straight', [0], 1, 1, 1, 6)]
  // The zeros' edge along the first street: splits, trios and the first numbers.
  if (american)
    spots.push(
      line('split', [0, DOUBLE_ZERO], [0.5, 1.5]),
      line('split', [DOUBLE_ZERO, 3], [1, 0.5]),
      line('trio', [DOUBLE_ZERO, 2, 3], [1, 1]),
      line('split', [DOUBLE_ZERO, 2], [1, 1.25]),
      line('trio', [0, DOUBLE_ZERO, 2], [1, 1.5]),
      line('split', [0, 2], [1, 1.75]),
      line('trio', [0, 1, 2], [1, 2]),
      line('split', [0, 1], [1, 2.5]),
      line('basket', [0, DOUBLE_ZERO, 1, 2, 3], [1, 3]),
    )
  else
    spots.push(
      line('split', [0, 3], [1, 0.5]),
      line('trio', [0, 2, 3], [1, 1]),
      line('split', [0, 2], [1, 1.5]),
      line('trio', [0, 1, 2], [1, 2]),
      line('split', [0, 1], [1, 2.5]),
      line('basket', [0, 1, 2, 3], [1, 3]),
    )
  for (const street of range(0, 11)) {
    for (const n of [3, 2, 1].map((k) => 3 * street + k)) {
      const [long, row] = [streetOf(n) + 1, rowOf(n)]
      spots.push(box('straight', [n], long + 1, 2 * row + 1, 1, 2))
      // The line to the right of n (to the next street), and the one below it (to n - 1).
      if (n <= 33) spots.push(line('split', [n, n + 3], [long + 1, row + 0.5]))
      if (n % 3 !== 1) {
        spots.push(line('split', [n - 1, n], [long + 0.5, row + 1]))
        if (n <= 33) spots.push(line('corner', [n - 1, n, n + 2, n + 3], [long + 1, row + 1]))
      }
    }
    spots.push(line('street', range(3 * street + 1, 3 * street + 3), [street + 1.5, 3]))
    if (street < 11) spots.push(line('line', range(3 * street + 1, 3 * street + 6), [street + 2, 3]))
  }
  for (const c of [3, 2, 1]) spots.push(box(`column${c}` as OutsideType, [], 14, 2 * (3 - c) + 1, 1, 2))
  for (const d of [1, 2, 3]) spots.push(box(`dozen${d}` as OutsideType, [], 2 + 4 * (d - 1), 7, 4))
  ;(['low', 'even', 'red', 'black', 'odd', 'high'] as const).forEach((type, i) =>
    spots.push(box(type, [], 2 + 2 * i, 8, 2)),
  )
  return spots
}

/** A chip put on a spot, as a hidden field of the bet form keeps it: 'split:17-18:100' (cents). */
export type Placed = { spot: string; amount: number }
export const encodePlaced = (p: Placed) => `${p.spot}:${p.amount}`
export function decodePlaced(value: string): Placed | null {
  const m = /^([a-z0-9]{3,8}:[\d-]{0,20}):(\d{1,12})$/.exec(value)
  return m ? { spot: m[1]!, amount: Number(m[2]) } : null
}

/** The most bets (spots) one spin takes: the game server refuses more. */
export const MAX_SPOTS = 60
/** The most chips kept on the table (an undo history longer than this is of no use). */
const MAX_PLACED = 200

/** The bets of a spin: one per spot, its chips added up, in the order the spots were first used. */
export function betsOf(placed: Placed[]) {
  const bySpot = new Map<string, number>()
  for (const p of placed) bySpot.set(p.spot, (bySpot.get(p.spot) ?? 0) + p.amount)
  return [...bySpot].map(([spot, amount]) => {
    const [type, numbers] = spot.split(':') as [string, string]
    return { type, numbers: numbers ? numbers.split('-').map(Number) : [], amount }
  })
}

export const totalOf = (placed: Placed[]) => placed.reduce((sum, p) => sum + p.amount, 0)

/** What the table says when a chip cannot go down: too many spots, or the round's limit. */
export type StageRefusal = { code: 'too_many_spots' } | { code: 'over_limit'; max: number }

/**
 * A change to the chips on the table: a chip on a spot, the last chip taken back, or all of
 * them. A chip that would pass the round's highest stake or use a 61st spot stays off.
 */
export function stage(
  placed: Placed[],
  op: { add: Placed } | { undo: true } | { clear: true },
  maxStake: number,
): { placed: Placed[]; refusal?: StageRefusal } {
  if ('clear' in op) return { placed: [] }
  if ('undo' in op) return { placed: placed.slice(0, -1) }
  const spots = new Set(placed.map((p) => p.spot))
  if (!spots.has(op.add.spot) && spots.size >= MAX_SPOTS) return { placed, refusal: { code: 'too_many_spots' } }
  if (placed.length >= MAX_PLACED) return { placed, refusal: { code: 'too_many_spots' } }
  if (totalOf(placed) + op.add.amount > maxStake) return { placed, refusal: { code: 'over_limit', max: maxStake } }
  return { placed: [...placed, op.add] }
}

/**
 * The chips of a posted bet form ('bet' fields), with the change its pressed button asks for
 * ('stage' = 'add:<spot>' with the chosen 'chip', 'undo' or 'clear'), as the browser would do it
 * with JavaScript. Unknown spots and malformed fields are dropped: the game server checks the bets.
 */
export function stageFromForm(form: FormData, spots: ReadonlySet<string>) {
  const placed = form
    .getAll('bet')
    .map((v) => decodePlaced(String(v)))
    .filter((p): p is Placed => p !== null && spots.has(p.spot) && p.amount > 0)
    .slice(0, MAX_PLACED)
  const action = String(form.get('stage') ?? '')
  const maxStake = Number(form.get('maxStake')) || Number.MAX_SAFE_INTEGER
  // The chip value stays chosen on the page the action answers.
  const value = Number(form.get('chip'))
  const chip = Number.isSafeInteger(value) && value > 0 ? value : undefined
  const spot = action.startsWith('add:') ? action.slice(4) : ''
  const staged =
    action === 'undo'
      ? stage(placed, { undo: true }, maxStake)
      : action === 'clear'
        ? stage(placed, { clear: true }, maxStake)
        : chip && spots.has(spot)
          ? stage(placed, { add: { spot, amount: chip } }, maxStake)
          : { placed }
  return { ...staged, chip }
}

/** A spot's centre on a table laid out across: [long, short] in a number's box. */
function centreOf(spot: Spot): [number, number] {
  if (spot.at) return spot.at
  const { long, short, longSpan, shortSpan } = spot.cell!
  return [long - 1 + longSpan / 2, (short - 1) / 2 + shortSpan / 4]
}

export type Direction = 'left' | 'right' | 'up' | 'down'

/**
 * The spot an arrow key moves to from `from`: the nearest one that way, favouring those in line
 * with it (every spot can be reached, the lines between the numbers too). `across` says how the
 * table is laid out: along the screen (the long axis to the right) or down it (the long axis
 * down, the 1-2-3 street on top). Null at the table's edge.
 */
export function spotTowards(spots: readonly Spot[], from: Spot, direction: Direction, across: boolean) {
  // The screen's direction in the table's axes [long, short].
  const steps: Record<Direction, [number, number]> = across
    ? { right: [1, 0], left: [-1, 0], down: [0, 1], up: [0, -1] }
    : { down: [1, 0], up: [-1, 0], left: [0, 1], right: [0, -1] }
  const [dl, ds] = steps[direction]
  const [fl, fs] = centreOf(from)
  let best: Spot | null = null
  let bestScore = Number.POSITIVE_INFINITY
  for (const spot of spots) {
    const [l, s] = centreOf(spot)
    const along = (l - fl) * dl + (s - fs) * ds
    if (along <= 0.01) continue
    const aside = Math.abs((l - fl) * ds - (s - fs) * dl)
    const score = along + 2 * aside
    if (score < bestScore) [best, bestScore] = [spot, score]
  }
  return best
}
