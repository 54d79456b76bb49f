// `npm run bench:ledger`: game rounds per second through the casino API's provider wallet over
// HTTP on PostgreSQL, beside pgbench's tpcb-like TPS on the same server in the same run, and their
// ratio (target >= 0.4 x for settled instant rounds). Two ways to play a round are measured, one
// after the other, by the same casino API: an instant round settled by one call (provider_settle,
// ADR 0042), and the two calls of a multi-step game (provider_bet, then provider_win); then the
// first again for players with loss limits and a reality check (ADRs 0064, 0065), whose checks
// every stake pays. The casino
// API runs alone in its own process (node casino-api/src/main.ts) on a fresh schema;
// BENCH_CLIENTS players each play one round after another (1 € bet, then a win of 0 or 2 €) over
// keep-alive connections. pgbench then runs as many clients, with a scale of as many branches (its
// documentation's advice), in a schema of its own. Both schemas are dropped at the end, after
// `ledger:check`'s invariants are proved on the wallet's.
//
//
// The machine this runs on is often shared, so throughput alone says as much about the other
// work as about ours. With PostgreSQL on this machine, the bench also reads the CPU time each side
// spent (/proc): the PostgreSQL backends (known by their application_name), the casino API and
// the load client for the wallet; the backends and pgbench itself for pgbench. CPU per round
// against CPU per pgbench transaction is the cost ratio, which the load of the machine moves
// much less than the throughput ratio.
//
// BENCH_DATABASE_URL (default DATABASE_URL, then TEST_DATABASE_URL), BENCH_DURATION (seconds per
// measurement, default 10), BENCH_CLIENTS (default 8). `--smoke`: 1 s, 2 clients.
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Pool as PgPool } from 'pg'
import { calls, DEPOSIT_LIMIT_PERIODS } from '#contract'
import { openDatabase } from '#casino-api/src/db/open.ts'
import { checkLedger } from '#casino-api/src/wallet/check.ts'
import { openProviderDatabase } from '#provider/server/db/open.ts'
import { providerRecords } from '#provider/server/reconcile.ts'
import { startApiProcess } from '#casino-api/tests/api-process.ts'
import { insertFundedPlayers } from '#casino-api/tests/funded-players.ts'
import { moneyLimits, realityChecks } from '#casino-api/src/db/schema.ts'

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
// The application_name of each side's connections, to find their backends.
const walletApp = `bench-ledger-${suffix}`
const pgbenchApp = `bench-pgbench-${suffix}`
const localServer = ['127.0.0.1', 'localhost', '[::1]', ''].includes(new URL(databaseUrl).hostname)

const clockTick = 1000 / (Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100)
/** User + system CPU time of a process so far, in ms; null once it is gone (or not on this machine). */
function cpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) * clockTick
  } catch {
    return null
  }
}

/**
 * Counts the CPU time that the backends of `app` and the processes `pids` spend from now until
 * `stop()`: sampled every 200 ms, so a backend's time is known up to its last sample.
 */
function cpuMeter(app: string, pids: number[]) {
  const first = new Map<number, number>()
  const last = new Map<number, number>()
  let starting = true
  const sample = async () => {
    const backends = await admin.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE application_name = $1',
      [app],
    )
    for (const pid of [...backends.rows.map((r) => r.pid), ...pids]) {
      const ms = cpuMs(pid)
      if (ms === null) continue
      // A process first seen after the start spent all its time within the measure.
      if (!first.has(pid)) first.set(pid, starting ? ms : 0)
      last.set(pid, ms)
    }
  }
  const ready = sample().then(() => {
    starting = false
  })
  const timer = setInterval(() => void sample().catch(() => {}), 200)
  return {
    ready,
    async stop() {
      clearInterval(timer)
      await sample()
      const spent = (pid: number) => (last.get(pid) ?? 0) - (first.get(pid) ?? 0)
      const all = [...last.keys()].reduce((sum, pid) => sum + spent(pid), 0)
      const own = pids.map(spent)
      return { backends: all - own.reduce((a, b) => a + b, 0), own }
    },
  }
}

/** Runs `work` with the casino API started alone on the wallet's schema. */
async function withCasinoApi(work: (url: string, pid: number) => Promise<void>) {
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
        PGAPPNAME: walletApp,
        ...(process.env.BENCH_API_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_API_NODE_OPTIONS } : {}),
      },
      dataDir,
    )
    try {
      await work(api.url, api.pid)
    } finally {
      await api.stop('SIGTERM')
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/**
 * Players with plenty of sandbox money, written straight into the wallet's schema; `limited`, each
 * with loss limits no round of the run reaches and a reality check not due before it ends.
 */
async function fundedPlayers(count: number, limited: boolean) {
  const opened = await openDatabase({ driver: 'postgres', url: databaseUrl!, schema: walletSchema })
  try {
    const ids = await insertFundedPlayers(opened.db, count, 1_000_000_00)
    if (limited) {
      const now = new Date()
      await opened.db.insert(moneyLimits).values(
        ids.flatMap((playerId) =>
          DEPOSIT_LIMIT_PERIODS.map((period) => ({
            playerId,
            kind: 'loss' as const,
            period,
            amount: 100_000_000,
            updatedAt: now,
          })),
        ),
      )
      await opened.db.insert(realityChecks).values(
        ids.map((playerId) => ({
          playerId,
          minutes: 120,
          since: now,
          dueAt: new Date(now.getTime() + 7_200_000),
          updatedAt: now,
        })),
      )
    }
    return ids
  } finally {
    await opened.close()
  }
}

type Cpu = { backends: number; api: number; client: number }
type Stats = { pairs: number; seconds: number; latencies: number[]; errors: number; cpu: Cpu | null }

/**
 * One keep-alive HTTP/1.1 connection that sends a JSON POST and reads its answer: the least a
 * provider's server does per call. A general-purpose client (undici) spent more CPU per request
 * than the casino API's own handler on this kind of machine, so the load generator, not the
 * wallet, was measured.
 */
async function connection(url: string) {
  const { hostname, port } = new URL(url)
  const socket = connect({ host: hostname, port: Number(port), noDelay: true })
  await once(socket, 'connect')
  let buffered: Buffer = Buffer.alloc(0)
  let waiting: { resolve: (answer: { status: number; body: string }) => void; reject: (e: Error) => void } | null = null
  const fail = (error: Error) => {
    waiting?.reject(error)
    waiting = null
  }
  socket.on('error', fail)
  socket.on('close', () => fail(new Error('the casino API closed the connection')))
  socket.on('data', (chunk: Buffer) => {
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk
    const headEnd = buffered.indexOf('\r\n\r\n')
    if (headEnd < 0 || !waiting) return
    const head = buffered.subarray(0, headEnd).toString('latin1')
    const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1]
    if (length === undefined) return fail(new Error(`an answer without content-length: ${head}`))
    const end = headEnd + 4 + Number(length)
    if (buffered.length < end) return
    const body = buffered.subarray(headEnd + 4, end).toString('utf8')
    buffered = buffered.subarray(end)
    const done = waiting
    waiting = null
    done.resolve({ status: Number(head.slice(9, 12)), body })
  })
  const prefix = `Host: ${hostname}:${port}\r\nContent-Type: application/json\r\nX-Provider-Key: ${secret}\r\n`
  return {
    post(path: string, body: unknown): Promise<{ status: number; body: string }> {
      const json = Buffer.from(JSON.stringify(body))
      return new Promise((resolve, reject) => {
        if (socket.destroyed) return reject(new Error('the connection to the casino API is closed'))
        waiting = { resolve, reject }
        socket.write(`POST ${path} HTTP/1.1\r\n${prefix}Content-Length: ${json.length}\r\n\r\n`)
        socket.write(json)
      })
    },
    closed: () => socket.destroyed,
    close: () => socket.destroy(),
  }
}

/**
 * How a round's money moves: one settlement call, or a bet and then its win; and the settlement
 * again for players who set themselves loss limits and a reality check (ADRs 0064, 0065), which
 * every stake then checks (the cost of those checks, beside the first line of the same run).
 */
type Way = 'settle' | 'bet+win' | 'settle, limited'
const WAYS: { way: Way; label: string }[] = [
  { way: 'settle', label: 'settled instant rounds/s (provider_settle: one call)' },
  { way: 'bet+win', label: 'bet+win round trips/s (provider_bet, then provider_win: two calls)' },
  {
    way: 'settle, limited',
    label: 'settled instant rounds/s, players with a daily, weekly and monthly loss limit and a reality check',
  },
]

/** Each client plays rounds for one player, one after another, the `way` given. */
async function playRounds(url: string, apiPid: number, playerIds: string[], way: Way): Promise<Stats> {
  const connections = await Promise.all(playerIds.map(() => connection(url)))
  let measuring = false
  const stop = new AbortController()
  const stats: Stats = { pairs: 0, seconds: duration, latencies: [], errors: 0, cpu: null }
  const client = async (playerId: string, i: number) => {
    const post = async (path: string, body: unknown) => {
      const answer = await connections[i]!.post(path, body)
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${answer.body}`)
    }
    for (let n = 0; !stop.signal.aborted; n++) {
      const round = { playerId, currency: 'EUR', roundId: `r-${randomUUID()}`, gameId: 'golden-sevens' }
      const started = performance.now()
      const bet = { transactionId: `b-${randomUUID()}`, amount: 1_00 }
      const win = { transactionId: `w-${randomUUID()}`, amount: n % 2 ? 2_00 : 0 }
      try {
        if (way !== 'bet+win') await post(calls.provider_settle.path, { ...round, bet, win })
        else {
          await post(calls.provider_bet.path, { ...round, ...bet })
          await post(calls.provider_win.path, { ...round, ...win })
        }
      } catch (error) {
        stats.errors += 1
        if (stats.errors === 1) console.error(error instanceof Error ? error.message : error)
        if (connections[i]!.closed()) break
        continue
      }
      if (measuring) {
        stats.pairs += 1
        stats.latencies.push(performance.now() - started)
      }
    }
  }
  const running = playerIds.map((id, i) => client(id, i))
  await new Promise((resolve) => setTimeout(resolve, warmup * 1000))
  const meter = localServer ? cpuMeter(walletApp, [apiPid]) : null
  await meter?.ready
  const clientCpu = process.cpuUsage()
  measuring = true
  await new Promise((resolve) => setTimeout(resolve, duration * 1000))
  measuring = false
  const clientSpent = process.cpuUsage(clientCpu)
  const spent = await meter?.stop()
  if (spent)
    stats.cpu = {
      backends: spent.backends,
      api: spent.own[0]!,
      client: (clientSpent.user + clientSpent.system) / 1000,
    }
  stop.abort()
  await Promise.all(running)
  for (const c of connections) c.close()
  return stats
}

async function runPgbench(): Promise<{ tps: number; command: string; cpuPerTransaction: number | null }> {
  const env = { ...process.env, PGOPTIONS: `-c search_path=${pgbenchSchema}`, PGAPPNAME: pgbenchApp }
  const init = ['-i', '-q', '-s', String(clients), databaseUrl!]
  const bench = ['-c', String(clients), '-j', '2', '-T', String(duration), databaseUrl!]
  const i = spawnSync('pgbench', init, { env, encoding: 'utf8' })
  if (i.status !== 0) throw new Error(`pgbench -i failed: ${i.stderr}`)
  const child = spawn('pgbench', bench, { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const meter = localServer && child.pid ? cpuMeter(pgbenchApp, [child.pid]) : null
  // The last sample before pgbench exits: its own time is not readable after that.
  const before = new Promise((resolve) => setTimeout(resolve, (duration - 0.3) * 1000))
  await Promise.race([before, exited])
  const spent = await meter?.stop()
  if ((await exited) !== 0) throw new Error(`pgbench failed: ${stderr}`)
  const tps = /tps = ([\d.]+)/.exec(stdout)?.[1]
  const done = /number of transactions actually processed: (\d+)/.exec(stdout)?.[1]
  if (!tps || !done) throw new Error(`no tps in pgbench's output:\n${stdout}`)
  return {
    tps: Number(tps),
    command: `pgbench -c ${clients} -j 2 -T ${duration} (tpcb-like, scale ${clients})`,
    // The transactions of the measured part of the run, at the run's own rate.
    cpuPerTransaction: spent ? (spent.backends + spent.own[0]!) / (Number(tps) * (duration - 0.3)) : null,
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0

/** One way's lines of the table: its rate, latency, failures, CPU, and its ratio to pgbench (the target's, for `targeted`). */
function printWay(
  label: string,
  stats: Stats,
  reference: Awaited<ReturnType<typeof runPgbench>> | null,
  targeted: boolean,
) {
  const perSecond = stats.pairs / stats.seconds
  const sorted = [...stats.latencies].sort((a, b) => a - b)
  console.log(`| ${label} | ${perSecond.toFixed(1)} |`)
  console.log(
    `| … round latency p50 / p99 | ${percentile(sorted, 0.5).toFixed(1)} / ${percentile(sorted, 0.99).toFixed(1)} ms |`,
  )
  console.log(`| … failed rounds | ${stats.errors} |`)
  const cpu = stats.cpu
  const cpuPerRound = cpu && stats.pairs ? (cpu.backends + cpu.api + cpu.client) / stats.pairs : null
  if (cpu && cpuPerRound !== null) {
    const per = (ms: number) => (ms / stats.pairs).toFixed(2)
    console.log(
      `| … CPU per round: PostgreSQL backends + casino API + load client | ${cpuPerRound.toFixed(2)} ms (${per(cpu.backends)} + ${per(cpu.api)} + ${per(cpu.client)}) |`,
    )
  }
  if (!reference) return
  const ratio = perSecond / reference.tps
  const target = targeted ? ` (target >= ${TARGET} x: ${ratio >= TARGET ? 'met' : 'NOT met'})` : ''
  console.log(`| … ratio to pgbench | ${ratio.toFixed(2)} x${target} |`)
  if (reference.cpuPerTransaction !== null && cpuPerRound)
    console.log(
      `| … cost ratio (CPU per pgbench transaction / CPU per round) | ${(reference.cpuPerTransaction / cpuPerRound).toFixed(2)} x |`,
    )
}

// Plain connections for the schemas themselves: openDatabase would migrate the default schema.
const admin = new PgPool({ connectionString: databaseUrl, max: 1 })
try {
  const version = (await admin.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]
  const wallet = new Map<Way, Stats>()
  await withCasinoApi(async (url, pid) => {
    // New players for each way: a win sums its player's movements of the last 24 hours (the net
    // winnings limit), so players who played the first way would make the second one's wins dearer.
    for (const { way } of WAYS)
      wallet.set(way, await playRounds(url, pid, await fundedPlayers(clients, way === 'settle, limited'), way))
  })
  const opened = await openDatabase({ driver: 'postgres', url: databaseUrl, schema: walletSchema })
  const report = await checkLedger(opened.db, providerRecords(await openProviderDatabase(opened))).finally(() =>
    opened.close(),
  )

  await admin.query(`CREATE SCHEMA "${pgbenchSchema}"`)
  const reference = havePgbench ? await runPgbench() : null

  const { host, pathname } = new URL(databaseUrl)
  console.log(
    `\nbench:ledger on PostgreSQL ${version?.v} at ${host}${pathname}, ${clients} clients, ${duration} s each\n`,
  )
  console.log(`| measure | value |\n| --- | ---: |`)
  if (reference) {
    console.log(`| pgbench tpcb-like TPS (${reference.command}) | ${reference.tps.toFixed(1)} |`)
    if (reference.cpuPerTransaction !== null)
      console.log(`| CPU per pgbench transaction: backends + pgbench | ${reference.cpuPerTransaction.toFixed(2)} ms |`)
  }
  for (const { way, label } of WAYS) printWay(label, wallet.get(way)!, reference, way === 'settle')
  console.log(
    `\nledger:check on the wallet's schema after the run: ${report.violations.length ? `${report.violations.length} VIOLATION(S)` : 'every invariant holds'} (${report.transactions} transactions)`,
  )
  if (!reference)
    console.log(
      "\npgbench was not found, so there is no reference TPS. It comes with PostgreSQL's client tools: `sudo apt-get install postgresql-client` (Debian, Ubuntu), `brew install libpq` (macOS), or the postgres Docker image (`docker run --rm --network host postgres pgbench ...`).",
    )
  if (report.violations.length || [...wallet.values()].some((stats) => stats.errors)) process.exitCode = 1
  else if (!reference) process.exitCode = 2
} finally {
  // The API's schema and those beside it: its job queue's and the game provider's.
  for (const schema of [walletSchema, `${walletSchema}_jobs`, `${walletSchema}_provider`, pgbenchSchema])
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {})
  await admin.end()
}
