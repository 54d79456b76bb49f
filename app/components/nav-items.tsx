import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import type { PublicPlayer } from '#app/utils/auth.server.ts'
import { useLocalePath } from '#ui/locale.ts'
import * as styles from './layout.css.ts'
import { useLoginModal } from './login-modal.tsx'
import { SmartLink } from './smart-link.tsx'

/**
 * Navigation entries: only pages that exist.
 */
export function useNavItems(player: PublicPlayer | null) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const items = [
    { to: localePath('/'), label: t('common.nav.home'), end: true },
    { to: localePath('/casino'), label: t('games.nav.casino'), end: false },
    { to: localePath('/live-casino'), label: t('games.nav.liveCasino'), end: false },
    { to: localePath('/promotion'), label: t('content.nav.promotions'), end: false },
  ]
  if (player) items.push({ to: localePath('/user-management'), label: t('common.nav.account'), end: false })
  if (player?.scope === 'admin') items.push({ to: localePath('/admin'), label: t('common.nav.admin'), end: false })
  return items
}

/**
 * Every "Log in" of the site: with JavaScript it opens the login dialog over the page, without
 * it (or on /login itself) it is a plain link to the login page.
 */
export function LoginLink({ className, children }: { className: string; children?: ReactNode }) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const modal = useLoginModal()
  return (
    <SmartLink
      to={localePath('/login')}
      className={className}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
        if (modal.open()) event.preventDefault()
      }}
    >
      {children ?? t('common.header.login')}
    </SmartLink>
  )
}

export function LogoutButton({ className }: { className: string }) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  return (
    <Form method="post" action={localePath('/logout')} className={styles.inlineForm}>
      <button type="submit" className={className}>
        {t('common.header.logout')}
      </button>
    </Form>
  )
}
