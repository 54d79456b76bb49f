import { useTranslation } from 'react-i18next'
import type { PublicPlayer } from '#app/utils/auth.server.ts'
import { useLocalePath } from '#app/utils/locale.ts'
import * as styles from './layout.css.ts'
import { SmartLink } from './smart-link.tsx'

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

/**
 * Footer: the site's pages (information and legal texts), the account's, the 18+ mark, the
 * responsible-gaming note and the licence text.
 */
export function SiteFooter({
  player,
  siteName,
  year,
}: {
  player: PublicPlayer | null
  siteName: string
  year: number
}) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  return (
    <footer className={styles.footer} aria-label={t('common.footer.label')}>
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
    </footer>
  )
}
