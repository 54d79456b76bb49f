import { data, redirect } from 'react-router'
import { builtinProviderOrigin } from '#app/utils/provider-origin.server.ts'
import { localeFromPath, localizePath } from '#ui/locale.ts'
import type { Route } from './+types/provably-fair'

/**
 * The check of a round is the game provider's own page, on its origin (ADR 0049, step 3): Bet
 * History and the game view link to it directly; the home page's link and older links lead here,
 * and go on to it with the round's values, in the page's language. Without the provider's address (another casino API and
 * no PROVIDER_URL) the check is unavailable.
 */
export function loader(args: Route.LoaderArgs) {
  const origin = builtinProviderOrigin(args.context)
  if (!origin) throw data({ code: 'game_unavailable' }, { status: 503 })
  const url = new URL(args.request.url)
  const to = new URL(localizePath(localeFromPath(url.pathname), '/provably-fair'), origin)
  // React Router's own parameters of a data request are not the round's.
  for (const [name, value] of url.searchParams)
    if (name !== '_routes' && name !== 'index') to.searchParams.append(name, value)
  return redirect(to.href)
}
