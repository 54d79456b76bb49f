import { useTranslation } from 'react-i18next'
import { Pager } from '#app/components/pager.tsx'
import { requireAdmin } from '#app/utils/auth.server.ts'
import { formatDateTime, formatMoney, formatNumber } from '#casino-api/contract/format.ts'
import { useLocale } from '#ui/locale.ts'
import type { Route } from './+types/audit'
import { adminRead, pageOf } from './admin.server.ts'
import { AdminTable } from './admin-table.tsx'
import * as money from '../user-management/money.css.ts'

/** What administrators did, newest first: who, when, what, on which record. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args)
  return { list: await adminRead(args, 'get_admin_audit', { page: pageOf(args.request), pageSize: 50 }) }
}

type Entry = Route.ComponentProps['loaderData']['list']['items'][number]

/**
 * The row's key details in one line, in the page's language: the money (a voucher batch as its
 * count and value), coin units, confirmations, the reason a player reads, the fields changed.
 * Ids and hashes stay in the full record.
 */
function useSummary() {
  const { t } = useTranslation()
  const locale = useLocale()
  return ({ amount, details }: Pick<Entry, 'amount' | 'details'>) => {
    const d = details ?? {}
    const text = (key: string) => (typeof d[key] === 'string' && d[key] ? (d[key] as string) : null)
    const moved = amount ? formatMoney(amount.amount, amount.currency, locale) : null
    const parts: string[] = []
    if (moved && typeof d.count === 'number') parts.push(t('admin.audit.vouchers', { count: d.count, amount: moved }))
    else if (moved) parts.push(moved)
    const units = text('units')
    if (units && Number.isFinite(Number(units)))
      parts.push(
        t('admin.audit.units', {
          units: formatNumber(Number(units), locale, { maximumFractionDigits: 8 }),
          coin: text('coin') ?? '',
        }),
      )
    if (typeof d.confirmations === 'number') parts.push(t('admin.audit.confirmations', { count: d.confirmations }))
    const reason = text('reason')
    if (reason) parts.push(t('admin.audit.reason', { reason }))
    const changed: unknown = d.changed
    if (Array.isArray(changed) && changed.length)
      parts.push(t('admin.audit.changed', { fields: changed.map(String).join(', ') }))
    const ip = text('ip')
    if (ip) parts.push(t('admin.audit.ip', { ip }))
    return parts.join(' · ')
  }
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const summary = useSummary()
  const { items, total, page, pageSize } = loaderData.list
  return (
    <>
      <h2>{t('admin.audit.heading')}</h2>
      <AdminTable
        label={t('admin.audit.heading')}
        rows={items}
        rowKey={(entry) => entry.id}
        empty={t('admin.audit.empty')}
        columns={[
          { heading: t('money.history.date'), render: (entry) => formatDateTime(new Date(entry.createdAt)) },
          { heading: t('admin.audit.admin'), render: (entry) => entry.admin },
          { heading: t('admin.audit.action'), render: (entry) => t(`admin.audit.actions.${entry.action}`) },
          {
            heading: t('admin.audit.on'),
            render: (entry) => [entry.targetPlayer, entry.targetLabel].filter(Boolean).join(' · ') || '—',
          },
          { heading: t('admin.audit.summary'), render: (entry) => summary(entry) || '—' },
          {
            heading: t('admin.audit.details'),
            // The record as written, ids included, for when the summary is not enough.
            render: (entry) => (
              <details>
                <summary>{t('admin.audit.raw')}</summary>
                <pre className={money.rawRecord}>
                  {JSON.stringify({ target: entry.target, ...entry.details }, null, 2)}
                </pre>
              </details>
            ),
          },
        ]}
      />
      <Pager page={page} total={total} pageSize={pageSize} />
    </>
  )
}
