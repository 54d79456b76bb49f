// `npm run soak`: the production topology on this machine under player load and faults. Two casino
// API processes (casino-api/src/main.ts) and two web processes (server/index.ts with
// CASINO_API_URL) on one fresh PostgreSQL database, an HAProxy (deploy/haproxy.cfg, Debian's
// haproxy) in front of each tier: the webs reach the APIs through the API tier's balancer, the load
// client reaches the webs through the web tier's. For SOAK_MINUTES (default 5; `--minutes N`),
// SOAK_PLAYERS virtual players (default 24; scripts/soak-players.ts) register, log in, deposit by
// card (with and without 3-D Secure) and voucher, play rounds of four games, withdraw, keep a
// realtime socket open, while an administrator accepts withdrawals. Every minute one API (at 20 s)
// and one web process (at 45 s) is killed with SIGKILL and started again.
//
// Afterwards it checks: ledger:check holds; every player's balance in the ledger equals what the
// site confirmed to the load client (deposits − withdrawals − stakes + wins); no 5xx but requests
// in flight on a killed process; every socket open again. It prints the load held, errors by kind,
// each kill's time to recover and the money reconciliation, and exits 1 if an invariant fails.
//
// `--smoke`: a quick run (20 s of load, 8 players, one kill of each kind).
// PostgreSQL: SOAK_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the
// server; the run creates a database soak_<pid> on it and drops it at the end.
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { Client } from 'pg'
import { freePort, startApiProcess, type ApiProcess } from '#casino-api/tests/api-process.ts'
import { TEST_SESSION_SECRET } from '#tests/setup/harness.ts'
import { startWebProcess } from '#tests/setup/web-process.ts'
import { startHaproxy } from '../deploy/haproxy.ts'
import { loadAverage, printTable } from './bench-support.ts'
import { staleBuildReason, writeBuildStamp } from './build-stamp.ts'
import { Administrator, balanceOf, Mailboxes, Tally, VirtualPlayer, VoucherPool } from './soak-players.ts'

const ROOT = resolve(import.meta.dirname, '..')
const { values: flags } = parseArgs({
  options: { minutes: { type: 'string' }, players: { type: 'string' }, smoke: { type: 'boolean' } },
})
const SMOKE = flags.smoke ?? false
const RUN_MS = SMOKE ? 20_000 : Number(flags.minutes ?? process.env.SOAK_MINUTES ?? 5) * 60_000
const PLAYERS = Number(flags.players ?? process.env.SOAK_PLAYERS ?? (SMOKE ? 8 : 24))
if (!(RUN_MS > 0) || !(PLAYERS > 0)) {
  console.error('soak: --minutes (SOAK_MINUTES) and --players (SOAK_PLAYERS) must be positive numbers')
  process.exit(2)
}
/** When (ms into the run) which kind of process is killed: every minute, or once each in a smoke run. */
const KILLS: { at: number; tier: 'api' | 'web' }[] = SMOKE
  ? [
      // Early: an API's restart takes the longest, and the run waits for it.
      { at: 2_000, tier: 'api' },
      { at: 6_000, tier: 'web' },
    ]
  : Array.from({ length: Math.ceil(RUN_MS / 60_000) }, (_, m) => [
      { at: m * 60_000 + 20_000, tier: 'api' as const },
      { at: m * 60_000 + 45_000, tier: 'web' as const },
    ])
      .flat()
      .filter((k) => k.at < RUN_MS)

const log = (line: string) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}] ${line}`)
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

// The production build the web processes serve, as `npm start` makes it.
const stale = staleBuildReason(ROOT)
if (stale) {
  log(`${stale}: building the web app first`)
  const built = spawnSync('npx', ['react-router', 'build'], { stdio: ['ignore', 'ignore', 'inherit'], cwd: ROOT })
  if (built.status !== 0) process.exit(built.status ?? 1)
  writeBuildStamp(ROOT)
}

const server = new URL(process.env.SOAK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
const database = `soak_${process.pid}`
const databaseUrl = new URL(server)
databaseUrl.pathname = `/${database}`
const admin = new Client({ connectionString: server.toString() })
await admin.connect()
await admin.query(`CREATE DATABASE ${database}`)
const tmp = mkdtempSync(join(tmpdir(), 'casino-soak-'))
const cleanups: (() => Promise<unknown> | unknown)[] = []
let exitCode = 1
try {
  exitCode = await soak()
} catch (error) {
  console.error(error)
} finally {
  for (const cleanup of cleanups.toReversed()) await (async () => cleanup())().catch(() => {})
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {})
  await admin.end()
  rmSync(tmp, { recursive: true, force: true })
}
process.exit(exitCode)

async function soak(): Promise<number> {
  const adminPassword = `soak-admin-${randomBytes(6).toString('hex')}`
  // The web tier's balancer comes first: its address is the site's (PUBLIC_URL, the APIs' WEB_URL).
  const [apiPorts, providerPorts, webPorts] = [
    [await freePort(), await freePort()],
    [await freePort(), await freePort()],
    [await freePort(), await freePort()],
  ]
  const apiBalancer = await startHaproxy([`127.0.0.1:${apiPorts[0]}`, `127.0.0.1:${apiPorts[1]}`])
  cleanups.push(() => apiBalancer.process.kill('SIGTERM'))
  // The game provider each API starts on a port of its own, behind a balancer of its own (the game frame's moves).
  const providerBalancer = await startHaproxy([`127.0.0.1:${providerPorts[0]}`, `127.0.0.1:${providerPorts[1]}`])
  cleanups.push(() => providerBalancer.process.kill('SIGTERM'))
  const webBalancer = await startHaproxy([`127.0.0.1:${webPorts[0]}`, `127.0.0.1:${webPorts[1]}`])
  cleanups.push(() => webBalancer.process.kill('SIGTERM'))
  const site = webBalancer.url
  /** The output of each process killed during the run (SOAK_LOGS keeps it). */
  const retired: { name: string; output: string }[] = []
  // SOAK_LOGS=<folder>: the balancers' logs (a line per request: which server, what status, how it
  // ended) and every process's output are kept there after the run.
  if (process.env.SOAK_LOGS)
    cleanups.push(() => {
      const dir = resolve(process.env.SOAK_LOGS!)
      mkdirSync(dir, { recursive: true })
      writeFileSync(join(dir, 'haproxy-api.log'), apiBalancer.log())
      writeFileSync(join(dir, 'haproxy-provider.log'), providerBalancer.log())
      writeFileSync(join(dir, 'haproxy-web.log'), webBalancer.log())
      for (const [i, web] of webs.entries()) writeFileSync(join(dir, `web-${i + 1}.log`), web.output())
      for (const [i, api] of apis.entries()) writeFileSync(join(dir, `api-${i + 1}.log`), api.output())
      // The output of every killed process, up to its kill: what it answered just before.
      for (const { name, output } of retired) writeFileSync(join(dir, `${name}.log`), output)
      cpSync(tmp, dir, { recursive: true, filter: (f) => !f.includes('/mail') })
    })

  // What both APIs share (README, configuration): the database, the site's address, the sandbox
  // processors and their keys, the providers' secret, the administrator's first password.
  const apiEnv = {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl.toString(),
    WEB_URL: site,
    PAYMENTS_SANDBOX: 'true',
    PROVIDER_SECRET: `soak-provider-secret-${randomBytes(16).toString('hex')}`,
    ADMIN_PASSWORD: adminPassword,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    // Its players spin as fast as the load asks (ADR 0070); the rule has its own tests.
    SLOT_MIN_ROUND_MS: '0',
  }
  const apiDirs = [join(tmp, 'api-1'), join(tmp, 'api-2')]
  const webDirs = [join(tmp, 'web-1'), join(tmp, 'web-2')]
  // Both webs seal sessions with one secret: a session made on one opens on the other.
  const webEnv = {
    CASINO_API_URL: apiBalancer.url,
    PROVIDER_URL: providerBalancer.url,
    PUBLIC_URL: site,
    SESSION_SECRET: `${TEST_SESSION_SECRET}-${randomBytes(8).toString('hex')}`,
    SEED_DEMO: 'false',
  }
  const startApi = (i: number) => {
    mkdirSync(apiDirs[i]!, { recursive: true })
    return startApiProcess(apiEnv, apiDirs[i]!, apiPorts[i], providerPorts[i])
  }
  const startWeb = (i: number) => {
    mkdirSync(webDirs[i]!, { recursive: true })
    return startWebProcess(webEnv, { port: webPorts[i]!, dataDir: webDirs[i]! })
  }
  log(`starting two casino APIs on ${database} (migrations once), then two web processes`)
  const apis: ApiProcess[] = await Promise.all([startApi(0), startApi(1)])
  cleanups.push(() => Promise.all(apis.map((a) => a.stop('SIGKILL'))))
  const webs = await Promise.all([startWeb(0), startWeb(1)])
  cleanups.push(() => Promise.all(webs.map((w) => w.stop())))
  await apiBalancer.ready()
  await providerBalancer.ready()
  await webBalancer.ready()
  log(`site ${site} (web tier), casino API tier ${apiBalancer.url}`)

  const tally = new Tally()
  const vouchers = new VoucherPool()
  const mail = new Mailboxes(
    apiDirs.map((d) => join(d, 'mail')),
    site,
  )
  const shared = { webUrl: site, tally, mail, vouchers }
  const administrator = new Administrator(shared, adminPassword)
  await administrator.logIn()
  await administrator.mintVouchers()

  // The load.
  const started = Date.now()
  const running = () => Date.now() - started < RUN_MS
  const players: VirtualPlayer[] = []
  let joinFailures = 0
  let n = 0
  const slot = async () => {
    // A player who could not join (their registration lost, say) is replaced by a new one.
    while (running()) {
      const player = new VirtualPlayer(shared, ++n)
      players.push(player)
      if (await player.join()) return player.live(running)
      joinFailures++
    }
  }
  log(
    `${PLAYERS} players for ${RUN_MS / 1000} s; kills at ${KILLS.map((k) => `${k.at / 1000} s (${k.tier})`).join(', ')}`,
  )
  const load = Promise.all([
    administrator.live(running),
    ...Array.from({ length: PLAYERS }, (_, i) => sleep(i * 500).then(slot)),
  ])

  // The faults: one process of a kind killed, started again where it ran; how long until it is
  // ready (its own /readyz) and back in its balancer's rotation (HAProxy's log says it is UP).
  type Kill = { tier: 'api' | 'web'; instance: number; at: number; ready: number; inRotation: number }
  const kills: Kill[] = []
  /** When each kill happened: a request in flight then may fail. */
  const killedAt: number[] = []
  const recover = async (plan: (typeof KILLS)[number], k: number) => {
    await sleep(Math.max(0, started + plan.at - Date.now()))
    const instance = Math.floor(k / 2) % 2
    const balancer = plan.tier === 'api' ? apiBalancer : webBalancer
    const upsBefore = count(balancer.log(), instance, 'UP')
    const downsBefore = count(balancer.log(), instance, 'DOWN')
    const at = Date.now()
    killedAt.push(at)
    if (plan.tier === 'api') {
      await apis[instance]!.stop('SIGKILL')
      retired.push({ name: `api-${instance + 1}-killed-${k}`, output: apis[instance]!.output() })
      apis[instance] = await startApi(instance)
    } else {
      await webs[instance]!.stop()
      retired.push({ name: `web-${instance + 1}-killed-${k}`, output: webs[instance]!.output() })
      webs[instance] = await startWeb(instance)
      await waitUntil(async () => (await fetch(`http://127.0.0.1:${webPorts[instance]}/readyz`).catch(() => null))?.ok)
    }
    const ready = Date.now()
    // Back in rotation: HAProxy's checks saw it UP again, or never took it out (it came back
    // between two checks: still not DOWN a few checks after it was ready).
    await waitUntil(
      () =>
        count(balancer.log(), instance, 'UP') > upsBefore ||
        (count(balancer.log(), instance, 'DOWN') === downsBefore && Date.now() - ready > 6000),
      60_000,
    )
    const inRotation = count(balancer.log(), instance, 'UP') > upsBefore ? Date.now() : ready
    kills.push({ tier: plan.tier, instance, at, ready: ready - at, inRotation: inRotation - at })
    log(
      `${plan.tier} ${instance + 1} killed: ready again after ${ready - at} ms, in rotation after ${inRotation - at} ms`,
    )
  }
  await Promise.all([load, ...KILLS.map(recover)])
  log('load done; checking sockets, the ledger and the money')

  // Sockets: every joined player's socket open again (they reconnect within a second of a close).
  const sockets = players.flatMap((p) => (p.socket ? [p.socket] : []))
  await waitUntil(() => sockets.every((s) => s.open), 20_000)
  const socketsOpen = sockets.filter((s) => s.open).length
  const socketsClosed = sockets.reduce((sum, s) => sum + s.closed, 0)
  const socketsReopened = sockets.reduce((sum, s) => sum + s.opened, 0) - sockets.length
  for (const s of sockets) s.stop()

  // The last withdrawals accepted, so the ledger is looked at with none waiting on the load client.
  await administrator.acceptWithdrawals()

  const ledgerCheck = spawnSync(process.execPath, ['scripts/ledger-check.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl.toString() },
    encoding: 'utf8',
  })
  const db = new Client({ connectionString: databaseUrl.toString() })
  await db.connect()
  const { rows } = await db.query<{ username: string; balance: string }>(
    `SELECT p.username, coalesce(sum(a.balance), 0)::text AS balance FROM players p
     LEFT JOIN ledger_accounts a ON a.player_id = p.id AND a.kind IN ('real', 'bonus') GROUP BY p.username`,
  )
  const pending = await db.query<{ n: number }>(
    // The game provider's rounds, in its schema beside the casino's (ADR 0049).
    `SELECT count(*)::int AS n FROM provider.game_rounds WHERE mode = 'real' AND status = 'open'`,
  )
  await db.end()
  const ledgerBalance = new Map(rows.map((r) => [r.username, Number(r.balance)]))

  // The money: what the site confirmed to each player against the player's balance in the ledger.
  const registered = players.filter((p) => p.registered)
  const totals = { deposits: 0, withdrawals: 0, stakes: 0, wins: 0 }
  let ledgerTotal = 0
  const wrongPlayers: string[] = []
  for (const p of registered) {
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += p.books[key]
    const inLedger = ledgerBalance.get(p.player.username) ?? 0
    ledgerTotal += inLedger
    if (inLedger !== balanceOf(p.books))
      wrongPlayers.push(`${p.player.username}: ledger ${inLedger}, confirmed ${balanceOf(p.books)}`)
  }
  const confirmedTotal = balanceOf(totals)

  // The requests: 5xx or no answer, in flight when a process was killed (started before, ended after) or not.
  // A failed request (5xx, or no answer) is the kill's when it was in flight at the kill, or was
  // sent in the second after it: those go out on keep-alive connections (the load client's to the
  // web tier's balancer, a web's to the API tier's) that break with the killed server's before
  // the balancer takes it out. Both are counted apart; any other is a failure.
  const whenFailed = (c: { started: number; ended: number; status: number }) =>
    c.status > 0 && c.status < 500
      ? null
      : killedAt.some((at) => c.started <= at && c.ended >= at)
        ? 'in flight'
        : killedAt.some((at) => c.started > at && c.started <= at + 1000)
          ? 'just after'
          : 'otherwise'
  const seconds = RUN_MS / 1000
  const loadCalls = tally.calls.filter((c) => c.started >= started && c.started <= started + RUN_MS)
  const kinds = [...new Set(tally.calls.map((c) => c.kind))].sort()
  const failedOutsideKills = tally.calls.filter((c) => whenFailed(c) === 'otherwise')

  console.log(
    `\nSoak: ${seconds.toFixed(0)} s, ${players.length} players joined or tried (${PLAYERS} at a time), load average ${loadAverage()}\n`,
  )
  printTable([
    ['load held', 'value'],
    ['requests/s', (loadCalls.length / seconds).toFixed(1)],
    ['rounds/s', (tally.rounds / seconds).toFixed(1)],
    ['rounds', String(tally.rounds)],
    ['players registered', String(registered.length)],
    ['withdrawals accepted by the admin', String(tally.withdrawalsAccepted)],
  ])
  console.log('')
  printTable([
    [
      'requests by kind',
      'total',
      '2xx/3xx',
      '4xx',
      '5xx / no answer: in flight at a kill',
      '≤ 1 s after a kill',
      'otherwise',
    ],
    ...kinds.map((kind) => {
      const of = tally.calls.filter((c) => c.kind === kind)
      const howMany = (f: (c: (typeof of)[number]) => boolean) => String(of.filter(f).length)
      return [
        kind,
        String(of.length),
        howMany((c) => c.status >= 200 && c.status < 400),
        howMany((c) => c.status >= 400 && c.status < 500),
        ...(['in flight', 'just after', 'otherwise'] as const).map((when) =>
          [
            of.filter((c) => c.status >= 500 && whenFailed(c) === when).length,
            of.filter((c) => c.status === 0 && whenFailed(c) === when).length,
          ].join(' / '),
        ),
      ]
    }),
  ])
  console.log('')
  printTable([
    ['kill (SIGKILL, restarted at once)', 'at', 'ready again', 'in rotation'],
    ...kills.map((k) => [
      `${k.tier} ${k.instance + 1}`,
      `${((k.at - started) / 1000).toFixed(0)} s`,
      `${(k.ready / 1000).toFixed(1)} s`,
      `${(k.inRotation / 1000).toFixed(1)} s`,
    ]),
  ])
  console.log('')
  const unknown = [...tally.unknown].map(([k, v]) => `${v} ${k}`).join(', ') || 'none'
  printTable([
    ['money', 'confirmed to the players', ''],
    ['deposits credited', eur(totals.deposits), ''],
    ['stakes', eur(totals.stakes), ''],
    ['wins', eur(totals.wins), ''],
    ['withdrawals requested', eur(totals.withdrawals), ''],
    ['players’ balance: confirmed', eur(confirmedTotal), ''],
    ['players’ balance: in the ledger', eur(ledgerTotal), ''],
    ['players whose two differ', String(wrongPlayers.length), ''],
  ])
  console.log(
    `\nAnswers lost on a killed process and resent with the same key: ${unknown}; unresolved: ${tally.unresolved.length}`,
  )
  console.log(
    `Rounds left open in the database: ${pending.rows[0]!.n}; balances shown by a game frame that differed: ${tally.balanceMismatches.length}`,
  )
  if (tally.surprises.size)
    console.log(
      `Unexpected answers (not failures of themselves): ${[...tally.surprises].map(([k, v]) => `${v} × ${k}`).join(', ')}`,
    )
  console.log(`Players who could not join: ${joinFailures}`)
  console.log(
    `Sockets: ${socketsOpen}/${sockets.length} open at the end, ${socketsClosed} closes, ${socketsReopened} reconnections`,
  )
  console.log(`\n${ledgerCheck.stdout.trim()}`)

  const failures = [
    ledgerCheck.status !== 0 && `ledger:check exited ${ledgerCheck.status}`,
    wrongPlayers.length > 0 &&
      `money: ${wrongPlayers.length} player(s) differ (${wrongPlayers.slice(0, 5).join('; ')})`,
    confirmedTotal !== ledgerTotal && `money: confirmed ${confirmedTotal} ≠ ledger ${ledgerTotal}`,
    tally.unresolved.length > 0 &&
      `${tally.unresolved.length} lost answer(s) never settled: ${tally.unresolved.join(', ')}`,
    failedOutsideKills.length > 0 &&
      `${failedOutsideKills.length} request(s) failed outside a kill: ${failedOutsideKills
        .slice(0, 10)
        .map(
          (c) =>
            `${c.kind} ${c.path} ${c.status} ${((c.started - started) / 1000).toFixed(1)}–${((c.ended - started) / 1000).toFixed(1)} s: ${c.detail}`,
        )
        .join(', ')}`,
    socketsOpen !== sockets.length && `${sockets.length - socketsOpen} socket(s) not open again`,
    tally.balanceMismatches.length > 0 &&
      `game frames showed other balances: ${tally.balanceMismatches.slice(0, 3).join('; ')}`,
    tally.rounds === 0 && 'no round was played',
    kills.length !== KILLS.length && 'not every kill was recovered from',
  ].filter(Boolean)
  console.log(failures.length ? `\nsoak: FAILED\n  ${failures.join('\n  ')}` : '\nsoak: every invariant holds')
  return failures.length ? 1 : 0
}

function eur(cents: number) {
  return `${(cents / 100).toFixed(2)} €`
}

/** How many times HAProxy's log says its server of `instance` went UP or DOWN. */
function count(haproxyLog: string, instance: number, state: 'UP' | 'DOWN') {
  return haproxyLog.split(`servers/${instance === 0 ? 'one' : 'two'} is ${state}`).length - 1
}

async function waitUntil(condition: () => unknown, timeoutMs = 120_000) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(100))
    if (await condition()) return true
  return false
}
