import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { sameSitePath } from '#ui/safe-path.ts'
import type { Toast } from '#app/utils/toast.server.ts'
import { LoginLink } from './nav-items.tsx'
import * as styles from './toast.css.ts'
import { useCatalogue } from '#ui/use-catalogue.ts'

export type ToastWithId = Toast & { id: string }

/**
 * The flash toast of this page. Errors are alerts, the rest polite status messages. The close
 * button is a GET form to this same page: without JavaScript it reloads the page (the toast was
 * read once, so it is gone); with JavaScript it just hides the toast.
 */
export function ToastView({ toast }: { toast: ToastWithId | null | undefined }) {
  const { t } = useTranslation()
  const message = useCatalogue()
  const location = useLocation()
  const [dismissed, setDismissed] = useState<string | null>(null)
  const visible = toast && dismissed !== toast.id ? toast : null
  const keep = [...new URLSearchParams(location.search)]
  return (
    <section className={styles.region} aria-label={t('common.toast.region')}>
      {visible ? (
        <div
          key={visible.id}
          role={visible.type === 'error' ? 'alert' : 'status'}
          className={styles.toast[visible.type]}
        >
          <p className={styles.text}>
            {message(visible.code, visible.args)}
            {visible.code === 'login_required' ? (
              // The way on from "Please log in to see that page": the dialog with JavaScript, /login without.
              <>
                {' '}
                <LoginLink className={styles.action}>{t('common.header.login')}</LoginLink>
              </>
            ) : null}
          </p>
          <form
            method="get"
            action={sameSitePath(location.pathname)}
            className={styles.closeForm}
            onSubmit={(event) => {
              event.preventDefault()
              setDismissed(visible.id)
            }}
          >
            {keep.map(([key, value], index) => (
              <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
            ))}
            <button type="submit" className={styles.close} aria-label={t('common.toast.close')}>
              <span aria-hidden="true">×</span>
            </button>
          </form>
        </div>
      ) : null}
    </section>
  )
}
