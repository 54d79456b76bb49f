import { type RefObject, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Link, useLocation } from 'react-router'
import type { GameDetails } from '#contract'
import { LoginLink } from '#app/components/nav-items.tsx'
import { useCatalogue } from '#ui/use-catalogue.ts'
import { useHydrated } from '#ui/use-hydrated.ts'
import { getRequestInfo } from '#app/middleware/context.ts'
import { builtinProviderOrigin } from '#app/utils/provider-origin.server.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { callUpstream, upstreamUnavailable } from '#app/upstream/client.server.ts'
import { getGame } from '#app/upstream/games.server.ts'
import { getPlayer, requirePlayer } from '#app/utils/auth.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { localeFromPath, useLocale, useLocalePath } from '#ui/locale.ts'
import { formatMoney, formatNumber } from '#casino-api/contract/format.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import { notFoundUnless } from '#app/utils/responses.server.ts'
import * as ui from '#ui/ui.css.ts'
import type { Route } from './+types/game'
import { sessionAmount } from '#ui/session-amount.ts'
import { SlotSymbol, useSymbolName } from '#ui/slot-symbol.tsx'
import * as styles from '#ui/games.css.ts'
import { isLiveLobby } from './live-path.ts'
import { type RecentRound, RecentRounds } from './recent-rounds.tsx'
import { SeedFacts } from '#ui/seed-facts.tsx'
import { KEEP_PLAYING, RealityCheckPanel, useRealityCheckAt } from './reality-check.tsx'

/** The path of the built-in provider's game client on its origin (provider/frame: game-frame/:token, game-frame/live/:token). */
const BUILTIN_FRAME_PATH = /^(?:\/en)?\/game-frame\/(?:live\/)?[\w-]+$/

/**
 * What a game client may do in its frame, on its provider's origin: play (scripts, forms, its own
 * origin's storage), open its help in a new tab, and take the player to the casino's pages (the
 * lobby, a deposit) only when the player clicks.
 */
const FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-top-navigation-by-user-activation'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

/** The panel's rules, return, volatility and tables, as the game's provider publishes them (get_game). */
const panelOf = (game: GameDetails) => ({
  panel: {
    rules: game.rules,
    rtp: game.rtp,
    volatility: game.volatility,
    paytable: game.paytable,
    tables: game.tables,
  },
})

/**
 * A game's page: the game (its client in an iframe filling the play area), the mode switch, full
 * screen, close and deposit, and an expandable panel with the rules, return, limits, the
 * provably fair seeds and the player's last rounds. Real play needs a login; demo does not.
 * Under /live-casino the same view holds a live table: launched with get_live_game_url, its
 * client is the live table's own page (live-frame.tsx), and the panel shows the round's seeds.
 */
export async function loader(args: Route.LoaderArgs) {
  const gameId = args.params.gameId
  notFoundUnless(/^[\w-]{1,64}$/.test(gameId))
  const url = new URL(args.request.url)
  const language = localeFromPath(url.pathname)
  const player = await getPlayer(args)
  const asked = url.searchParams.get('mode')
  const mode = asked === 'demo' || asked === 'real' ? asked : player ? 'real' : 'demo'
  const t = getInstance(args.context).t
  if (mode === 'real' && !player) {
    const game = await getGame(args, gameId, language)
    notFoundUnless(game)
    return {
      meta: pageMeta(args.context, game.name),
      gameId,
      name: game.name,
      mode,
      needsLogin: true as const,
    }
  }
  const live = isLiveLobby(url.pathname)
  const [launch, details, check] = await Promise.all([
    callUpstream(args, live ? 'get_live_game_url' : 'get_game_url', { gameId, mode, language }),
    getGame(args, gameId, language),
    // Real play waits while the player's reality check is due (ADR 0065).
    mode === 'real' && player?.scope === 'player' ? callUpstream(args, 'get_reality_check', {}) : null,
  ])
  notFoundUnless(details)
  const realityCheck = check?.ok ? check.data : null
  if (realityCheck?.due)
    return { meta: pageMeta(args.context, details.name), gameId, name: details.name, mode, realityCheck }
  const realityCheckAt = realityCheck?.dueAt ?? null
  if (!launch.ok) {
    notFoundUnless(launch.code !== 'game_not_found')
    if (launch.status >= 500) throw upstreamUnavailable()
    return {
      meta: pageMeta(args.context, t('games.view.unavailable')),
      gameId,
      name: '',
      mode,
      refused: launch.code,
    }
  }
  const launched = new URL(launch.data.url)
  const { gameFrameOrigins, log } = getRequestInfo(args.context)
  const builtIn = builtinProviderOrigin(args.context)
  // Another provider's game client, on its own origin, which the site's CSP lets this page frame:
  // what the panel shows comes from the game's details; the client itself keeps the balance and rounds.
  if (gameFrameOrigins?.includes(launched.origin)) {
    return {
      meta: pageMeta(args.context, details.name),
      gameId,
      name: details.name,
      mode,
      frameSrc: launched.href,
      external: { minBet: details.minBet, maxBet: details.maxBet, currency: player?.currency ?? 'EUR' },
      ...panelOf(details),
      loggedIn: Boolean(player),
      realityCheckAt,
    }
  }
  // The built-in provider's client, on its public origin (which the CSP names); any other
  // address would be a frame the CSP blocks.
  if (!builtIn || launched.origin !== builtIn || !BUILTIN_FRAME_PATH.test(launched.pathname)) {
    log.warn({ gameId, origin: launched.origin }, "the game's client is on an origin GAME_FRAME_ORIGINS does not list")
    return {
      meta: pageMeta(args.context, t('games.view.unavailable')),
      gameId,
      name: '',
      mode,
      refused: 'game_unavailable',
    }
  }
  const token = launched.pathname.split('/').pop()!
  if (live) {
    const table = await callUpstream(args, 'get_live_table', {}, { gameSession: token })
    if (!table.ok) throw upstreamUnavailable()
    const round = table.data.round
    return {
      meta: pageMeta(args.context, table.data.name),
      gameId,
      name: table.data.name,
      mode,
      frameSrc: launched.href,
      game: {
        minBet: table.data.minBet,
        maxBet: table.data.maxBet,
        balance: table.data.balance,
        // The round in progress: its committed hash, the round id as client seed, nonce 0.
        seeds: { serverSeedHash: round?.serverSeedHash ?? '', clientSeed: round?.clientSeed ?? '', nonce: 0 },
        recentRounds: [] as RecentRound[],
      },
      // The provider's check of a round, on its origin.
      checkOrigin: builtIn,
      ...panelOf(details),
      loggedIn: Boolean(player),
      realityCheckAt,
    }
  }
  const open = await callUpstream(args, 'game_open', {}, { gameSession: token })
  if (!open.ok) throw upstreamUnavailable()
  return {
    meta: pageMeta(args.context, open.data.name),
    gameId,
    name: open.data.name,
    mode,
    // The game client's URL on the provider's origin, in this page's language.
    frameSrc: launched.href,
    game: open.data,
    checkOrigin: builtIn,
    ...panelOf(details),
    loggedIn: Boolean(player),
    realityCheckAt,
  }
}

/** "Keep playing" of the reality check: answered (or answered already in another tab), back to the game. */
export async function action(args: Route.ActionArgs) {
  await requirePlayer(args)
  notFoundUnless(/^[\w-]{1,64}$/.test(args.params.gameId))
  const form = await args.request.formData()
  if (form.get('intent') !== KEEP_PLAYING) throw data(null, { status: 400 })
  const answered = await callUpstream(args, 'acknowledge_reality_check', {})
  if (!answered.ok && answered.status >= 500) throw upstreamUnavailable()
  // From the route, not the request's path (a script's post asks for the page's data URL).
  const lobby = isLiveLobby(new URL(args.request.url).pathname) ? '/live-casino' : '/casino'
  const back = `${lobby}/${args.params.gameId}?mode=real`
  return redirectWithToast(
    args,
    back,
    answered.ok
      ? { type: 'success', code: answered.data.message, args: [answered.data.check.minutes ?? 0] }
      : { type: 'info', code: answered.code },
  )
}

/**
 * Full screen for the play area: a button only with JavaScript. It alone re-renders when the page
 * has hydrated (useHydrated), not the whole view, which would be one long task on a phone.
 */
function FullscreenButton({ stage }: { stage: RefObject<HTMLDivElement | null> }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [fullscreen, setFullscreen] = useState(false)
  if (!hydrated) return null
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen().then(() => setFullscreen(false))
    else void stage.current?.requestFullscreen().then(() => setFullscreen(true))
  }
  return (
    <button type="button" className={styles.toolButton} onClick={toggle} aria-pressed={fullscreen}>
      {t(fullscreen ? 'games.view.exitFullscreen' : 'games.view.fullscreen')}
    </button>
  )
}

/** The built-in game's seeds and the player's last rounds, which its client on this site tells the panel. */
function FairnessAndRounds({
  game,
  frame,
  checkOrigin,
}: {
  checkOrigin: string
  game: Extract<Route.ComponentProps['loaderData'], { game: unknown }>['game']
  frame: RefObject<HTMLIFrameElement | null>
}) {
  const { t } = useTranslation()
  const locale = useLocale()
  const localePath = useLocalePath()
  // Demo rounds are in fun chips.
  const played = sessionAmount(game.balance.mode, game.balance.currency, locale, t('games.frame.chips'))
  return (
    <>
      <h2>{t('games.view.fairness')}</h2>
      <p className={styles.small}>{t('games.view.fairnessText')}</p>
      <SeedFacts seeds={game.seeds} />
      <a href={checkOrigin + localePath('/provably-fair')}>{t('games.view.verifyLink')}</a>
      <h2>{t('games.view.recent')}</h2>
      <RecentRounds rendered={game.recentRounds} frame={frame} amount={played} />
    </>
  )
}

export default function GameView({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  useRealityCheckAt('realityCheckAt' in loaderData ? loaderData.realityCheckAt : null)
  const localePath = useLocalePath()
  const locale = useLocale()
  const catalogue = useCatalogue()
  const symbolName = useSymbolName()
  const stage = useRef<HTMLDivElement>(null)
  const frame = useRef<HTMLIFrameElement>(null)
  const { gameId, name, mode } = loaderData
  const location = useLocation()
  const lobby = localePath(isLiveLobby(location.pathname) ? '/live-casino' : '/casino')
  const self = `${lobby}/${gameId}`

  const switcher = (
    <nav aria-label={t('games.view.modeLabel')} className={styles.modeSwitch}>
      <Link to={`${self}?mode=demo`} className={styles.modeOption} aria-current={mode === 'demo' ? 'page' : undefined}>
        {t('games.view.demo')}
      </Link>
      <Link to={`${self}?mode=real`} className={styles.modeOption} aria-current={mode === 'real' ? 'page' : undefined}>
        {t('games.view.real')}
      </Link>
    </nav>
  )

  // The game's name and the mode switch, over a page that shows no game yet.
  const titleBar = (
    <div className={styles.toolbar}>
      <h1 className={styles.gameTitle}>{name}</h1>
      {switcher}
    </div>
  )

  if ('needsLogin' in loaderData) {
    return (
      <div className={ui.container}>
        {titleBar}
        <div className={styles.banner}>
          <p>{t('games.view.realNeedsLogin')}</p>
          <LoginLink className={styles.playButton}>{t('games.view.login')}</LoginLink>
          <Link to={localePath('/register')} className={styles.demoButton}>
            {t('games.view.register')}
          </Link>
          <Link to={`${self}?mode=demo`} className={styles.demoButton}>
            {t('games.view.tryDemo')}
          </Link>
        </div>
      </div>
    )
  }
  if ('realityCheck' in loaderData && loaderData.realityCheck) {
    return (
      <div className={ui.container}>
        {titleBar}
        <RealityCheckPanel check={loaderData.realityCheck} />
      </div>
    )
  }
  if ('refused' in loaderData) {
    return (
      <div className={ui.container}>
        <h1 className={ui.pageTitle}>{t('games.view.unavailable')}</h1>
        <p role="alert">{catalogue(loaderData.refused ?? 'action_failed')}</p>
        <Link to={lobby}>{t('games.frame.lobby')}</Link>
      </div>
    )
  }
  const { frameSrc, panel, loggedIn } = loaderData
  // The built-in games' client is on this site and tells the panel its seeds and rounds; another
  // provider's keeps them in its own client.
  const game = 'external' in loaderData ? null : loaderData.game
  const limits = 'external' in loaderData ? loaderData.external : loaderData.game
  const currency = 'external' in loaderData ? loaderData.external.currency : loaderData.game.balance.currency
  const money = (cents: number) => formatMoney(cents, currency, locale)
  const { paytable, tables } = panel

  return (
    <div className={ui.container}>
      <div className={styles.toolbar}>
        <h1 className={styles.gameTitle}>{name}</h1>
        {switcher}
        <FullscreenButton stage={stage} />
        {loggedIn ? (
          <Link to={localePath('/user-management/deposit')} className={styles.toolButton}>
            {t('games.view.deposit')}
          </Link>
        ) : null}
        <Link to={lobby} className={styles.toolButton}>
          {t('games.view.close')}
        </Link>
      </div>
      {mode === 'demo' ? (
        <div className={styles.banner}>
          <p>{t('games.view.demoBanner')}</p>
          <Link to={`${self}?mode=real`} className={styles.playButton}>
            {t('games.view.playForReal')}
          </Link>
        </div>
      ) : null}
      <div className={styles.view}>
        <div ref={stage} className={styles.stage}>
          {/* Every game client is on its provider's origin (the built-in one's, or GAME_FRAME_ORIGINS),
              which the browser keeps apart from this site's cookies and pages. */}
          <iframe
            ref={frame}
            src={frameSrc}
            title={t('games.view.frameTitle', { name })}
            className={styles.frame}
            allow="fullscreen"
            sandbox={FRAME_SANDBOX}
          />
        </div>
        <details className={styles.panel} open>
          <summary>{t('games.view.panel')}</summary>
          <h2>{t('games.view.rules')}</h2>
          <p>{panel.rules}</p>
          <dl className={styles.facts}>
            {panel.rtp === null ? null : (
              <>
                <dt>{t('games.view.rtp')}</dt>
                <dd>{formatNumber(panel.rtp, locale, { minimumFractionDigits: 2 })} %</dd>
              </>
            )}
            {panel.volatility ? (
              <>
                <dt>{t('games.view.volatility')}</dt>
                <dd>{t(`games.view.volatilities.${panel.volatility}`)}</dd>
              </>
            ) : null}
            <dt>{t('games.view.limits')}</dt>
            <dd>{t('games.view.limitsValue', { min: money(limits.minBet), max: money(limits.maxBet) })}</dd>
          </dl>
          {paytable ? (
            <>
              <h2>{t('games.paytable')}</h2>
              <table className={styles.paytable}>
                <thead>
                  <tr>
                    <th scope="col">
                      <span className={ui.muted}>·</span>
                    </th>
                    {paytable.runs.map((n) => (
                      <th key={n} scope="col">
                        {t('games.paytableRun', { count: n })}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {paytable.rows.map((row) => (
                    <tr key={row.glyph}>
                      <th scope="row" className={styles.paytableSymbol}>
                        <SlotSymbol glyph={row.glyph} tone={row.tone} label={symbolName(row.glyph)} />
                      </th>
                      {row.pays.map((p, i) => (
                        <td key={i}>{p === null ? '–' : `× ${formatNumber(p, locale)}`}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          ) : null}
          {tables?.map((table) => (
            <table key={table.caption} className={styles.paytable}>
              <caption>{table.caption}</caption>
              <thead>
                <tr>
                  {table.head.map((h) => (
                    <th key={h} scope="col">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map(([first, ...cells]) => (
                  <tr key={first}>
                    <th scope="row">{first}</th>
                    {cells.map((cell, i) => (
                      <td key={i}>{cell}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
          {game && 'checkOrigin' in loaderData ? (
            <FairnessAndRounds game={game} frame={frame} checkOrigin={loaderData.checkOrigin} />
          ) : null}
        </details>
      </div>
    </div>
  )
}
