import { useTranslation } from 'react-i18next'
import { Pager } from '#app/components/pager.tsx'
import { requireAdmin } from '#app/utils/auth.server.ts'
import { formatDateTime, formatMoney, formatNumber } from '#casino-api/contract/format.ts'
import { useLocale } from '#app/utils/locale.ts'
import type { Route } from './+types/audit'
import { adminRead, pageOf } from './admin.server.ts'
import { ScrollTable } from '#app/components/scroll-table.tsx'
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
      {items.length === 0 ? <p>{t('admin.audit.empty')}</p> : null}
      <ScrollTable label={t('admin.audit.heading')}>
        <table className={money.table}>
          <caption className="visually-hidden">{t('admin.audit.heading')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('money.history.date')}</th>
              <th scope="col">{t('admin.audit.admin')}</th>
              <th scope="col">{t('admin.audit.action')}</th>
              <th scope="col">{t('admin.audit.on')}</th>
              <th scope="col">{t('admin.audit.summary')}</th>
              <th scope="col">{t('admin.audit.details')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((entry) => (
              <tr key={entry.id}>
                <td>{formatDateTime(new Date(entry.createdAt))}</td>
                <td>{entry.admin}</td>
                <td>{t(`admin.audit.actions.${entry.action}`)}</td>
                <td>{[entry.targetPlayer, entry.targetLabel].filter(Boolean).join(' · ') || '—'}</td>
                <td>{summary(entry) || '—'}</td>
                <td>
                  {/* The record as written, ids included, for when the summary is not enough. */}
                  <details>
                    <summary>{t('admin.audit.raw')}</summary>
                    <pre className={money.rawRecord}>
                      {JSON.stringify({ target: entry.target, ...entry.details }, null, 2)}
                    </pre>
                  </details>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
      <Pager page={page} total={total} pageSize={pageSize} />
    </>
  )
}
