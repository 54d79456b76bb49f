import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { stripLocale } from '../utils/locale.ts'
import { LoginForm } from './login-form.tsx'
import * as styles from './modal.css.ts'

type LoginModal = { open: () => boolean }

const LoginModalContext = createContext<LoginModal>({ open: () => false })

/** The header's "Log in" opens this over the current page when JavaScript runs; else it is a link to /login. */
export function useLoginModal() {
  return useContext(LoginModalContext)
}

export function LoginModalProvider({ children, enabled }: { children: ReactNode; enabled: boolean }) {
  const location = useLocation()
  // Open on the page where it was opened: a successful login navigates (the action redirects),
  // and with the new location the dialog is gone.
  const [openOn, setOpenOn] = useState<string | null>(null)
  const isOpen = openOn === location.key
  const open = useCallback(() => {
    if (!enabled || stripLocale(location.pathname) === '/login') return false
    setOpenOn(location.key)
    return true
  }, [enabled, location.pathname, location.key])
  const value = useMemo(() => ({ open }), [open])
  return (
    <LoginModalContext.Provider value={value}>
      {children}
      {isOpen ? <LoginDialog onClose={() => setOpenOn(null)} /> : null}
    </LoginModalContext.Provider>
  )
}

function LoginDialog({ onClose }: { onClose: () => void }) {
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
      const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom
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
        <button type="button" className={styles.close} aria-label={t('common.login.close')} onClick={() => ref.current?.close()}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <LoginForm variant="modal" />
    </dialog>
  )
}
