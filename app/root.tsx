import '#ui/zod-config.client.ts'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import {
  data,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  useLocation,
  type ShouldRevalidateFunctionArgs,
} from 'react-router'
import type { Route } from './+types/root'
import { isRestoringFromBackForwardCache, useRevalidateAfterRestore } from './components/back-forward-cache.ts'
import { GeneralErrorBoundary } from './components/error-boundary.tsx'
import { SiteFooter } from './components/footer.tsx'
import { BareHeader, isBarePath, SiteHeader } from './components/header.tsx'
import * as layout from './components/layout.css.ts'
import { LoginModalProvider } from './components/login-modal.tsx'
import { useNonce } from '#ui/nonce.tsx'
import { ThemeProvider, useThemeState } from './components/theme.tsx'
import { ToastView } from './components/toast.tsx'
import { useRootData } from './components/use-root-data.ts'
import { accessMiddleware, siteAccessContext } from './middleware/access.ts'
import { getRequestInfo, routePatternMiddleware } from './middleware/context.ts'
import { httpCacheMiddleware } from './middleware/http-cache.ts'
import { pageCacheMiddleware } from './middleware/page-cache.ts'
import { getInstance, getLocale, i18nextMiddleware } from './middleware/i18next.ts'
import { sessionMiddleware } from './middleware/session.ts'
import '#ui/global.css.ts'
import { darkTheme, lightTheme } from '#ui/theme.css.ts'
import { isUpstreamUnavailable } from './upstream/client.server.ts'
import { getPlayer, redirectIfPasswordChangeRequired, toPublicPlayer } from './utils/auth.server.ts'
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALES,
  localeFromPath,
  localizePath,
  stripLocale,
  type Locale,
} from '#ui/locale.ts'
import { localeCookie, readLocaleCookie, readTheme, themeCookie } from './utils/preferences.server.ts'
import { sameSitePath } from '#ui/safe-path.ts'
import { commitSession, destroySession, getSession } from './utils/session.server.ts'
import { FLASH_MARKER_COOKIE } from './utils/cookie-names.ts'
import { flashMarkerCookie } from './utils/toast.server.ts'

// The cache middleware comes first (after the route pattern's report, which changes nothing), so
// that it sees the answer as the others left it (the session middleware's re-sealed cookie included).
export const middleware: Route.MiddlewareFunction[] = [
  routePatternMiddleware, // only reports the route pattern to the request's metrics
  httpCacheMiddleware,
  i18nextMiddleware,
  sessionMiddleware,
  accessMiddleware,
  // After the access check, before the loaders: see ADR 0033.
  pageCacheMiddleware,
]

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
]

export const meta: Route.MetaFunction = ({ loaderData: rootData }) => [
  { title: rootData?.meta.title ?? 'Casino' },
  { name: 'description', content: rootData?.meta.description ?? '' },
]

export async function loader(args: Route.LoaderArgs) {
  const { request, context } = args
  const url = new URL(request.url)
  const headers = new Headers()

  // Theme switch without JavaScript: ?theme=light|dark stores the choice and comes back.
  const themeParam = url.searchParams.get('theme')
  if (themeParam === 'light' || themeParam === 'dark') {
    url.searchParams.delete('theme')
    throw redirect(sameSitePath(url.pathname + url.search), { headers: { 'Set-Cookie': themeCookie(themeParam) } })
  }

  const localeValue = getLocale(context)
  const locale: Locale = isLocale(localeValue) ? localeValue : DEFAULT_LOCALE
  const { origin } = getRequestInfo(context)
  const access = context.get(siteAccessContext)
  const i18n = getInstance(context)

  let player = null
  let playerUnavailable = false
  try {
    const found = await getPlayer(args)
    player = found ? toPublicPlayer(found) : null
    redirectIfPasswordChangeRequired(args, found)
  } catch (error) {
    // The casino API is down: the pages that do not need it still render, without the player.
    if (!isUpstreamUnavailable(error)) throw error
    playerUnavailable = true
  }

  const session = await getSession(request)
  const flashed = session.takeFlash('toast')
  if (flashed) headers.append('Set-Cookie', session.isEmpty ? await destroySession() : await commitSession(session))
  if (flashed || request.headers.get('Cookie')?.includes(`${FLASH_MARKER_COOKIE}=1`))
    headers.append('Set-Cookie', flashMarkerCookie(false))

  if (readLocaleCookie(request) !== locale) headers.append('Set-Cookie', localeCookie(locale))

  const siteName = access.settings?.siteName || i18n.t('common.meta.siteName')
  return data(
    {
      locale,
      origin,
      player,
      theme: readTheme(request),
      year: new Date().getFullYear(),
      toast: flashed ? { ...flashed, id: crypto.randomUUID() } : null,
      siteName,
      upstreamDown: playerUnavailable || access.settings === null,
      meta: { title: siteName, description: i18n.t('common.meta.description') },
    },
    { headers },
  )
}

/**
 * The root's data (player, balance, toast) changes after mutations, a language change and when a
 * toast waits (the readable `flash` marker cookie), and may be stale on a page the browser brings
 * back from its back/forward cache; a plain navigation keeps it.
 */
export function shouldRevalidate({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate
  if (isRestoringFromBackForwardCache()) return true
  if (nextUrl.searchParams.has('theme')) return true
  if (localeFromPath(currentUrl.pathname) !== localeFromPath(nextUrl.pathname)) return true
  if (typeof document !== 'undefined' && document.cookie.split('; ').includes(`${FLASH_MARKER_COOKIE}=1`)) return true
  return false
}

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRootData()
  const { t } = useTranslation()
  const location = useLocation()
  const nonce = useNonce()
  const locale = localeFromPath(location.pathname)
  const themeState = useThemeState(rootData?.theme ?? 'dark')
  const bare = isBarePath(location.pathname)
  const origin = rootData?.origin ?? ''
  const path = stripLocale(location.pathname)
  const siteName = rootData?.siteName ?? t('common.meta.siteName')
  const player = rootData?.player ?? null
  const themeClass = themeState.theme === 'light' ? `${lightTheme} light` : `${darkTheme} dark`
  useRevalidateAfterRestore()

  return (
    <html lang={locale} dir="ltr" className={themeClass}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={themeState.theme === 'light' ? '#f7f5ef' : '#0d0e12'} />
        {LOCALES.map((l) => (
          <link key={l} rel="alternate" hrefLang={l} href={origin + localizePath(l, path)} />
        ))}
        <link rel="alternate" hrefLang="x-default" href={origin + localizePath(DEFAULT_LOCALE, path)} />
        <Meta />
        <Links />
      </head>
      <body>
        <ThemeProvider value={themeState}>
          <LoginModalProvider enabled={!player && !bare}>
            <a href="#main" className={layout.skipLink}>
              {t('common.skipToContent')}
            </a>
            {bare ? <BareHeader siteName={siteName} /> : <SiteHeader player={player} siteName={siteName} />}
            <main id="main" tabIndex={-1} className={bare ? layout.mainBare : layout.main}>
              {player?.passwordChangeRequired ? (
                <p className={layout.notice}>{t('catalogue.password_change_required')}</p>
              ) : null}
              {rootData?.upstreamDown ? <p className={layout.notice}>{t('common.errors.upstreamNotice')}</p> : null}
              {children}
            </main>
            {bare ? null : <SiteFooter player={player} siteName={siteName} year={rootData?.year ?? 2026} />}
            <ToastView toast={rootData?.toast} />
          </LoginModalProvider>
        </ThemeProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
