import { useTranslation } from 'react-i18next'
import { NavLink, Outlet } from 'react-router'
import { getInstance } from '../middleware/i18next.ts'
import { requirePlayer } from '../utils/auth.server.ts'
import { useLocale, useLocalePath } from '../utils/locale.ts'
import { formatMoney } from '../utils/money.ts'
import { metaTags } from '../utils/page-meta.ts'
import { pageMeta } from '../utils/page-meta.server.ts'
import type { Route } from './+types/user-management'
import * as styles from './user-management.css.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

/** The tabs of the account area that exist so far; each one is a page of its own. */
const TABS = [
  { path: '/user-management/profile', key: 'profile' },
  { path: '/user-management/change-password', key: 'changePassword' },
] as const

export async function loader(args: Route.LoaderArgs) {
  const player = await requirePlayer(args)
  return {
    meta: pageMeta(args.context, getInstance(args.context).t('account.title')),
    username: player.username,
    balance: player.balance,
  }
}

export default function UserManagement({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const locale = useLocale()
  const localePath = useLocalePath()
  const { balance } = loaderData
  const money = (cents: number) => formatMoney(cents, balance.currency, locale)
  const tabLabel = { profile: t('account.tabs.profile'), changePassword: t('account.tabs.changePassword') }

  return (
    <div className={styles.page}>
      <header className={styles.top}>
        <div>
          <h1 className={styles.heading}>{t('account.heading')}</h1>
          <p className={styles.username}>{t('account.signedInAs', { username: loaderData.username })}</p>
        </div>
        <section aria-labelledby="balance-heading" className={styles.balance}>
          <h2 id="balance-heading" className="visually-hidden">
            {t('account.balance.heading')}
          </h2>
          <dl className={styles.balanceList}>
            <div className={styles.balanceItem}>
              <dt>{t('account.balance.total')}</dt>
              <dd className={styles.balanceTotal}>{money(balance.total)}</dd>
            </div>
            <div className={styles.balanceItem}>
              <dt>{t('account.balance.real')}</dt>
              <dd>{money(balance.real)}</dd>
            </div>
            <div className={styles.balanceItem}>
              <dt>{t('account.balance.bonus')}</dt>
              <dd>{money(balance.bonus)}</dd>
            </div>
          </dl>
        </section>
      </header>

      <nav aria-label={t('account.tabs.label')} className={styles.tabs}>
        <ul className={styles.tabList}>
          {TABS.map((tab) => (
            <li key={tab.key}>
              {/* NavLink marks the tab of the current page with aria-current="page". */}
              <NavLink
                to={localePath(tab.path)}
                className={({ isActive }) => (isActive ? `${styles.tab} ${styles.tabActive}` : styles.tab)}
                prefetch="intent"
              >
                {tabLabel[tab.key]}
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
