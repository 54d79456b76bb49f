/**
 * The casino API service: `startCasinoApi(options)` opens the database (PGlite in the data folder,
 * or PostgreSQL), applies migrations, seeds a fresh database and serves the contract's calls.
 */
import { runDueScheduledBonuses } from './bonuses/scheduled.ts'
import { expireBonuses } from './bonuses/service.ts'
import { resolve } from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import { createPasswords, DEFAULT_PASSWORD_HASHING, type PasswordHashing } from './accounts/passwords.ts'
import type { Context } from './context.ts'
import { openDatabase, type Database } from './db/open.ts'
import { calls } from '../contract/index.ts'
import { handlersFor } from './handlers.ts'
import { buildApp } from './http/app.ts'
import { ensurePrivateDir } from './files.ts'
import { createMailer } from './mail/mailer.ts'
import { pruneSpentRows } from './maintenance.ts'
import { apiMetrics, apiRegistry, serveMetrics, type MetricsServer } from './metrics.ts'
import { startJobs, type Schedules } from './jobs/jobs.ts'
import { sendActivationAgain } from './accounts/links.ts'
import { createRateLimiter, type RateLimitOverrides } from './rate-limits.ts'
import { seed } from './seed.ts'
import { BUILTIN_PROVIDER, ensureProviderSecret, providerAuth } from './wallet/provider-auth.ts'
import { cardFingerprintKey } from './payments/cards.ts'
import { paymentsConfigFromEnv, type PaymentsConfig } from './payments/config.ts'
import { callsOf, type DepositProcessor } from './payments/methods/processor.ts'
import { depositProcessors } from './payments/methods/registry.ts'
import { expireOverdueChallenges } from './payments/challenges.ts'
import { startOutboxRelay } from './realtime/outbox.ts'
import { startRealtime } from './realtime/socket.ts'
import { builtinFeed, gameFeedsFromEnv, type GameFeedSource, providerNamesOf, syncFeeds } from './games/catalog-sync.ts'
import type { ProviderDatabase } from '../../provider/server/context.ts'
import { openProviderDatabase } from '../../provider/server/db/open.ts'
import type { LiveTimings } from '../../provider/server/live.ts'
import { startProvider, type GameProviderServer } from '../../provider/server/start.ts'
import { type GameProviderClient, httpEndSessions, httpGameProvider, httpLaunch } from './games/provider-client.ts'
import { endAtProvider } from './games/end-game-sessions.ts'
import { runDormancy } from './accounts/dormancy.ts'

export type CasinoApiOptions = {
  /** 0 picks a free port. Default 4000. */
  port?: number
  /**
   * The embedded game provider's own port, on `host` (PROVIDER_PORT; ADR 0049): its game server
   * and the calls the casino makes of it. 0 picks a free port. Default 4100, or a free one when
   * `port` is 0 (tests, the web server's embedded API).
   */
  providerPort?: number
  /**
   * Where browsers reach the embedded game provider (PROVIDER_PUBLIC_URL): a live table's client
   * opens its socket there. Default the URL it listens at.
   */
  providerPublicUrl?: string
  /** Default 127.0.0.1. */
  host?: string
  /** PGlite files go to `${dataDir}/db`, e-mails without SMTP to `${dataDir}/mail`. Default ./data. */
  dataDir?: string
  /** PostgreSQL instead of PGlite, e.g. postgres://user@host:5432/casino. */
  databaseUrl?: string
  /** PostgreSQL only: work in this schema (created if missing), tables and migration records both. */
  schema?: string
  /** PostgreSQL only: drop `schema` when closing (test runs). */
  dropSchemaOnClose?: boolean
  /**
   * PostgreSQL only: the pool's size, the connections' application_name, and how long a database
   * unreachable at start is retried (DATABASE_POOL_SIZE, DATABASE_APPLICATION_NAME,
   * DATABASE_CONNECT_TIMEOUT_MS). Defaults 10, casino-api, 0 (once).
   */
  databasePool?: { size?: number; applicationName?: string; connectTimeoutMs?: number }
  /** Public URL of the web app, the base of e-mailed links. */
  webUrl: string
  /** SMTP server, e.g. smtp://user:pass@host:587. Without it, e-mails are written as .eml files. */
  smtpUrl?: string
  /** From address of e-mails. Default "Casino" <no-reply@host of webUrl>. */
  mailFrom?: string
  /**
   * First password of the admin account when it is created; without it one is generated into
   * `${dataDir}/admin-password.txt` (0600). Either way it must be changed at the first log-in.
   */
  adminPassword?: string
  /** Create the demo player demo / demo-player-2026 (SEED_DEMO). Default false. */
  seedDemo?: boolean
  /**
   * The ISO country that loopback and private addresses count as for geo-blocking
   * (GEO_LOCAL_COUNTRY). Default none: such a visitor is never kept out by the country blacklist.
   */
  geoLocalCountry?: string | null
  /** Addresses/CIDRs (or 'loopback', 'uniquelocal'...) whose X-Forwarded-For is believed. Default ['loopback']. */
  trustedProxies?: string[]
  /** fastify's pino logger on stdout. Default true. */
  logger?: boolean
  /** The clock of every expiry and lockout. Default the system clock. */
  now?: () => Date
  /**
   * argon2id cost. Default OWASP's (19 MiB, t=2, p=1); tests lower it to stay fast. Hashes
   * made with other parameters are upgraded at the next log-in.
   */
  passwordHashing?: PasswordHashing
  /**
   * Per-ip and per-account limits of the username check, registration and forgotten-password
   * calls (defaults in rate-limits.ts); tests set low ones.
   */
  rateLimits?: RateLimitOverrides
  /**
   * The game providers' wallet secret (PROVIDER_SECRET, at least 32 characters). Without it one
   * is generated once into `${dataDir}/provider-secret.txt` (0600) and kept.
   */
  providerSecret?: string
  /** Card acquirer, bank account, crypto keys (default: from the environment, the sandbox's outside production). */
  payments?: PaymentsConfig
  /**
   * The deposit methods offered (default: payments/methods/registry.ts's); a test registers a
   * throwaway one, whose call is routed with the contract's.
   */
  depositMethods?: readonly DepositProcessor[]
  /**
   * The live tables' timings (betting window, spin, result on show, tick; defaults in
   * provider/server/live.ts); false runs no table from this instance (the others' rounds still reach its
   * sockets).
   */
  liveTables?: Partial<LiveTimings> | false
  /**
   * The embedded provider's least time between the starts of a player's slot rounds, in ms
   * (SLOT_MIN_ROUND_MS; default 2500, after RTS 14; 0: none).
   */
  slotMinRoundMs?: number
  /**
   * The other game providers whose catalogue feeds are synced into the games table, besides the
   * built-in one (ADR 0045). Default: GAME_PROVIDERS from the environment, else none.
   */
  gameProviders?: GameFeedSource[]
  /**
   * The built-in game provider run on its own (`node provider/server/main.ts`, ADR 0049), in this
   * API's PostgreSQL database: this API then starts none. Default: PROVIDER_URL, else the one it
   * starts on `providerPort`.
   */
  providerUrl?: string
  /** Cron expressions of the scheduled jobs (jobs/jobs.ts DEFAULT_SCHEDULES); tests set faster ones. */
  schedules?: Schedules
  /**
   * Serve the Prometheus metrics (metrics.ts) at /metrics on this port of `metricsHost`
   * (default 127.0.0.1), never on the API's own port; 0 picks a free one. Default: none.
   */
  metricsPort?: number
  metricsHost?: string
}

export type CasinoApi = {
  url: string
  port: number
  /** The metrics' URL, with `metricsPort`. */
  metricsUrl?: string
  db: Database
  /** The embedded game provider's base URL (its own port): the game client's calls go there. */
  providerUrl: string
  /** The embedded game provider's schema (ADR 0049): tests and the ledger check read its records. */
  providerDb: ProviderDatabase
  /** Syncs every provider's catalogue feed now (it runs at start and as the 'sync_catalogs' schedule); answers the failures. */
  syncCatalogs(): Promise<{ provider: string; error: string }[]>
  /** Runs the dormant accounts' pass now (it runs as the daily 'dormant_accounts' schedule; ADR 0062). */
  runDormancy(): Promise<{ warned: number; closed: number }>
  /** Resolves once the queued e-mails are written or sent (jobs.ts `settled`): for tests. */
  mailSettled(timeoutMs?: number): Promise<void>
  close(): Promise<void>
}

export async function startCasinoApi(options: CasinoApiOptions): Promise<CasinoApi> {
  const dataDir = resolve(options.dataDir ?? 'data')
  const now = options.now ?? (() => new Date())
  const webUrl = new URL(options.webUrl).toString().replace(/\/+$/, '')
  const payments = options.payments ?? paymentsConfigFromEnv()
  const depositMethods = options.depositMethods ?? depositProcessors
  const gameProviders = options.gameProviders ?? gameFeedsFromEnv()

  // 0700 before anything is written into it: database files, e-mails, the admin password file.
  await ensurePrivateDir(dataDir)

  // Until the HTTP side (and its logger) exists, database trouble goes to stderr.
  let log: FastifyBaseLogger | undefined
  const logDatabaseError = (error: Error) =>
    log
      ? log.error({ err: error.message }, 'database connection error')
      : console.error('Casino API: database connection error:', error.message)
  const opened = options.databaseUrl
    ? await openDatabase({
        driver: 'postgres',
        url: options.databaseUrl,
        schema: options.schema,
        dropSchemaOnClose: options.dropSchemaOnClose,
        maxConnections: options.databasePool?.size,
        applicationName: options.databasePool?.applicationName,
        connectTimeoutMs: options.databasePool?.connectTimeoutMs,
        onIdleError: (error) => logDatabaseError(error),
        onRetry: (error) =>
          console.error(
            `Casino API: the database is unreachable (${error.message}); retrying for up to ${options.databasePool?.connectTimeoutMs} ms`,
          ),
      })
    : await openDatabase({ driver: 'pglite', dataDir: resolve(dataDir, 'db') })

  try {
    // The built-in game provider's schema beside the API's (ADR 0049), with the rows it kept in
    // the API's tables before it had one.
    const providerDb = await openProviderDatabase(opened, (line) => console.log(`Casino API: ${line}`))
    const passwords = await createPasswords(options.passwordHashing ?? DEFAULT_PASSWORD_HASHING)
    const providerSecret = await ensureProviderSecret(dataDir, options.providerSecret, (line) => console.log(line))
    const mailer = createMailer({
      smtpUrl: options.smtpUrl,
      mailDir: resolve(dataDir, 'mail'),
      from: options.mailFrom ?? `"Casino" <no-reply@${new URL(webUrl).hostname}>`,
    })
    // Each provider's wallet key names it in the wallet.
    const walletAuth = providerAuth(providerSecret, gameProviders)
    const limits = createRateLimiter(opened.db, options.rateLimits)
    const jobs = await startJobs(opened.jobStore, () => log ?? console)
    // The built-in game provider runs on a port of its own (started once this API listens): it
    // pays through this API's provider wallet over HTTP, as an external provider would, and this
    // API asks it for launches and rounds over HTTP with the key the two share.
    let ownUrl = ''
    let providerUrl = ''
    const builtinProvider = httpGameProvider(() => providerUrl, providerSecret)
    // Each provider's launch and end of sessions: the built-in one's, and those GAME_PROVIDERS gives.
    const launchers = new Map<string, GameProviderClient['launch']>([
      [BUILTIN_PROVIDER, builtinProvider.launch],
      ...gameProviders.flatMap((p) => (p.launchUrl ? [[p.id, httpLaunch(p.launchUrl, p.key)] as const] : [])),
    ])
    const sessionEnders = new Map<string, GameProviderClient['endSessions']>([
      [BUILTIN_PROVIDER, builtinProvider.endSessions],
      ...gameProviders.flatMap((p) =>
        p.endSessionsUrl ? [[p.id, httpEndSessions(p.endSessionsUrl, p.key)] as const] : [],
      ),
    ])
    let context: Context | undefined
    // Ready (/readyz) once everything below has run, not when the server first listens.
    let started = false
    const app = buildApp(
      (fastify): Context =>
        (context = {
          db: opened.db,
          passwords,
          jobs,
          limits,
          providerAuth: walletAuth,
          gameProvider: builtinProvider,
          launchers,
          sessionEnders,
          providerNames: providerNamesOf(gameProviders),
          payments,
          cardKey: cardFingerprintKey(providerSecret),
          now,
          dataDir,
          webUrl,
          geoLocalCountry: options.geoLocalCountry?.toUpperCase() ?? null,
          log: fastify.log,
        }),
      handlersFor(depositMethods),
      {
        calls: { ...calls, ...callsOf(depositMethods) },
        logger: options.logger ?? true,
        trustedProxies: options.trustedProxies ?? ['loopback'],
        ready: () => (started ? opened.ready() : Promise.resolve({ ok: false, reason: 'starting' } as const)),
      },
    )

    log = app.log

    const realtime = await startRealtime(app.server, opened, { db: opened.db, now, log: app.log })
    const relay = startOutboxRelay({ db: opened.db, log: app.log })
    // A call that may have moved money has its balance events relayed at once, not after an idle
    // wait, and the e-mails and work it queued start now rather than at the workers' next poll.
    app.addHook('onResponse', async (request) => {
      if (request.method === 'GET') return
      relay.kick()
      jobs.kick()
    })
    try {
      await app.listen({ port: options.port ?? 4000, host: options.host ?? '127.0.0.1' })
    } catch (error) {
      await jobs.close()
      mailer.close()
      await realtime.close()
      await relay.close()
      throw error
    }
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : (options.port ?? 4000)
    const host = options.host ?? '127.0.0.1'
    const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host
    ownUrl = `http://${urlHost}:${port}`

    // The built-in game provider on its port, then the catalogue from the providers' feeds (the
    // built-in one's over its HTTP) before the seed: the demo's played rounds go through the
    // wallet, which takes bets only on games it knows.
    let provider: GameProviderServer | undefined
    const syncCatalogs = async () => {
      const failures = await syncFeeds(opened.db, [builtinFeed(providerUrl), ...gameProviders])
      for (const failure of failures) app.log.error(failure, 'a catalogue feed could not be synced')
      return failures
    }
    try {
      // A provider run on its own (provider/server/main.ts, PROVIDER_URL): asked over HTTP like the
      // embedded one; its feed must answer now, so it starts first.
      provider = options.providerUrl
        ? undefined
        : await startProvider({
            db: providerDb,
            key: providerSecret,
            walletUrl: () => ownUrl,
            siteUrl: webUrl,
            listen: opened.listen,
            publicUrl: options.providerPublicUrl,
            port: options.providerPort ?? (options.port === 0 ? 0 : 4100),
            host,
            logger: options.logger ?? true,
            now,
            liveTables: options.liveTables,
            slotMinRoundMs: options.slotMinRoundMs,
            metrics: {
              roundOpened: (game, mode) => apiMetrics.gameRounds.inc({ game, mode }),
              answered: ({ method, route, status, seconds }) =>
                apiMetrics.requests.observe({ method, route, status }, seconds),
            },
          })
      providerUrl = provider?.url ?? new URL(options.providerUrl!).href.replace(/\/+$/, '')
      const builtinFailure = (await syncCatalogs()).find((f) => f.provider === BUILTIN_PROVIDER)
      if (builtinFailure)
        throw new Error(`the built-in provider's catalogue could not be synced: ${builtinFailure.error}`)
      await seed(opened.db, passwords, {
        adminPassword: options.adminPassword,
        seedDemo: options.seedDemo ?? false,
        dataDir,
        now: now(),
        print: (line) => console.log(line),
      })
    } catch (error) {
      await provider?.close()
      await realtime.close()
      await relay.close()
      await app.close()
      await jobs.close()
      mailer.close()
      throw error
    }

    // The durable work (jobs/jobs.ts): mails, work after an answer, and the schedules that run
    // once per period whichever instances are up: pruning spent rows, failing abandoned 3-D Secure
    // challenges on time (whether or not their page is opened again), the providers' catalogue
    // feeds again (new games, changed paytables, withdrawn titles), bonuses whose time is up, and
    // the scheduled bonuses due on the casino's day (hourly; each player once per period).
    const ctx = context as Context
    await jobs.work(
      {
        mail: ({ kind: _kind, ...mail }, job) => mailer.send(mail, { id: job.id, at: job.createdOn }),
        // The mail it queues carries the id of the request that asked for it.
        resend_activation: (data, job) => sendActivationAgain({ ...ctx, requestId: job.requestId }, data),
        prune_spent_rows: () => pruneSpentRows(opened.db, now()),
        expire_challenges: () => expireOverdueChallenges(opened.db, now()).then(() => {}),
        sync_catalogs: () => syncCatalogs().then(() => {}),
        expire_bonuses: () => expireBonuses(opened.db, now()).then(() => {}),
        end_game_sessions: (data) => endAtProvider(ctx, data),
        scheduled_bonuses: () => runDueScheduledBonuses(opened.db, now()).then(() => {}),
        dormant_accounts: () => runDormancy(ctx).then(() => {}),
      },
      { schedules: options.schedules },
    )

    let metrics: MetricsServer | undefined
    let closing: Promise<void> | undefined
    const close = () =>
      (closing ??= (async () => {
        try {
          await metrics?.close()
          // No new connection from here; requests in flight finish while the sockets are told
          // to reconnect elsewhere (1012), and the server's close waits for both.
          const closingHttp = app.close()
          await provider?.close()
          await realtime.close()
          await closingHttp
          await jobs.close()
          await relay.close()
        } finally {
          mailer.close()
          await opened.close()
        }
      })())
    if (options.metricsPort !== undefined) {
      try {
        metrics = await serveMetrics(apiRegistry, { port: options.metricsPort, host: options.metricsHost })
      } catch (error) {
        await close()
        throw error
      }
    }
    started = true
    return {
      url: ownUrl,
      port,
      metricsUrl: metrics?.url,
      db: opened.db,
      providerUrl,
      providerDb,
      syncCatalogs,
      runDormancy: () => runDormancy(ctx),
      mailSettled: (timeoutMs) => jobs.settled(timeoutMs),
      close,
    }
  } catch (error) {
    await opened.close().catch(() => {})
    throw error
  }
}
