/**
 * The casino API on its own: `node casino-api/src/main.ts`. Its configuration comes from the
 * environment, checked at boot by env.ts (every variable is in the README's configuration table).
 */
import { ApiEnvError, parseApiEnv, type ApiEnv } from './env.ts'
import { startCasinoApi } from './server.ts'

function readEnv(): ApiEnv {
  try {
    return parseApiEnv()
  } catch (error) {
    if (!(error instanceof ApiEnvError)) throw error
    console.error(`Casino API: ${error.message}`)
    process.exit(1)
  }
}

const env = readEnv()
const liveTimings = Object.fromEntries(
  Object.entries({ bettingMs: env.LIVE_BETTING_MS, spinMs: env.LIVE_SPIN_MS, resultMs: env.LIVE_RESULT_MS }).filter(
    ([, v]) => v !== undefined,
  ),
)

const api = await startCasinoApi({
  port: env.PORT,
  providerPort: env.PROVIDER_PORT,
  providerPublicUrl: env.PROVIDER_PUBLIC_URL,
  providerUrl: env.PROVIDER_URL,
  host: env.HOST,
  dataDir: env.DATA_DIR,
  databaseUrl: env.DATABASE_URL,
  schema: env.DATABASE_SCHEMA,
  databasePool: {
    size: env.DATABASE_POOL_SIZE,
    applicationName: env.DATABASE_APPLICATION_NAME,
    connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
  },
  webUrl: env.WEB_URL ?? 'http://localhost:3000',
  smtpUrl: env.SMTP_URL,
  mailFrom: env.MAIL_FROM,
  adminPassword: env.ADMIN_PASSWORD,
  providerSecret: env.PROVIDER_SECRET,
  seedDemo: env.SEED_DEMO,
  trustedProxies: env.TRUSTED_PROXIES,
  geoLocalCountry: env.GEO_LOCAL_COUNTRY ?? null,
  liveTables: env.LIVE_TABLES ? liveTimings : false,
  slotMinRoundMs: env.SLOT_MIN_ROUND_MS,
  gameProviders: env.GAME_PROVIDERS ?? [],
  metricsPort: env.METRICS_PORT,
  metricsHost: env.METRICS_HOST,
}).catch((error: unknown) => {
  // A database still unreachable after DATABASE_CONNECT_TIMEOUT_MS, a port in use...: one line.
  console.error(`Casino API: could not start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
console.log(`Casino API: the built-in game provider at ${api.providerUrl}`)
if (api.metricsUrl) console.log(`Casino API: metrics at ${api.metricsUrl}`)

let stopping = false
async function shutdown(signal: string) {
  if (stopping) {
    console.error(`Casino API: ${signal} again, exiting now`)
    process.exit(1)
  }
  stopping = true
  // In-flight requests finish and sockets are told 1012 (service restart); whatever the clients
  // do, the process ends within SHUTDOWN_TIMEOUT_MS.
  const timer = setTimeout(() => {
    console.error(`Casino API: shutdown took over ${env.SHUTDOWN_TIMEOUT_MS} ms, exiting`)
    process.exit(1)
  }, env.SHUTDOWN_TIMEOUT_MS)
  timer.unref()
  try {
    await api.close()
    process.exit(0)
  } catch (error) {
    console.error('Casino API: error while shutting down', error)
    process.exit(1)
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
