import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { PublicPlayer } from '#app/utils/auth.server.ts'
import { useLocalePath } from '#ui/locale.ts'
import * as styles from './layout.css.ts'
import { SmartLink } from './smart-link.tsx'
import { SERVER_MARKUP, useValueAtHydration } from '#ui/use-hydrated.ts'

/** The footer's information and legal links (the content pages), in the order they are listed. */
export const INFO_LINKS = [
  { path: '/about-us', key: 'aboutUs' },
  { path: '/why-choose-us', key: 'whyChooseUs' },
  { path: '/welcome', key: 'welcome' },
  { path: '/promotion', key: 'promotions' },
  { path: '/faq', key: 'faq' },
  { path: '/contact-us', key: 'contact' },
] as const
export const LEGAL_LINKS = [
  { path: '/terms', key: 'terms' },
  { path: '/privacy', key: 'privacy' },
  { path: '/refund-policy', key: 'refundPolicy' },
  { path: '/responsible', key: 'responsible' },
] as const

/** A footer column of content pages. */
function ContentLinks({ title, links }: { title: string; links: typeof INFO_LINKS | typeof LEGAL_LINKS }) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  return (
    <div>
      <h2 className={styles.footerTitle}>{title}</h2>
      <ul className={styles.footerList}>
        {links.map((link) => (
          <li key={link.key}>
            <SmartLink to={localePath(link.path)}>{t(`content.nav.${link.key}`)}</SmartLink>
          </li>
        ))}
      </ul>
    </div>
  )
}

type FooterProps = { player: PublicPlayer | null; siteName: string; year: number }

/**
 * A click on one of the static footer's links, followed in the page as a <Link> would (a plain
 * left click on a link of this site); other clicks (new tab, modifier keys) are the browser's.
 */
function useLinksFollowedInPage(footer: React.RefObject<HTMLElement | null>, active: boolean) {
  const navigate = useNavigate()
  useEffect(() => {
    const element = footer.current
    if (!active || !element) return
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element).closest('a[href]')
      if (!(link instanceof HTMLAnchorElement) || event.defaultPrevented || event.button !== 0) return
      if (
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey ||
        link.target ||
        link.hasAttribute('download')
      )
        return
      const url = new URL(link.href)
      if (url.origin !== window.location.origin) return
      event.preventDefault()
      void navigate(url.pathname + url.search + url.hash)
    }
    element.addEventListener('click', onClick)
    return () => element.removeEventListener('click', onClick)
  }, [footer, active, navigate])
}

/**
 * Footer: the site's pages (information and legal texts), the account's, the 18+ mark, the
 * responsible-gaming note and the licence text. What it shows depends only on the language (a
 * new page load), the site's name and whether a player is logged in, so the browser keeps the
 * server's footer as it is instead of hydrating its dozen links (ADR 0023), and follows its links
 * in the page; it renders its own once the player logs in or out, or when it mounts after the
 * page has hydrated.
 */
export function SiteFooter(props: FooterProps) {
  const { t } = useTranslation()
  const loggedIn = props.player !== null
  const island = useValueAtHydration(loggedIn) === loggedIn
  const footer = useRef<HTMLElement>(null)
  useLinksFollowedInPage(footer, island)
  if (island)
    return (
      <footer
        key="server"
        ref={footer}
        className={styles.footer}
        aria-label={t('common.footer.label')}
        dangerouslySetInnerHTML={SERVER_MARKUP}
        suppressHydrationWarning
      />
    )
  return (
    <footer key="browser" className={styles.footer} aria-label={t('common.footer.label')}>
      <FooterContent {...props} />
    </footer>
  )
}

function FooterContent({ player, siteName, year }: FooterProps) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  return (
    <>
      <div className={styles.footerInner}>
        <div>
          <h2 className={styles.footerTitle}>{t('common.footer.linksTitle')}</h2>
          <ul className={styles.footerList}>
            <li>
              <SmartLink to={localePath('/')}>{t('common.nav.home')}</SmartLink>
            </li>
          </ul>
        </div>
        <ContentLinks title={t('content.nav.infoTitle')} links={INFO_LINKS} />
        <ContentLinks title={t('content.nav.legalTitle')} links={LEGAL_LINKS} />
        <div>
          <h2 className={styles.footerTitle}>{t('common.footer.accountTitle')}</h2>
          <ul className={styles.footerList}>
            {player ? (
              <li>
                <SmartLink to={localePath('/user-management')}>{t('common.nav.account')}</SmartLink>
              </li>
            ) : (
              <>
                <li>
                  <SmartLink to={localePath('/login')}>{t('common.header.login')}</SmartLink>
                </li>
                <li>
                  <SmartLink to={localePath('/register')}>{t('common.header.register')}</SmartLink>
                </li>
              </>
            )}
          </ul>
        </div>
        <div className={styles.responsible}>
          <span className={styles.adultsMark} aria-hidden="true">
            18+
          </span>
          <span className="visually-hidden">{t('common.footer.adultsOnly')}</span>
          <div>
            <h2 className={styles.footerTitle}>{t('common.footer.responsibleTitle')}</h2>
            <p>{t('common.footer.responsibleText')}</p>
          </div>
        </div>
      </div>
      <div className={styles.footerBottom}>
        <p>{t('common.footer.licence', { siteName })}</p>
        <p>{t('common.footer.rights', { year, siteName })}</p>
      </div>
    </>
  )
}
