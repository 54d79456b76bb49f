import { useTranslation } from 'react-i18next'
import { TEMPLATE_PERCENT_OF, TEMPLATES_WITH_WEEKDAYS, type BonusTemplate, type BonusType } from '#contract'
import { useLocale } from '#ui/locale.ts'
import { formatMoney } from '#casino-api/contract/format.ts'

type Figures = Pick<
  BonusTemplate,
  | 'type'
  | 'percent'
  | 'amount'
  | 'minDeposit'
  | 'maxBonus'
  | 'wageringMultiplier'
  | 'validityDays'
  | 'weekdays'
  | 'defaultWeight'
  | 'currency'
>

/**
 * A template's terms in one line, written from its fields (the figures the casino API applies),
 * never from its terms texts: the per cent or amount, the cap and minimum, the turnover and days,
 * the weekdays and the weight of the categories not listed (ADR 0056).
 */
export function useTemplateSummary() {
  const { t } = useTranslation()
  const locale = useLocale()
  return (f: Figures) => {
    const money = (cents: number) => formatMoney(cents, f.currency, locale)
    const parts: string[] = []
    if (f.percent !== null)
      parts.push(t(`admin.bonusTemplates.summary.percentOf.${percentOf(f.type)}`, { percent: f.percent }))
    else if (f.amount !== null) parts.push(t('admin.bonusTemplates.summary.fixed', { amount: money(f.amount) }))
    else parts.push(t('admin.bonusTemplates.summary.none'))
    if (f.maxBonus !== null) parts.push(t('admin.bonusTemplates.summary.upTo', { amount: money(f.maxBonus) }))
    if (f.minDeposit !== null) parts.push(t('admin.bonusTemplates.summary.from', { amount: money(f.minDeposit) }))
    parts.push(t('admin.bonusTemplates.summary.wagering', { times: f.wageringMultiplier, days: f.validityDays }))
    if (f.weekdays?.length && TEMPLATES_WITH_WEEKDAYS.includes(f.type))
      parts.push(
        t('admin.bonusTemplates.summary.weekdays', {
          days: f.weekdays.map((d) => t(`admin.bonusTemplates.days.${String(d) as '1'}`)).join(', '),
        }),
      )
    parts.push(t('admin.bonusTemplates.summary.otherWeight', { weight: f.defaultWeight }))
    return parts.join(' · ')
  }
}

type PercentBase = (typeof TEMPLATE_PERCENT_OF)[keyof typeof TEMPLATE_PERCENT_OF]

/** What a template's per cent is of (a template without one: the deposit, as it is never shown). */
export const percentOf = (type: BonusType): PercentBase =>
  (TEMPLATE_PERCENT_OF as Partial<Record<BonusType, PercentBase>>)[type] ?? 'deposit'
