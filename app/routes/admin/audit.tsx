import { useTranslation } from 'react-i18next'
import { Pager } from '#app/components/pager.tsx'
import { requireAdmin } from '#app/utils/auth.server.ts'
import { formatDateTime } from '#app/utils/dates.ts'
import type { Route } from './+types/audit'
import { adminRead, pageOf } from './admin.server.ts'
import { ScrollTable } from '#app/components/scroll-table.tsx'
import * as money from '../user-management/money.css.ts'

/** What administrators did, newest first: who, when, what, on which record. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args)
  return { list: await adminRead(args, 'get_admin_audit', { page: pageOf(args.request), pageSize: 50 }) }
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
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
              <th scope="col">{t('admin.audit.target')}</th>
              <th scope="col">{t('admin.audit.details')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((entry) => (
              <tr key={entry.id}>
                <td>{formatDateTime(new Date(entry.createdAt))}</td>
                <td>{entry.admin}</td>
                <td>
                  {t([`admin.audit.actions.${entry.action}`, `admin.settings.auditActions.${entry.action}`], {
                    defaultValue: entry.action,
                  })}
                </td>
                <td>{entry.target ?? '—'}</td>
                <td>{entry.details ? JSON.stringify(entry.details) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
      <Pager page={page} total={total} pageSize={pageSize} />
    </>
  )
}
