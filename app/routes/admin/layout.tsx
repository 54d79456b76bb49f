import { useTranslation } from 'react-i18next'
import { NavLink, Outlet } from 'react-router'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import { requireAdmin } from '#app/utils/auth.server.ts'
import { useLocalePath } from '#ui/locale.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import type { Route } from './+types/layout'
import * as styles from '../user-management/layout.css.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

/** The administrator's sections, each a page under /admin; more areas append theirs here. */
export const ADMIN_SECTIONS = [
  { path: '/admin/withdrawals', key: 'withdrawals' },
  { path: '/admin/held-winnings', key: 'heldWinnings' },
  { path: '/admin/kyc', key: 'kyc' },
  { path: '/admin/deposits', key: 'deposits' },
  { path: '/admin/vouchers', key: 'vouchers' },
  { path: '/admin/promo-codes', key: 'promoCodes' },
  { path: '/admin/bonus-templates', key: 'bonusTemplates' },
  { path: '/admin/irregular-play', key: 'irregularPlay' },
  { path: '/admin/schedules', key: 'schedules' },
  { path: '/admin/players', key: 'players' },
  { path: '/admin/audit', key: 'audit' },
  { path: '/admin/content', key: 'content' },
  { path: '/admin/support', key: 'support' },
  { path: '/admin/settings', key: 'settings', label: 'admin.settings.section' },
] as const

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args)
  return { meta: pageMeta(args.context, getInstance(args.context).t('admin.title')), username: admin.username }
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  return (
    <div className={styles.page}>
      <header className={styles.top}>
        <div>
          <h1 className={styles.heading}>{t('admin.heading')}</h1>
          <p className={styles.username}>{t('account.signedInAs', { username: loaderData.username })}</p>
        </div>
      </header>
      <nav aria-label={t('admin.sectionsLabel')} className={styles.tabs}>
        <ul className={styles.tabList}>
          {ADMIN_SECTIONS.map((section) => (
            <li key={section.key}>
              <NavLink
                to={localePath(section.path)}
                className={({ isActive }) => (isActive ? `${styles.tab} ${styles.tabActive}` : styles.tab)}
              >
                {'label' in section ? t(section.label) : t(`admin.sections.${section.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.panel}>
        <Outlet />
      </div>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
