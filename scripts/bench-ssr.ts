// `npm run bench:ssr`: server-side rendering throughput of the casino beside a bare React Router
// page (bench/bare-app), measured in the same run on the same machine, so that the ratio means
// something on any machine. Builds both, starts the casino in production mode with its embedded
// casino API (PGlite in a temporary DATA_DIR) and the bare page, each in its own process on a free
// port, logs a fresh player in through the real forms, then loads each page with autocannon.
//
// BENCH_DURATION (seconds per measurement, default 10), BENCH_CONNECTIONS (default 50), BENCH_RUNS
// (rounds over all pages, default 1; with more, each figure is the median of the rounds, and the
// ratio the median of each round's ratio),
// BENCH_SKIP_BUILD=1 (reuse build/ and bench/bare-app/build/), BENCH_PAGES=a,b (only the pages
// whose label contains one of them, e.g. to take a CPU profile of one with NODE_OPTIONS=--cpu-prof). `--smoke`: 1 s, 4 connections,
// just to see that everything starts and answers.
import { brotliCompressSync, constants } from 'node:zlib'
import autocannon from 'autocannon'
import { request } from 'undici'
import { buildUnlessSkipped, loadAverage, printTable, startSites, type BenchSites } from './bench-support.ts'

const smoke = process.argv.includes('--smoke')
const duration = smoke ? 1 : Number(process.env.BENCH_DURATION ?? 10)
const connections = smoke ? 4 : Number(process.env.BENCH_CONNECTIONS ?? 50)
const warmup = smoke ? 0.5 : Math.min(3, duration)
const runs = smoke ? 1 : Math.max(1, Number(process.env.BENCH_RUNS ?? 1))

buildUnlessSkipped()

type Figures = { rps: number; p50: number; p99: number; non2xx: number; errors: number }

// What Chromium sends: both servers compress their answers as they would for a browser.
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd'

async function measure(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const load = (seconds: number) =>
    autocannon({ url, connections, duration: seconds, headers: { 'accept-encoding': ACCEPT_ENCODING, ...headers } })
  if (warmup > 0) await load(warmup)
  const r = await load(duration)
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  }
}

const visitor = async () => ({})
// A cookie the site does not know: the visitor's home is rendered for the request instead of
// coming from the shared page cache (ADR 0033), so that its rendering cost stays in sight.
const uncachedVisitor = async () => ({ cookie: 'bench=render' })
function median(values: number[]) {
  const sorted = values.toSorted((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}
const ms = (n: number) => `${n.toFixed(0)} ms`

/** Brotli as the servers send it (server/middleware/compression.ts: quality 3, 64 KiB window). */
const brotli = (text: string) =>
  brotliCompressSync(text, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 3, [constants.BROTLI_PARAM_LGWIN]: 16 },
  }).length

/** The parts of a page's HTML worth naming, each a pattern over the whole document. */
const PARTS: [string, RegExp][] = [
  ['inlined stylesheet', /<style\b[^>]*>[\s\S]*?<\/style>/g],
  ['option lists (<select>)', /<select\b[^>]*>[\s\S]*?<\/select>/g],
  // React Router's context and its turbo-stream of the loaders' data.
  ['serialized loader data', /<script\b[^>]*>[^<]*(?:__reactRouterContext|streamController)[\s\S]*?<\/script>/g],
  ['scripts and modulepreload', /<link\b[^>]*rel="modulepreload"[^>]*>|<script\b[^>]*>[\s\S]*?<\/script>/g],
  ['inline SVG', /<svg\b[\s\S]*?<\/svg>/g],
]

/**
 * Each page's HTML on the wire (brotli, as the server sent it to a browser), beside the bare
 * page's, and what makes it up: each part's bytes before compression and what it adds on the
 * wire (the page compressed with it, less the page compressed without it; the parts are taken
 * out in the order of PARTS, the rest is the markup).
 */
async function printSizes(sites: BenchSites, playerCookie: string, campaigns: string[]) {
  const documents = [
    { label: 'bare /', url: sites.bareUrl + '/', cookie: '' },
    { label: 'bare /floor (logged in)', url: sites.bareUrl + '/floor', cookie: playerCookie },
    {
      label: '/user-management/profile (logged in)',
      url: sites.webUrl + '/user-management/profile',
      cookie: playerCookie,
    },
    { label: '/ (visitor)', url: sites.webUrl + '/', cookie: '' },
    { label: '/register (visitor)', url: sites.webUrl + '/register', cookie: '' },
    ...campaigns.map((slug) => ({
      label: `/promotion/${slug} (visitor)`,
      url: `${sites.webUrl}/promotion/${slug}`,
      cookie: '',
    })),
  ]
  const rows = [['document', 'on the wire (br)', 'HTML', ...PARTS.map(([name]) => name), 'the rest']]
  for (const doc of documents) {
    const answer = await request(doc.url, { headers: { 'accept-encoding': ACCEPT_ENCODING, cookie: doc.cookie } })
    const wire = (await answer.body.arrayBuffer()).byteLength
    const encoding = String(answer.headers['content-encoding'] ?? 'none')
    const html = await (await fetch(doc.url, { headers: { cookie: doc.cookie } })).text()
    let rest = html
    const cells: string[] = []
    for (const [, pattern] of PARTS) {
      const parts = rest.match(pattern) ?? []
      const without = rest.replace(pattern, '')
      const raw = parts.reduce((sum, part) => sum + Buffer.byteLength(part), 0)
      cells.push(raw ? `${kb(raw)} (br +${kb(brotli(rest) - brotli(without))})` : '—')
      rest = without
    }
    rows.push([
      doc.label,
      `${kb(wire)}${encoding === 'br' ? '' : ` (${encoding})`}`,
      kb(Buffer.byteLength(html)),
      ...cells,
      `${kb(Buffer.byteLength(rest))} (br ${kb(brotli(rest))})`,
    ])
  }
  console.log(
    '\nHTML of each document: bytes on the wire (brotli), then each part before compression (what it adds on the wire)\n',
  )
  printTable(rows)
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

const sites = await startSites()
try {
  const { webUrl, bareUrl } = sites
  const campaigns = await sites.campaigns()

  // The player logs in right before their page is measured: a browser stores the cookie the site
  // re-seals once a minute, autocannon keeps sending the first one (re-sealed on every request
  // once it is a minute old; keep BENCH_DURATION under a minute).
  const player = async () => ({ cookie: await sites.logIn() })
  const administrator = async () => ({ cookie: await sites.logInAdmin() })
  // `base`: what the page is measured against, right before it with the same headers: the bare
  // page (default), or the logged-in floor (bench/bare-app's /floor: the bare page that also
  // opens the session cookie and asks the casino API for the player once).
  const pages: {
    label: string
    path: string
    headers: () => Promise<Record<string, string>>
    target?: number
    base?: 'floor'
  }[] = [
    { label: '/ (visitor)', path: '/', headers: visitor, target: 0.6 },
    { label: '/ (visitor, rendered)', path: '/', headers: uncachedVisitor },
    // The lobbies, the other pages the page cache keeps (ADR 0033), with and without it.
    { label: '/casino (visitor)', path: '/casino', headers: visitor },
    { label: '/casino (visitor, rendered)', path: '/casino', headers: uncachedVisitor },
    { label: '/live-casino (visitor)', path: '/live-casino', headers: visitor },
    { label: '/live-casino (visitor, rendered)', path: '/live-casino', headers: uncachedVisitor },
    { label: '/register (visitor)', path: '/register', headers: visitor, target: 0.6 },
    { label: '/en/register (visitor)', path: '/en/register', headers: visitor, target: 0.6 },
    { label: '/register (visitor, rendered)', path: '/register', headers: uncachedVisitor },
    // Every campaign's landing page (a running promotion, /promotion/{slug}) and their list.
    { label: '/promotion (visitor)', path: '/promotion', headers: visitor, target: 0.6 },
    ...campaigns.map((slug) => ({
      label: `/promotion/${slug} (visitor)`,
      path: `/promotion/${slug}`,
      headers: visitor,
      target: 0.6,
    })),
    // The floor itself beside the bare page: what opening the session and one call cost.
    { label: 'bare /floor (logged in)', path: '/floor', headers: player },
    {
      label: '/user-management/profile (logged in)',
      path: '/user-management/profile',
      headers: player,
      target: 0.5,
      base: 'floor',
    },
    {
      label: '/user-management/sessions (logged in)',
      path: '/user-management/sessions',
      headers: player,
      target: 0.5,
      base: 'floor',
    },
    {
      label: '/user-management/deposit-limits (logged in)',
      path: '/user-management/deposit-limits',
      headers: player,
      target: 0.5,
      base: 'floor',
    },
    {
      label: '/user-management/loss-limits (logged in)',
      path: '/user-management/loss-limits',
      headers: player,
      target: 0.5,
      base: 'floor',
    },
    {
      label: '/user-management/security (logged in)',
      path: '/user-management/security',
      headers: player,
      target: 0.5,
      base: 'floor',
    },
    {
      label: '/user-management/verification (logged in)',
      path: '/user-management/verification',
      headers: player,
      target: 0.5,
      base: 'floor',
    },
    {
      label: '/user-management/responsible-gaming (logged in)',
      path: '/user-management/responsible-gaming',
      headers: player,
      target: 0.5,
      base: 'floor',
    },
    // The casino API reads the built-in provider's rounds over HTTP and merges the wallet's
    // records of other providers' rounds (ADR 0049's addendum on Bet History).
    {
      label: '/user-management/bet-history (logged in)',
      path: '/user-management/bet-history',
      headers: player,
      target: 0.5,
      base: 'floor',
    },
    // The same page's data alone, as a client-side navigation asks for it: the session, the
    // casino API's call and the loaders, without React's render or the HTML. It bounds what any
    // rendering work could win on the logged-in page.
    {
      label: '/user-management/profile.data (logged in, data only)',
      path: '/user-management/profile.data',
      headers: player,
      target: 0.8,
      base: 'floor',
    },
    {
      label: '/admin/held-winnings (administrator)',
      path: '/admin/held-winnings',
      headers: administrator,
    },
    {
      label: '/admin/kyc (administrator)',
      path: '/admin/kyc',
      headers: administrator,
    },
  ]
  console.log(
    `\nbench:ssr — autocannon, ${connections} connections, ${duration} s per measurement (after ${warmup} s warm-up), Accept-Encoding: ${ACCEPT_ENCODING}; the bare page is measured right before each page; ${runs} round(s), medians; load average ${loadAverage()} at the start\n`,
  )
  const asked = (process.env.BENCH_PAGES ?? '').split(',')
  const chosen = pages.filter((p) => asked.some((text) => p.label.includes(text)))
  const rounds = new Map(chosen.map((page) => [page, [] as { figures: Figures; base: Figures }[]]))
  const problems: string[] = []
  for (let round = 0; round < runs; round++) {
    for (const page of chosen) {
      const headers = await page.headers()
      const base = page.base === 'floor' ? await measure(bareUrl + '/floor', headers) : await measure(bareUrl + '/')
      const url = (page.label.startsWith('bare ') ? bareUrl : webUrl) + page.path
      const figures = await measure(url, headers)
      for (const [name, f] of [
        [page.label, figures],
        [page.base === 'floor' ? 'bare /floor' : 'bare /', base],
      ] as const) {
        if (f.non2xx || f.errors)
          problems.push(`${name}: ${f.non2xx} answers other than 2xx, ${f.errors} errors or timeouts`)
      }
      rounds.get(page)!.push({ figures, base })
    }
  }
  const rows: string[][] = [
    ['page', 'req/s', 'p50', 'p99', 'against', 'its req/s', 'its p50', 'its p99', 'ratio', 'target'],
  ]
  for (const page of chosen) {
    const all = rounds.get(page)!
    const of = (pick: (r: (typeof all)[number]) => number) => median(all.map(pick))
    const ratio = of((r) => r.figures.rps / r.base.rps)
    const verdict = page.target === undefined ? '—' : `≥ ${page.target} ${ratio >= page.target ? 'met' : 'MISSED'}`
    rows.push([
      page.label,
      of((r) => r.figures.rps).toFixed(0),
      ms(of((r) => r.figures.p50)),
      ms(of((r) => r.figures.p99)),
      page.base === 'floor' ? 'bare /floor' : 'bare /',
      of((r) => r.base.rps).toFixed(0),
      ms(of((r) => r.base.p50)),
      ms(of((r) => r.base.p99)),
      `${ratio.toFixed(2)} ×${runs > 1 ? ` (${all.map((r) => (r.figures.rps / r.base.rps).toFixed(2)).join(', ')})` : ''}`,
      verdict,
    ])
  }
  printTable(rows)
  if (!process.env.BENCH_PAGES) await printSizes(sites, (await player()).cookie, campaigns)
  console.log(`\nload average ${loadAverage()} at the end`)
  for (const problem of problems) console.log(`warning: ${problem}`)
} finally {
  await sites.stop()
}
