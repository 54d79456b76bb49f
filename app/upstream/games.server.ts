import type { GameDetails, Locale } from '#contract'
import { getRequestInfo } from '#app/middleware/context.ts'
import { createBackOff, createCache } from './cache.server.ts'
import { callUpstream, upstreamUnavailable, type UpstreamArgs } from './client.server.ts'

/** One casino API's outage pauses every games cache. */
const upstreamDown = createBackOff(10_000)

/** The home page's game rows, in this order (get_game_group_list's groups). */
const HOME_ROWS = ['popular', 'new', 'live']

type HomeRow = { id: string; name: string; games: { id: string; name: string; live: boolean; thumbnailUrl: string }[] }

/**
 * The same for every visitor of a language, so kept a minute per language: the home page (the
 * busiest page) costs no catalogue query most of the time. While the casino API is down, the
 * last rows are shown, or none.
 */
const homeRows = createCache<HomeRow[]>({ ttlMs: 60_000, maxEntries: 10, backOff: upstreamDown })

export async function getHomeRows(args: UpstreamArgs, language: Locale): Promise<HomeRow[]> {
  const { upstreamUrl } = getRequestInfo(args.context)
  const rows = await homeRows.get(
    `${upstreamUrl} ${language}`,
    async () => {
      const groups = await callUpstream(args, 'get_game_group_list', { language }, { shared: true })
      if (!groups.ok) return null
      return HOME_ROWS.flatMap((id) => groups.data.items.filter((g) => g.id === id && g.games.length > 0)).map((g) => ({
        id: g.id,
        name: g.name,
        games: g.games.map((game) => ({
          id: game.id,
          name: game.name,
          live: game.live,
          thumbnailUrl: game.thumbnailUrl,
        })),
      }))
    },
    upstreamUrl,
  )
  return rows ?? []
}

/** A 404 is remembered too, so an unknown game costs one call per TTL. */
type CachedGame = { found: true; game: GameDetails } | { found: false }

/**
 * What a game's page and thumbnail show (get_game: art, rules, paytables, return, limits), the
 * same for every visitor of a language: kept five minutes per game and language (a provider's
 * feed is synced every ten). Without the player's mark (`favourite` is false): the page does
 * not show it. Null when the casino API has no such game; an outage with nothing kept is a 502.
 */
const gameDetails = createCache<CachedGame>({ ttlMs: 5 * 60_000, maxEntries: 1000, backOff: upstreamDown })

export async function getGame(args: UpstreamArgs, gameId: string, language: Locale): Promise<GameDetails | null> {
  const { upstreamUrl } = getRequestInfo(args.context)
  const cached = await gameDetails.get(
    `${upstreamUrl} ${gameId} ${language}`,
    async () => {
      const answer = await callUpstream(args, 'get_game', { gameId, language }, { shared: true })
      if (answer.ok) return { found: true, game: { ...answer.data, favourite: false } }
      if (answer.status === 404) return { found: false }
      if (answer.status >= 500) throw upstreamUnavailable()
      return null
    },
    upstreamUrl,
  )
  if (!cached) throw upstreamUnavailable()
  return cached.found ? cached.game : null
}
