/**
 * The games calls: the catalogue (lobby filters, search, paging, the home rows), favourites,
 * launches (get_game_url checks what is the casino's and asks the game's provider for a game
 * session and its client's URL), bet history with each round's verification data (asked of the
 * provider, which keeps the rounds).
 */
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import {
  PLAYER_GAME_GROUPS,
  type Game,
  type gameCalls,
  type GameDetails,
  type GamePresentation,
  type Locale,
  LOCALES,
} from '../../contract/index.ts'
import type { Context, DomainHandlers } from '../context.ts'
import type { Queryable } from '../db/open.ts'
import { accessTokens, gameFavourites, games, players } from '../db/schema.ts'
import { must } from '../http/auth.ts'
import { ApiError } from '../../contract/errors.ts'
import { refuseWhileKycOverdue } from '../accounts/kyc.ts'
import { BUILTIN_PROVIDER } from '../wallet/provider-auth.ts'
import { betDetails, betList } from './bet-history.ts'
import { providerName } from './catalog-sync.ts'
import { gameName } from './names.ts'

/** A games row (its presentation aside: only a game's page reads it) with its name in the page's language. */
type GameRow = Omit<typeof games.$inferSelect, 'presentation'> & { name: string }
/** The games' lobby columns and the name in `language`. */
const withName = (language: Locale) => {
  const { presentation: _, ...columns } = getTableColumns(games)
  return { ...columns, name: gameName(language) }
}
/** The tags, in the order of the home page's rows. */
const TAGS = ['popular', 'new', 'exclusive'] as const

/** What a game without a feed's presentation (a row older than the feeds) shows: a plain tile, no tables. */
const everyLocale = <T>(value: T) => Object.fromEntries(LOCALES.map((locale) => [locale, value])) as Record<Locale, T>
const NO_PRESENTATION: GamePresentation = {
  art: { hues: [220, 240], emblem: '◆', symbols: {} },
  rules: everyLocale(''),
  paytable: null,
  tables: everyLocale([]),
}

function gameOf(ctx: Context, row: GameRow, favourite: boolean): z.input<typeof Game> {
  return {
    id: row.id,
    slug: row.id,
    name: row.name,
    provider: { id: row.provider, name: providerName(ctx.providerNames, row.provider) },
    category: row.category as Game['category'],
    thumbnailUrl: `/game-art/${row.id}.svg`,
    live: row.live,
    hasDemo: row.hasDemo,
    rtp: row.rtpBasisPoints === null ? null : row.rtpBasisPoints / 100,
    provablyFair: row.provider === BUILTIN_PROVIDER,
    tags: row.tags.filter((t): t is (typeof TAGS)[number] => (TAGS as readonly string[]).includes(t)),
    volatility: row.volatility as Game['volatility'],
    minBet: row.minBet,
    maxBet: row.maxBet,
    favourite,
  }
}

async function favouritesOf(db: Queryable, playerId: string | undefined, ids: string[]) {
  if (!playerId || ids.length === 0) return new Set<string>()
  const rows = await db
    .select({ id: gameFavourites.gameId })
    .from(gameFavourites)
    .where(and(eq(gameFavourites.playerId, playerId), inArray(gameFavourites.gameId, ids)))
  return new Set(rows.map((r) => r.id))
}

/** `%` and `_` typed by the player are searched for as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

async function launch(
  ctx: Parameters<DomainHandlers<typeof gameCalls>['get_game_url']>[0],
  input: {
    params: { gameId: string; mode: 'demo' | 'real'; language: Locale }
    session: { playerId: string; tokenId: string } | null
  },
  live: boolean,
) {
  const { gameId, mode, language } = input.params
  const [game] = await ctx.db.select().from(games).where(eq(games.id, gameId))
  if (!game || game.live !== live) throw new ApiError(404, 'game_not_found')
  if (!game.enabled || (mode === 'demo' && !game.hasDemo)) throw new ApiError(403, 'game_unavailable')
  // Another provider's game launches at its launchUrl (GAME_PROVIDERS); one without a launch call
  // is listed from its feed but unavailable, rather than a broken frame.
  const launchGame = ctx.launchers.get(game.provider)
  if (!launchGame) throw new ApiError(403, 'game_unavailable')
  if (mode === 'real' && !input.session) throw new ApiError(401, 'unauthorized')
  if (mode === 'real' && input.session) await refuseWhileKycOverdue(ctx.db, input.session.playerId, ctx.now())
  let currency: 'EUR' | 'INR' = 'EUR'
  let endsBy: Date | null = null
  if (input.session) {
    const [player] = await ctx.db
      .select({ currency: players.currency, endsBy: accessTokens.expiresAt })
      .from(players)
      .innerJoin(accessTokens, eq(accessTokens.id, input.session.tokenId))
      .where(eq(players.id, input.session.playerId))
    currency = player?.currency ?? 'EUR'
    endsBy = player?.endsBy ?? ctx.now()
  }
  const made = await launchGame({
    gameId,
    mode,
    playerId: input.session?.playerId ?? null,
    // It ends with the player's log-in: at its expiry at the latest, or when the casino ends it
    // sooner (end-game-sessions.ts).
    casinoSession: input.session?.tokenId ?? null,
    currency,
    language,
    endsBy: endsBy?.toISOString() ?? null,
  }).catch((error: unknown) => {
    // The provider down or answering outside its contract: the game cannot open now.
    ctx.log.error({ err: error, provider: game.provider, gameId }, 'the game provider did not launch the game')
    throw new ApiError(503, 'game_unavailable')
  })
  // The casino lists a game its provider no longer has (withdrawn since the last sync).
  if (!made) throw new ApiError(403, 'game_unavailable')
  return { url: made.url, gameId, mode, expiresAt: made.expiresAt }
}

/** How many of a player's games the "recently played" row may list. */
const RECENT_GAMES = 100

/**
 * The games a player played last, newest first, as the provider answers (it keeps the rounds,
 * demo and real). Without its answer the row is empty for now: the lobby still shows.
 */
async function recentlyPlayed(ctx: Context, playerId: string): Promise<string[]> {
  try {
    const { items } = await ctx.gameProvider.recentGames({ playerId, limit: RECENT_GAMES })
    return items.map((i) => i.gameId)
  } catch (error) {
    ctx.log.warn({ err: error }, 'the game provider did not answer the recently played games')
    return []
  }
}

export const gameHandlers: DomainHandlers<typeof gameCalls> = {
  get_games: async (ctx, { params, session }) => {
    const where: SQL[] = [eq(games.enabled, true)]
    if (params.category) where.push(eq(games.category, params.category))
    if (params.provider) where.push(eq(games.provider, params.provider))
    if (params.live !== undefined) where.push(eq(games.live, params.live))
    const nameColumn = gameName(params.language)
    if (params.search) where.push(ilike(nameColumn, likePattern(params.search)))
    const group = params.group
    let order = [asc(games.sortOrder), asc(nameColumn)]
    if (group && (PLAYER_GAME_GROUPS as readonly string[]).includes(group)) {
      // A visitor has no favourites and no recent games.
      if (!session) return { items: [], total: 0, page: params.page, pageSize: params.pageSize }
      if (group === 'favourites')
        where.push(
          inArray(
            games.id,
            ctx.db
              .select({ id: gameFavourites.gameId })
              .from(gameFavourites)
              .where(eq(gameFavourites.playerId, session.playerId)),
          ),
        )
      else {
        // The provider keeps the rounds: it names the player's games, newest first.
        const ids = await recentlyPlayed(ctx, session.playerId)
        if (ids.length === 0) return { items: [], total: 0, page: params.page, pageSize: params.pageSize }
        const listed = sql`ARRAY[${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}]::text[]`
        where.push(inArray(games.id, ids))
        order = [sql`array_position(${listed}, ${games.id})` as never]
      }
    } else if (group) {
      where.push(sql`${group} = any(${games.tags})`)
    }
    if (params.sort === 'new') order = [desc(games.createdAt), asc(games.sortOrder)]
    if (params.sort === 'name') order = [asc(nameColumn)]
    const filter = and(...where)
    const [rows, [{ total } = { total: 0 }]] = await Promise.all([
      ctx.db
        .select(withName(params.language))
        .from(games)
        .where(filter)
        .orderBy(...order)
        .limit(params.pageSize)
        .offset((params.page - 1) * params.pageSize),
      ctx.db.select({ total: count() }).from(games).where(filter),
    ])
    const favourites = await favouritesOf(
      ctx.db,
      session?.playerId,
      rows.map((r) => r.id),
    )
    return {
      items: rows.map((r) => gameOf(ctx, r, favourites.has(r.id))),
      total,
      page: params.page,
      pageSize: params.pageSize,
    }
  },

  get_game: async (ctx, { params, session }): Promise<z.input<typeof GameDetails>> => {
    const [row] = await ctx.db
      .select({ ...withName(params.language), presentation: games.presentation })
      .from(games)
      .where(eq(games.id, params.gameId))
    if (!row) throw new ApiError(404, 'game_not_found')
    const favourite = (await favouritesOf(ctx.db, session?.playerId, [row.id])).has(row.id)
    const shown = row.presentation ?? NO_PRESENTATION
    return {
      ...gameOf(ctx, row, favourite),
      maxMultiplier: row.maxMultiplier,
      art: shown.art,
      rules: shown.rules[params.language],
      paytable: shown.paytable,
      tables: shown.tables[params.language],
    }
  },

  get_game_providers: async (ctx, { params }) => {
    const where: SQL[] = [eq(games.enabled, true)]
    if (params.live !== undefined) where.push(eq(games.live, params.live))
    if (params.category) where.push(eq(games.category, params.category))
    const rows = await ctx.db
      .select({ id: games.provider, gameCount: count() })
      .from(games)
      .where(and(...where))
      .groupBy(games.provider)
      .orderBy(games.provider)
    return {
      items: rows.map((r) => ({
        id: r.id,
        name: providerName(ctx.providerNames, r.id),
        logoUrl: null,
        gameCount: r.gameCount,
      })),
    }
  },

  get_game_group_list: async (ctx, { params, session }) => {
    const rows = await ctx.db
      .select(withName(params.language))
      .from(games)
      .where(and(eq(games.enabled, true), params.live === undefined ? undefined : eq(games.live, params.live)))
      .orderBy(asc(games.sortOrder))
    const favourites = await favouritesOf(
      ctx.db,
      session?.playerId,
      rows.map((r) => r.id),
    )
    const names: Record<string, Record<Locale, string>> = {
      popular: { es: 'Populares', en: 'Popular' },
      new: { es: 'Novedades', en: 'New' },
      exclusive: { es: 'Exclusivos', en: 'Exclusive' },
      live: { es: 'En vivo', en: 'Live' },
    }
    const live = rows.filter((r) => r.live)
    return {
      items: [
        ...TAGS.map((tag) => {
          const inGroup = rows.filter((r) => r.tags.includes(tag))
          return {
            id: tag,
            slug: tag,
            name: names[tag]![params.language],
            live: false,
            gameCount: inGroup.length,
            games: inGroup.slice(0, 12).map((r) => gameOf(ctx, r, favourites.has(r.id))),
          }
        }),
        {
          id: 'live',
          slug: 'live',
          name: names.live![params.language],
          live: true,
          gameCount: live.length,
          games: live.slice(0, 12).map((r) => gameOf(ctx, r, favourites.has(r.id))),
        },
      ].filter((g) => g.gameCount > 0),
    }
  },

  get_game_url: (ctx, input) => launch(ctx, input, false),

  get_live_game_url: async (ctx, input) => {
    const answer = await launch(ctx, input, true)
    return { ...answer, tableId: input.params.gameId }
  },

  set_game_favourite: async (ctx, { params, session }) => {
    const { playerId } = must(session)
    const [game] = await ctx.db.select({ id: games.id }).from(games).where(eq(games.id, params.gameId))
    if (!game) throw new ApiError(404, 'game_not_found')
    if (params.favourite)
      await ctx.db
        .insert(gameFavourites)
        .values({ playerId, gameId: game.id, createdAt: ctx.now() })
        .onConflictDoNothing()
    else
      await ctx.db
        .delete(gameFavourites)
        .where(and(eq(gameFavourites.playerId, playerId), eq(gameFavourites.gameId, game.id)))
    return { gameId: game.id, favourite: params.favourite }
  },

  get_bet_list: (ctx, { params, session }) => betList(ctx, must(session).playerId, params),

  get_bet_details: (ctx, { params, session }) => betDetails(ctx, must(session).playerId, params),
}
