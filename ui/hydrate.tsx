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
