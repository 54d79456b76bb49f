/**
 * The casino API's Prometheus metrics (prom-client), in a registry of its own: the web server
 * keeps another, so both halves can run in one process (`npm start`, tests) without a clash.
 * Served by `serveMetrics` on a port of its own (METRICS_PORT, loopback by default), never on the
 * API's port. Labels are bounded: route patterns, call names, game ids, ledger kinds, codes.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

export const apiRegistry = new Registry()

type QueueRows = { queue: string; state: string; n: number }[]
const queueSources = new Set<() => Promise<QueueRows>>()

/** Adds a job queue's counts to casino_api_job_queue_depth (jobs/jobs.ts); answers its removal. */
export function measureJobQueue(source: () => Promise<QueueRows>): () => void {
  queueSources.add(source)
  return () => queueSources.delete(source)
}
// Process metrics (CPU, memory, file descriptors, GC) and the event loop's lag.
collectDefaultMetrics({ register: apiRegistry })

const registers = [apiRegistry]

export const apiMetrics = {
  requests: new Histogram({
    name: 'casino_api_http_request_duration_seconds',
    help: 'Requests answered, by method, route pattern and status: their rate and latency',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  }),
  rateLimited: new Counter({
    name: 'casino_api_rate_limited_total',
    help: 'Requests refused by a rate limit or a log-in slowdown (429), by route pattern',
    labelNames: ['route'],
    registers,
  }),
  failedLogins: new Counter({
    name: 'casino_api_failed_logins_total',
    help: 'Refused log-ins, by the refusal code (wrong_credentials, a lock, a closed account…)',
    labelNames: ['reason'],
    registers,
  }),
  ledgerTransactions: new Counter({
    name: 'casino_api_ledger_transactions_total',
    help: 'Ledger transactions written (replays not counted), by kind',
    labelNames: ['kind'],
    registers,
  }),
  ledgerAmount: new Counter({
    name: 'casino_api_ledger_amount_cents_total',
    help: 'Money moved by the ledger transactions written (their positive postings, in cents), by kind',
    labelNames: ['kind'],
    registers,
  }),
  gameRounds: new Counter({
    name: 'casino_api_game_rounds_total',
    help: 'Game rounds opened, by game and mode (real, demo)',
    labelNames: ['game', 'mode'],
    registers,
  }),
  sockets: new Gauge({
    name: 'casino_api_open_sockets',
    help: 'Realtime sockets open on this instance',
    registers,
  }),
  jobFailures: new Counter({
    name: 'casino_api_job_failures_total',
    help: "Job runs that failed, by queue, and whether it was the job's last try (final: true)",
    labelNames: ['queue', 'final'],
    registers,
  }),
  jobQueue: new Gauge({
    name: 'casino_api_job_queue_depth',
    help: 'Jobs waiting (created, retry) or running (active), by queue and state: read from the queue at each scrape',
    labelNames: ['queue', 'state'],
    registers,
    async collect() {
      this.reset()
      for (const source of queueSources) {
        // A database away leaves the gauge empty rather than failing the whole scrape.
        const rows = await source().catch(() => [])
        for (const { queue, state, n } of rows) this.inc({ queue, state }, n)
      }
    },
  }),
}

/** Counts one ledger transaction written (not a replay): `amount` is what it moved, in cents. */
export function countLedgerTransaction(kind: string, amount: number) {
  apiMetrics.ledgerTransactions.inc({ kind })
  if (amount > 0) apiMetrics.ledgerAmount.inc({ kind }, amount)
}

export type MetricsServer = { url: string; close(): Promise<void> }

/**
 * Serves `GET /metrics` of `registry` on its own port (0: a free one) and host (default
 * 127.0.0.1); every other path is a 404. Scrapers reach it on the private network, players never.
 */
export function serveMetrics(registry: Registry, options: { port: number; host?: string }): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end()
      return
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
      () => res.writeHead(500).end(),
    )
  })
  const host = options.host ?? '127.0.0.1'
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, host, () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/metrics`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      })
    })
  })
}
