import '#ui/zod-config.client.ts'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, useRouteError } from 'react-router'
import '#ui/global.css.ts'
import { darkTheme } from '#ui/theme.css.ts'
import * as styles from '#ui/games.css.ts'
import { useLocale } from '#ui/locale.ts'
import { useNonce } from '#ui/nonce.tsx'

/**
 * The game client's document, inside the casino's game view: the game alone, in the house's look
 * (ui/), on the provider's origin.
 */
export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce()
  return (
    <html lang={useLocale()} dir="ltr" className={`${darkTheme} dark`}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* No icon of its own: the check of a round, opened on its own, asks for none. */}
        <link rel="icon" href="data:," />
        <Meta />
        <Links />
      </head>
      <body>
        <main id="main">{children}</main>
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

/** A page that could not be made (the provider's database does not answer): said, not shown as a stack. */
export function ErrorBoundary() {
  const { t } = useTranslation()
  const error = useRouteError()
  const code = isRouteErrorResponse(error) && error.status === 404 ? 'not_found' : 'game_unavailable'
  return (
    <div className={styles.frameBody} role="alert">
      <p>{t(`catalogue.${code}`)}</p>
    </div>
  )
}
