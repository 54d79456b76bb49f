import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import * as styles from './pager.css.ts'

/** Previous / next links of a paged list: the page is a query parameter, so it works without JavaScript. */
export function Pager({ page, total, pageSize }: { page: number; total: number; pageSize: number }) {
  const { t } = useTranslation()
  const location = useLocation()
  const pages = Math.max(1, Math.ceil(total / pageSize))
  if (pages <= 1) return null
  const to = (n: number) => {
    const q = new URLSearchParams(location.search)
    q.set('page', String(n))
    return `${location.pathname}?${q}`
  }
  return (
    <nav className={styles.pager} aria-label={t('money.history.pages')}>
      {page > 1 ? <Link to={to(page - 1)}>{t('money.history.previous')}</Link> : <span />}
      <span>{t('money.history.pageOf', { page, pages })}</span>
      {page < pages ? <Link to={to(page + 1)}>{t('money.history.next')}</Link> : <span />}
    </nav>
  )
}
