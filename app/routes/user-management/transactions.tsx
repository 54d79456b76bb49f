import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import { TRANSACTION_STATUSES, TRANSACTION_TYPES, type FinancialTransaction } from '#contract'
import * as forms from '#ui/form-fields.css.ts'
import { Pager } from '#app/components/pager.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import { callUpstream, upstreamUnavailable } from '#app/upstream/client.server.ts'
import { requirePlayer } from '#app/utils/auth.server.ts'
import { useLocalePath } from '#ui/locale.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import type { Route } from './+types/transactions'
import * as styles from './layout.css.ts'
import * as money from './money.css.ts'
import { useReloadOnPaymentStatus } from './use-reload-on-payment-status.ts'
import { TransactionTable } from './transaction-table.tsx'
import { PeriodError, PeriodFields, periodOf } from './period-filter.tsx'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

const PAGE_SIZE = 20

/** The filters of the page's GET form, read leniently: what is not understood falls back to the default. */
export function filtersOf(url: URL) {
  const q = url.searchParams
  const type = (TRANSACTION_TYPES as readonly string[]).includes(q.get('type') ?? '') ? q.get('type') : null
  const status = (TRANSACTION_STATUSES as readonly string[]).includes(q.get('status') ?? '') ? q.get('status') : null
  return { ...periodOf(url, '30d'), type, status }
}

export async function loader(args: Route.LoaderArgs) {
  await requirePlayer(args)
  const filters = filtersOf(new URL(args.request.url))
  const list = await callUpstream(args, 'get_financial_transactions', {
    range: filters.range,
    ...(filters.type ? { type: filters.type as FinancialTransaction['type'] } : {}),
    ...(filters.status ? { status: filters.status as FinancialTransaction['status'] } : {}),
    page: filters.page,
    pageSize: PAGE_SIZE,
  })
  if (!list.ok) throw upstreamUnavailable()
  return {
    meta: pageMeta(args.context, getInstance(args.context).t('money.history.title')),
    filters,
    ...list.data,
  }
}

export default function Transactions({ loaderData }: Route.ComponentProps) {
  useReloadOnPaymentStatus()
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const { filters, items, total, page, pageSize } = loaderData
  return (
    <>
      <h2 className={styles.panelHeading}>{t('money.history.heading')}</h2>
      <Form method="get" className={money.filters} aria-label={t('money.history.filtersLabel')}>
        <PeriodFields filters={filters} />
        <div className={money.filterField}>
          <label htmlFor="type" className={forms.label}>
            {t('money.history.type')}
          </label>
          <select id="type" name="type" defaultValue={filters.type ?? ''} className={forms.select}>
            <option value="">{t('money.history.all')}</option>
            {(['deposit', 'withdrawal'] as const).map((type) => (
              <option key={type} value={type}>
                {t(`money.types.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={money.filterField}>
          <label htmlFor="status" className={forms.label}>
            {t('money.history.status')}
          </label>
          <select id="status" name="status" defaultValue={filters.status ?? ''} className={forms.select}>
            <option value="">{t('money.history.all')}</option>
            {TRANSACTION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`money.statuses.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={money.secondaryButton}>
          {t('money.history.apply')}
        </button>
      </Form>
      <PeriodError show={filters.customInvalid} />

      {items.length === 0 ? (
        <p>{t('money.history.empty')}</p>
      ) : (
        <TransactionTable
          label={t('money.history.caption', { count: total })}
          items={items}
          lastHeading={t('money.history.action')}
          renderLast={(item) => (
            <Link to={localePath(`/user-management/transactions/${item.id}`)}>
              {item.cancellable ? t('money.history.detailsOrCancel') : t('money.history.details')}
              <span className="visually-hidden"> {item.reference}</span>
            </Link>
          )}
        />
      )}
      <Pager page={page} total={total} pageSize={pageSize} />
    </>
  )
}
