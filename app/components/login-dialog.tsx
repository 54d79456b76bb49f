import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { formConstraint } from '#app/utils/form-validation.ts'
import { LoginForm } from './login-form.tsx'
import * as styles from './modal.css.ts'

/** The login form in a modal <dialog> over the current page (loaded lazily by login-modal.tsx). */
export default function LoginDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    // showModal: focus moves in, the rest of the page is inert, Escape closes, focus returns on close.
    if (!dialog.open) dialog.showModal()
    // React's autoFocus ran while the dialog was still closed: focus the first field now.
    dialog.querySelector<HTMLInputElement>('input:not([type=hidden])')?.focus()
    const handleClose = () => onClose()
    // A click on the backdrop (the dialog element itself, outside its box) closes it; the
    // keyboard has Escape and the close button.
    const handleClick = (event: MouseEvent) => {
      if (event.target !== dialog) return
      const box = dialog.getBoundingClientRect()
      const inside =
        event.clientX >= box.left &&
        event.clientX <= box.right &&
        event.clientY >= box.top &&
        event.clientY <= box.bottom
      if (!inside) dialog.close()
    }
    dialog.addEventListener('close', handleClose)
    dialog.addEventListener('click', handleClick)
    // No close() here: under StrictMode the effect runs twice and a queued 'close' event would
    // shut the dialog that was just opened; unmounting removes it anyway.
    return () => {
      dialog.removeEventListener('close', handleClose)
      dialog.removeEventListener('click', handleClick)
    }
  }, [onClose])
  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby="login-modal-title">
      <div className={styles.head}>
        <h2 id="login-modal-title" className={styles.title}>
          {t('common.login.title')}
        </h2>
        <button
          type="button"
          className={styles.close}
          aria-label={t('common.login.close')}
          onClick={() => ref.current?.close()}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <LoginForm variant="modal" constraint={formConstraint('login')} />
    </dialog>
  )
}
