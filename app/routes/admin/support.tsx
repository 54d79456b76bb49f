import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Pager } from '#app/components/pager.tsx'
import { AdminTable } from './admin-table.tsx'
import { requireAdmin } from '#app/utils/auth.server.ts'
import { formatDateTime } from '#casino-api/contract/format.ts'
import { useLocalePath } from '#ui/locale.ts'
import type { Route } from './+types/support'
import { adminRead, pageOf } from './admin.server.ts'
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
      <AdminTable
        label={t('admin.support.heading')}
        rows={items}
        rowKey={(m) => m.id}
        empty={t('admin.support.empty')}
        columns={[
          { heading: t('admin.support.received'), render: (m) => formatDateTime(new Date(m.createdAt)) },
          {
            heading: t('admin.support.from'),
            render: (m) => `${m.name} <${m.email}> · ${m.player ? m.player.username : t('admin.support.visitor')}`,
          },
          {
            heading: t('support.contact.subject'),
            render: (m) => <Link to={localePath(`/admin/support/${m.id}`)}>{m.subject}</Link>,
          },
          {
            heading: t('admin.support.status'),
            render: (m) => (m.status === 'open' ? t('admin.support.statusOpen') : t('admin.support.statusAnswered')),
          },
        ]}
      />
      <Pager page={page} total={total} pageSize={pageSize} />
    </>
  )
}
