import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router'
import { button, card, narrowPage, pageTitle } from '#app/styles/ui.css.ts'
import { useLocalePath } from '#app/utils/locale.ts'
import { sameSitePath } from '#app/utils/safe-path.ts'
import * as styles from './error-boundary.css.ts'
import { SmartLink } from './smart-link.tsx'
import { useCatalogue } from './use-catalogue.ts'

const CODE_OF_STATUS: Record<number, string> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  429: 'rate_limited',
  502: 'upstream_unavailable',
  503: 'upstream_unavailable',
  504: 'upstream_unavailable',
}

/**
 * The one error page: 'This page could not be found' for 404s, the catalogue's message for known
 * statuses and codes, 'Error' for anything else, with a link home (and a retry link when the
 * casino API was unavailable). Stack traces only in development.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError()
  const { t } = useTranslation()
  const message = useCatalogue()
  const localePath = useLocalePath()
  const location = useLocation()

  let status = 500
  let code = 'internal_error'
  let devDetails: string | undefined
  if (isRouteErrorResponse(error)) {
    status = error.status
    const dataCode = (error.data as { code?: unknown } | null)?.code
    code = typeof dataCode === 'string' ? dataCode : (CODE_OF_STATUS[status] ?? 'internal_error')
  } else if (import.meta.env.DEV && error instanceof Error) {
    devDetails = error.stack ?? error.message
  }
  if (!isRouteErrorResponse(error) && typeof console !== 'undefined' && import.meta.env.DEV) console.error(error)

  const retry = code === 'upstream_unavailable'
  const title = status === 404 ? t('common.errors.notFoundTitle') : t('common.errors.title')
  return (
    <div className={narrowPage}>
      <div className={card}>
        <p className={styles.status} aria-hidden="true">
          {status}
        </p>
        <h1 className={pageTitle}>{title}</h1>
        <p className={styles.message}>{message(code)}</p>
        {devDetails ? <pre className={styles.stack}>{devDetails}</pre> : null}
        <div className={styles.actions}>
          {retry ? (
            <a href={sameSitePath(location.pathname + location.search)} className={button.primary}>
              {t('common.errors.retry')}
            </a>
          ) : null}
          <SmartLink to={localePath('/')} className={retry ? button.secondary : button.primary}>
            {t('common.errors.goHome')}
          </SmartLink>
        </div>
      </div>
    </div>
  )
}
