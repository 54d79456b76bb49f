import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, useLocation, useRouteError, type ErrorResponse } from 'react-router'
import { button, card, narrowPage, pageTitle } from '#ui/ui.css.ts'
import { useLocalePath } from '#ui/locale.ts'
import { sameSitePath } from '#ui/safe-path.ts'
import * as styles from './error-boundary.css.ts'
import { SmartLink } from './smart-link.tsx'
import { useCatalogue } from '#ui/use-catalogue.ts'

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
 * What a boundary made of the thrown error: its status, the catalogue code to show, and the
 * request's reference that finds its log lines in both halves (an unavailable casino API's).
 */
export type ErrorFacts = { status: number; code: string; reference?: string }

/** Renders a thrown response of one status instead of the general error card. */
export type StatusHandler = (facts: ErrorFacts & { error: ErrorResponse }) => ReactNode

/**
 * Where the error shows: 'page' when it replaces the whole page (the root), 'panel' when it fills
 * an area's content slot, under the area's own heading and chrome (the account's tabs).
 */
export type ErrorPlacement = 'page' | 'panel'

/**
 * The one error boundary: 'This page could not be found' for 404s, the catalogue's message for
 * known statuses and codes, 'Error' for anything else, with a link home (and a retry link when
 * the casino API was unavailable). Stack traces only in development. An area passes
 * `statusHandlers` for the statuses it answers in its own way (e.g. `{ 404: gameGone }`).
 */
export function GeneralErrorBoundary({
  statusHandlers,
  placement = 'page',
}: {
  statusHandlers?: Partial<Record<number, StatusHandler>>
  placement?: ErrorPlacement
}) {
  const error = useRouteError()

  if (isRouteErrorResponse(error)) {
    const { code: dataCode, reference } = (error.data as { code?: unknown; reference?: unknown } | null) ?? {}
    const facts = {
      status: error.status,
      code: typeof dataCode === 'string' ? dataCode : (CODE_OF_STATUS[error.status] ?? 'internal_error'),
      ...(typeof reference === 'string' ? { reference } : {}),
    }
    const handler = statusHandlers?.[error.status]
    return handler ? handler({ ...facts, error }) : <ErrorCard {...facts} placement={placement} />
  }

  if (typeof console !== 'undefined' && import.meta.env.DEV) console.error(error)
  const devDetails = import.meta.env.DEV && error instanceof Error ? (error.stack ?? error.message) : undefined
  return <ErrorCard status={500} code="internal_error" devDetails={devDetails} placement={placement} />
}

/** The error card: status, title, the code's message, a retry link when it may help, a link home. */
export function ErrorCard({
  status,
  code,
  reference,
  devDetails,
  placement = 'page',
}: ErrorFacts & { devDetails?: string; placement?: ErrorPlacement }) {
  const { t } = useTranslation()
  const message = useCatalogue()
  const localePath = useLocalePath()
  const location = useLocation()

  const retry = code === 'upstream_unavailable'
  const title = status === 404 ? t('common.errors.notFoundTitle') : t('common.errors.title')
  const Heading = placement === 'page' ? 'h1' : 'h2'
  const content = (
    <>
      <p className={styles.status} aria-hidden="true">
        {status}
      </p>
      <Heading className={placement === 'page' ? pageTitle : styles.panelTitle}>{title}</Heading>
      <p className={styles.message}>{message(code)}</p>
      {reference ? <p className={styles.reference}>{t('common.errors.reference', { reference })}</p> : null}
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
    </>
  )
  if (placement === 'panel') return <div className={styles.panel}>{content}</div>
  return (
    <div className={narrowPage}>
      <div className={card}>{content}</div>
    </div>
  )
}
