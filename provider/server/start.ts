/**
 * The built-in game provider as a server of its own (ADR 0049, step 2): `startProvider` serves
 * its calls on a port of its own and drives its live tables. It reaches the casino only through
 * the seamless wallet over HTTP (the casino API's `provider_*` calls, with the provider's key),
 * and the casino reaches it only through its calls.
 */
import type { GameMode } from '../../casino-api/contract/index.ts'
import type { ProviderContext, ProviderDatabase } from './context.ts'
import { SLOT_MIN_ROUND_MS } from '../../casino-api/contract/games/schemas.ts'
import { catalogWith } from '../games/catalog.ts'
import { frameServer } from './frame.ts'
import { buildProviderApp, type ProviderAppOptions } from './http.ts'
import { DEFAULT_LIVE_TIMINGS, startLiveTables, type LiveTimings } from './live.ts'
import { attachLiveSocket, type Listen } from './live-socket.ts'
import { httpWallet } from './wallet-client.ts'

export type ProviderOptions = {
  /** Its database, migrated (db/open.ts). */
  db: ProviderDatabase
  /** The key the casino and the provider share: the wallet's calls carry it, and the casino's calls must. */
  key: string
  /** The casino API's base URL, where the seamless wallet answers (a function: an embedding API knows it once it listens). */
  walletUrl: () => string
  /**
   * The casino's site (WEB_URL): the only page that frames its game clients, and where their links
   * go (a function, as `walletUrl`: a test's site may listen after its provider).
   */
  siteUrl: string | (() => string)
  /** Where the game client's build is (default build/provider-frame). */
  frameBuildDir?: string
  /**
   * What its game ids start with (PROVIDER_GAME_PREFIX; none by default): a second instance under
   * another provider id at the same casino publishes its titles apart (catalog.ts's catalogWith).
   */
  gamePrefix?: string
  /** LISTEN on its database (its live tables' events, NOTIFYed by whichever instance drives a table). */
  listen: Listen
  /** Where browsers reach it (PROVIDER_PUBLIC_URL); default the URL it listens at. */
  publicUrl?: string
  /** 0 picks a free port. */
  port: number
  /** Default 127.0.0.1. */
  host?: string
  logger?: boolean
  now?: () => Date
  /** The live tables' timings; false runs no table from this instance. */
  liveTables?: Partial<LiveTimings> | false
  /** The least time between the starts of an owner's slot rounds, in ms; default SLOT_MIN_ROUND_MS, 0: none. */
  slotMinRoundMs?: number
  /** Told of each round opened and each request answered (the embedding casino API's metrics). */
  metrics?: {
    roundOpened(gameId: string, mode: GameMode): void
    answered?: ProviderAppOptions['answered']
  }
}

export type GameProviderServer = {
  /** Its base URL, e.g. http://127.0.0.1:4100. */
  url: string
  port: number
  close(): Promise<void>
}

export async function startProvider(options: ProviderOptions): Promise<GameProviderServer> {
  const catalog = catalogWith(options.gamePrefix)
  const context = (log: ProviderContext['log']): ProviderContext => ({
    db: options.db,
    wallet: httpWallet(options.walletUrl, options.key),
    now: options.now ?? (() => new Date()),
    log,
    catalog,
    get publicUrl() {
      return options.publicUrl?.replace(/\/+$/, '') ?? ownUrl
    },
    metrics: { roundOpened: options.metrics?.roundOpened ?? (() => {}) },
    slotMinRoundMs: options.slotMinRoundMs ?? SLOT_MIN_ROUND_MS,
  })
  let ownUrl = ''
  let ctx: ProviderContext | undefined
  const app = await buildProviderApp((log) => (ctx = context(log)), {
    key: options.key,
    logger: options.logger ?? true,
    answered: options.metrics?.answered,
    frame: frameServer({
      siteUrl: typeof options.siteUrl === 'string' ? () => options.siteUrl as string : options.siteUrl,
      buildDir: options.frameBuildDir,
    }),
  })
  const host = options.host ?? '127.0.0.1'
  const socket = await attachLiveSocket(app.server, ctx as ProviderContext, options.listen)
  try {
    await app.listen({ port: options.port, host })
  } catch (error) {
    await socket.close(0)
    throw error
  }
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host
  ownUrl = `http://${urlHost}:${port}`
  const live =
    options.liveTables === false
      ? null
      : startLiveTables(ctx as ProviderContext, { ...DEFAULT_LIVE_TIMINGS, ...options.liveTables })
  let closing: Promise<void> | undefined
  return {
    url: ownUrl,
    port,
    close: () =>
      (closing ??= (async () => {
        const closingHttp = app.close()
        await live?.close()
        await socket.close()
        await closingHttp
      })()),
  }
}
