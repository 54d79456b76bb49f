import type { Locale } from '#contract'
import { getRequestInfo } from '#app/middleware/context.ts'
import { createBackOff, createCache } from './cache.server.ts'
import { callUpstream, type UpstreamArgs } from './client.server.ts'

/** The home page's game rows, in this order (get_game_group_list's groups). */
const HOME_ROWS = ['popular', 'new', 'live']

type HomeRow = { id: string; name: string; games: { id: string; name: string; live: boolean; thumbnailUrl: string }[] }

/**
 * The same for every visitor of a language, so kept a minute per language: the home page (the
 * busiest page) costs no catalogue query most of the time. While the casino API is down, the
 * last rows are shown, or none.
 */
const homeRows = createCache<HomeRow[]>({ ttlMs: 60_000, maxEntries: 10, backOff: createBackOff(10_000) })

export async function getHomeRows(args: UpstreamArgs, language: Locale): Promise<HomeRow[]> {
  const { upstreamUrl } = getRequestInfo(args.context)
  const rows = await homeRows.get(
    `${upstreamUrl} ${language}`,
    async () => {
      const groups = await callUpstream(args, 'get_game_group_list', { language })
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
