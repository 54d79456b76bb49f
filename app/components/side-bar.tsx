import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { NavLink, useLocation } from 'react-router'
import { button } from '#ui/ui.css.ts'
import type { PublicPlayer } from '#app/utils/auth.server.ts'
import { useLocalePath } from '#ui/locale.ts'
import { LoginLink, LogoutButton, useNavItems } from './nav-items.tsx'
import { INFO_LINKS, LEGAL_LINKS } from './footer.tsx'
import { LanguageDropdown } from './language-dropdown.tsx'
import * as styles from './layout.css.ts'
import { Logo } from './logo.tsx'
import { SmartLink } from './smart-link.tsx'
import { ThemeToggle } from './theme-toggle.tsx'
import { SERVER_MARKUP, useHydrated } from '#ui/use-hydrated.ts'

function SideBarContent({ player }: { player: PublicPlayer | null }) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const items = useNavItems(player)
  return (
    <>
      <nav aria-label={t('common.nav.label')} className={styles.drawerNav}>
        {items.map((item) => (
          <NavLink key={item.to} to={item.to} end={item.end} className={styles.drawerLink}>
            {item.label}
          </NavLink>
        ))}
      </nav>
      <nav aria-label={t('content.nav.moreLabel')} className={styles.drawerNav}>
        {[...INFO_LINKS, ...LEGAL_LINKS]
          // Promotions is in the navigation above already: one link to a page in the menu.
          .filter((link) => !items.some((item) => item.to === localePath(link.path)))
          .map((link) => (
            <NavLink key={link.key} to={localePath(link.path)} className={styles.drawerLink}>
              {t(`content.nav.${link.key}`)}
            </NavLink>
          ))}
      </nav>
      <div className={styles.drawerSection}>
        {player ? (
          <>
            <p className={styles.drawerUser}>{t('common.header.signedInAs', { username: player.username })}</p>
            <LogoutButton className={button.secondary} />
          </>
        ) : (
          <>
            <LoginLink className={button.secondary} />
            <SmartLink to={localePath('/register')} className={button.primary}>
              {t('common.header.register')}
            </SmartLink>
          </>
        )}
      </div>
      <div className={styles.drawerSection}>
        <LanguageDropdown inline />
        <ThemeToggle wide />
      </div>
    </>
  )
}

function MenuIcon() {
  return <span aria-hidden="true">☰</span>
}

/**
 * The mobile side bar (320px, 80vw on small screens). Without JavaScript it is a <details>
 * whose open panel sits under the header; with JavaScript a modal <dialog> (focus moves in and
 * returns to the ☰ button, Escape and the backdrop close it, the page behind is inert).
 */
export function SideBar({ player, siteName }: { player: PublicPlayer | null; siteName?: string }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const location = useLocation()
  const dialogRef = useRef<HTMLDialogElement>(null)
  // Open on the page where it was opened: following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null)
  const open = openOn === location.key
  const setOpen = (value: boolean) => setOpenOn(value ? location.key : null)

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (!open) {
      if (dialog.open) dialog.close()
      return
    }
    if (!dialog.open) dialog.showModal()
    // A click on the backdrop (outside the panel's box) closes it.
    const onClick = (event: MouseEvent) => {
      if (event.target !== dialog) return
      const box = dialog.getBoundingClientRect()
      if (
        event.clientX > box.right ||
        event.clientX < box.left ||
        event.clientY < box.top ||
        event.clientY > box.bottom
      )
        setOpenOn(null)
    }
    dialog.addEventListener('click', onClick)
    return () => dialog.removeEventListener('click', onClick)
  }, [open])

  if (!hydrated) {
    return (
      <details className={styles.drawerDetails}>
        <summary className={styles.menuButton} aria-label={t('common.nav.openMenu')}>
          <MenuIcon />
        </summary>
        {typeof document === 'undefined' ? (
          <div className={styles.drawerPanel}>
            <SideBarContent player={player} />
          </div>
        ) : (
          // Hydration keeps the server's panel as it is instead of hydrating its two dozen links,
          // forms and menus: the dialog below replaces the whole <details> right after hydration,
          // and a phone's main thread has better things to do first. Until then its links and
          // forms work as they do without JavaScript.
          <div className={styles.drawerPanel} dangerouslySetInnerHTML={SERVER_MARKUP} suppressHydrationWarning />
        )}
      </details>
    )
  }

  return (
    <>
      <button
        type="button"
        className={styles.menuButton}
        aria-label={t('common.nav.openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <MenuIcon />
      </button>
      <dialog
        ref={dialogRef}
        className={styles.drawerDialog}
        aria-label={t('common.nav.menu')}
        onClose={() => setOpen(false)}
      >
        <div className={styles.drawerHead}>
          <Logo siteName={siteName} />
          <button
            type="button"
            className={styles.menuButton}
            aria-label={t('common.nav.closeMenu')}
            onClick={() => setOpen(false)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {/* Rendered only while open: one copy of the navigation in the page at a time. */}
        {open ? <SideBarContent player={player} /> : null}
      </dialog>
    </>
  )
}
