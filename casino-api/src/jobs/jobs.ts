/**
 * Durable work on the database with pg-boss (ADR 0048): e-mails queued in the transaction that
 * causes them and retried with backoff, work that must not show in an answer's timing, and the
 * schedules that must run once per period across instances (pruning, 3-D Secure expiry, bonuses).
 *
 * pg-boss keeps its tables in a schema of its own (`pgboss`, or `<schema>_jobs` beside a test's
 * schema). On PostgreSQL it shares the casino API's connection pool; on PGlite it runs on the same
 * embedded database through pg-boss's PGlite backend, so one code path serves both.
 */
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import {
  type Db,
  type DrizzleTransactionLike,
  fromDrizzle,
  PgBoss,
  type JobWithMetadata,
  type QueueOptions,
} from 'pg-boss'
import type { Queryable } from '../db/open.ts'
import { apiMetrics, measureJobQueue } from '../metrics.ts'

/** Where pg-boss keeps its tables and how it reaches them (db/open.ts). */
export type JobStore = { backend: 'pglite' | 'postgres'; db: Db; schema: string }

/** Each queue's payload. */
export type JobData = {
  mail: { to: string; replyTo?: string; subject: string; text: string; html: string; kind: string }
  resend_activation: { login: string; ip: string }
  prune_spent_rows: Record<string, never>
  expire_challenges: Record<string, never>
  sync_catalogs: Record<string, never>
  expire_bonuses: Record<string, never>
  end_game_sessions: {
    playerId?: string
    casinoSession?: string
    exceptCasinoSession?: string
    gameId?: string
    /** The provider to ask (absent: the built-in one, as jobs were queued before other providers had one). */
    provider?: string
  }
  scheduled_bonuses: Record<string, never>
  dormant_accounts: Record<string, never>
}
export type JobName = keyof JobData

/** `requestId`: the request that queued the job (its log lines name it as `reqId`), if any. */
export type JobHandler<N extends JobName> = (
  data: JobData[N],
  job: { id: string; createdOn: Date; requestId?: string },
) => Promise<void>
export type JobHandlers = { [N in JobName]: JobHandler<N> }

/**
 * A mail is tried for about a day (2 s doubling to an hour, 30 tries) before it fails for good;
 * its row, which holds the mail and so its link, goes a minute after it is sent.
 */
const QUEUES: Record<JobName, QueueOptions> = {
  mail: {
    retryLimit: 30,
    retryDelay: 2,
    retryBackoff: true,
    retryDelayMax: 3600,
    expireInSeconds: 120,
    deleteAfterSeconds: 60,
  },
  resend_activation: { retryLimit: 5, retryDelay: 2, retryBackoff: true, expireInSeconds: 60, deleteAfterSeconds: 60 },
  prune_spent_rows: { retryLimit: 2, retryDelay: 60, expireInSeconds: 600, deleteAfterSeconds: 86_400 },
  expire_challenges: { retryLimit: 0, expireInSeconds: 60, deleteAfterSeconds: 3600 },
  sync_catalogs: { retryLimit: 0, expireInSeconds: 300, deleteAfterSeconds: 86_400 },
  expire_bonuses: { retryLimit: 1, retryDelay: 60, expireInSeconds: 600, deleteAfterSeconds: 86_400 },
  // Asked until the provider answers: about a day, as a mail (2 s doubling to an hour).
  end_game_sessions: {
    retryLimit: 30,
    retryDelay: 2,
    retryBackoff: true,
    retryDelayMax: 3600,
    expireInSeconds: 60,
    deleteAfterSeconds: 3600,
  },
  // Each player is decided once per period (ADR 0055): a retry or the next hour's run finishes a pass that failed.
  scheduled_bonuses: { retryLimit: 2, retryDelay: 120, expireInSeconds: 1800, deleteAfterSeconds: 7 * 86_400 },
  // Each account is told once and closed once (accounts/dormancy.ts): a retry finishes a pass that failed.
  dormant_accounts: { retryLimit: 2, retryDelay: 300, expireInSeconds: 1800, deleteAfterSeconds: 7 * 86_400 },
}

/** Cron expressions (UTC) of the scheduled queues; tests may set faster ones. */
export type Schedules = Partial<
  Record<
    | 'prune_spent_rows'
    | 'expire_challenges'
    | 'sync_catalogs'
    | 'expire_bonuses'
    | 'scheduled_bonuses'
    | 'dormant_accounts',
    string
  >
>
export const DEFAULT_SCHEDULES: Required<Schedules> = {
  prune_spent_rows: '17 * * * *',
  expire_challenges: '* * * * *',
  sync_catalogs: '*/10 * * * *',
  expire_bonuses: '*/5 * * * *',
  // Hourly: the pass grants what is due on the day in the casino's time zone (bonuses/scheduled.ts).
  scheduled_bonuses: '7 * * * *',
  // Daily: accounts a month from closing for want of a log-in are told, those due are closed (ADR 0062).
  dormant_accounts: '23 3 * * *',
}

export type Jobs = {
  /**
   * Queues a job. With `tx` it is written in that transaction, so it exists exactly when what
   * caused it was committed; call `kick()` after the commit to start it at once. With
   * `requestId` (the call's, `ctx.requestId`), the job's log lines name that request (`reqId`),
   * so a mail that failed is found from the request that caused it, and the other way round.
   */
  send<N extends JobName>(name: N, data: JobData[N], options?: { tx?: Queryable; requestId?: string }): Promise<void>
  /** Wakes this instance's workers now rather than at their next poll (after a commit that queued work). */
  kick(): void
  /** Starts this instance's workers and sets the schedules (every instance sets the same ones). */
  work(handlers: JobHandlers, options?: { schedules?: Schedules; pollingIntervalSeconds?: number }): Promise<void>
  /**
   * Resolves once no e-mail or work after an answer is waiting or running (or `timeoutMs` has
   * passed, 30 s by default: the whole test suite on two cores can keep a mail waiting past
   * 10 s): what a test reading the mail folder waits for.
   */
  settled(timeoutMs?: number): Promise<void>
  /** Waits for the jobs under way (up to 10 s; unfinished ones are retried by pg-boss), then stops. */
  close(): Promise<void>
  /** Every schedule pg-boss holds (whoever set it), with its last job's state and its next run. */
  schedules(): Promise<ScheduleState[]>
}

/** A schedule as the administrator reads it: its last job (while pg-boss keeps it) and next run. */
export type ScheduleState = {
  name: string
  cron: string
  timezone: string
  lastRun: { at: Date; state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed' } | null
  nextRun: Date | null
}

/** Where a job's data keeps the id of the request that queued it. */
const REQUEST_ID = '_requestId'
type Traced = { [REQUEST_ID]?: string }

/** The queue, ready to take jobs; its workers start with `work()` once what they need exists. */
export async function startJobs(
  store: JobStore,
  log: () => Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>,
): Promise<Jobs> {
  const boss = new PgBoss({
    db: store.db,
    backend: store.backend,
    schema: store.schema,
    // The cron pass looks every 5 s (each occurrence is still filed once per minute, whichever pass finds it).
    cronMonitorIntervalSeconds: 5,
    cronWorkerIntervalSeconds: 1,
  })
  boss.on('error', (error: Error) => log().error({ err: error.message }, 'job queue error'))
  await boss.start()
  for (const [name, queue] of Object.entries(QUEUES)) await boss.createQueue(name, queue)

  const workers: string[] = []
  const unmeasure = measureJobQueue(async () => {
    const { rows } = await store.db.executeSql(
      `select name as queue, state::text as state, count(*)::int as n from "${store.schema}".job
       where state in ('created', 'retry', 'active') group by name, state`,
    )
    return rows as { queue: string; state: string; n: number }[]
  })
  return {
    async send(name, data, sendOptions) {
      const reqId = sendOptions?.requestId
      await boss.send(
        name,
        reqId ? { ...data, [REQUEST_ID]: reqId } : data,
        sendOptions?.tx ? { db: fromDrizzle(sendOptions.tx as DrizzleTransactionLike, sql) } : {},
      )
    },
    kick() {
      for (const id of workers) boss.notifyWorker(id)
    },
    async work(handlers, options = {}) {
      const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, includeMetadata: true as const }
      for (const name of Object.keys(QUEUES) as JobName[]) {
        const handle = handlers[name] as JobHandler<JobName>
        workers.push(
          await boss.work(name, polling, async ([job]: JobWithMetadata<JobData[JobName] & Traced>[]) => {
            if (!job) return
            const { [REQUEST_ID]: reqId, ...data } = job.data
            const fields = { job: name, id: job.id, ...(reqId ? { reqId } : {}) }
            try {
              await handle(data as JobData[JobName], {
                id: job.id,
                createdOn: new Date(job.createdOn),
                requestId: reqId,
              })
              // A job a request queued says it is done (the schedules' runs stay quiet).
              if (reqId) log().info(fields, 'job done')
            } catch (error) {
              // pg-boss tries it again after its backoff; the cause is logged once per try, and
              // at error level when it was the last one.
              const failed = {
                ...fields,
                try: job.retryCount + 1,
                err: error instanceof Error ? error.message : String(error),
              }
              const final = job.retryCount >= job.retryLimit
              apiMetrics.jobFailures.inc({ queue: name, final: String(final) })
              if (final) log().error(failed, 'job failed for good')
              else log().warn(failed, 'job failed, to be tried again')
              throw error
            }
          }),
        )
      }
      const schedules = { ...DEFAULT_SCHEDULES, ...options.schedules }
      for (const [name, cron] of Object.entries(schedules)) await boss.schedule(name, cron, {}, { tz: 'UTC' })
    },
    async settled(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs
      while ((await unfinished(store)) > 0 && Date.now() < deadline) await new Promise((done) => setTimeout(done, 20))
    },
    async schedules() {
      const list = await boss.getSchedules()
      return Promise.all(
        list.map(async (s) => {
          const job = s.lastJobId ? await boss.getJobById(s.name, s.lastJobId) : null
          const [next] = boss.previewSchedule(s.cron, { tz: s.timezone, count: 1 })
          return {
            name: s.name,
            cron: s.cron,
            timezone: s.timezone,
            lastRun: job ? { at: new Date(job.completedOn ?? job.startedOn ?? job.createdOn), state: job.state } : null,
            nextRun: next ?? null,
          }
        }),
      )
    },
    close: () => {
      unmeasure()
      return boss.stop({ graceful: true, close: false, timeout: 10_000 })
    },
  }
}

/** The e-mails and work after an answer that are waiting, due again or running. */
async function unfinished(store: JobStore) {
  const { rows } = await store.db.executeSql(
    `select count(*)::int as n from "${store.schema}".job
     where name in ('mail', 'resend_activation') and state in ('created', 'retry', 'active')`,
  )
  return (rows[0] as { n: number }).n
}
