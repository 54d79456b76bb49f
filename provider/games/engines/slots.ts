/**
 * The slot engine: one data-driven engine for every slot title (3-reel classics and 5-reel video
 * slots). A configuration gives the reel strips, the visible rows, the paylines, the paytable,
 * an optional wild (it stands for any symbol but the scatter, and pays on its own) and an
 * optional scatter (pays anywhere on the screen, times the total stake, and awards free spins).
 *
 * A spin draws one stop per reel, left to right: rng.int(strip length); the screen shows the
 * stop and the next rows-1 symbols of each strip (wrapping). A line pays the longest run from
 * the left of one symbol (wilds joining it), times the line bet; a run of wilds alone pays as
 * wilds when that is worth more. Free spins are played at once, in the same round, with the
 * same line bet and the next draws of the stream; their wins are multiplied by the scatter's
 * multiplier and they award no more free spins (so the return has a closed form, below).
 *
 * Return to player, exactly: the symbol at any one row of a reel is distributed as the strip's
 * symbols (the stop is uniform), and reels are independent, so every line has the same
 * expected multiple E[line] of the line bet, computed by enumerating the symbol tuples; the
 * scatter's count is the sum of independent per-reel counts. A base spin returns
 * R = E[line] + E[scatter pay], a spin with its free spins R × (1 + m × E[free spins]).
 */
import { z } from 'zod'
import type { GameEngine } from '../engine.ts'

export type SlotConfig = {
  rows: number
  /** The strips, one per reel: symbol ids. */
  reels: string[][]
  /** Each line names one row per reel. */
  lines: number[][]
  /** Multiples of the line bet by run length, e.g. { seven: { 3: 100 } }. */
  pays: Record<string, Partial<Record<number, number>>>
  wild?: string
  scatter?: {
    symbol: string
    /** Multiples of the total stake by how many show anywhere. */
    pays: Partial<Record<number, number>>
    freeSpins: Partial<Record<number, number>>
    /** Free spins' wins are multiplied by this. */
    multiplier: number
  }
}

export const SlotBet = z.object({
  lineBet: z.number({ error: 'invalid_value' }).int('invalid_value').min(1, 'invalid_value'),
})
export type SlotBet = z.infer<typeof SlotBet>

export type LineWin = { line: number; symbol: string; count: number; win: number }
export type Spin = {
  stops: number[]
  /** screen[reel][row] */
  screen: string[][]
  lineWins: LineWin[]
  scatterCount: number
  scatterWin: number
  freeSpinsAwarded: number
  /** This spin's whole win (multiplier included). */
  win: number
  free: boolean
}
export type SlotState = { spins: Spin[] }

/** The best pay of one line's symbols, as a multiple of the line bet, with its symbol and run. */
export function linePay(
  config: SlotConfig,
  symbols: readonly string[],
): { symbol: string; count: number; mult: number } | null {
  const { wild, pays } = config
  const scatter = config.scatter?.symbol
  let wilds = 0
  while (wilds < symbols.length && symbols[wilds] === wild) wilds++
  let best: { symbol: string; count: number; mult: number } | null = null
  if (wild && wilds > 0 && pays[wild]?.[wilds]) best = { symbol: wild, count: wilds, mult: pays[wild][wilds]! }
  const first = symbols[wilds]
  if (first !== undefined && first !== scatter) {
    let count = wilds + 1
    while (count < symbols.length && (symbols[count] === first || symbols[count] === wild)) count++
    const mult = pays[first]?.[count]
    if (mult && (!best || mult > best.mult)) best = { symbol: first, count, mult }
  }
  return best
}

const screenAt = (config: SlotConfig, stops: number[]) =>
  config.reels.map((reel, r) => Array.from({ length: config.rows }, (_, row) => reel[(stops[r]! + row) % reel.length]!))

/** One spin from given stops (the tests and the verification use it too). */
export function spinAt(config: SlotConfig, stops: number[], lineBet: number, free: boolean): Spin {
  const screen = screenAt(config, stops)
  const factor = free ? (config.scatter?.multiplier ?? 1) : 1
  const lineWins: LineWin[] = []
  config.lines.forEach((rows, line) => {
    const pay = linePay(
      config,
      rows.map((row, reel) => screen[reel]![row]!),
    )
    if (pay) lineWins.push({ line, symbol: pay.symbol, count: pay.count, win: pay.mult * lineBet * factor })
  })
  const stake = lineBet * config.lines.length
  const scatterCount = config.scatter ? screen.flat().filter((s) => s === config.scatter!.symbol).length : 0
  const scatterWin = config.scatter ? (config.scatter.pays[scatterCount] ?? 0) * stake * factor : 0
  const freeSpinsAwarded = config.scatter && !free ? (config.scatter.freeSpins[scatterCount] ?? 0) : 0
  const win = lineWins.reduce((sum, w) => sum + w.win, 0) + scatterWin
  return { stops, screen, lineWins, scatterCount, scatterWin, freeSpinsAwarded, win, free }
}

const stakeOf = (config: SlotConfig, bet: SlotBet) => bet.lineBet * config.lines.length

export const slotEngine: GameEngine<SlotConfig, SlotBet, never, SlotState> = {
  kind: 'slots',
  bet: SlotBet,
  checkBet(config, bet, limits) {
    const stake = stakeOf(config, bet)
    return stake < limits.minBet || stake > limits.maxBet ? { lineBet: 'amount_out_of_range' } : null
  },
  stakeOf,
  start(config, bet, rng) {
    const draw = () => config.reels.map((reel) => rng.int(reel.length))
    const spins = [spinAt(config, draw(), bet.lineBet, false)]
    for (let i = 0; i < spins[0]!.freeSpinsAwarded; i++) spins.push(spinAt(config, draw(), bet.lineBet, true))
    return { state: { spins }, stake: stakeOf(config, bet), win: spins.reduce((sum, s) => sum + s.win, 0) }
  },
  view: (_config, state) => state,
  rtp: (config) => slotReturn(config).rtp,
  maxMultiplier: (config) => slotMaxMultiplier(config),
}

/** Per reel: the probability of each symbol at one row. */
const symbolOdds = (reel: string[]) => {
  const odds = new Map<string, number>()
  for (const s of reel) odds.set(s, (odds.get(s) ?? 0) + 1 / reel.length)
  return [...odds]
}

const memo = new WeakMap<SlotConfig, ReturnType<typeof computeReturn>>()
/** The exact return of a configuration (see the header), memoized per configuration object. */
export function slotReturn(config: SlotConfig) {
  let found = memo.get(config)
  if (!found) memo.set(config, (found = computeReturn(config)))
  return found
}

function computeReturn(config: SlotConfig) {
  // E[line]: every tuple of symbols, one per reel, with its probability.
  const perReel = config.reels.map(symbolOdds)
  let line = 0
  const walk = (reel: number, symbols: string[], p: number) => {
    if (reel === perReel.length) {
      line += p * (linePay(config, symbols)?.mult ?? 0)
      return
    }
    for (const [s, q] of perReel[reel]!) walk(reel + 1, [...symbols, s], p * q)
  }
  walk(0, [], 1)
  // The scatter's count on the screen: per reel, the distribution of how many show.
  let counts = [1]
  if (config.scatter) {
    for (const reel of config.reels) {
      const dist = Array.from({ length: config.rows + 1 }, () => 0)
      for (let stop = 0; stop < reel.length; stop++) {
        let n = 0
        for (let row = 0; row < config.rows; row++) if (reel[(stop + row) % reel.length] === config.scatter.symbol) n++
        dist[n]! += 1 / reel.length
      }
      const next = Array.from({ length: counts.length + config.rows }, () => 0)
      counts.forEach((a, i) => dist.forEach((b, j) => (next[i + j]! += a * b)))
      counts = next
    }
  }
  const scatterPay = counts.reduce((sum, p, n) => sum + p * (config.scatter?.pays[n] ?? 0), 0)
  const freeSpins = counts.reduce((sum, p, n) => sum + p * (config.scatter?.freeSpins[n] ?? 0), 0)
  const base = line + scatterPay
  const multiplier = config.scatter?.multiplier ?? 1
  return {
    /** Expected multiple of the line bet per line. */
    line,
    /** Expected multiple of the stake from scatters, per base spin. */
    scatterPay,
    /** Expected free spins per base spin. */
    freeSpins,
    rtp: base * (1 + multiplier * freeSpins),
    /** The chance that a base spin awards free spins. */
    freeSpinChance: counts.reduce((sum, p, n) => sum + (config.scatter?.freeSpins[n] ? p : 0), 0),
  }
}

/**
 * Builds a strip from symbol counts, spreading each symbol evenly (the rarest placed first, at
 * equal spacing; a taken slot passes to the next free one), so no symbol bunches up.
 */
export function strip(counts: Record<string, number>): string[] {
  const length = Object.values(counts).reduce((a, b) => a + b, 0)
  const out: (string | undefined)[] = Array.from({ length })
  const order = Object.entries(counts).sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))
  order.forEach(([symbol, n], k) => {
    for (let i = 0; i < n; i++) {
      let at = Math.floor((i * length) / n + k) % length
      while (out[at] !== undefined) at = (at + 1) % length
      out[at] = symbol
    }
  })
  return out as string[]
}

/** The paylines of a 5×3 screen: rows, V shapes, zigzags (the first n). */
export const LINES_5X3 = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 2, 1, 0, 1],
  [1, 0, 1, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 2, 2, 0],
]
/** A 3×3 classic's lines: the three rows and the two diagonals. */
export const LINES_3X3 = [
  [1, 1, 1],
  [0, 0, 0],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
]

const maxMemo = new WeakMap<SlotConfig, number>()
/**
 * The most a round can pay, as a multiple of its stake, exactly: the best base spin (its lines
 * and its scatter pay, and as many free spins as its scatters award, each as good as the best
 * spin there is, times the multiplier). Memoized per configuration object.
 */
export function slotMaxMultiplier(config: SlotConfig): number {
  let found = maxMemo.get(config)
  if (found === undefined) maxMemo.set(config, (found = computeMax(config)))
  return found
}

/**
 * The best screen by branch and bound over the reels, left to right (line runs start on the
 * left, so the first reels decide most). Every prefix of a line's symbols is a node of a trie
 * that knows the best pay any completion of it can reach; a branch is dropped when its lines'
 * best completions plus the best scatter outcome still reachable cannot beat the best screen
 * found. `extra(n)` is what n scatters on the screen add, in line bets.
 */
function computeMax(config: SlotConfig): number {
  const reels = config.reels.length
  const lineCount = config.lines.length
  const symbols = [...new Set(config.reels.flat())]
  const index = new Map(symbols.map((s, i) => [s, i]))
  // The trie: node 0 is the empty prefix; children[node × S + symbol], best[node].
  const S = symbols.length
  const onReel = config.reels.map((reel) => [...new Set(reel)].map((s) => index.get(s)!))
  let size = 1
  for (let r = 0, level = 1; r < reels; r++) size += level *= onReel[r]!.length
  const children = new Int32Array(size * S)
  const best = new Float64Array(size)
  let built = 0
  const build = (prefix: string[]): number => {
    const node = built++
    if (prefix.length === reels) {
      best[node] = linePay(config, prefix)?.mult ?? 0
      return node
    }
    for (const s of onReel[prefix.length]!) {
      const child = build([...prefix, symbols[s]!])
      children[node * S + s] = child
      best[node] = Math.max(best[node]!, best[child]!)
    }
    return node
  }
  build([])
  // Each reel's distinct windows: the symbol at each row, and how many scatters it shows.
  const windows = config.reels.map((reel) => {
    const seen = new Map<string, { rows: number[]; scatters: number }>()
    for (let stop = 0; stop < reel.length; stop++) {
      const rows = Array.from({ length: config.rows }, (_, row) => reel[(stop + row) % reel.length]!)
      seen.set(rows.join('\u0000'), {
        rows: rows.map((s) => index.get(s)!),
        scatters: rows.filter((s) => s === config.scatter?.symbol).length,
      })
    }
    return [...seen.values()]
  })
  // The scatter counts the reels from r on can still add.
  const reachable: Set<number>[] = Array.from({ length: reels + 1 }, () => new Set([0]))
  for (let r = reels - 1; r >= 0; r--) {
    reachable[r] = new Set(windows[r]!.flatMap((w) => [...reachable[r + 1]!].map((n) => n + w.scatters)))
  }
  const search = (extra: (scatters: number) => number) => {
    const bestExtra = (scatters: number, r: number) => Math.max(...[...reachable[r]!].map((n) => extra(scatters + n)))
    let top = 0
    const visit = (r: number, nodes: number[], scatters: number) => {
      if (r === reels) {
        top = Math.max(top, nodes.reduce((sum, n) => sum + best[n]!, 0) + extra(scatters))
        return
      }
      const options = windows[r]!.map((w) => {
        const next = config.lines.map((rows, l) => children[nodes[l]! * S + w.rows[rows[r]!]!]!)
        const count = scatters + w.scatters
        return { next, count, bound: next.reduce((sum, n) => sum + best[n]!, 0) + bestExtra(count, r + 1) }
      })
      options.sort((a, b) => b.bound - a.bound)
      for (const o of options) if (o.bound > top) visit(r + 1, o.next, o.count)
    }
    visit(
      0,
      config.lines.map(() => 0),
      0,
    )
    return top
  }
  const scatter = config.scatter
  const scatterPay = (n: number) => (scatter?.pays[n] ?? 0) * lineCount
  const bestSpin = search(scatterPay)
  const freeSpins = (n: number) => (scatter ? (scatter.freeSpins[n] ?? 0) * scatter.multiplier * bestSpin : 0)
  const bestRound = search((n) => scatterPay(n) + freeSpins(n))
  return bestRound / lineCount
}
