import en from './en/index.ts'
import es from './es/index.ts'

export const resources = { es, en } satisfies Record<'es' | 'en', typeof es>
export type Translation = typeof es.translation
