import { useTranslation } from 'react-i18next'

/**
 * Text of a catalogue code (locales/<lng>/catalogue.ts) with its values: the casino API, the
 * form rules and the toasts all speak in codes, the page in the visitor's language.
 */
export function useCatalogue() {
  const { t, i18n } = useTranslation()
  return (code: string, args?: readonly (string | number)[]) => {
    const values: Record<string, string | number> = {}
    args?.forEach((value, index) => {
      values[String(index)] = value
    })
    const key = `catalogue.${code}`
    if (!i18n.exists(key)) return t('catalogue.action_failed')
    return t(key as 'catalogue.action_failed', values)
  }
}
