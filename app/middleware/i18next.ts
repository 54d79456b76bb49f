import { createInstance, type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { resources } from '#locales/index.ts'
import { DEFAULT_LOCALE, LOCALES, localeFromPath, type Locale } from '#ui/locale.ts'

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

/** Texts kept per scope at most (the catalogues have a few hundred keys). */
const MEMO_LIMIT = 5_000

type AnyT = (key: unknown, options?: unknown, ...rest: unknown[]) => unknown

/** `translate`, remembering the text of each plain `t('key')` (no options) in `texts`. */
function memoizing(translate: AnyT, texts: Map<string, unknown>): AnyT {
  return (key, options, ...rest) => {
    if (typeof key !== 'string' || options !== undefined || rest.length > 0) return translate(key, options, ...rest)
    if (texts.has(key)) return texts.get(key)
    const text = translate(key)
    if (texts.size < MEMO_LIMIT) texts.set(key, text)
    return text
  }
}

/**
 * The object the app and react-i18next get for a locale: it inherits everything from the
 * instance, through a layer that holds a memoizing `t` and `getFixedT`, and owns nothing.
 * - react-i18next's useTranslation copies every own property of the instance it is given (all its
 *   bound methods) into a new object on each component's first render, that is on every server
 *   render; an object that owns nothing makes that copy empty.
 * - A plain `t('key')` (no options) always gives the same text for a fixed language and fixed
 *   catalogues, so it is looked up once; calls with options (interpolation, plurals) go to i18next.
 */
function memoizedView(instance: i18n): i18n {
  const layer = Object.create(instance) as Record<string, unknown>
  layer.t = memoizing(instance.t as unknown as AnyT, new Map())
  const getFixedT = instance.getFixedT as unknown as (...args: unknown[]) => AnyT
  const fixedTs = new Map<string, AnyT>()
  layer.getFixedT = (...args: unknown[]) => {
    const [, , keyPrefix] = args
    if (typeof keyPrefix === 'function') return getFixedT(...args)
    const scope = JSON.stringify(args)
    let fixed = fixedTs.get(scope)
    if (!fixed) {
      const inner = getFixedT(...args)
      // i18next's fixed t carries its language, namespace and key prefix as properties.
      fixed = Object.assign(memoizing(inner, new Map()), {
        lng: Reflect.get(inner, 'lng'),
        lngs: Reflect.get(inner, 'lngs'),
        ns: Reflect.get(inner, 'ns'),
        keyPrefix: Reflect.get(inner, 'keyPrefix'),
      })
      if (fixedTs.size < MEMO_LIMIT) fixedTs.set(scope, fixed)
    }
    return fixed
  }
  // What useTranslation would otherwise add to the object on its first render (for useSSR).
  const used = new Set<string>()
  layer.reportNamespaces = {
    addUsedNamespaces: (namespaces: string[]) => namespaces.forEach((ns) => used.add(ns)),
    getUsedNamespaces: () => [...used],
  }
  return Object.create(layer) as i18n
}

const instances = Object.fromEntries(LOCALES.map((l) => [l, createLocaleInstance(l)])) as Record<Locale, i18n>

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
