import { useEffect } from 'react'
import { useRevalidator } from 'react-router'

let restoring = false

/**
 * A revalidation the router aborts because a navigation superseded it rejects with an AbortError:
 * expected, so it is dropped rather than left as an unhandled rejection. Anything else still is.
 */
export function ignoreAbort(error: unknown) {
  if (error instanceof DOMException && error.name === 'AbortError') return
  throw error
}

/** True while the page reloads its data after the browser brought it back from the back/forward cache. */
export function isRestoringFromBackForwardCache() {
  return restoring
}

/**
 * A visitor's page may come back from the back/forward cache (ADR 0021) as it was when they left
 * it: logged out, with an old balance, after they logged in elsewhere on the site. When the
 * browser shows such a page again, its data (the root's player and balance included, see the
 * root's shouldRevalidate) is loaded afresh.
 */
export function useRevalidateAfterRestore() {
  const { revalidate } = useRevalidator()
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return
      restoring = true
      revalidate()
        .catch(ignoreAbort)
        .finally(() => {
          restoring = false
        })
    }
    window.addEventListener('pageshow', onPageShow)
    return () => window.removeEventListener('pageshow', onPageShow)
  }, [revalidate])
}
