import type { Locale } from '#casino-api/contract/locales.ts'
import { documentLocale, hydrateDocument, linkNoInlinedStylesheet, pageI18n } from '#ui/hydrate.tsx'

/** Each language's catalogue, loaded on its own: a page needs only its language's. */
const CATALOGUES: Record<Locale, () => Promise<typeof import('#locales/es/index.ts')>> = {
  es: () => import('#locales/es/index.ts'),
  en: () => import('#locales/en/index.ts'),
}

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

const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {})

/**
 * The worker is registered once the page has loaded and the main thread is idle: starting it (its
 * own script, its install) competes for the phone's CPU, and during hydration that lengthened the
 * page's tasks (ADR 0023). A browser without requestIdleCallback waits a second after the load.
 */
function registerWhenIdle() {
  if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 10_000 })
  else setTimeout(register, 1000)
}

function registerServiceWorker() {
  // Unsupported (or blocked): silently ignored. Only the production build has a /sw.js.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  if (document.readyState === 'complete') registerWhenIdle()
  else window.addEventListener('load', registerWhenIdle, { once: true })
}

/** The rest of this task is the browser's: input, paint, other scripts. */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

async function main() {
  watchChunkErrors()
  linkNoInlinedStylesheet()
  // Only the page's own catalogue: the language changes with a full page load.
  const lng = documentLocale()
  const i18n = await pageI18n(lng, (await CATALOGUES[lng]()).default.translation)
  await yieldToMain()

  hydrateDocument(i18n)
  registerServiceWorker()
}

main().catch((error: unknown) => {
  if (error instanceof Error && CHUNK_ERROR.test(error.message)) reloadAfterChunkError()
  else console.error(error)
})
