import type { RouterContextProvider } from 'react-router'
import { getRequestInfo } from '#app/middleware/context.ts'

/**
 * The built-in provider's public origin (PROVIDER_PUBLIC_URL, else its base URL; ADR 0049 step 3):
 * where its game clients are, and its check of a round (`/provably-fair`), which Bet History and
 * the game view link to straight, not through the site's `/provably-fair` and its redirect. Null
 * when the web app does not know the provider's address (another casino API and no PROVIDER_URL).
 */
export function builtinProviderOrigin(context: Readonly<RouterContextProvider>): string | null {
  const { providerPublicUrl } = getRequestInfo(context)
  return providerPublicUrl && URL.canParse(providerPublicUrl) ? new URL(providerPublicUrl).origin : null
}
