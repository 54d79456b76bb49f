import { createHash } from 'node:crypto'
import type { Log } from '#app/middleware/context.ts'

/**
 * Logouts that must stick while the casino API is down. A sealed session cookie is valid on
 * its own until its absolute expiry, so a copy of it would work again once the casino API is
 * back, its token never revoked. Two things close that:
 *
 * - the session's token goes on a denylist (a hash of it, never the token) until the session's
 *   absolute expiry: getSession opens such a cookie as an empty session;
 * - the revocation is retried in the background with backoff (1 s, 2 s, 4 s… at most a minute
 *   apart) until the casino API answers or the session would have expired anyway.
 *
 * The list lives in this process's memory (ADR 0013: several web instances each keep their own;
 * the upstream revocation, once it succeeds, holds for all).
 */

/** Past this many entries the ones closest to their expiry are dropped (and a warning logged). */
const MAX_ENTRIES = 100_000
const FIRST_RETRY_MS = 1_000
const MAX_RETRY_MS = 60_000

const deniedUntil = new Map<string, number>()
const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url')

function prune(now: number, log?: Log) {
  for (const [key, until] of deniedUntil) if (until <= now) deniedUntil.delete(key)
  if (deniedUntil.size <= MAX_ENTRIES) return
  log?.warn({ entries: deniedUntil.size }, 'logged-out session list full: dropping the entries closest to expiry')
  const byExpiry = [...deniedUntil].sort((a, b) => a[1] - b[1])
  for (const [key] of byExpiry.slice(0, deniedUntil.size - MAX_ENTRIES)) deniedUntil.delete(key)
}

/** Whether the session holding this token was logged out here (and has not expired since). */
export function isLoggedOut(token: string, now = Date.now()): boolean {
  if (deniedUntil.size === 0) return false
  const until = deniedUntil.get(hashOf(token))
  if (until === undefined) return false
  if (until > now) return true
  deniedUntil.delete(hashOf(token))
  return false
}

/** What one revocation attempt found: revoked (or already unknown upstream), or try again later. */
export type RevocationOutcome = 'revoked' | 'retry'

/**
 * Refuses the session of `token` from now until `untilMs` and revokes it upstream with `revoke`,
 * retrying with backoff until it answers 'revoked' or `untilMs` passes. Resolves with the first
 * attempt's outcome (the logout answers at once; retries run in the background).
 */
export async function logOutForGood(
  token: string,
  untilMs: number,
  revoke: () => Promise<RevocationOutcome>,
  log: Log,
): Promise<RevocationOutcome> {
  const now = Date.now()
  deniedUntil.set(hashOf(token), untilMs)
  prune(now, log)
  const attempt = async () => {
    try {
      return await revoke()
    } catch (error) {
      log.warn({ err: { name: (error as Error)?.name, message: (error as Error)?.message } }, 'token revocation failed')
      return 'retry' as const
    }
  }
  const first = await attempt()
  if (first === 'revoked') return first
  let delay = FIRST_RETRY_MS
  let tries = 1
  const again = () => {
    if (Date.now() + delay >= untilMs) {
      log.warn(
        { tries },
        'token revocation given up: the session expires before the next try (it stays refused here until then)',
      )
      return
    }
    const timer = setTimeout(async () => {
      tries++
      if ((await attempt()) === 'revoked') {
        log.info({ tries }, 'token revoked after a retry')
        return
      }
      delay = Math.min(delay * 2, MAX_RETRY_MS)
      again()
    }, delay)
    timer.unref()
  }
  log.warn(
    { retryInMs: delay },
    'token revocation failed at logout: retrying in the background; the session is refused here meanwhile',
  )
  again()
  return first
}

/** Forget every entry (tests). */
export function clearLoggedOut() {
  deniedUntil.clear()
}
