import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import { button, small } from '#ui/ui.css.ts'
import type { PublicPlayer } from '#app/utils/auth.server.ts'
import { stripLocale, useLocalePath } from '#ui/locale.ts'
import { Balance } from './balance.tsx'
import { MailboxLink } from './mailbox-link.tsx'
import { LoginLink, LogoutButton, useNavItems } from './nav-items.tsx'
import { LanguageDropdown } from './language-dropdown.tsx'
import * as styles from './layout.css.ts'
import { Logo } from './logo.tsx'
import { SideBar } from './side-bar.tsx'
import { SmartLink } from './smart-link.tsx'
import { ThemeToggle } from './theme-toggle.tsx'

export function SiteHeader({ player, siteName }: { player: PublicPlayer | null; siteName?: string }) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const items = useNavItems(player)
  const desktopOnly = player ? styles.wideOnly : styles.desktopOnly
  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <div className={player ? styles.narrowOnly : styles.mobileOnly}>
          <SideBar player={player} siteName={siteName} />
        </div>
        <Logo siteName={siteName} />
        <nav aria-label={t('common.nav.label')} className={`${desktopOnly} ${styles.nav}`}>
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} prefetch="intent" className={styles.navLink}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className={styles.spacer} />
        <div className={styles.headerActions}>
          <div className={`${desktopOnly} ${styles.headerActions}`}>
            <LanguageDropdown />
            <ThemeToggle />
          </div>
          {player ? (
            <>
              {/* The administrator plays no money here: the navigation leads to the administration instead. */}
              {player.scope === 'admin' ? null : (
                <>
                  <SmartLink
                    to={localePath('/user-management')}
                    className={styles.balanceLink}
                    title={t('common.header.signedInAs', { username: player.username })}
                  >
                    <Balance balance={player.balance} />
                  </SmartLink>
                  <MailboxLink player={player} />
                  <SmartLink to={localePath('/user-management/deposit')} className={`${button.primary} ${small}`}>
                    {t('common.header.deposit')}
                  </SmartLink>
                </>
              )}
              {/* "My account" is in the navigation already; the balance links there too. */}
              <div className={`${desktopOnly} ${styles.headerActions}`}>
                <LogoutButton className={`${button.ghost} ${small}`} />
              </div>
            </>
          ) : (
            <>
              <LoginLink className={`${button.secondary} ${small}`} />
              <SmartLink to={localePath('/register')} className={`${button.primary} ${small}`}>
                {t('common.header.register')}
              </SmartLink>
            </>
          )}
        </div>
      </div>
    </header>
  )
}

/** Restriction page: the logo and the language, no navigation. */
export function BareHeader({ siteName }: { siteName?: string }) {
  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <Logo siteName={siteName} />
        <div className={styles.spacer} />
        <LanguageDropdown />
      </div>
    </header>
  )
}

export function isBarePath(pathname: string) {
  return stripLocale(pathname) === '/restriction'
}
