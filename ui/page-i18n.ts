import { createInstance, type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { LOCALES, type Locale } from './locale.ts'

/** An i18next instance of one language and its catalogue: the browser loads its page's only. */
export async function pageI18n(lng: Locale, translation: object): Promise<i18n> {
  const instance = createInstance()
  await instance.use(initReactI18next).init({
    lng,
    fallbackLng: lng,
    supportedLngs: [...LOCALES],
    resources: { [lng]: { translation } },
    interpolation: { escapeValue: false },
  })
  return instance
}
