import type { RouterContextProvider } from 'react-router'
import { getRequestInfo } from '#app/middleware/context.ts'

/**
 * The origin of the built-in provider's check of a round (`/provably-fair` on its public address,
 * ADR 0049 step 3), for the links of Bet History and the game view: straight to it, not through
 * the site's `/provably-fair` and its redirect. Null when the web app does not know the provider's
 * address (another casino API and no PROVIDER_URL).
 */
export function roundCheckOrigin(context: Readonly<RouterContextProvider>): string | null {
  const { providerPublicUrl } = getRequestInfo(context)
  return providerPublicUrl && URL.canParse(providerPublicUrl) ? new URL(providerPublicUrl).origin : null
}
