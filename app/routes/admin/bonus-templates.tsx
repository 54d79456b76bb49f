import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { requireAdmin } from '#app/utils/auth.server.ts'
import { useLocale, useLocalePath } from '#ui/locale.ts'
import { formatDateTime } from '#casino-api/contract/format.ts'
import type { Route } from './+types/bonus-templates'
import { adminRead } from './admin.server.ts'
import { AdminTable } from './admin-table.tsx'
import { useTemplateSummary } from './template-summary.ts'

/** The bonus templates, each with its terms summed up from its fields and a link to edit it. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args)
  return await adminRead(args, 'list_bonus_templates', {})
}

export default function BonusTemplates({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const locale = useLocale()
  const localePath = useLocalePath()
  const summary = useTemplateSummary()
  const name = (tpl: (typeof loaderData.items)[number]) => (locale === 'en' ? tpl.nameEn : tpl.nameEs)
  return (
    <>
      <h2>{t('admin.bonusTemplates.heading')}</h2>
      <p>{t('admin.bonusTemplates.intro')}</p>
      <AdminTable
        label={t('admin.bonusTemplates.heading')}
        rows={loaderData.items}
        rowKey={(tpl) => tpl.type}
        empty={t('admin.bonusTemplates.heading')}
        columns={[
          {
            heading: t('admin.bonusTemplates.name'),
            render: (tpl) => (
              <Link
                to={localePath(`/admin/bonus-templates/${tpl.type}`)}
                aria-label={t('admin.bonusTemplates.edit', { name: name(tpl) })}
              >
                {name(tpl)}
              </Link>
            ),
          },
          { heading: t('admin.bonusTemplates.figures'), render: summary },
          {
            heading: t('admin.bonusTemplates.state'),
            render: (tpl) => (tpl.enabled ? t('admin.bonusTemplates.on') : t('admin.bonusTemplates.off')),
          },
          { heading: t('admin.bonusTemplates.updated'), render: (tpl) => formatDateTime(new Date(tpl.updatedAt)) },
        ]}
      />
    </>
  )
}
