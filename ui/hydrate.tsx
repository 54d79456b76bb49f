import type { i18n } from 'i18next'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { HydratedRouter } from 'react-router/dom'
import { DEFAULT_LOCALE, isLocale, type Locale } from './locale.ts'

export { pageI18n } from './page-i18n.ts'

/** The page's language, from its `<html lang>` (the server's, from the URL). */
export function documentLocale(): Locale {
  const { lang } = document.documentElement
  return isLocale(lang) ? lang : DEFAULT_LOCALE
}

/**
 * Hydrates a server-rendered React Router document (the site's, the provider's game client) with
 * its page's i18next instance, as a transition: React yields to the browser between slices.
 */
export function hydrateDocument(i18n: i18n) {
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18n}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    )
  })
}

type Manifest = { routes: Record<string, { css?: string[] }> }

/**
 * The stylesheet is written into each page (ADR 0023; ui/inline-stylesheet.server.ts), and the
 * server's manifest lists none.
 * The browser's copy of the whole route manifest (routeDiscovery 'initial') still lists it under the
 * root route: taken out here, or hydration would add a `<link>` the server did not write, and React
 * would render the whole page again. A page whose server could not inline it links it and keeps it.
 */
export function linkNoInlinedStylesheet() {
  if (!document.querySelector('style[data-react-router-critical-css]')) return
  // oxlint-disable-next-line no-underscore-dangle -- the name React Router gives the manifest
  const { routes } = (window as unknown as { __reactRouterManifest: Manifest }).__reactRouterManifest
  for (const route of Object.values(routes)) route.css = []
}
