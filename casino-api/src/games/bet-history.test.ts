// Bet History merges the built-in provider's rounds (read a stretch at a time over HTTP) with
// another provider's (the casino's own wallet records): every page of the merge must be the page
// of the two lists sorted together, whatever their sizes, ties and the page asked for.
import { expect, test } from 'vitest'
import { mergedPage } from './bet-history.ts'

type Row = { id: string; createdAt: string }

/** A list of `n` rows newest first, with times drawn from few values so that ties are common. */
function newestFirst(prefix: string, n: number, random: () => number): Row[] {
  const times = Array.from({ length: n }, () => Math.floor(random() * 40))
  return times
    .sort((x, y) => y - x)
    .map((t, i) => ({ id: `${prefix}${i}`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, t)).toISOString() }))
}

/** A seeded generator, so a failure names the case that found it. */
function generator(seed: number) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}

/** The two lists sorted together: newest first, the own list's rows first among equal times, each list's order kept. */
function sortedTogether(own: Row[], others: Row[]) {
  const tagged = [...own.map((row, i) => ({ row, source: 0, i })), ...others.map((row, i) => ({ row, source: 1, i }))]
  return tagged
    .sort((x, y) => Date.parse(y.row.createdAt) - Date.parse(x.row.createdAt) || x.source - y.source || x.i - y.i)
    .map((t) => t.row)
}

test('every page of the merge is that page of both lists sorted together, reading only the stretch it needs', async () => {
  for (let seed = 1; seed <= 400; seed++) {
    const random = generator(seed)
    const own = newestFirst('own', Math.floor(random() * 60), random)
    const others = newestFirst('other', Math.floor(random() * 25), random)
    const all = sortedTogether(own, others)
    const size = 1 + Math.floor(random() * 12)
    for (let page = 1; page <= Math.ceil(all.length / size) + 1; page++) {
      const offset = (page - 1) * size
      const reads: number[] = []
      const rows = await mergedPage(
        others.slice(0, offset + size),
        async (start, count) => {
          reads.push(count)
          return own.slice(start, start + count)
        },
        offset,
        size,
      )
      expect(
        rows.map((r) => r.id),
        `seed ${seed}, page ${page} of ${size}`,
      ).toEqual(all.slice(offset, offset + size).map((r) => r.id))
      // However deep the page, the own list is read once, for at most the other rows plus a page.
      expect(reads).toHaveLength(1)
      expect(reads[0]).toBeLessThanOrEqual(Math.min(offset, others.length) + size)
    }
  }
})
