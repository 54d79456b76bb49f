import { useTranslation } from 'react-i18next'
import { requireAdmin } from '#app/utils/auth.server.ts'
import { formatDateTime } from '#casino-api/contract/format.ts'
import type { Route } from './+types/schedules'
import { adminRead } from './admin.server.ts'
import { AdminTable } from './admin-table.tsx'

/** The scheduled jobs as the queue holds them: cron, last run and its result, next run. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args)
  return await adminRead(args, 'list_job_schedules', {})
}

export default function Schedules({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <>
      <h2>{t('admin.schedules.heading')}</h2>
      <p>{t('admin.schedules.intro')}</p>
      <AdminTable
        label={t('admin.schedules.heading')}
        rows={loaderData.items}
        rowKey={(s) => s.name}
        empty={t('admin.schedules.empty')}
        columns={[
          { heading: t('admin.schedules.name'), render: (s) => <code>{s.name}</code> },
          { heading: t('admin.schedules.cron'), render: (s) => <code>{`${s.cron} (${s.timezone})`}</code> },
          {
            heading: t('admin.schedules.lastRun'),
            render: (s) =>
              s.lastRun
                ? `${formatDateTime(new Date(s.lastRun.at))} · ${t(`admin.schedules.states.${s.lastRun.state}`)}`
                : t('admin.schedules.never'),
          },
          {
            heading: t('admin.schedules.nextRun'),
            render: (s) => (s.nextRun ? formatDateTime(new Date(s.nextRun)) : '—'),
          },
        ]}
      />
    </>
  )
}
