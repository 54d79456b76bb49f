import { startTransition, useEffect, useState } from 'react'

/** Whether this page has hydrated: components mounted later start as hydrated. */
let pageHydrated = false

/**
 * False on the server and during hydration, true once React runs in the browser. The switch is a
 * transition: React renders what it changes in slices between the browser's own work, where a
 * store read (useSyncExternalStore) forced one synchronous render of every user at once, a long
 * task right after hydration on a phone.
 */
/** True while the browser hydrates the page the server sent (its first render), false on the server and after. */
export function isHydrating() {
  return typeof document !== 'undefined' && !pageHydrated
}

export function useHydrated() {
  const [hydrated, setHydrated] = useState(pageHydrated)
  useEffect(() => {
    if (hydrated) return
    pageHydrated = true
    startTransition(() => setHydrated(true))
  }, [hydrated])
  return hydrated
}
