/**
 * The casino API service: `startCasinoApi(options)` opens the database (PGlite in the data folder,
 * or PostgreSQL), applies migrations, seeds a fresh database and serves the contract's calls.
 */
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
import { createRateLimiter, type RateLimitOverrides } from './rate-limits.ts'
import { seed } from './seed.ts'
import { BUILTIN_PROVIDER, ensureProviderSecret, providerAuth } from './wallet/provider-auth.ts'
import { paymentsConfigFromEnv, type PaymentsConfig } from './payments/config.ts'
import { callsOf, type DepositProcessor } from './payments/methods/processor.ts'
import { depositProcessors } from './payments/methods/registry.ts'
import { EXPIRE_CHALLENGES_EVERY_MS, expireOverdueChallenges } from './payments/challenges.ts'
import { startOutboxRelay } from './realtime/outbox.ts'
import { startRealtime } from './realtime/socket.ts'
import { builtinFeed, gameFeedsFromEnv, type GameFeedSource, syncFeeds } from './games/catalog-sync.ts'
import { httpWallet } from './games/wallet-client.ts'
import { DEFAULT_LIVE_TIMINGS, startLiveTables, type LiveTimings } from './games/live.ts'

const PRUNE_EVERY_MS = 60 * 60 * 1000
/** How often the game providers' catalogue feeds are synced again (besides at start). */
export const CATALOG_SYNC_EVERY_MS = 10 * 60 * 1000

export type CasinoApiOptions = {
  /** 0 picks a free port. Default 4000. */
  port?: number
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
   * games/live.ts); false runs no table from this instance (the others' rounds still reach its
   * sockets).
   */
  liveTables?: Partial<LiveTimings> | false
  /**
   * The other game providers whose catalogue feeds are synced into the games table, besides the
   * built-in one (ADR 0045). Default: GAME_PROVIDERS from the environment, else none.
   */
  gameProviders?: GameFeedSource[]
}

export type CasinoApi = {
  url: string
  port: number
  db: Database
  /** Syncs every provider's catalogue feed now (it runs at start and every CATALOG_SYNC_EVERY_MS); answers the failures. */
  syncCatalogs(): Promise<{ provider: string; error: string }[]>
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
        onIdleError: (error) => logDatabaseError(error),
      })
    : await openDatabase({ driver: 'pglite', dataDir: resolve(dataDir, 'db') })

  try {
    const passwords = await createPasswords(options.passwordHashing ?? DEFAULT_PASSWORD_HASHING)
    const providerSecret = await ensureProviderSecret(dataDir, options.providerSecret, (line) => console.log(line))
    const mailer = createMailer({
      smtpUrl: options.smtpUrl,
      mailDir: resolve(dataDir, 'mail'),
      from: options.mailFrom ?? `"Casino" <no-reply@${new URL(webUrl).hostname}>`,
    })
    const limits = createRateLimiter(opened.db, options.rateLimits)
    const pending = new Set<Promise<void>>()
    const afterAnswer = (task: () => Promise<void>) => {
      const running: Promise<void> = new Promise<void>((done) => setImmediate(done))
        .then(task)
        .catch((error: unknown) =>
          app.log.error(
            { err: error instanceof Error ? error.message : String(error) },
            'work after the answer failed',
          ),
        )
        .finally(() => pending.delete(running))
      pending.add(running)
    }
    // The built-in game provider pays through this API's own provider door, over HTTP, like an
    // external provider would; the address is known once the server listens.
    let ownUrl = ''
    const app = buildApp(
      (fastify): Context => ({
        db: opened.db,
        passwords,
        mailer,
        limits,
        providerAuth: providerAuth(providerSecret),
        gameWallet: httpWallet(() => ownUrl, providerSecret),
        payments,
        now,
        afterAnswer,
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
        ready: () => opened.ready(),
      },
    )

    log = app.log

    const realtime = await startRealtime(app.server, opened, { db: opened.db, now, log: app.log })
    const relay = startOutboxRelay({ db: opened.db, log: app.log })
    // A call that may have moved money has its balance events relayed at once, not after an idle wait.
    app.addHook('onResponse', async (request) => {
      if (request.method !== 'GET') relay.kick()
    })
    try {
      await app.listen({ port: options.port ?? 4000, host: options.host ?? '127.0.0.1' })
    } catch (error) {
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

    // The catalogue from the providers' feeds, the built-in one's over this API's own HTTP, before
    // the seed: the demo's played rounds go through the wallet, which takes bets only on games it knows.
    const syncCatalogs = async () => {
      const failures = await syncFeeds(opened.db, [builtinFeed(ownUrl), ...gameProviders])
      for (const failure of failures) app.log.error(failure, 'a catalogue feed could not be synced')
      return failures
    }
    try {
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
      await realtime.close()
      await relay.close()
      await app.close()
      mailer.close()
      throw error
    }

    const live =
      options.liveTables === false
        ? null
        : startLiveTables(
            { db: opened.db, now, gameWallet: httpWallet(() => ownUrl, providerSecret), log: app.log },
            { ...DEFAULT_LIVE_TIMINGS, ...options.liveTables },
          )

    // Maintenance every instance runs, once at the start and then on a timer: each job is
    // idempotent and safe to run from several instances at once. A failed run is logged and the
    // next one tries again; closing waits for a run under way.
    const repeat = (everyMs: number, job: () => Promise<unknown>, failure: string) => {
      const run = () =>
        job().then(
          () => {},
          (error: unknown) => app.log.error({ err: error instanceof Error ? error.message : String(error) }, failure),
        )
      let running = run()
      const timer = setInterval(() => (running = run()), everyMs)
      timer.unref()
      return {
        started: running,
        stop: () => {
          clearInterval(timer)
          return running
        },
      }
    }
    const pruning = repeat(PRUNE_EVERY_MS, () => pruneSpentRows(opened.db, now()), 'pruning spent rows failed')
    await pruning.started
    // An abandoned 3-D Secure challenge fails on time, whether or not its page is opened again.
    const expiring = repeat(
      EXPIRE_CHALLENGES_EVERY_MS,
      () => expireOverdueChallenges(opened.db, now()),
      'expiring 3-D Secure challenges failed',
    )

    // Again on a timer: a provider's new games, changed paytables and withdrawn titles.
    let catalogRun: Promise<unknown> = Promise.resolve()
    const catalogTimer = setInterval(() => {
      catalogRun = syncCatalogs().catch((error: unknown) =>
        app.log.error({ err: error instanceof Error ? error.message : String(error) }, 'syncing the catalogues failed'),
      )
    }, CATALOG_SYNC_EVERY_MS)
    catalogTimer.unref()

    let closing: Promise<void> | undefined
    return {
      url: ownUrl,
      port,
      db: opened.db,
      syncCatalogs,
      close: () =>
        (closing ??= (async () => {
          clearInterval(catalogTimer)
          const stopping = [pruning.stop(), expiring.stop(), catalogRun]
          try {
            await live?.close()
            await realtime.close()
            await app.close()
            await Promise.all(pending)
            await Promise.all(stopping)
            await relay.close()
          } finally {
            mailer.close()
            await opened.close()
          }
        })()),
    }
  } catch (error) {
    await opened.close().catch(() => {})
    throw error
  }
}
