import { forwardRef, useSyncExternalStore, type ComponentProps } from 'react'
import { Link } from 'react-router'

type NetworkInformation = EventTarget & { effectiveType?: string; saveData?: boolean }

function connection(): NetworkInformation | undefined {
  return (navigator as Navigator & { connection?: NetworkInformation }).connection
}

/** Prefetching spends the visitor's data: not when offline, on 2g or with data saver on. */
export function canPrefetch(): boolean {
  if (typeof navigator === 'undefined') return true
  if (navigator.onLine === false) return false
  const c = connection()
  if (c?.saveData) return false
  if (c?.effectiveType === '2g' || c?.effectiveType === 'slow-2g') return false
  return true
}

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  const c = connection()
  c?.addEventListener?.('change', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
    c?.removeEventListener?.('change', onChange)
  }
}

export function usePrefetchAllowed(): boolean {
  return useSyncExternalStore(subscribe, canPrefetch, () => true)
}

/** A <Link> that prefetches on intent, unless the connection says not to. */
export const SmartLink = forwardRef<HTMLAnchorElement, ComponentProps<typeof Link>>(function SmartLink(
  { prefetch = 'intent', ...props },
  ref,
) {
  const allowed = usePrefetchAllowed()
  return <Link ref={ref} prefetch={allowed ? prefetch : 'none'} {...props} />
})
