/**
 * The casino API on its own: `node casino-api/src/main.ts`. Configuration from the environment:
 * PORT (4000), HOST (127.0.0.1), DATA_DIR (./data), DATABASE_URL (PGlite in DATA_DIR/db without
 * it), DATABASE_SCHEMA, WEB_URL (http://localhost:3000), SMTP_URL, MAIL_FROM, ADMIN_PASSWORD,
 * PROVIDER_SECRET (the game providers' wallet key; generated into DATA_DIR without it), SEED_DEMO
 * (true: create the demo player; default false), TRUSTED_PROXIES (comma list of
 * addresses/CIDRs, default loopback), GEO_LOCAL_COUNTRY (the ISO country loopback and private
 * addresses count as for geo-blocking; default none), LOG_LEVEL, LIVE_BETTING_MS / LIVE_SPIN_MS / LIVE_RESULT_MS (the
 * live tables' betting window, spin and result on show; 15 s, 5 s, 6 s), LIVE_TABLES=false (this
 * instance drives no table), GAME_PROVIDERS (other providers' catalogue feeds: a JSON list of
 * { id, feedUrl, key? }; ADR 0045).
 */
import { isCountryCode } from '../contract/countries.ts'
import { startCasinoApi } from './server.ts'

const env = process.env
const port = env.PORT ? Number(env.PORT) : 4000
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, not '${env.PORT}'`)
  process.exit(1)
}

if (env.GEO_LOCAL_COUNTRY && !isCountryCode(env.GEO_LOCAL_COUNTRY)) {
  console.error(`GEO_LOCAL_COUNTRY must be an ISO 3166-1 alpha-2 code (e.g. ES), not '${env.GEO_LOCAL_COUNTRY}'`)
  process.exit(1)
}

const list = (value: string | undefined) =>
  value
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean)

const ms = (value: string | undefined) => (value && Number.isInteger(Number(value)) ? Number(value) : undefined)
const liveTimings = Object.fromEntries(
  Object.entries({
    bettingMs: ms(env.LIVE_BETTING_MS),
    spinMs: ms(env.LIVE_SPIN_MS),
    resultMs: ms(env.LIVE_RESULT_MS),
  }).filter(([, v]) => v !== undefined),
)

const api = await startCasinoApi({
  port,
  host: env.HOST || '127.0.0.1',
  dataDir: env.DATA_DIR || './data',
  databaseUrl: env.DATABASE_URL || undefined,
  schema: env.DATABASE_SCHEMA || undefined,
  webUrl: env.WEB_URL || 'http://localhost:3000',
  smtpUrl: env.SMTP_URL || undefined,
  mailFrom: env.MAIL_FROM || undefined,
  adminPassword: env.ADMIN_PASSWORD || undefined,
  providerSecret: env.PROVIDER_SECRET || undefined,
  seedDemo: env.SEED_DEMO === 'true',
  trustedProxies: list(env.TRUSTED_PROXIES) ?? ['loopback'],
  geoLocalCountry: env.GEO_LOCAL_COUNTRY || null,
  liveTables: env.LIVE_TABLES === 'false' ? false : liveTimings,
})

let stopping = false
async function shutdown(signal: string) {
  if (stopping) {
    console.error(`Casino API: ${signal} again, exiting now`)
    process.exit(1)
  }
  stopping = true
  // In-flight requests finish; a stuck one does not hold the process forever.
  const timer = setTimeout(() => {
    console.error('Casino API: shutdown took over 10 s, exiting')
    process.exit(1)
  }, 10_000)
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
