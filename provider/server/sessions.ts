/**
 * Game sessions and seed pairs. A launch (get_game_url) makes a session: a random token (only
 * its hash is kept) that opens the game server for one game, one player (or a visitor's demo)
 * and one mode, for a few hours. The game client holds it; the player's bearer token never
 * leaves the web server.
 *
 * Seed pairs: a player has one active pair for every game, demo and real alike (the same
 * derivation and the same odds); a visitor's demo session has its own. The server seed is 32
 * random bytes in hex, shown only as its SHA-256 until the pair is rotated.
 */
import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm'
import type { z } from 'zod'
import {
  localePrefix,
  PROVIDER_EVENTS_CHANNEL,
  type Currency,
  type EndProviderSessionsParams,
  type GameMode,
  type Locale,
  type ProviderLaunchAnswer,
  type ProviderLaunchParams,
} from '../../casino-api/contract/index.ts'
import type { ProviderContext, ProviderQueryable } from './context.ts'
import { gameSeeds, gameSessions } from './db/schema.ts'
import { ApiError } from '../../casino-api/contract/errors.ts'
import { hashServerSeed } from '../games/fair.ts'

/** A launch's token: 32 random bytes in base64url; only its SHA-256 is kept, so a leaked table opens no game. */
const newSessionToken = () => randomBytes(32).toString('base64url')
const SESSION_TOKEN = /^[A-Za-z0-9_-]{43}$/
const hashSessionToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex')

/** A launch is good for this long: a long session, not a standing credential. */
export const GAME_SESSION_TTL_MS = 6 * 3600_000
/** Fun chips a demo starts with (and is topped up to when they run out): 1 000.00. */
export const DEMO_CHIPS = 100_000

export type GameSession = {
  id: string
  gameId: string
  playerId: string | null
  mode: GameMode
  currency: Currency
  demoBalance: number | null
  language: Locale
  /** When it opened: the frame shows how long this session has lasted. */
  createdAt: Date
  expiresAt: Date
}

/**
 * provider_launch: a game session for one game of the catalogue, mode and player, ending when the
 * casino's log-in does at the latest (`endsBy`), and the URL of its game client. The casino has
 * checked the player and the game's availability; the provider checks what is its own.
 */
export async function launchGame(
  ctx: Pick<ProviderContext, 'db' | 'now' | 'publicUrl' | 'catalog'>,
  launch: z.output<typeof ProviderLaunchParams>,
): Promise<z.input<typeof ProviderLaunchAnswer>> {
  const game = ctx.catalog.game(launch.gameId)
  if (!game) throw new ApiError(404, 'game_not_found')
  if (launch.mode === 'real' && !launch.playerId)
    throw new ApiError(400, 'validation_failed', { fields: { playerId: ['field_required'] } })
  const token = newSessionToken()
  const longest = ctx.now().getTime() + GAME_SESSION_TTL_MS
  const endsBy = launch.endsBy ? Date.parse(launch.endsBy) : null
  const expiresAt = new Date(endsBy === null ? longest : Math.min(longest, endsBy))
  await ctx.db.insert(gameSessions).values({
    tokenHash: hashSessionToken(token),
    gameId: game.id,
    // A logged-in player's demo keeps their seed pair and recent rounds; a visitor's is its own.
    playerId: launch.playerId,
    accessTokenId: launch.casinoSession,
    mode: launch.mode,
    currency: launch.currency,
    language: launch.language,
    demoBalance: launch.mode === 'demo' ? DEMO_CHIPS : null,
    createdAt: ctx.now(),
    expiresAt,
  })
  // The game client is a page of the web app for now (ADR 0049, step 3); a live table's its own.
  const client = `${localePrefix(launch.language)}/game-frame/${game.live ? 'live/' : ''}${token}`
  return { url: `${ctx.publicUrl}${client}`, expiresAt: expiresAt.toISOString() }
}

/**
 * The session of an X-Game-Session header; 401 when missing, unknown, expired or ended. A game
 * never outlives its player's log-in: it expires with it at the latest (`endsBy` at launch), and
 * the casino ends it when the log-in ends sooner (logout, a password change) or the account stops
 * being active (endGameSessions, asked by the casino); the casino's wallet refuses the money of an
 * account that is not active whatever the session. A visitor's demo has no player.
 */
export async function resolveGameSession(
  ctx: Pick<ProviderContext, 'db' | 'now'>,
  header: string | string[] | undefined,
): Promise<GameSession> {
  if (typeof header !== 'string' || !SESSION_TOKEN.test(header)) throw new ApiError(401, 'unauthorized')
  const now = ctx.now()
  const [row] = await ctx.db
    .select({
      id: gameSessions.id,
      gameId: gameSessions.gameId,
      playerId: gameSessions.playerId,
      mode: gameSessions.mode,
      currency: gameSessions.currency,
      demoBalance: gameSessions.demoBalance,
      language: gameSessions.language,
      createdAt: gameSessions.createdAt,
      expiresAt: gameSessions.expiresAt,
    })
    .from(gameSessions)
    .where(and(eq(gameSessions.tokenHash, hashSessionToken(header)), gt(gameSessions.expiresAt, now)))
  if (!row) throw new ApiError(401, 'unauthorized')
  return row
}

/** How many ended sessions' ids one notification names (a NOTIFY payload stays under 8000 bytes). */
const ENDED_PER_NOTICE = 100

/**
 * end_provider_sessions: the sessions the casino names end now (their expiry set to now), so the
 * next call with one is refused, and the live sockets watching with one close at once on every
 * instance (told on PROVIDER_EVENTS_CHANNEL: live-socket.ts). Answers how many were still running.
 */
export async function endGameSessions(
  ctx: Pick<ProviderContext, 'db' | 'now'>,
  scope: z.output<typeof EndProviderSessionsParams>,
) {
  const now = ctx.now()
  const launchedBy = sql`${gameSessions.accessTokenId}::text`
  const ended = await ctx.db
    .update(gameSessions)
    .set({ expiresAt: now })
    .where(
      and(
        gt(gameSessions.expiresAt, now),
        scope.playerId === undefined ? undefined : eq(gameSessions.playerId, scope.playerId),
        scope.gameId === undefined ? undefined : eq(gameSessions.gameId, scope.gameId),
        scope.casinoSession === undefined ? undefined : sql`${launchedBy} = ${scope.casinoSession}`,
        scope.exceptCasinoSession === undefined
          ? undefined
          : sql`${launchedBy} IS DISTINCT FROM ${scope.exceptCasinoSession}`,
      ),
    )
    .returning({ id: gameSessions.id })
  for (let i = 0; i < ended.length; i += ENDED_PER_NOTICE) {
    const endedSessions = ended.slice(i, i + ENDED_PER_NOTICE).map((row) => row.id)
    await ctx.db.execute(sql`SELECT pg_notify(${PROVIDER_EVENTS_CHANNEL}, ${JSON.stringify({ endedSessions })})`)
  }
  return { ended: ended.length }
}

export type SeedRow = typeof gameSeeds.$inferSelect
export type SeedOwner = { playerId: string } | { sessionId: string }

export const ownerOf = (session: GameSession): SeedOwner =>
  session.playerId ? { playerId: session.playerId } : { sessionId: session.id }

const ownerIs = (owner: SeedOwner) =>
  'playerId' in owner ? eq(gameSeeds.playerId, owner.playerId) : eq(gameSeeds.sessionId, owner.sessionId)

const newClientSeed = () => randomBytes(8).toString('hex')

/** Inserts a fresh pair unless the owner has an active one (the partial unique index decides). */
async function insertPair(db: ProviderQueryable, owner: SeedOwner, now: Date, clientSeed = newClientSeed()) {
  const serverSeed = randomBytes(32).toString('hex')
  const ownerColumn = 'playerId' in owner ? sql`player_id` : sql`session_id`
  const ownerValue = 'playerId' in owner ? owner.playerId : owner.sessionId
  await db.execute(sql`
    insert into game_seeds (${ownerColumn}, server_seed, server_seed_hash, client_seed, nonce, created_at)
    values (${ownerValue}::uuid, ${serverSeed}, ${hashServerSeed(serverSeed)}, ${clientSeed}, 0, ${now.toISOString()}::timestamptz)
    on conflict (${ownerColumn}) where revealed_at is null and ${ownerColumn} is not null do nothing`)
}

/** The owner's active pair, made on first use; `forUpdate` locks it (the nonce is taken under the lock). */
export async function activeSeeds(
  db: ProviderQueryable,
  owner: SeedOwner,
  now: Date,
  forUpdate = false,
): Promise<SeedRow> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const query = db
      .select()
      .from(gameSeeds)
      .where(and(ownerIs(owner), isNull(gameSeeds.revealedAt)))
    const [row] = await (forUpdate ? query.for('update') : query)
    if (row) return row
    await insertPair(db, owner, now)
  }
  throw new Error('no active seed pair after creating one')
}

/** Reveals the active pair (`current`, locked by the caller) and starts the next one; answers both. */
export async function rotateSeeds(
  db: ProviderQueryable,
  owner: SeedOwner,
  now: Date,
  clientSeed: string | undefined,
  current: SeedRow,
) {
  await db.update(gameSeeds).set({ revealedAt: now }).where(eq(gameSeeds.id, current.id))
  await insertPair(db, owner, now, clientSeed)
  const next = await activeSeeds(db, owner, now)
  return { revealed: current, next }
}

/** The owner's most recently revealed pair, if any. */
export async function lastRevealed(db: ProviderQueryable, owner: SeedOwner) {
  const [row] = await db
    .select()
    .from(gameSeeds)
    .where(and(ownerIs(owner), isNotNull(gameSeeds.revealedAt)))
    .orderBy(desc(gameSeeds.revealedAt))
    .limit(1)
  return row ? revealedView(row) : null
}

export const revealedView = (row: SeedRow) => ({
  serverSeed: row.serverSeed,
  serverSeedHash: row.serverSeedHash,
  clientSeed: row.clientSeed,
  rounds: row.nonce,
})

export const seedView = (row: SeedRow) => ({
  serverSeedHash: row.serverSeedHash,
  clientSeed: row.clientSeed,
  nonce: row.nonce,
})
