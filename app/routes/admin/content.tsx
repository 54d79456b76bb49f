import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { CONTENT_KINDS, LOCALES, localePrefix, type SiteContent } from '#contract'
import * as forms from '#ui/form-fields.css.ts'
import { ScrollTable } from '#app/components/scroll-table.tsx'
import { SmartLink } from '#app/components/smart-link.tsx'
import { button } from '#ui/ui.css.ts'
import { requireAdmin } from '#app/utils/auth.server.ts'
import { formatDateTime } from '#casino-api/contract/format.ts'
import { useLocalePath } from '#ui/locale.ts'
import type { Route } from './+types/content'
import { adminRead } from './admin.server.ts'
import * as money from '../user-management/money.css.ts'

/** Where an entry is read on the site (FAQ questions: their topic's page). */
export function publicPath(entry: Pick<SiteContent, 'kind' | 'slug' | 'locale' | 'section'>) {
  const prefix = localePrefix(entry.locale)
  switch (entry.kind) {
    case 'page':
      return `${prefix}/${['bonuses', 'loyalty-points'].includes(entry.slug) ? `promotion/${entry.slug}` : entry.slug}`
    case 'promotion':
      return `${prefix}/promotion/${entry.slug}`
    case 'faq':
      return `${prefix}/faq/${entry.section ?? entry.slug}`
    case 'slider':
      return prefix || '/'
  }
}

/** Every site-content entry, filtered by kind and language. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args)
  const url = new URL(args.request.url)
  const kind = CONTENT_KINDS.find((k) => k === url.searchParams.get('kind')) ?? null
  const locale = LOCALES.find((l) => l === url.searchParams.get('locale')) ?? null
  const { items } = await adminRead(args, 'get_site_content', {})
  return {
    kind,
    locale,
    items: items.filter((i) => (!kind || i.kind === kind) && (!locale || i.locale === locale)),
  }
}

export default function ContentList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const { items, kind, locale } = loaderData
  return (
    <>
      <h2>{t('content.admin.heading')}</h2>
      <p className={forms.intro}>{t('content.admin.intro', { example: '{{maxWithdrawalPerMonth}}' })}</p>
      <p>
        <SmartLink to={localePath('/admin/content/new')} className={button.primary}>
          {t('content.admin.create')}
        </SmartLink>
      </p>
      <Form method="get" className={forms.form} aria-label={t('content.admin.filterLabel')}>
        <div className={forms.grid}>
          <div className={forms.field}>
            <label htmlFor="filter-kind" className={forms.label}>
              {t('content.admin.columns.kind')}
            </label>
            <select id="filter-kind" name="kind" defaultValue={kind ?? ''} className={forms.select}>
              <option value="">{t('content.admin.allKinds')}</option>
              {CONTENT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`content.admin.kinds.${k}`)}
                </option>
              ))}
            </select>
          </div>
          <div className={forms.field}>
            <label htmlFor="filter-locale" className={forms.label}>
              {t('content.admin.columns.locale')}
            </label>
            <select id="filter-locale" name="locale" defaultValue={locale ?? ''} className={forms.select}>
              <option value="">{t('content.admin.allLocales')}</option>
              {LOCALES.map((l) => (
                <option key={l} value={l}>
                  {t(`content.admin.locales.${l}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <button type="submit" className={button.secondary}>
          {t('content.admin.filter')}
        </button>
      </Form>
      {items.length === 0 ? <p>{t('content.admin.empty')}</p> : null}
      <ScrollTable label={t('content.admin.heading')}>
        <table className={money.table}>
          <caption className="visually-hidden">{t('content.admin.heading')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('content.admin.columns.title')}</th>
              <th scope="col">{t('content.admin.columns.kind')}</th>
              <th scope="col">{t('content.admin.columns.locale')}</th>
              <th scope="col">{t('content.admin.columns.slug')}</th>
              <th scope="col">{t('content.admin.columns.state')}</th>
              <th scope="col">{t('content.admin.columns.updated')}</th>
              <th scope="col">{t('content.admin.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((entry) => (
              <tr key={entry.id}>
                <td>
                  <SmartLink to={localePath(`/admin/content/${entry.id}`)}>{entry.title}</SmartLink>
                </td>
                <td>
                  {t(`content.admin.kinds.${entry.kind}`)}
                  {entry.section ? ` · ${entry.section}` : ''}
                </td>
                <td>{t(`content.admin.locales.${entry.locale}`)}</td>
                <td>
                  <code>{entry.slug}</code>
                </td>
                <td>{entry.published ? t('content.admin.published') : t('content.admin.draft')}</td>
                <td>{formatDateTime(new Date(entry.updatedAt))}</td>
                <td>
                  <a href={publicPath(entry)}>{t('content.admin.view')}</a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </>
  )
}
