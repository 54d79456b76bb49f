/**
 * The built-in game provider on its own: `node provider/server/main.ts` (ADR 0049). The casino
 * API then runs without starting one (its PROVIDER_URL names this one), and the web app sends the
 * game frame's moves here (its PROVIDER_URL). Its configuration comes from the environment,
 * checked at boot (the README's configuration table lists every variable); a wrong value stops it
 * with a message naming the variable.
 */
import { openProviderAlone } from './db/open-alone.ts'
import { parseProviderEnv, type ProviderEnv } from './env.ts'
import { startProvider } from './start.ts'

/** A database unreachable, a port in use…: one line, exit 1. */
function fail(error: unknown): never {
  console.error(`Game provider: could not start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}

async function main() {
  let env: ProviderEnv
  try {
    env = parseProviderEnv()
  } catch (error) {
    console.error(`Game provider: ${(error as Error).message}`)
    process.exit(1)
  }
  const database = await openProviderAlone({
    url: env.PROVIDER_DATABASE_URL,
    schema: env.PROVIDER_DATABASE_SCHEMA,
    onIdleError: (error) => console.error(`Game provider: database connection error: ${error.message}`),
  }).catch(fail)
  const provider = await startProvider({
    db: database.db,
    key: env.PROVIDER_SECRET,
    walletUrl: () => env.CASINO_API_URL.replace(/\/+$/, ''),
    siteUrl: env.WEB_URL,
    listen: database.listen,
    publicUrl: env.PROVIDER_PUBLIC_URL,
    port: env.PROVIDER_PORT,
    host: env.HOST,
    liveTables: env.LIVE_TABLES ? {} : false,
    slotMinRoundMs: env.SLOT_MIN_ROUND_MS,
    gamePrefix: env.PROVIDER_GAME_PREFIX,
  }).catch(async (error: unknown) => {
    await database.close().catch(() => {})
    return fail(error)
  })
  console.log(`Game provider: listening at ${provider.url}`)

  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`Game provider: ${signal}, stopping`)
    await provider.close()
    await database.close()
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}

await main()
