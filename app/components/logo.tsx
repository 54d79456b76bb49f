import { useTranslation } from 'react-i18next'
import { useLocalePath } from '#ui/locale.ts'
import { SmartLink } from './smart-link.tsx'
import * as styles from './layout.css.ts'

/** The casino's mark: a gold chip. Inline, so it needs no request and follows the theme. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className={styles.logoMark}
    >
      <circle cx="16" cy="16" r="15" fill="currentColor" />
      <circle cx="16" cy="16" r="10.5" fill="none" stroke="var(--logo-inner, #0d0e12)" strokeWidth="2" />
      <g fill="var(--logo-inner, #0d0e12)">
        <rect x="14.5" y="1" width="3" height="5" rx="1" />
        <rect x="14.5" y="26" width="3" height="5" rx="1" />
        <rect x="1" y="14.5" width="5" height="3" rx="1" />
        <rect x="26" y="14.5" width="5" height="3" rx="1" />
        <path d="M16 10.5l1.8 3.7 4 .6-2.9 2.8.7 4-3.6-1.9-3.6 1.9.7-4-2.9-2.8 4-.6z" />
      </g>
    </svg>
  )
}

export function Logo({ siteName }: { siteName?: string }) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const name = siteName || t('common.meta.siteName')
  return (
    <SmartLink to={localePath('/')} className={styles.logo} aria-label={`${name} — ${t('common.nav.home')}`}>
      <LogoMark />
      <span className={styles.logoText}>{name}</span>
    </SmartLink>
  )
}
