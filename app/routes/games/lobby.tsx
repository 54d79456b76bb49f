import { useTranslation } from 'react-i18next'
import { Form, Link, redirect, useSubmit } from 'react-router'
import { GAME_CATEGORIES, type GameCategory } from '#contract'
import * as forms from '#ui/form-fields.css.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { callUpstream, upstreamUnavailable } from '#app/upstream/client.server.ts'
import { getPlayer, requirePlayer } from '#app/utils/auth.server.ts'
import { localeFromPath, useLocalePath } from '#ui/locale.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import { sameSitePath } from '#ui/safe-path.ts'
import * as ui from '#ui/ui.css.ts'
import type { Route } from './+types/lobby'
import { GameCard } from './game-card.tsx'
import { isLiveLobby } from './live-path.ts'
import * as styles from '#ui/games.css.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

const SORTS = ['popular', 'new', 'name'] as const
const PAGE_SIZE = 24
/** "More games" shows pages 1..n at once (a URL per step); past this many, pages stop growing. */
const MAX_PAGES = 10

/** The lobby's filters from its URL, read leniently: what is not understood is left out. */
export function lobbyFilters(url: URL) {
  const q = url.searchParams
  const category = (GAME_CATEGORIES as readonly string[]).includes(q.get('category') ?? '')
    ? (q.get('category') as GameCategory)
    : undefined
  const provider = /^[\w-]{1,64}$/.test(q.get('provider') ?? '') ? q.get('provider')! : undefined
  const search = (q.get('q') ?? '').trim().slice(0, 80) || undefined
  const sort = (SORTS as readonly string[]).includes(q.get('sort') ?? '')
    ? (q.get('sort') as (typeof SORTS)[number])
    : 'popular'
  const pages = Math.min(Math.max(Number.parseInt(q.get('pages') ?? '1', 10) || 1, 1), MAX_PAGES)
  return { category, provider, search, sort, pages }
}

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url)
  const language = localeFromPath(url.pathname)
  const live = isLiveLobby(url.pathname)
  const page = live ? 'games.liveLobby' : 'games.lobby'
  const filters = lobbyFilters(url)
  const player = await getPlayer(args)
  const filtered = Boolean(filters.category || filters.provider || filters.search)
  const [list, everything, providers, favourites, recent] = await Promise.all([
    callUpstream(args, 'get_games', {
      live,
      category: filters.category,
      provider: filters.provider,
      search: filters.search,
      sort: filters.sort,
      language,
      page: 1,
      pageSize: PAGE_SIZE * filters.pages,
    }),
    // The categories that have games (a category without any shows no entry).
    callUpstream(args, 'get_games', { live, language, pageSize: 100 }),
    callUpstream(args, 'get_game_providers', { live }),
    player && !filtered ? callUpstream(args, 'get_games', { group: 'favourites', language, pageSize: 12 }) : null,
    player && !filtered ? callUpstream(args, 'get_games', { group: 'recent', language, pageSize: 12 }) : null,
  ])
  if (!list.ok || !everything.ok || !providers.ok) throw upstreamUnavailable()
  const present = new Set(everything.data.items.map((g) => g.category))
  return {
    meta: pageMeta(args.context, getInstance(args.context).t(`${page}.title`)),
    live,
    filters,
    filtered,
    loggedIn: Boolean(player),
    games: list.data.items,
    total: list.data.total,
    categories: GAME_CATEGORIES.filter((c) => present.has(c)),
    providers: providers.data.items,
    favourites: favourites?.ok ? favourites.data.items : [],
    recent: recent?.ok ? recent.data.items : [],
  }
}

/** The favourite toggle of a game card; back to the page it was pressed on. */
export async function action(args: Route.ActionArgs) {
  await requirePlayer(args)
  const form = await args.request.formData()
  const gameId = String(form.get('gameId') ?? '')
  const result = await callUpstream(args, 'set_game_favourite', { gameId, favourite: form.get('favourite') === 'true' })
  if (!result.ok && result.status >= 500) throw upstreamUnavailable()
  const back = new URL(args.request.headers.get('referer') ?? args.request.url)
  return redirect(sameSitePath(back.pathname + back.search))
}

export default function Lobby({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const submit = useSubmit()
  const { filters, games, total, categories, providers, favourites, recent, loggedIn } = loaderData
  const base = localePath(loaderData.live ? '/live-casino' : '/casino')
  const page = loaderData.live ? 'games.liveLobby' : 'games.lobby'
  const query = (changes: Record<string, string | undefined>) => {
    const q = new URLSearchParams()
    const next = {
      category: filters.category,
      provider: filters.provider,
      q: filters.search,
      sort: filters.sort,
      ...changes,
    }
    for (const [k, v] of Object.entries(next)) if (v && !(k === 'sort' && v === 'popular')) q.set(k, v)
    const s = q.toString()
    return s ? `${base}?${s}` : base
  }
  const favouriteAction = loggedIn ? base : undefined
  return (
    <div className={ui.container}>
      <h1 className={ui.pageTitle}>{t(`${page}.heading`)}</h1>
      <p className={ui.muted}>{t(`${page}.intro`)}</p>

      <Form
        method="get"
        action={base}
        className={styles.filters}
        aria-label={t('games.lobby.filtersLabel')}
        // With JavaScript, a changed selector filters at once (no reload); without, the button does.
        onChange={(event) => {
          if ((event.target as HTMLElement).tagName === 'SELECT')
            submit(event.currentTarget, { preventScrollReset: true })
        }}
      >
        <div>
          <label htmlFor="lobby-q" className={forms.label}>
            {t('games.lobby.search')}
          </label>
          <input
            id="lobby-q"
            name="q"
            type="search"
            defaultValue={filters.search ?? ''}
            maxLength={80}
            placeholder={t('games.lobby.searchPlaceholder')}
            className={forms.input}
          />
        </div>
        <div>
          <label htmlFor="lobby-category" className={forms.label}>
            {t('games.lobby.category')}
          </label>
          <select id="lobby-category" name="category" defaultValue={filters.category ?? ''} className={forms.select}>
            <option value="">{t('games.lobby.all')}</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {t(`games.categories.${c}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="lobby-provider" className={forms.label}>
            {t('games.lobby.provider')}
          </label>
          <select id="lobby-provider" name="provider" defaultValue={filters.provider ?? ''} className={forms.select}>
            <option value="">{t('games.lobby.all')}</option>
            {providers.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({p.gameCount})
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="lobby-sort" className={forms.label}>
            {t('games.lobby.sort')}
          </label>
          <select id="lobby-sort" name="sort" defaultValue={filters.sort} className={forms.select}>
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`games.lobby.sorts.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.filterActions}>
          <button type="submit" className={styles.demoButton}>
            {t('games.lobby.apply')}
          </button>
          {loaderData.filtered ? <Link to={base}>{t('games.lobby.clear')}</Link> : null}
        </div>
      </Form>

      <nav aria-label={t('games.lobby.categoriesNav')}>
        <ul className={styles.categories}>
          <li>
            <Link
              to={query({ category: undefined })}
              className={styles.chip}
              aria-current={filters.category ? undefined : 'page'}
            >
              {t('games.lobby.all')}
            </Link>
          </li>
          {categories.map((c) => (
            <li key={c}>
              <Link
                to={query({ category: c })}
                className={styles.chip}
                aria-current={filters.category === c ? 'page' : undefined}
              >
                {t(`games.categories.${c}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {favourites.length > 0 ? (
        <GameRow heading={t('games.lobby.favourites')} games={favourites} favouriteAction={favouriteAction} />
      ) : null}
      {recent.length > 0 ? (
        <GameRow heading={t('games.lobby.recent')} games={recent} favouriteAction={favouriteAction} />
      ) : null}

      <h2 aria-live="polite">{t('games.lobby.count', { count: total })}</h2>
      {games.length === 0 ? (
        <p>{t('games.lobby.none')}</p>
      ) : (
        <ul className={styles.grid}>
          {games.map((game, i) => (
            <li key={game.id}>
              <GameCard game={game} favouriteAction={favouriteAction} eager={i < 4} />
            </li>
          ))}
        </ul>
      )}
      {games.length < total && filters.pages < MAX_PAGES ? (
        <div className={styles.centered}>
          <Link
            to={`${query({})}${query({}).includes('?') ? '&' : '?'}pages=${filters.pages + 1}`}
            className={styles.more}
            preventScrollReset
          >
            {t('games.lobby.more')}
          </Link>
        </div>
      ) : null}
    </div>
  )
}

/** A titled horizontal row of games (favourites, recently played; the home page's rows). */
export function GameRow({
  heading,
  games,
  favouriteAction,
}: {
  heading: string
  games: Route.ComponentProps['loaderData']['games']
  favouriteAction?: string
}) {
  return (
    <section aria-label={heading}>
      <h2>{heading}</h2>
      <ul className={styles.row}>
        {games.map((game) => (
          <li key={game.id}>
            <GameCard game={game} favouriteAction={favouriteAction} />
          </li>
        ))}
      </ul>
    </section>
  )
}
