import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { stripLocale } from '#ui/locale.ts'

// The dialog and its form (zod, conform, the contract) load only when a visitor opens it,
// keeping them out of every page's first load (the spec lists the modal as lazily loaded).
const LoginDialog = lazy(() => import('./login-dialog.tsx'))

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
      {isOpen ? (
        <Suspense fallback={null}>
          <LoginDialog onClose={() => setOpenOn(null)} />
        </Suspense>
      ) : null}
    </LoginModalContext.Provider>
  )
}
