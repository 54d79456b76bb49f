// `npm run bench:lighthouse`: page speed as a phone sees it. Builds the casino and the bare page
// (bench/bare-app, the same fixture as bench:ssr), starts both (scripts/bench-support.ts), and runs
// Lighthouse (mobile defaults: a mid-range phone, simulated slow 4G and a 4× slower CPU) with
// Debian's Chromium on each page, a fresh browser with an empty profile for every run. The pages
// include three game frames (the provider's game client, opened on its own origin as the game
// view's iframe opens it: a slot, roulette and blackjack, each from a new demo session). Prints one
// table of medians: the four category scores, FCP, LCP, TBT, CLS and the bytes transferred, beside
// the bare page's row, and which targets (performance ≥ 98, LCP ≤ 1.5 s, the other three
// categories at 100) each page meets. Exits non-zero only when a page cannot be measured.
//
// BENCH_RUNS (runs per page, default 3: the median of each figure is shown, the machine being
// noisy), BENCH_SKIP_BUILD=1 (reuse build/ and bench/bare-app/build/), BENCH_PAGES=a,b (only the
// pages whose label contains one of them), BENCH_REPORTS=dir (also write each run's full Lighthouse report,
// JSON, there: what each audit found), CHROMIUM (default /usr/bin/chromium).
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import lighthouse from 'lighthouse'
import lighthousePackage from 'lighthouse/package.json' with { type: 'json' }
import { buildUnlessSkipped, loadAverage, measureEach, printTable, startSites, stopProcess } from './bench-support.ts'

const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3))
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium'
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
const reports = process.env.BENCH_REPORTS
if (reports) mkdirSync(reports, { recursive: true })
const TARGETS = { performance: 98, lcpMs: 1500, otherCategories: 100 }

buildUnlessSkipped()

/** Chromium with a new empty profile and a DevTools port of its own; `close` ends it and removes the profile. */
async function launchChromium(parentDir: string) {
  const profile = mkdtempSync(join(parentDir, 'chromium-'))
  const child = spawn(chromiumPath, [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`, '--remote-debugging-port=0'], {
    stdio: 'ignore',
  })
  const close = async () => {
    await stopProcess(child)
    rmSync(profile, { recursive: true, force: true })
  }
  // Chromium writes the port it chose into the profile.
  const portFile = join(profile, 'DevToolsActivePort')
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline && child.exitCode === null) {
    const port = existsSync(portFile) ? Number(readFileSync(portFile, 'utf8').split('\n')[0]) : 0
    if (port > 0) return { port, close }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  await close()
  throw new Error(`${chromiumPath} did not open a DevTools port`)
}

/**
 * Puts a player's session cookie into the browser's own cookie jar (DevTools protocol, browser
 * target), where a logged-in player's browser keeps it: every request then carries it, the
 * realtime socket's upgrade included. (Lighthouse's extraHeaders do not reach WebSocket
 * handshakes, so /ws answered 401 and Chromium logged the failed connection.)
 */
async function setCookies(port: number, siteUrl: string, cookieHeader: string) {
  if (!cookieHeader) return
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string
  }
  const { hostname } = new URL(siteUrl)
  const cookies = cookieHeader.split('; ').map((pair) => {
    const at = pair.indexOf('=')
    const name = pair.slice(0, at)
    // A __Host- cookie is a Secure one (127.0.0.1 counts as a secure origin).
    const secure = name.startsWith('__Host-') || name.startsWith('__Secure-')
    return { name, value: pair.slice(at + 1), domain: hostname, path: '/', httpOnly: true, secure }
  })
  const socket = new WebSocket(version.webSocketDebuggerUrl)
  try {
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () =>
        socket.send(JSON.stringify({ id: 1, method: 'Storage.setCookies', params: { cookies } })),
      )
      socket.addEventListener('message', (message) => {
        const answer = JSON.parse(String(message.data)) as { id?: number; error?: { message: string } }
        if (answer.id !== 1) return
        if (answer.error) reject(new Error(`Storage.setCookies: ${answer.error.message}`))
        else resolve()
      })
      socket.addEventListener('error', () => reject(new Error('no DevTools connection')))
    })
  } finally {
    socket.close()
  }
}

type Figures = {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  fcp: number
  lcp: number
  tbt: number
  cls: number
  bytes: number
}

async function measure(url: string, cookie: string, tmp: string, report?: string): Promise<Figures> {
  const browser = await launchChromium(tmp)
  try {
    await setCookies(browser.port, url, cookie)
    const result = await lighthouse(url, {
      port: browser.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    })
    const lhr = result?.lhr
    if (!lhr) throw new Error('Lighthouse gave no result')
    if (report) writeFileSync(report, JSON.stringify(lhr, null, 1))
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`)
    const score = (id: string) => {
      const value = lhr.categories[id]?.score
      if (typeof value !== 'number') throw new Error(`no ${id} score`)
      return Math.round(value * 100)
    }
    const audit = (id: string) => {
      const value = lhr.audits[id]?.numericValue
      if (typeof value !== 'number') throw new Error(`no figure for ${id}`)
      return value
    }
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      bytes: audit('total-byte-weight'),
    }
  } finally {
    await browser.close()
  }
}

function median(values: number[]) {
  const sorted = values.toSorted((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

function medianOf(all: Figures[]): Figures {
  const keys = Object.keys(all[0]!) as (keyof Figures)[]
  return Object.fromEntries(keys.map((key) => [key, median(all.map((f) => f[key]))])) as Figures
}

/** The game client's address in a game view: its iframe's src, as a visitor's browser gets it (a new demo session each time). */
async function frameUrl(webUrl: string, path: string) {
  const answer = await fetch(webUrl + path)
  const src = /<iframe[^>]*\ssrc="([^"]+)"/.exec(await answer.text())?.[1]
  if (!src) throw new Error(`${path} answered ${answer.status} without a game frame`)
  return new URL(src.replaceAll('&amp;', '&'), webUrl).href
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`

const sites = await startSites()
let failed = false
try {
  const { webUrl, bareUrl } = sites
  const cookie = await sites.logIn()
  const admin = await sites.logInAdmin()
  // A game frame's address is a launch's, asked for right before each run (a demo session ends);
  // the frame is kept out of search engines on purpose (noindex): its SEO score is shown, not a target.
  type Page = {
    label: string
    url: string | (() => Promise<string>)
    cookie: string
    bare?: boolean
    noindex?: boolean
  }
  // The provider's check of a round, on its own origin: where the site's /provably-fair sends a
  // visitor, and where Bet History and the game view link straight to.
  const check = await fetch(`${webUrl}/en/provably-fair?game=dice`, { redirect: 'manual' })
  const checkUrl = check.headers.get('location') ?? `${webUrl}/en/provably-fair?game=dice`
  // Logged-in pages: the session cookie of a player who logged in through the real forms, in the
  // browser's cookie jar.
  const all: Page[] = [
    { label: 'bare / (bench/bare-app)', url: `${bareUrl}/`, cookie: '', bare: true },
    { label: '/', url: `${webUrl}/`, cookie: '' },
    { label: '/en', url: `${webUrl}/en`, cookie: '' },
    { label: '/en/register', url: `${webUrl}/en/register`, cookie: '' },
    { label: '/login', url: `${webUrl}/login`, cookie: '' },
    { label: '/casino', url: `${webUrl}/casino`, cookie: '' },
    { label: '/casino/european-roulette', url: `${webUrl}/casino/european-roulette`, cookie: '' },
    { label: '/en/provably-fair (the provider)', url: checkUrl, cookie: '' },
    { label: '/live-casino', url: `${webUrl}/live-casino`, cookie: '' },
    { label: '/promotion', url: `${webUrl}/promotion`, cookie: '' },
    { label: '/en/faq', url: `${webUrl}/en/faq`, cookie: '' },
    { label: '/user-management/profile (logged in)', url: `${webUrl}/user-management/profile`, cookie },
    { label: '/user-management/deposit (logged in)', url: `${webUrl}/user-management/deposit`, cookie },
    { label: '/en/user-management/withdrawal (logged in)', url: `${webUrl}/en/user-management/withdrawal`, cookie },
    { label: '/user-management/transactions (logged in)', url: `${webUrl}/user-management/transactions`, cookie },
    { label: '/en/user-management/bonuses (logged in)', url: `${webUrl}/en/user-management/bonuses`, cookie },
    { label: '/user-management/sessions (logged in)', url: `${webUrl}/user-management/sessions`, cookie },
    { label: '/en/user-management/bet-history (logged in)', url: `${webUrl}/en/user-management/bet-history`, cookie },
    { label: '/user-management/deposit-limits (logged in)', url: `${webUrl}/user-management/deposit-limits`, cookie },
    { label: '/user-management/loss-limits (logged in)', url: `${webUrl}/user-management/loss-limits`, cookie },
    { label: '/en/user-management/security (logged in)', url: `${webUrl}/en/user-management/security`, cookie },
    { label: '/user-management/verification (logged in)', url: `${webUrl}/user-management/verification`, cookie },
    {
      label: '/en/user-management/responsible-gaming (logged in)',
      url: `${webUrl}/en/user-management/responsible-gaming`,
      cookie,
    },
    { label: '/admin/held-winnings (administrator)', url: `${webUrl}/admin/held-winnings`, cookie: admin },
    { label: '/admin/kyc (administrator)', url: `${webUrl}/admin/kyc`, cookie: admin },
    { label: '/admin/promo-codes (administrator)', url: `${webUrl}/admin/promo-codes`, cookie: admin },
    { label: '/user-management/loyalty-points (logged in)', url: `${webUrl}/user-management/loyalty-points`, cookie },
    { label: '/admin/bonus-templates (administrator)', url: `${webUrl}/admin/bonus-templates`, cookie: admin },
    { label: '/en/admin/irregular-play (administrator)', url: `${webUrl}/en/admin/irregular-play`, cookie: admin },
    { label: '/admin/schedules (administrator)', url: `${webUrl}/admin/schedules`, cookie: admin },
    {
      label: '/en/user-management/deposit?method=loyalty (logged in)',
      url: `${webUrl}/en/user-management/deposit?method=loyalty`,
      cookie,
    },
    // The provider's game client on its own origin, as the game view's iframe opens it: one frame
    // of each look (reels, a roulette table, cards).
    ...['ember-crown', 'european-roulette', 'blackjack'].map((gameId) => ({
      label: `/en frame: ${gameId} (demo)`,
      url: () => frameUrl(webUrl, `/en/casino/${gameId}?mode=demo`),
      cookie: '',
      noindex: true,
    })),
  ]
  const asked = (process.env.BENCH_PAGES ?? '').split(',')
  const pages = all.filter((page) => page.bare || asked.some((text) => page.label.includes(text)))

  console.log(
    `\nbench:lighthouse — Lighthouse ${lighthousePackage.version}, mobile defaults (simulated throttling), ${chromiumPath}; median of ${runs} run(s) per page; load average ${loadAverage()} at the start\n`,
  )
  const { results, errors } = await measureEach(pages, runs, async (page, i) => {
    const report = reports && join(reports, `${page.label.replace(/[^a-z0-9]+/gi, '_')}-${i + 1}.json`)
    const url = typeof page.url === 'string' ? page.url : await page.url()
    return measure(url, page.cookie, sites.tmp, report)
  })

  const rows = [['page', 'perf', 'a11y', 'best pr.', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'transferred', 'targets']]
  const verdicts: string[] = []
  for (const page of pages) {
    const error = errors.get(page)
    if (error) {
      failed = true
      rows.push([page.label, ...Array<string>(10).fill('—')])
      verdicts.push(`${page.label}: could not be measured: ${error}`)
      continue
    }
    const f = medianOf(results.get(page)!)
    const missed = [
      f.performance < TARGETS.performance && `performance ${f.performance} < ${TARGETS.performance}`,
      f.lcp > TARGETS.lcpMs && `LCP ${seconds(f.lcp)} > ${seconds(TARGETS.lcpMs)}`,
      f.accessibility < TARGETS.otherCategories && `accessibility ${f.accessibility}`,
      f.bestPractices < TARGETS.otherCategories && `best practices ${f.bestPractices}`,
      !page.noindex && f.seo < TARGETS.otherCategories && `SEO ${f.seo}`,
    ].filter((m): m is string => typeof m === 'string')
    const verdict = page.bare ? '(reference)' : missed.length ? 'MISSED' : 'met'
    if (!page.bare)
      verdicts.push(`${page.label}: ${missed.length ? `missed: ${missed.join(', ')}` : 'all targets met'}`)
    rows.push([
      page.label,
      String(f.performance),
      String(f.accessibility),
      String(f.bestPractices),
      String(f.seo),
      seconds(f.fcp),
      seconds(f.lcp),
      `${f.tbt.toFixed(0)} ms`,
      f.cls.toFixed(3),
      kib(f.bytes),
      verdict,
    ])
  }
  printTable(rows)
  console.log(`\nload average ${loadAverage()} at the end`)
  console.log(
    `\ntargets: performance ≥ ${TARGETS.performance}, LCP ≤ ${seconds(TARGETS.lcpMs)}, accessibility, best practices and SEO at ${TARGETS.otherCategories} (SEO not for the game frames, noindex on purpose)`,
  )
  for (const verdict of verdicts) console.log(`- ${verdict}`)
} finally {
  await sites.stop()
}
if (failed) process.exitCode = 1
