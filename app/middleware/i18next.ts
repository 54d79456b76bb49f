import { createInstance, type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { resources } from '#locales/index.ts'
import { memoizedView } from '#app/utils/i18n-view.ts'
import { DEFAULT_LOCALE, LOCALES, localeFromPath, type Locale } from '#app/utils/locale.ts'

/**
 * The locale comes from the URL only (no cookie, no Accept-Language): '/en…' is English,
 * everything else Spanish.
 *
 * One i18next instance per locale, initialised once when the server starts and shared by every
 * request in that locale (docs/decisions/0016-shared-i18next-instances.md). Each instance's
 * language is fixed: nothing may call `changeLanguage` on it (it throws), so requests in
 * different languages running at the same time can never see each other's language.
 */
function createLocaleInstance(locale: Locale): i18n {
  const instance = createInstance()
  void instance.use(initReactI18next).init({
    resources,
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    interpolation: { escapeValue: false },
    // The catalogues are in memory: initialised before this function returns.
    initAsync: false,
  })
  if (!instance.isInitialized || instance.language !== locale)
    throw new Error(`i18next did not initialise for ${locale}`)
  instance.changeLanguage = () => {
    throw new Error(
      `The shared i18next instance for ${locale} cannot change its language: render another locale with getInstanceFor(locale)`,
    )
  }
  return memoizedView(instance)
}

const instances: Record<Locale, i18n> = { es: createLocaleInstance('es'), en: createLocaleInstance('en') }

/** The shared, initialised i18next instance of a locale. */
export function getInstanceFor(locale: Locale): i18n {
  return instances[locale]
}

const localeContext = createContext<Locale>()

/** Puts the request's locale (from its path) into the router context. */
export const i18nextMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  context.set(localeContext, localeFromPath(new URL(request.url).pathname))
  return next()
}

/** The request's locale (throws where the root middleware did not run). */
export function getLocale(context: Readonly<RouterContextProvider>): Locale {
  return context.get(localeContext)
}

/** The request's i18next instance (shared by every request in its locale: read it, never change it). */
export function getInstance(context: Readonly<RouterContextProvider>): i18n {
  return instances[getLocale(context)]
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: (typeof resources)['es']
  }
}
