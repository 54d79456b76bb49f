import { expect, test } from 'vitest'
import { coveredNumbers, INSIDE, OUTSIDE } from '#provider/games/engines/roulette.ts'
import {
  betsOf,
  decodePlaced,
  type Direction,
  encodePlaced,
  MAX_SPOTS,
  spotTowards,
  stage,
  stageFromForm,
  tableSpots,
  type Wheel,
} from './roulette-table.ts'

// Every bet the game server offers, counted by type: the table must show each once, and no other.
const OFFERED: Record<Wheel, Record<string, number>> = {
  european: { straight: 37, split: 60, street: 12, corner: 22, line: 11, trio: 2, basket: 1 },
  french: { straight: 37, split: 60, street: 12, corner: 22, line: 11, trio: 2, basket: 1 },
  american: { straight: 38, split: 62, street: 12, corner: 22, line: 11, trio: 3, basket: 1 },
}

test.each(['european', 'french', 'american'] as const)(
  'the %s table offers every bet the wheel takes, once',
  (wheel) => {
    const spots = tableSpots(wheel)
    expect(new Set(spots.map((s) => s.id)).size).toBe(spots.length)
    for (const spot of spots)
      expect(coveredNumbers({ wheel }, { type: spot.type, numbers: spot.numbers, amount: 1 }), spot.id).not.toBeNull()
    const count = (type: string) => spots.filter((s) => s.type === type).length
    for (const [type, n] of Object.entries(OFFERED[wheel])) expect(count(type), type).toBe(n)
    for (const type of OUTSIDE) expect(count(type), type).toBe(1)
    expect(INSIDE.length + OUTSIDE.length).toBe(new Set(spots.map((s) => s.type)).size)
  },
)

test('a line spot sits where its numbers meet: its numbers are the boxes around it', () => {
  // Each number's box on the layout, from the table itself.
  const boxes = tableSpots('european').filter((s) => s.type === 'straight' && s.numbers[0]! > 0)
  const around = ([long, short]: [number, number]) =>
    boxes
      .filter(({ cell }) => {
        const [l0, s0] = [cell!.long - 1, (cell!.short - 1) / 2]
        return long >= l0 && long <= l0 + 1 && short >= s0 && short <= s0 + 1
      })
      .map((s) => s.numbers[0]!)
      .sort((a, b) => a - b)
  for (const spot of tableSpots('european').filter((s) => s.at && !s.numbers.includes(0))) {
    const covered = around(spot.at!)
    // A street's or a six line's spot is on the table's edge: it touches the first row of its numbers.
    if (spot.type === 'street' || spot.type === 'line') expect(spot.numbers.filter((n) => n % 3 === 1)).toEqual(covered)
    else expect(covered, spot.id).toEqual([...spot.numbers].sort((a, b) => a - b))
  }
})

test('chips on one spot make one bet; undo takes back the last chip; clear takes all', () => {
  let placed = [{ spot: 'red:', amount: 100 }]
  placed = stage(placed, { add: { spot: 'split:17-18', amount: 50 } }, 10_000).placed
  placed = stage(placed, { add: { spot: 'red:', amount: 200 } }, 10_000).placed
  expect(betsOf(placed)).toEqual([
    { type: 'red', numbers: [], amount: 300 },
    { type: 'split', numbers: [17, 18], amount: 50 },
  ])
  expect(betsOf(stage(placed, { undo: true }, 10_000).placed)).toEqual([
    { type: 'red', numbers: [], amount: 100 },
    { type: 'split', numbers: [17, 18], amount: 50 },
  ])
  expect(stage(placed, { clear: true }, 10_000).placed).toEqual([])
})

test('a chip past the round limit or on a 61st spot stays off the table, with the reason', () => {
  const placed = [{ spot: 'red:', amount: 900 }]
  expect(stage(placed, { add: { spot: 'black:', amount: 200 } }, 1000)).toEqual({
    placed,
    refusal: { code: 'over_limit', max: 1000 },
  })
  const full = tableSpots('european')
    .slice(0, MAX_SPOTS)
    .map((s) => ({ spot: s.id, amount: 1 }))
  expect(stage(full, { add: { spot: 'high:', amount: 1 } }, 10_000).refusal).toEqual({ code: 'too_many_spots' })
  // One more chip on a spot already in play is fine.
  expect(stage(full, { add: { spot: full[0]!.spot, amount: 1 } }, 10_000).placed).toHaveLength(MAX_SPOTS + 1)
})

test('a posted form stages as the browser does, and drops what is not a chip on the table', () => {
  const spots = new Set(tableSpots('european').map((s) => s.id))
  const form = new FormData()
  for (const v of ['red::100', 'split:17-18:50', 'split:1-36:50', 'red::-5', 'red::1e3', 'x'.repeat(5000)])
    form.append('bet', v)
  form.set('stage', 'add:corner:1-2-4-5')
  form.set('chip', '20')
  form.set('maxStake', '10000')
  expect(stageFromForm(form, spots).placed.map(encodePlaced)).toEqual([
    'red::100',
    'split:17-18:50',
    'corner:1-2-4-5:20',
  ])
  form.set('stage', 'add:corner:1-2-3-4')
  expect(stageFromForm(form, spots).placed).toHaveLength(2)
  expect(decodePlaced('straight:0:100')).toEqual({ spot: 'straight:0', amount: 100 })
})

test('arrow keys walk the table through the numbers and the lines between them, both ways it is laid out', () => {
  const spots = tableSpots('european')
  const byId = (id: string) => spots.find((s) => s.id === id)!
  const walk = (from: string, keys: Direction[], across: boolean) =>
    keys.reduce((at, key) => spotTowards(spots, at, key, across) ?? at, byId(from)).id
  // Across: 17's right neighbour is 20, past the line between them; below it is 16.
  expect(walk('straight:17', ['right'], true)).toBe('split:17-20')
  expect(walk('straight:17', ['right', 'right'], true)).toBe('straight:20')
  expect(walk('straight:17', ['down', 'down'], true)).toBe('straight:16')
  expect(walk('straight:16', ['down', 'down'], true)).toBe('dozen2:')
  expect(walk('straight:3', ['left', 'left'], true)).toBe('straight:0')
  // Down the screen: 17's right neighbour is 18, and below it is 20.
  expect(walk('straight:17', ['right', 'right'], false)).toBe('straight:18')
  expect(walk('straight:17', ['down', 'down'], false)).toBe('straight:20')
  // Every spot is reached from the zero, both ways.
  for (const across of [true, false]) {
    const seen = new Set<string>(['straight:0'])
    const queue = ['straight:0']
    while (queue.length) {
      const at = byId(queue.pop()!)
      for (const key of ['left', 'right', 'up', 'down'] as const) {
        const next = spotTowards(spots, at, key, across)
        if (next && !seen.has(next.id)) {
          seen.add(next.id)
          queue.push(next.id)
        }
      }
    }
    expect(seen.size).toBe(spots.length)
  }
})
