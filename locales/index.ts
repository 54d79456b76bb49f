import type { Locale } from '#casino-api/contract/locales.ts'
import en from './en/index.ts'
import es from './es/index.ts'

/** Every language's catalogue, with the same keys as the Spanish one (locales.test.ts). */
export const resources = { es, en } satisfies Record<Locale, typeof es>
export type Translation = typeof es.translation
