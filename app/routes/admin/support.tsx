import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Pager } from '#app/components/pager.tsx'
import { ScrollTable } from '#app/components/scroll-table.tsx'
import { requireAdmin } from '#app/utils/auth.server.ts'
import { formatDateTime } from '#casino-api/contract/format.ts'
import { useLocalePath } from '#app/utils/locale.ts'
import type { Route } from './+types/support'
import { adminRead, pageOf } from './admin.server.ts'
import * as money from '../user-management/money.css.ts'
import * as mailbox from '../user-management/mailbox.css.ts'

const STATUSES = ['open', 'answered', 'all'] as const
type Status = (typeof STATUSES)[number]

/** The support inbox: messages waiting for an answer (oldest first), answered ones, or all. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args)
  const asked = new URL(args.request.url).searchParams.get('status')
  const status: Status = (STATUSES as readonly string[]).includes(asked ?? '') ? (asked as Status) : 'open'
  return {
    status,
    list: await adminRead(args, 'list_support_messages', { status, page: pageOf(args.request), pageSize: 25 }),
  }
}

export default function SupportInbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const { status, list } = loaderData
  const { items, total, page, pageSize, open } = list
  const label = {
    open: t('admin.support.open', { count: open }),
    answered: t('admin.support.answered'),
    all: t('admin.support.all'),
  }
  return (
    <>
      <h2>{t('admin.support.heading')}</h2>
      <nav aria-label={t('admin.support.filterLabel')} className={mailbox.filters}>
        {STATUSES.map((s) => (
          <Link
            key={s}
            to={`${localePath('/admin/support')}?status=${s}`}
            aria-current={s === status ? 'page' : undefined}
            className={s === status ? `${mailbox.filter} ${mailbox.filterActive}` : mailbox.filter}
          >
            {label[s]}
          </Link>
        ))}
      </nav>
      {items.length === 0 ? (
        <p>{t('admin.support.empty')}</p>
      ) : (
        <ScrollTable label={t('admin.support.heading')}>
          <table className={money.table}>
            <caption className="visually-hidden">{t('admin.support.heading')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.support.received')}</th>
                <th scope="col">{t('admin.support.from')}</th>
                <th scope="col">{t('support.contact.subject')}</th>
                <th scope="col">{t('admin.support.status')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((m) => (
                <tr key={m.id}>
                  <td>{formatDateTime(new Date(m.createdAt))}</td>
                  <td>
                    {m.name} &lt;{m.email}&gt; · {m.player ? m.player.username : t('admin.support.visitor')}
                  </td>
                  <td>
                    <Link to={localePath(`/admin/support/${m.id}`)}>{m.subject}</Link>
                  </td>
                  <td>{m.status === 'open' ? t('admin.support.statusOpen') : t('admin.support.statusAnswered')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
      <Pager page={page} total={total} pageSize={pageSize} />
    </>
  )
}
