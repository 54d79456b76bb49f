// `npm run bench:spin`: how smoothly a round of each kind of game plays on a slow machine (issue 24,
// "Budgets, measured and printed"). Builds the casino (unless skipped), starts it (scripts/bench-support.ts;
// the slot minimum round duration stays at its default), and opens each game's demo page in en at
// 1280 px in Debian's Chromium: a slot (Ember Crown), European roulette (a chip on red), blackjack
// (dealt, then stood on if it waits for a move), keno (five numbers), dice, Star Drop and the
// Lucky Clover scratch card. Once the game's frame is ready its renderer runs 4× slower (DevTools
// CPU throttling, on the frame's own process when it has one; the slow-down is measured with a
// fixed loop in the frame and printed), and the frame watches its own long tasks and layout
// shifts while one round plays: from the press (made as a hand makes it: the pointer on the button
// first, held down 80 ms) to the result line shown with the motion over
// (the last round's section no longer busy). The same frame then stays idle for as long, under the
// same throttling: the baseline, which shows what the machine alone adds. Prints one table of
// medians (round duration, long tasks over 50 ms, the longest, total blocking time, CLS, each
// beside the idle baseline) and a verdict per game against the targets: no long task over 50 ms
// and no layout shift. Then what was seen in any run: each long task's attribution and each
// shifted element. Exits non-zero only when a game cannot be measured.
//
// BENCH_RUNS (rounds per game, default 3: the median of each figure is shown, the machine being
// noisy), BENCH_SKIP_BUILD=1 (reuse build/ and bench/bare-app/build/), BENCH_GAMES=a,b (only the
// games whose id contains one of them), BENCH_TRACE=dir (also write a Chromium trace of each game's
// first round there, for the DevTools Performance panel: what the long tasks ran; tracing slows
// that round a little), CHROMIUM (default /usr/bin/chromium).
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type CDPSession, type Frame, type FrameLocator, type Page } from 'playwright-core'
import { resources } from '#locales/index.ts'
import { putChips } from '#tests/setup/roulette.ts'
import { buildUnlessSkipped, loadAverage, measureEach, printTable, startSites } from './bench-support.ts'

const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3))
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium'
const traces = process.env.BENCH_TRACE
if (traces) mkdirSync(traces, { recursive: true })
const CPU_SLOWDOWN = 4
/** A task longer than this blocks input (the Long Tasks API's threshold and TBT's). */
const LONG_TASK_MS = 50
/**
 * How long the watch goes on after the result shows: the frames that draw the round's end (and
 * any shift they make) come after the change that ends it.
 */
const TAIL_MS = 500
/** A press as a person makes it: the pointer on the button this long first, then held down this long. */
const POINTER_SETTLES_MS = 150
const PRESS_MS = 80
const t = resources.en.translation.games

type Play = { frame: Frame; frames: FrameLocator }
type Game = {
  id: string
  kind: string
  /** What a player does before the round (not measured): chips on the table, numbers marked. */
  prepare?: (play: Play) => Promise<void>
  /** Starts the round and makes any move it waits for; `ended` settles when the round is over. */
  play: (play: Play, ended: Promise<unknown>) => Promise<void>
}

/**
 * Presses a button of the frame with the mouse, at its centre, as a person does: the pointer comes
 * onto it first, then a press of 80 ms. (Moved, pressed and released at once, the inputs queue and
 * Chromium handles the hover's, the press's and the click's work in one task, which no hand makes.)
 * Not Playwright's locator click: that one checks the hit target from inside the input's own task,
 * which would be measured with the round.
 */
async function press({ frame }: Play, name: string) {
  const box = await frame.getByRole('button', { name, exact: true }).boundingBox()
  if (!box) throw new Error(`no button ${name} in view`)
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2]
  const mouse = frame.page().mouse
  await mouse.move(x, y)
  await frame.page().waitForTimeout(POINTER_SETTLES_MS)
  await mouse.click(x, y, { delay: PRESS_MS })
}

/** A round that is one press of a button. */
const pressing = (name: string) => (play: Play) => press(play, name)

/** Waits inside the frame (no polling from here, which would add tasks) until a button named `name` can be pressed. */
const enabledButton = (frame: Frame, name: string) =>
  frame.evaluate(
    (label) =>
      new Promise<void>((resolve) => {
        const check = () => {
          const found = [...document.querySelectorAll('button')].some((b) => b.textContent === label && !b.disabled)
          if (!found) return
          observer.disconnect()
          resolve()
        }
        const observer = new MutationObserver(check)
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: ['disabled'],
        })
        check()
      }),
    name,
  )

const GAMES: Game[] = [
  { id: 'ember-crown', kind: 'slot', play: pressing(t.frame.spin) },
  {
    id: 'european-roulette',
    kind: 'roulette',
    prepare: ({ frames }) => putChips(frames, '1.00 Fichas', [t.table.spots.red]),
    play: pressing(t.frame.place),
  },
  {
    id: 'blackjack',
    kind: 'blackjack',
    play: async (play, ended) => {
      await press(play, t.frame.deal)
      // The round either ends on the deal (a blackjack) or waits for a move: one hand, stood on.
      const stand = t.blackjack.moves.stand
      const move = await Promise.race([enabledButton(play.frame, stand).then(() => 'stand' as const), ended])
      if (move === 'stand') await press(play, stand)
    },
  },
  {
    id: 'classic-keno',
    kind: 'keno',
    prepare: async ({ frame }) => {
      for (const n of [3, 17, 42, 66, 79]) await frame.getByRole('checkbox', { name: String(n), exact: true }).check()
    },
    play: pressing(t.frame.draw),
  },
  { id: 'dice', kind: 'dice', play: pressing(t.frame.roll) },
  { id: 'star-drop', kind: 'plinko', play: pressing(t.frame.drop) },
  { id: 'lucky-clover', kind: 'scratch card', play: pressing(t.frame.scratch) },
]

/** What the frame's observers saw, written down inside the frame (times on its own clock). */
type Seen = {
  tasks: { start: number; duration: number; name: string; container: string }[]
  shifts: { start: number; value: number; hadRecentInput: boolean; sources: string[] }[]
}
type Window = { start: number; end: number }
type Figures = { tasks: number; longest: number; tbt: number; cls: number }
type RunFigures = { durationMs: number; round: Figures; idle: Figures; slowdown: number }

/** The frame's longtask and layout-shift observers (buffered: nothing the frame did is missed). */
function observe() {
  const seen: Seen = { tasks: [], shifts: [] }
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & {
      attribution?: { containerType: string; containerSrc: string }[]
    })[])
      seen.tasks.push({
        start: e.startTime,
        duration: e.duration,
        name: e.name,
        container: (e.attribution ?? [])
          .map((a) => `${a.containerType}${a.containerSrc ? ` ${a.containerSrc}` : ''}`)
          .join(', '),
      })
  }).observe({ type: 'longtask', buffered: true })
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & {
      value: number
      hadRecentInput: boolean
      sources?: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[]
    })[])
      seen.shifts.push({
        start: e.startTime,
        value: e.value,
        hadRecentInput: e.hadRecentInput,
        // Each shifted element by its tag and label (or its text's start: the class names are
        // hashed), with its box before and after.
        sources: (e.sources ?? []).map(({ node, previousRect, currentRect }) => {
          const name =
            node instanceof Element
              ? `${node.tagName.toLowerCase()} "${(node.getAttribute('aria-label') ?? node.textContent ?? '').trim().slice(0, 32)}"`
              : (node?.nodeName ?? '(removed)')
          const boxes = [previousRect, currentRect].map(
            (r) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`,
          )
          return `${name} ${boxes.join(' → ')}`
        }),
      })
  }).observe({ type: 'layout-shift', buffered: true })
  Object.assign(window, { benchSeen: seen })
}

/**
 * Watches the frame for the round's end, from now: the last round's section not busy with its
 * result line there, after it has been busy or without a result (the round under way). Settles
 * with the time of the first click in the frame, the end, and the end of the watch, TAIL_MS later.
 * Light on purpose, not to add to the tasks it measures: only the section's aria-busy and its
 * children are observed, and the line's visibility (which needs a layout) is checked in the next
 * animation frame, where the frame lays out anyway.
 */
function watchRound({ section, tailMs }: { section: string; tailMs: number }) {
  let clicked = -1
  addEventListener('pointerdown', (e) => (clicked = clicked < 0 ? e.timeStamp : clicked), { capture: true })
  const region = document.querySelector(`section[aria-label="${section}"]`)
  if (!region) throw new Error(`no section ${section}`)
  let underWay = false
  const ended = new Promise<{ clicked: number; end: number; tailEnd: number }>((resolve) => {
    const check = () => {
      const line = region.querySelector('[aria-live] > p')
      const atRest = region.getAttribute('aria-busy') === 'false' && line
      if (!atRest) underWay = true
      if (!(atRest && underWay)) return
      const end = performance.now()
      requestAnimationFrame(() => {
        if (!line.isConnected || !line.checkVisibility()) return
        observer.disconnect()
        setTimeout(() => resolve({ clicked, end, tailEnd: performance.now() }), tailMs)
      })
    }
    const observer = new MutationObserver(check)
    observer.observe(region, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy'] })
    check()
  })
  Object.assign(window, { benchRound: ended })
}

/** A fixed amount of work in the frame, timed there: how much slower its renderer runs. */
function spin() {
  const started = performance.now()
  let x = 0
  for (let i = 0; i < 3_000_000; i++) x += Math.sqrt(i)
  return performance.now() - started + (x < 0 ? 1 : 0)
}

function figuresIn(seen: Seen, { start, end }: Window): Figures {
  const tasks = seen.tasks.filter((task) => task.start < end && task.start + task.duration > start)
  const long = tasks.filter((task) => task.duration > LONG_TASK_MS)
  return {
    tasks: long.length,
    longest: Math.max(0, ...tasks.map((task) => task.duration)),
    tbt: long.reduce((sum, task) => sum + task.duration - LONG_TASK_MS, 0),
    // Only shifts the player did not cause: a shift just after an input is expected.
    cls: seen.shifts
      .filter((shift) => !shift.hadRecentInput && shift.start >= start && shift.start < end)
      .reduce((sum, shift) => sum + shift.value, 0),
  }
}

/** The throttling on the frame's renderer: its own process's (an out-of-process frame), and the page's. */
async function throttle(page: Page, frame: Frame) {
  const sessions: CDPSession[] = [await page.context().newCDPSession(page)]
  let ownProcess = false
  try {
    sessions.push(await page.context().newCDPSession(frame))
    ownProcess = true
  } catch {
    // Not an out-of-process frame: the page's renderer runs it, throttled through the page's session.
  }
  for (const session of sessions) await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  return ownProcess
}

/** What one round of a game looked like in the frame: the figures, and everything the observers saw in the round. */
async function measureRound(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  webUrl: string,
  game: Game,
  trace?: string,
): Promise<RunFigures & { seen: Seen; window: Window; ownProcess: boolean }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  try {
    const page = await context.newPage()
    await page.goto(`${webUrl}/en/casino/${game.id}?mode=demo`, { waitUntil: 'networkidle' })
    const frame = await (await page.locator('iframe').elementHandle())?.contentFrame()
    if (!frame) throw new Error('the game page has no frame')
    const play: Play = { frame, frames: page.frameLocator('iframe') }
    // Ready: hydrated (the sound switch is drawn by the script) and the bet form can be sent.
    await frame.getByRole('button', { name: t.frame.sound }).waitFor()
    await game.prepare?.(play)
    await frame.locator('button[name="intent"][value="play"]').scrollIntoViewIfNeeded()

    await frame.evaluate(spin)
    const unthrottled = await frame.evaluate(spin)
    const ownProcess = await throttle(page, frame)
    const slowdown = (await frame.evaluate(spin)) / unthrottled
    await frame.evaluate(observe)
    // Time for the loop's long task to pass before the round starts.
    await page.waitForTimeout(1000)

    if (trace) await browser.startTracing(page, { path: trace, screenshots: false })
    await frame.evaluate(watchRound, { section: t.frame.lastRound, tailMs: TAIL_MS })
    const ended = frame.evaluate(() => (window as unknown as { benchRound: Promise<unknown> }).benchRound)
    await game.play(play, ended)
    const round = (await ended) as { clicked: number; end: number; tailEnd: number }
    if (trace) await browser.stopTracing()
    if (round.clicked < 0) throw new Error('the click did not reach the frame')
    const watched = { start: round.clicked, end: round.tailEnd }
    // The baseline: the same frame idle, as long as the round was watched, after a quiet moment.
    await page.waitForTimeout(1000)
    const idleStart = await frame.evaluate(() => performance.now())
    await page.waitForTimeout(watched.end - watched.start)
    const idleEnd = await frame.evaluate(() => performance.now())
    const seen = await frame.evaluate(() => (window as unknown as { benchSeen: Seen }).benchSeen)
    return {
      durationMs: round.end - round.clicked,
      round: figuresIn(seen, watched),
      idle: figuresIn(seen, { start: idleStart, end: idleEnd }),
      slowdown,
      seen,
      window: watched,
      ownProcess,
    }
  } finally {
    await context.close()
  }
}

function median(values: number[]) {
  const sorted = values.toSorted((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

const medianFigures = (all: Figures[]): Figures => ({
  tasks: median(all.map((f) => f.tasks)),
  longest: median(all.map((f) => f.longest)),
  tbt: median(all.map((f) => f.tbt)),
  cls: median(all.map((f) => f.cls)),
})

const ms = (value: number) => `${value.toFixed(0)} ms`
const label = (game: Game) => `${game.id} (${game.kind})`

buildUnlessSkipped()
const sites = await startSites()
const browser = await chromium.launch({ executablePath: chromiumPath })
let failed = false
try {
  const asked = (process.env.BENCH_GAMES ?? '').split(',')
  const games = GAMES.filter((game) => asked.some((text) => game.id.includes(text)))
  console.log(
    `\nbench:spin — one round per game in its demo frame (en, 1280 px), ${chromiumPath} ${browser.version()}, CPU ${CPU_SLOWDOWN}× slower; median of ${runs} run(s) per game; load average ${loadAverage()} at the start\n`,
  )
  const { results, errors } = await measureEach(games, runs, (game, i) =>
    measureRound(browser, sites.webUrl, game, traces && i === 0 ? join(traces, `${game.id}.json`) : undefined),
  )

  const rows = [
    [
      'game',
      'round',
      'long tasks',
      'longest',
      'TBT',
      'CLS',
      'idle: long tasks',
      'longest',
      'TBT',
      'CLS',
      'CPU',
      'targets',
    ],
  ]
  const verdicts: string[] = []
  const details: string[] = []
  for (const game of games) {
    const error = errors.get(game)
    if (error) {
      failed = true
      rows.push([label(game), ...Array<string>(11).fill('—')])
      verdicts.push(`${label(game)}: could not be measured: ${error}`)
      continue
    }
    const all = results.get(game)!
    const round = medianFigures(all.map((r) => r.round))
    const idle = medianFigures(all.map((r) => r.idle))
    const missed = [
      round.tasks > 0 && `${round.tasks} long task(s), the longest ${ms(round.longest)}, TBT ${ms(round.tbt)}`,
      round.cls > 0 && `CLS ${round.cls.toFixed(4)}`,
    ].filter((m): m is string => typeof m === 'string')
    verdicts.push(`${label(game)}: ${missed.length ? `missed: ${missed.join('; ')}` : 'met'}`)
    rows.push([
      label(game),
      ms(median(all.map((r) => r.durationMs))),
      String(round.tasks),
      ms(round.longest),
      ms(round.tbt),
      round.cls.toFixed(4),
      String(idle.tasks),
      ms(idle.longest),
      ms(idle.tbt),
      idle.cls.toFixed(4),
      `${median(all.map((r) => r.slowdown)).toFixed(1)}×${all.some((r) => r.ownProcess) ? ' (own process)' : ''}`,
      missed.length ? 'MISSED' : 'met',
    ])
    // What the round's long tasks and shifts were, run by run (times from the click).
    for (const [n, run] of all.entries()) {
      const { start, end } = run.window
      for (const task of run.seen.tasks.filter((k) => k.start < end && k.start + k.duration > start))
        if (task.duration > LONG_TASK_MS)
          details.push(
            `${label(game)}, run ${n + 1}: long task ${ms(task.duration)} at +${ms(task.start - start)} (${task.name}${task.container ? `, ${task.container}` : ''})`,
          )
      for (const shift of run.seen.shifts.filter((s) => s.start >= start && s.start < end))
        details.push(
          `${label(game)}, run ${n + 1}: layout shift ${shift.value.toFixed(4)} at +${ms(shift.start - start)}${shift.hadRecentInput ? ' (just after an input: not counted)' : ''}: ${shift.sources.join('; ')}`,
        )
    }
  }
  printTable(rows)
  console.log(`\nload average ${loadAverage()} at the end`)
  console.log(
    `\ntargets: no long task over ${LONG_TASK_MS} ms and CLS 0 during the round (from the click to the result at rest, and ${TAIL_MS} ms after); the idle columns are the same frame doing nothing for as long`,
  )
  for (const verdict of verdicts) console.log(`- ${verdict}`)
  if (details.length) {
    console.log('\nseen during the rounds:')
    for (const detail of details) console.log(`- ${detail}`)
  }
} finally {
  await browser.close()
  await sites.stop()
}
if (failed) process.exitCode = 1
