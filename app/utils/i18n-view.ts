import type { i18n } from 'i18next'

// What the server's shared instances (middleware/i18next.ts) and the browser's instance
// (entry.client.tsx) give react-i18next: the instance seen through a layer that remembers texts.

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
 *   bound methods) into a new object on each component's first render: on every server render,
 *   and for every component a page hydrates; an object that owns nothing makes that copy empty.
 * - A plain `t('key')` (no options) always gives the same text for a fixed language and fixed
 *   catalogues (the browser's instance never changes language either: another language is another
 *   page load), so it is looked up once; calls with options (interpolation, plurals) go to i18next.
 */
export function memoizedView(instance: i18n): i18n {
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
