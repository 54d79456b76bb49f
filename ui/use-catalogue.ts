import { useTranslation } from 'react-i18next'
import type { MessageArg, MessageCode } from '#contract'
import { isMoney, MESSAGE_VALUES } from '#casino-api/contract/message-values.ts'
import { useLocale } from './locale.ts'
import { formatDateTime, formatMoney, formatNumber } from '#casino-api/contract/format.ts'

/**
 * Text of a catalogue code (locales/<lng>/catalogue.ts) with its values: the casino API, the
 * form rules and the toasts all speak in codes, the page in the visitor's language. An amount
 * of money among the values is written as the pages write money ('1.234,56 €', '€1,234.56'), and a
 * value the message calls a 'number' (MESSAGE_VALUES) as they write numbers ('10.000', '10,000'), and
 * a 'time' as they write a date and time ('2026.12.05 14:30:00'):
 * this is the one place where every message's amounts are formatted.
 */
export function useCatalogue() {
  const { t, i18n } = useTranslation()
  const locale = useLocale()
  return (code: string, args?: readonly MessageArg[], fallback: MessageCode = 'action_failed') => {
    const values: Record<string, string | number> = {}
    const kinds: readonly string[] = (MESSAGE_VALUES as Record<string, readonly string[]>)[code] ?? []
    args?.forEach((value, index) => {
      const count = kinds[index] === 'number' && value !== '' ? Number(value) : Number.NaN
      values[String(index)] = isMoney(value)
        ? formatMoney(value.amount, value.currency, locale)
        : kinds[index] === 'time' && typeof value === 'string' && !Number.isNaN(Date.parse(value))
          ? formatDateTime(value)
          : Number.isFinite(count)
            ? formatNumber(count, locale)
            : value
    })
    const key = `catalogue.${code}`
    if (!i18n.exists(key)) return t(`catalogue.${fallback}`)
    return t(key as 'catalogue.action_failed', values)
  }
}

/** A game move's refusal: its code, its values and its fields' codes. */
export type Refusal = { error: string; args?: readonly MessageArg[]; fields: Record<string, readonly string[]> }

/** A refusal's messages as one text: its code's and its fields', each once, with the refusal's values. */
export function useRefusalText() {
  const catalogue = useCatalogue()
  return (refusal: Refusal) =>
    [...new Set([refusal.error, ...Object.values(refusal.fields).flat()])]
      .map((code) => catalogue(code, refusal.args))
      .join(' ')
}
