import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { sameSitePath } from '#ui/safe-path.ts'
import * as styles from './layout.css.ts'
import { useTheme } from './theme.tsx'

function SunIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="4.5" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </svg>
  )
}

function MoonIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M20.5 14.5A8.5 8.5 0 0 1 9.5 3.5a8.5 8.5 0 1 0 11 11z" />
    </svg>
  )
}

/** A GET form (works without JavaScript: the root loader stores the choice and comes back here). */
export function ThemeToggle({ wide = false }: { wide?: boolean }) {
  const { t } = useTranslation()
  const { theme, setTheme } = useTheme()
  const location = useLocation()
  const next = theme === 'dark' ? 'light' : 'dark'
  const label = next === 'light' ? t('common.theme.switchToLight') : t('common.theme.switchToDark')
  const keep = [...new URLSearchParams(location.search)].filter(([key]) => key !== 'theme')
  return (
    <form
      method="get"
      action={sameSitePath(location.pathname)}
      className={styles.inlineForm}
      onSubmit={(event) => {
        event.preventDefault()
        setTheme(next)
      }}
    >
      {keep.map(([key, value], index) => (
        <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
      ))}
      <button
        type="submit"
        name="theme"
        value={next}
        className={wide ? `${styles.themeButton} ${styles.themeButtonWide}` : styles.themeButton}
        aria-label={wide ? undefined : label}
        title={label}
      >
        {next === 'light' ? <SunIcon /> : <MoonIcon />}
        {wide ? <span>{label}</span> : null}
      </button>
    </form>
  )
}
