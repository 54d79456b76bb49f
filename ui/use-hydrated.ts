import { startTransition, useEffect, useState } from 'react'

/** Whether this page has hydrated: components mounted later start as hydrated. */
let pageHydrated = false

/**
 * False on the server and during hydration, true once React runs in the browser. The switch is a
 * transition: React renders what it changes in slices between the browser's own work, where a
 * store read (useSyncExternalStore) forced one synchronous render of every user at once, a long
 * task right after hydration on a phone.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(pageHydrated)
  useEffect(() => {
    if (hydrated) return
    pageHydrated = true
    startTransition(() => setHydrated(true))
  }, [hydrated])
  return hydrated
}

/**
 * `dangerouslySetInnerHTML` for an element whose server markup hydration leaves in place: React
 * does not hydrate inside it (ADR 0023), and never writes it while the element keeps these props.
 * Only for an element being hydrated: one mounted later would be empty.
 */
export const SERVER_MARKUP = { __html: '' }

/**
 * `value` as it was while this component hydrated, or null on the server and for a component
 * mounted after the page hydrated: a component keeps the server's markup (SERVER_MARKUP) only as
 * long as what that markup shows has not changed.
 */
export function useValueAtHydration<T>(value: T): T | null {
  useHydrated()
  const [atHydration] = useState(() => (typeof document !== 'undefined' && !pageHydrated ? value : null))
  return atHydration
}
