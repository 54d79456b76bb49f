import http from 'node:http'
import path from 'node:path'
import { pino } from 'pino'
import { EnvError, parseEnv, type Env } from '#app/utils/env.server.ts'
import { serveMetrics } from '#casino-api/src/metrics.ts'
import { createWebApp } from './app.ts'
import { startEmbeddedApi, type EmbeddedApi } from './embedded-api.ts'
import { webRegistry } from './metrics.ts'
import { ensureSessionSecret } from './secret.ts'

/** How long a browser has to answer the closing of its socket (1012) before it is cut. */
const SOCKET_CLOSE_GRACE_MS = 2000

function readEnv(): Env {
  try {
    return parseEnv()
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}

async function startEmbedded(env: Env, publicUrl: string, log: pino.Logger): Promise<EmbeddedApi> {
  try {
    const api = await startEmbeddedApi(
      {
        host: '127.0.0.1',
        port: 0,
        dataDir: path.resolve(env.DATA_DIR),
        databaseUrl: env.DATABASE_URL,
        webUrl: publicUrl,
        smtpUrl: env.SMTP_URL,
        adminPassword: env.ADMIN_PASSWORD,
        providerSecret: env.PROVIDER_SECRET,
        providerPort: env.PROVIDER_PORT,
        providerPublicUrl: env.PROVIDER_PUBLIC_URL,
        seedDemo: env.SEED_DEMO,
        geoLocalCountry: env.GEO_LOCAL_COUNTRY ?? null,
        metricsPort: env.API_METRICS_PORT,
        metricsHost: env.METRICS_HOST,
        // The web server is its only client and forwards the visitor's ip from loopback.
        trustedProxies: ['127.0.0.1', '::1'],
        // Its request lines repeat ours (every page makes a few calls): only when debugging.
        logger: env.LOG_LEVEL === 'debug' || env.LOG_LEVEL === 'trace',
      },
      (error) => {
        log.fatal(
          { err: { message: error.message } },
          'the embedded casino API stopped: the site cannot work without it',
        )
        process.exit(1)
      },
    )
    log.info({ url: api.url, provider: api.providerUrl, metrics: api.metricsUrl }, 'embedded casino API started')
    return api
  } catch (error) {
    log.fatal(
      { err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error) },
      'CASINO_API_URL is not set and the embedded casino API could not start',
    )
    process.exit(1)
  }
}

async function main() {
  let env = readEnv()
  const log = pino({ level: env.LOG_LEVEL })

  if (!env.SESSION_SECRET?.length) {
    // Only outside production (the schema requires it there); `npm start` generates one itself.
    process.env.SESSION_SECRET = ensureSessionSecret(env.DATA_DIR, log)
    env = readEnv()
  }

  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`
  const embedded = env.CASINO_API_URL ? undefined : await startEmbedded(env, publicUrl, log)
  const upstreamUrl = env.CASINO_API_URL ?? (embedded as EmbeddedApi).url
  const providerUrl = env.PROVIDER_URL ?? embedded?.providerUrl

  const server = http.createServer()
  const app = createWebApp({
    mode: env.NODE_ENV === 'production' ? 'production' : 'development',
    upstreamUrl,
    providerUrl,
    providerPublicUrl: env.PROVIDER_PUBLIC_URL,
    gameFrameOrigins: env.GAME_FRAME_ORIGINS,
    publicUrl: env.PUBLIC_URL,
    trustProxy: env.TRUST_PROXY,
    logger: log,
    httpServer: server,
  })
  // Beside the site, never on its port: a scraper reaches it on the private network only.
  const metrics =
    env.METRICS_PORT === undefined
      ? undefined
      : await serveMetrics(webRegistry, { port: env.METRICS_PORT, host: env.METRICS_HOST }).catch(
          async (error: NodeJS.ErrnoException) => {
            log.fatal(
              { err: { code: error.code, message: error.message } },
              `the metrics could not be served on ${env.METRICS_HOST}:${env.METRICS_PORT}`,
            )
            await embedded?.close().catch(() => {})
            process.exit(1)
          },
        )
  if (metrics) log.info({ url: metrics.url }, 'metrics served')
  server.on('request', app)
  const realtime = app.attachRealtime(server)
  server.keepAliveTimeout = 65_000 // longer than the usual load balancer idle timeout
  server.headersTimeout = 66_000
  server.on('error', async (error: NodeJS.ErrnoException) => {
    log.fatal(
      { err: { code: error.code, message: error.message } },
      error.code === 'EADDRINUSE' ? `port ${env.PORT} is already in use: set PORT to a free port` : 'web server error',
    )
    await embedded?.close().catch(() => {})
    process.exit(1)
  })
  server.listen(env.PORT, env.HOST, () => {
    const address = server.address()
    const port = typeof address === 'object' && address ? address.port : env.PORT
    log.info(
      { port, host: env.HOST, mode: env.NODE_ENV, upstream: env.CASINO_API_URL ? 'external' : 'embedded', publicUrl },
      `web server listening on http://localhost:${port}`,
    )
  })

  let stopping = false
  async function shutdown(signal: string) {
    if (stopping) return
    stopping = true
    log.info({ signal }, 'shutting down: no new connections, finishing requests in flight')
    // Whatever the clients do, the process ends within SHUTDOWN_TIMEOUT_MS.
    const deadline = setTimeout(() => {
      log.warn({ timeoutMs: env.SHUTDOWN_TIMEOUT_MS }, 'shutdown timeout: exiting with requests still open')
      log.flush?.()
      process.exit(1)
    }, env.SHUTDOWN_TIMEOUT_MS)
    deadline.unref()
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    // A keep-alive connection becomes idle once its request is answered: it is closed then.
    const idle = setInterval(() => server.closeIdleConnections(), 100)
    await realtime.close(Math.min(SOCKET_CLOSE_GRACE_MS, env.SHUTDOWN_TIMEOUT_MS / 2))
    await closed
    clearInterval(idle)
    try {
      await ((await app.locals.vite) as { close(): Promise<void> } | undefined)?.close()
      await metrics?.close()
      await embedded?.close()
    } catch (error) {
      log.error({ err: error }, 'error while closing')
    }
    clearTimeout(deadline)
    log.info('stopped')
    log.flush?.()
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
