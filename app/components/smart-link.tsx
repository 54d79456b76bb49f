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

/**
 * One watch of the connection for every link of the page (a page has dozens), begun by the first
 * link that mounts. Until its first check, which runs after hydration in a task of its own (the
 * browser's first `navigator.connection` asks its network service: about 10 ms), links prefetch
 * as the server rendered them.
 */
export const prefetchAllowed = (() => {
  let allowed = true
  let watching = false
  const listeners = new Set<() => void>()
  const check = () => {
    const next = canPrefetch()
    if (next === allowed) return
    allowed = next
    for (const listener of listeners) listener()
  }
  const watch = () => {
    watching = true
    window.addEventListener('online', check)
    window.addEventListener('offline', check)
    setTimeout(() => {
      connection()?.addEventListener?.('change', check)
      check()
    }, 0)
  }
  return {
    subscribe(onChange: () => void) {
      listeners.add(onChange)
      if (!watching) watch()
      return () => void listeners.delete(onChange)
    },
    get: () => allowed,
  }
})()

export function usePrefetchAllowed(): boolean {
  return useSyncExternalStore(prefetchAllowed.subscribe, prefetchAllowed.get, () => true)
}

/** A <Link> that prefetches on intent, unless the connection says not to. */
export const SmartLink = forwardRef<HTMLAnchorElement, ComponentProps<typeof Link>>(function SmartLink(
  { prefetch = 'intent', ...props },
  ref,
) {
  const allowed = usePrefetchAllowed()
  return <Link ref={ref} prefetch={allowed ? prefetch : 'none'} {...props} />
})
