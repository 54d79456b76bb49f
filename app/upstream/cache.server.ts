import { isUpstreamUnavailable } from './client.server.ts'

/**
 * Reads from the casino API that many requests share (site settings, a visitor's geolocation;
 * later the game catalogue and content pages), kept in memory:
 *
 * - fresh for `ttlMs`, then loaded again;
 * - one load per key at a time: concurrent requests wait for the same answer;
 * - while the casino API is down (the load threw its 502/504) or refuses, the last value is
 *   served however old (stale), or null when there never was one;
 * - after an outage, loads from the same source wait `BackOff.ms` before trying again, so a
 *   hanging casino API costs one wait, not one per page;
 * - at most `maxEntries` keys: past it the oldest stored go, down to nine tenths.
 *
 * A load answers the value, or null for a refusal (nothing cached changes); any other error
 * than the casino API's unavailability is thrown to the caller.
 */
export type CacheOptions = {
  ttlMs: number
  maxEntries?: number
  /** Shared by the caches whose loads go to the same casino API: one outage pauses them all. */
  backOff?: BackOff
  /** The clock (tests). */
  now?: () => number
}

export type Cache<V> = {
  /**
   * The key's fresh value, or what `load` answers (`source`: where it loads from, for the
   * back-off; `maxAgeMs`: this read's idea of fresh, the cache's TTL by default).
   */
  get(key: string, load: () => Promise<V | null>, source?: string, maxAgeMs?: number): Promise<V | null>
  clear(): void
}

/** Sources that failed lately, each paused until `ms` after its failure. */
export type BackOff = {
  readonly ms: number
  isPaused(source: string): boolean
  pause(source: string): void
  clear(): void
}

export function createBackOff(ms: number, now: () => number = Date.now): BackOff {
  const pausedUntil = new Map<string, number>()
  return {
    ms,
    isPaused: (source) => (pausedUntil.get(source) ?? 0) > now(),
    pause: (source) => void pausedUntil.set(source, now() + ms),
    clear: () => pausedUntil.clear(),
  }
}

export function createCache<V>({ ttlMs, maxEntries = Infinity, backOff, now = Date.now }: CacheOptions): Cache<V> {
  const entries = new Map<string, { value: V; at: number }>()
  const inFlight = new Map<string, Promise<V | null>>()

  function store(key: string, value: V) {
    // Maps keep insertion order: a key stored again moves to the end, the oldest are first.
    entries.delete(key)
    entries.set(key, { value, at: now() })
    if (entries.size <= maxEntries) return
    for (const oldKey of entries.keys()) {
      entries.delete(oldKey)
      if (entries.size <= maxEntries * 0.9) break
    }
  }

  async function loadAndStore(key: string, load: () => Promise<V | null>, source: string): Promise<V | null> {
    try {
      const value = await load()
      if (value === null) return entries.get(key)?.value ?? null
      store(key, value)
      return value
    } catch (error) {
      if (!isUpstreamUnavailable(error)) throw error
      backOff?.pause(source)
      return entries.get(key)?.value ?? null
    }
  }

  return {
    async get(key, load, source = key, maxAgeMs = ttlMs) {
      const cached = entries.get(key)
      if (cached && now() - cached.at < maxAgeMs) return cached.value
      if (backOff?.isPaused(source)) return cached?.value ?? null
      let pending = inFlight.get(key)
      if (!pending) {
        pending = loadAndStore(key, load, source).finally(() => inFlight.delete(key))
        inFlight.set(key, pending)
      }
      return pending
    },
    clear: () => entries.clear(),
  }
}
