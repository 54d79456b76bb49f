import type { Locale } from '#ui/locale.ts'

/**
 * The game client's texts: the games' and the catalogue's (its refusals) of the casino's
 * catalogues (locales/), which the provider's feed already writes its rules in. The browser loads
 * its page's language only.
 */
export const CATALOGUES: Record<Locale, () => Promise<Record<string, unknown>>> = {
  es: async () => ({
    games: (await import('#locales/es/games.ts')).default,
    catalogue: (await import('#locales/es/catalogue.ts')).default,
  }),
  en: async () => ({
    games: (await import('#locales/en/games.ts')).default,
    catalogue: (await import('#locales/en/catalogue.ts')).default,
  }),
}
