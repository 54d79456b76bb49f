import type { RouterContextProvider } from 'react-router'
import { getLocale } from '#app/middleware/i18next.ts'
import { isLocale, localeFromPath, type Locale } from '#ui/locale.ts'

/** The locale of this request (middleware), or the URL's when it did not run. */
export function requestLocale(args: { request: Request; context: Readonly<RouterContextProvider> }): Locale {
  try {
    const locale = getLocale(args.context)
    if (isLocale(locale)) return locale
  } catch {
    // no i18next middleware on this request
  }
  return localeFromPath(new URL(args.request.url).pathname)
}
