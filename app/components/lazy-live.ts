import { useEffect, useRef } from 'react'

export type LiveModule = typeof import('./live-balance.ts')
let loaded: LiveModule | undefined

/** The realtime client, once a component of the page has loaded it. */
export const loadedLive = () => loaded

/**
 * Loads the realtime client after hydration (a visitor's pages never download it) and starts
 * `watch` with it once; what `watch` returns stops it when the component goes. `watch` reads the
 * latest rendered values through refs: it is the first render's function.
 */
export function useLazyLive(watch: (module: LiveModule) => () => void) {
  const start = useRef(watch)
  useEffect(() => {
    let active = true
    let stop: (() => void) | undefined
    // In a task of its own: not in the one that runs the effects right after hydration.
    const timer = setTimeout(
      () =>
        void import('./live-balance.ts').then((module) => {
          if (!active) return
          loaded = module
          stop = start.current(module)
        }),
    )
    return () => {
      active = false
      clearTimeout(timer)
      stop?.()
    }
  }, [])
}
