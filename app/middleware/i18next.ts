import 'i18next'
import { initReactI18next } from 'react-i18next'
import { createI18nextMiddleware } from 'remix-i18next'
import { resources } from '../../locales/index.ts'
import { DEFAULT_LOCALE, LOCALES, localeFromPath } from '../utils/locale.ts'

/**
 * The locale comes from the URL only (no cookie, no Accept-Language): '/en…' is English,
 * everything else Spanish. Every request gets its own i18next instance with both catalogues.
 */
export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LOCALES],
    fallbackLanguage: DEFAULT_LOCALE,
    order: ['custom'],
    async findLocale({ request }) {
      return localeFromPath(new URL(request.url).pathname)
    },
  },
  i18next: {
    resources,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    interpolation: { escapeValue: false },
  },
  plugins: [initReactI18next],
})

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: (typeof resources)['es']
  }
}
