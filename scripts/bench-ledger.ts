// `npm run bench:ledger`: game wallet round trips (a bet, then its win) per second through the
// casino API's HTTP interface on PostgreSQL, beside pgbench's tpcb-like TPS on the same server in
// the same run, and their ratio (target >= 0.4 x). The casino API runs alone in its own process
// (node casino-api/src/main.ts) on a fresh schema; BENCH_CLIENTS players each play one round after
// another (1 € bet, then a win of 0 or 2 €) over keep-alive connections. pgbench then runs as
// many clients, with a scale of as many branches (its documentation's advice), in a schema of its
// own. Both schemas are dropped at the end, after `ledger:check`'s invariants are proved on the
// wallet's.
//
// BENCH_DATABASE_URL (default DATABASE_URL, then TEST_DATABASE_URL), BENCH_DURATION (seconds per
// measurement, default 10), BENCH_CLIENTS (default 8). `--smoke`: 1 s, 2 clients.
import { spawnSync } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Pool as PgPool } from 'pg'
import { Pool } from 'undici'
import { calls } from '#contract'
import { openDatabase } from '#casino-api/src/db/open.ts'
import { checkLedger } from '#casino-api/src/wallet/check.ts'
import { startApiProcess } from '#casino-api/tests/api-process.ts'
import { insertFundedPlayers } from '#casino-api/tests/funded-players.ts'

const smoke = process.argv.includes('--smoke')
const duration = smoke ? 1 : Number(process.env.BENCH_DURATION ?? 10)
const clients = smoke ? 2 : Number(process.env.BENCH_CLIENTS ?? 8)
const warmup = smoke ? 0.5 : 2
const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || process.env.TEST_DATABASE_URL
const TARGET = 0.4

if (!databaseUrl) {
  console.error(
    'bench:ledger needs PostgreSQL: set BENCH_DATABASE_URL (or DATABASE_URL), e.g. postgres://postgres@127.0.0.1:5432/test',
  )
  process.exit(2)
}
const pgbench = spawnSync('pgbench', ['--version'], { encoding: 'utf8' })
const havePgbench = pgbench.status === 0

const suffix = randomBytes(4).toString('hex')
const walletSchema = `bench_ledger_${suffix}`
const pgbenchSchema = `bench_pgbench_${suffix}`
const secret = randomBytes(32).toString('base64url')

/** Runs `work` with the casino API started alone on the wallet's schema. */
async function withCasinoApi(work: (url: string) => Promise<void>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-ledger-'))
  try {
    const api = await startApiProcess(
      {
        DATABASE_URL: databaseUrl!,
        DATABASE_SCHEMA: walletSchema,
        PROVIDER_SECRET: secret,
        ADMIN_PASSWORD: randomBytes(12).toString('base64url'),
        SEED_DEMO: 'false',
        // A line per request would measure the logger.
        LOG_LEVEL: 'warn',
        ...(process.env.BENCH_API_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_API_NODE_OPTIONS } : {}),
      },
      dataDir,
    )
    try {
      await work(api.url)
    } finally {
      await api.stop('SIGTERM')
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** Players with plenty of sandbox money, written straight into the wallet's schema. */
async function fundedPlayers(count: number) {
  const opened = await openDatabase({ driver: 'postgres', url: databaseUrl!, schema: walletSchema })
  try {
    return await insertFundedPlayers(opened.db, count, 1_000_000_00)
  } finally {
    await opened.close()
  }
}

type Stats = { pairs: number; seconds: number; latencies: number[]; errors: number }

/** Each client plays rounds for one player, one after another: a bet, then its win. */
async function playRounds(url: string, playerIds: string[]): Promise<Stats> {
  const pool = new Pool(url, { connections: playerIds.length, pipelining: 1 })
  const post = async (path: string, body: unknown) => {
    const res = await pool.request({
      path,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-provider-key': secret },
      body: JSON.stringify(body),
    })
    const text = await res.body.text()
    if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}: ${text}`)
  }
  let measuring = false
  const stop = new AbortController()
  const stats: Stats = { pairs: 0, seconds: duration, latencies: [], errors: 0 }
  const client = async (playerId: string) => {
    for (let n = 0; !stop.signal.aborted; n++) {
      const round = { playerId, currency: 'EUR', roundId: `r-${randomUUID()}`, gameId: 'bench-slot' }
      const started = performance.now()
      try {
        await post(calls.provider_bet.path, { ...round, transactionId: `b-${randomUUID()}`, amount: 1_00 })
        await post(calls.provider_win.path, { ...round, transactionId: `w-${randomUUID()}`, amount: n % 2 ? 2_00 : 0 })
      } catch (error) {
        stats.errors += 1
        if (stats.errors === 1) console.error(error instanceof Error ? error.message : error)
        continue
      }
      if (measuring) {
        stats.pairs += 1
        stats.latencies.push(performance.now() - started)
      }
    }
  }
  const running = playerIds.map(client)
  await new Promise((resolve) => setTimeout(resolve, warmup * 1000))
  measuring = true
  await new Promise((resolve) => setTimeout(resolve, duration * 1000))
  measuring = false
  stop.abort()
  await Promise.all(running)
  await pool.close()
  return stats
}

function runPgbench(): { tps: number; command: string } {
  const env = { ...process.env, PGOPTIONS: `-c search_path=${pgbenchSchema}` }
  const init = ['-i', '-q', '-s', String(clients), databaseUrl!]
  const bench = ['-c', String(clients), '-j', '2', '-T', String(duration), databaseUrl!]
  const opts = { env, encoding: 'utf8' as const }
  const i = spawnSync('pgbench', init, opts)
  if (i.status !== 0) throw new Error(`pgbench -i failed: ${i.stderr}`)
  const r = spawnSync('pgbench', bench, opts)
  if (r.status !== 0) throw new Error(`pgbench failed: ${r.stderr}`)
  const tps = /tps = ([\d.]+)/.exec(r.stdout)?.[1]
  if (!tps) throw new Error(`no tps in pgbench's output:\n${r.stdout}`)
  return { tps: Number(tps), command: `pgbench -c ${clients} -j 2 -T ${duration} (tpcb-like, scale ${clients})` }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0

// Plain connections for the schemas themselves: openDatabase would migrate the default schema.
const admin = new PgPool({ connectionString: databaseUrl, max: 1 })
try {
  const version = (await admin.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]
  let wallet: Stats | undefined
  await withCasinoApi(async (url) => {
    const ids = await fundedPlayers(clients)
    wallet = await playRounds(url, ids)
  })
  const opened = await openDatabase({ driver: 'postgres', url: databaseUrl, schema: walletSchema })
  const report = await checkLedger(opened.db).finally(() => opened.close())

  await admin.query(`CREATE SCHEMA "${pgbenchSchema}"`)
  const reference = havePgbench ? runPgbench() : null

  const perSecond = wallet!.pairs / wallet!.seconds
  const sorted = [...wallet!.latencies].sort((a, b) => a - b)
  const { host, pathname } = new URL(databaseUrl)
  console.log(
    `\nbench:ledger on PostgreSQL ${version?.v} at ${host}${pathname}, ${clients} clients, ${duration} s each\n`,
  )
  console.log(`| measure | value |\n| --- | ---: |`)
  console.log(`| wallet bet+win round trips/s (HTTP, casino API) | ${perSecond.toFixed(1)} |`)
  console.log(
    `| round trip latency p50 / p99 | ${percentile(sorted, 0.5).toFixed(1)} / ${percentile(sorted, 0.99).toFixed(1)} ms |`,
  )
  console.log(`| failed round trips | ${wallet!.errors} |`)
  if (reference) {
    const ratio = perSecond / reference.tps
    console.log(`| pgbench tpcb-like TPS (${reference.command}) | ${reference.tps.toFixed(1)} |`)
    console.log(`| ratio | ${ratio.toFixed(2)} x (target >= ${TARGET} x: ${ratio >= TARGET ? 'met' : 'NOT met'}) |`)
  }
  console.log(
    `\nledger:check on the wallet's schema after the run: ${report.violations.length ? `${report.violations.length} VIOLATION(S)` : 'every invariant holds'} (${report.transactions} transactions)`,
  )
  if (!reference)
    console.log(
      "\npgbench was not found, so there is no reference TPS. It comes with PostgreSQL's client tools: `sudo apt-get install postgresql-client` (Debian, Ubuntu), `brew install libpq` (macOS), or the postgres Docker image (`docker run --rm --network host postgres pgbench ...`).",
    )
  if (report.violations.length || wallet!.errors) process.exitCode = 1
  else if (!reference) process.exitCode = 2
} finally {
  await admin.query(`DROP SCHEMA IF EXISTS "${walletSchema}" CASCADE`).catch(() => {})
  await admin.query(`DROP SCHEMA IF EXISTS "${pgbenchSchema}" CASCADE`).catch(() => {})
  await admin.end()
}
