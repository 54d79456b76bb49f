import { useTranslation } from 'react-i18next'
import * as forms from '#ui/form-fields.css.ts'
import * as money from './money.css.ts'

// The date filter of the history pages (transactions, bets): last 24 hours, 7 days, 30 days,
// or a custom range of days, read from the page's URL and sent as the contract's DateRange.

export const PERIODS = ['24h', '7d', '30d', 'custom'] as const
export type Period = (typeof PERIODS)[number]
const DATE = /^\d{4}-\d{2}-\d{2}$/

/** The period of a history page's GET form, read leniently: what is not understood falls back. */
export function periodOf(url: URL, fallback: Exclude<Period, 'custom'>) {
  const q = url.searchParams
  const asked = q.get('period') as Period
  const period: Period = PERIODS.includes(asked) ? asked : fallback
  const from = q.get('from') ?? ''
  const to = q.get('to') ?? ''
  const customOk = period === 'custom' && DATE.test(from) && DATE.test(to) && from <= to
  const page = Math.min(Math.max(Number.parseInt(q.get('page') ?? '1', 10) || 1, 1), 10_000)
  const range =
    period === 'custom' ? (customOk ? { period: 'custom' as const, from, to } : { period: fallback }) : { period }
  return { period, from, to, customOk, customInvalid: period === 'custom' && !customOk, page, range }
}

/** The period select and the custom range's two dates. */
export function PeriodFields({
  filters,
}: {
  filters: { period: Period; from: string; to: string; customInvalid: boolean }
}) {
  const { t } = useTranslation()
  return (
    <>
      <div className={money.filterField}>
        <label htmlFor="period" className={forms.label}>
          {t('money.history.period')}
        </label>
        <select id="period" name="period" defaultValue={filters.period} className={forms.select}>
          {PERIODS.map((p) => (
            <option key={p} value={p}>
              {t(`money.history.periods.${p}`)}
            </option>
          ))}
        </select>
      </div>
      <div className={money.filterField}>
        <label htmlFor="from" className={forms.label}>
          {t('money.history.from')}
        </label>
        <input
          id="from"
          name="from"
          type="date"
          defaultValue={filters.from}
          className={forms.input}
          aria-invalid={filters.customInvalid || undefined}
          aria-describedby={filters.customInvalid ? 'custom-error' : undefined}
        />
      </div>
      <div className={money.filterField}>
        <label htmlFor="to" className={forms.label}>
          {t('money.history.to')}
        </label>
        <input
          id="to"
          name="to"
          type="date"
          defaultValue={filters.to}
          className={forms.input}
          aria-invalid={filters.customInvalid || undefined}
        />
      </div>
    </>
  )
}

export function PeriodError({ show }: { show: boolean }) {
  const { t } = useTranslation()
  return show ? (
    <p id="custom-error" className={forms.bad}>
      {t('money.history.customInvalid')}
    </p>
  ) : null
}
