import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Pager } from '#app/components/pager.tsx'
import { requireAdmin } from '#app/utils/auth.server.ts'
import { useLocale, useLocalePath } from '#ui/locale.ts'
import { requestLocale } from '#app/utils/locale.server.ts'
import { formatDateTime, formatMoney } from '#casino-api/contract/format.ts'
import type { Route } from './+types/irregular-play'
import { adminRead, pageOf } from './admin.server.ts'
import { AdminTable } from './admin-table.tsx'

/** Stakes above their bonus's limit (ADR 0052), newest first, each player linked to their ledger. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args)
  return {
    list: await adminRead(args, 'list_irregular_stakes', {
      page: pageOf(args.request),
      pageSize: 50,
      locale: requestLocale(args),
    }),
  }
}

export default function IrregularPlay({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const locale = useLocale()
  const localePath = useLocalePath()
  const { items, total, page, pageSize } = loaderData.list
  return (
    <>
      <h2>{t('admin.irregularPlay.heading')}</h2>
      <p>{t('admin.irregularPlay.intro')}</p>
      <AdminTable
        label={t('admin.irregularPlay.heading')}
        rows={items}
        rowKey={(s) => s.id}
        empty={t('admin.irregularPlay.empty')}
        columns={[
          {
            heading: t('admin.irregularPlay.player'),
            render: (s) => (
              <Link to={localePath(`/admin/players?username=${encodeURIComponent(s.player.username)}`)}>
                {s.player.username}
              </Link>
            ),
          },
          { heading: t('admin.irregularPlay.game'), render: (s) => s.gameId },
          {
            heading: t('admin.irregularPlay.stake'),
            render: (s) => formatMoney(s.stake.amount, s.stake.currency, locale),
          },
          {
            heading: t('admin.irregularPlay.threshold'),
            render: (s) => formatMoney(s.threshold.amount, s.threshold.currency, locale),
          },
          { heading: t('admin.irregularPlay.time'), render: (s) => formatDateTime(new Date(s.createdAt)) },
          {
            heading: t('admin.irregularPlay.bonus'),
            render: (s) => `${s.bonus.name} · ${t(`admin.playerBonuses.statuses.${s.bonus.status}`)}`,
          },
        ]}
      />
      <Pager page={page} total={total} pageSize={pageSize} />
    </>
  )
}
