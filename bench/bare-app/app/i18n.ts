import { createInstance, type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'

export const resources = {
  es: {
    translation: {
      title: 'Una página sencilla',
      body: 'Un párrafo traducido con i18next, renderizado en el servidor.',
    },
  },
  en: { translation: { title: 'A simple page', body: 'A paragraph translated with i18next, rendered on the server.' } },
}
export type Lang = keyof typeof resources

export const langOf = (pathname: string): Lang => (pathname === '/en' ? 'en' : 'es')

/** One initialised instance for a language (synchronous: the resources are in memory). */
export function i18nFor(lng: Lang, only = false): i18n {
  const instance = createInstance()
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: lng,
    resources: only ? { [lng]: resources[lng] } : resources,
    interpolation: { escapeValue: false },
    initAsync: false,
  })
  return instance
}
