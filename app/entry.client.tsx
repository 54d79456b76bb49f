import { createInstance } from 'i18next'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { HydratedRouter } from 'react-router/dom'
import { intlLocale } from '#app/utils/locale.ts'

const CHUNK_RELOAD_KEY = 'chunk-reload-at'
const CHUNK_RELOAD_THROTTLE_MS = 60_000

/**
 * After a deployment, an open tab may ask for code chunks that no longer exist: reload the page
 * to get the new ones, at most once a minute (so a real outage does not loop).
 */
function reloadAfterChunkError() {
  try {
    const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0)
    if (Date.now() - last < CHUNK_RELOAD_THROTTLE_MS) return
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()))
  } catch {
    // no sessionStorage (privacy mode): reload anyway, the browser's own cache stops a loop
  }
  window.location.reload()
}

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk .* failed/i

function watchChunkErrors() {
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault()
    reloadAfterChunkError()
  })
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason as { message?: unknown } | undefined
    if (typeof reason?.message === 'string' && CHUNK_ERROR.test(reason.message)) reloadAfterChunkError()
  })
}

const register = () => navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {})

function registerServiceWorker() {
  // Unsupported (or blocked): silently ignored. Only the production build has a /sw.js.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  if (document.readyState === 'complete') void register()
  else window.addEventListener('load', () => void register(), { once: true })
}

/** The rest of this task is the browser's: input, paint, other scripts. */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/**
 * ICU loads its number and date data with the first formatter of a page (12 ms and 7 ms on a
 * desktop CPU, four times that on a phone). Money and dates are formatted while the page hydrates,
 * where that load would lengthen one of hydration's tasks past the 50 ms that block a phone's
 * input: it is done here first, in tasks of its own.
 */
async function loadIcuData(locale: string) {
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(0)
  await yieldToMain()
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(0)
  await yieldToMain()
}

async function main() {
  watchChunkErrors()
  // Only the page's own catalogue: the language changes with a full page load.
  const lng = document.documentElement.lang === 'en' ? 'en' : 'es'
  const catalogue =
    lng === 'en' ? (await import('#locales/en/index.ts')).default : (await import('#locales/es/index.ts')).default
  const i18n = createInstance()
  await i18n.use(initReactI18next).init({
    lng,
    fallbackLng: lng,
    supportedLngs: ['es', 'en'],
    resources: { [lng]: catalogue },
    interpolation: { escapeValue: false },
  })
  await yieldToMain()
  // A page that formats nothing (the root marks it) skips it: a later page loads it on first use.
  if (document.documentElement.dataset.formats !== 'none') await loadIcuData(intlLocale(lng))

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
  registerServiceWorker()
}

main().catch((error: unknown) => {
  if (error instanceof Error && CHUNK_ERROR.test(error.message)) reloadAfterChunkError()
  else console.error(error)
})
