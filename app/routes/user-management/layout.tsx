import { useTranslation } from 'react-i18next'
import type { ReactNode } from 'react'
import { NavLink, Outlet, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from 'react-router'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { useLiveBalance } from '#app/components/live-balance.ts'
import { getInstance } from '#app/middleware/i18next.ts'
import { requirePlayer } from '#app/utils/auth.server.ts'
import { localeFromPath, useLocale, useLocalePath } from '#ui/locale.ts'
import { formatMoney } from '#casino-api/contract/format.ts'
import { metaTags } from '#app/utils/page-meta.ts'
import { pageMeta } from '#app/utils/page-meta.server.ts'
import type { Route } from './+types/layout'
import * as styles from './layout.css.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta)

/** The tabs of the account area that exist so far; each one is a page of its own. */
const TABS = [
  { path: '/user-management/deposit', key: 'deposit' },
  { path: '/user-management/withdrawal', key: 'withdrawal' },
  { path: '/user-management/transactions', key: 'transactions' },
  { path: '/user-management/bet-history', key: 'betHistory' },
  { path: '/user-management/bonuses', key: 'bonuses' },
  { path: '/user-management/loyalty-points', key: 'loyalty' },
  { path: '/user-management/mailbox', key: 'mailbox' },
  { path: '/user-management/verification', key: 'verification' },
  { path: '/user-management/profile', key: 'profile' },
  { path: '/user-management/change-password', key: 'changePassword' },
  { path: '/user-management/sessions', key: 'sessions' },
  { path: '/user-management/security', key: 'security' },
  { path: '/user-management/deposit-limits', key: 'limits' },
  { path: '/user-management/loss-limits', key: 'lossLimits' },
  { path: '/user-management/responsible-gaming', key: 'restrictions' },
] as const
const STAFF_TABS = new Set<(typeof TABS)[number]['key']>(['profile', 'changePassword', 'sessions', 'security'])

export async function loader(args: Route.LoaderArgs) {
  const player = await requirePlayer(args)
  return {
    meta: pageMeta(args.context, getInstance(args.context).t('account.title')),
    username: player.username,
    balance: player.balance,
    // An administrator's account plays no money (the casino API refuses it): no balance, and only
    // the tabs of the account itself.
    staff: player.scope === 'admin',
  }
}

/**
 * Going from tab to tab keeps the heading and the balance as they were loaded (as the root keeps
 * its data on a plain navigation), so a tab whose own call fails shows its error under them; a
 * form post (a change that may move money), a reload and a change of language load them again.
 */
export function shouldRevalidate({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const tabSwitch =
    (!formMethod || formMethod === 'GET') &&
    currentUrl.pathname !== nextUrl.pathname &&
    localeFromPath(currentUrl.pathname) === localeFromPath(nextUrl.pathname)
  return tabSwitch ? false : defaultShouldRevalidate
}

export default function UserManagement({ loaderData }: Route.ComponentProps) {
  return (
    <AccountChrome {...loaderData}>
      <Outlet />
    </AccountChrome>
  )
}

/**
 * A tab whose loader or action failed (the casino API down for its call) shows the error in the
 * tab's place: the heading, the balance and the tabs stay. When this layout's own loader failed
 * there is no account to draw around it, and the error is the page.
 */
export function ErrorBoundary() {
  const account = useRouteLoaderData<typeof loader>('user-management')
  if (!account) return <GeneralErrorBoundary />
  return (
    <AccountChrome {...account}>
      <GeneralErrorBoundary placement="panel" />
    </AccountChrome>
  )
}

/** The account's frame: heading, balance and tabs around the current tab's panel. */
function AccountChrome({
  username,
  balance: rendered,
  staff,
  children,
}: Pick<Route.ComponentProps['loaderData'], 'username' | 'balance' | 'staff'> & { children: ReactNode }) {
  const { t } = useTranslation()
  const locale = useLocale()
  const localePath = useLocalePath()
  const balance = useLiveBalance(rendered)
  const money = (cents: number) => formatMoney(cents, balance.currency, locale)
  const tabLabel = {
    deposit: t('account.tabs.deposit'),
    withdrawal: t('account.tabs.withdrawal'),
    betHistory: t('account.tabs.betHistory'),
    sessions: t('account.tabs.sessions'),
    security: t('account.tabs.security'),
    verification: t('account.tabs.verification'),
    limits: t('account.tabs.limits'),
    lossLimits: t('account.tabs.lossLimits'),
    restrictions: t('account.tabs.restrictions'),
    bonuses: t('account.tabs.bonuses'),
    loyalty: t('account.tabs.loyalty'),
    mailbox: t('account.tabs.mailbox'),
    transactions: t('account.tabs.transactions'),
    profile: t('account.tabs.profile'),
    changePassword: t('account.tabs.changePassword'),
  }

  return (
    <div className={styles.page}>
      <header className={styles.top}>
        <div>
          <h1 className={styles.heading}>{t('account.heading')}</h1>
          <p className={styles.username}>{t('account.signedInAs', { username })}</p>
        </div>
        {staff ? null : (
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
        )}
      </header>

      <nav aria-label={t('account.tabs.label')} className={styles.tabs}>
        <ul className={styles.tabList}>
          {(staff ? TABS.filter((tab) => STAFF_TABS.has(tab.key)) : TABS).map((tab) => (
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

      <div className={styles.panel}>{children}</div>
    </div>
  )
}
