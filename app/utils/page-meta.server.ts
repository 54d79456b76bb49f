import type { RouterContextProvider } from 'react-router'
import { siteAccessContext } from '#app/middleware/access.ts'
import { getInstance } from '#app/middleware/i18next.ts'

/** '<page> · <site name>' and the site description, in the request's language, for a route's meta. */
export function pageMeta(context: Readonly<RouterContextProvider>, pageTitle?: string) {
  const i18n = getInstance(context)
  const siteName = context.get(siteAccessContext).settings?.siteName || i18n.t('common.meta.siteName')
  return {
    title: pageTitle ? `${pageTitle} · ${siteName}` : siteName,
    description: i18n.t('common.meta.description'),
  }
}
