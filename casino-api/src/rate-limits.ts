/**
 * Rate limits of the calls that need no password but can be abused by the thousand: the
 * username check, registration, the forgotten-password mail, the activation mail and the
 * contact form; and of guessing voucher and promo codes. Each call
 * is limited per client address (IPv6 by its /64) and per account. A per-account counter must
 * not become a way to lock a player out of their own account: it is charged only for what
 * proves something about the account (a reset mail to a matched account, a registration that
 * clashes with one), or for a name alone where that reveals nothing (the username check, the
 * activation mail, which answers the same for everyone). The counters live in the database
 * (rate-limiter-flexible's drizzle store on the `rate_limits` table, one atomic upsert per
 * key), so every instance of the casino API sees the same counts.
 */
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible'
import type { MessageCode } from '../contract/index.ts'
import type { Database } from './db/open.ts'
import { rateLimits } from './db/schema.ts'
import { addressKey } from './site/geo.ts'
import { ApiError } from '../contract/errors.ts'

/** `points` calls per `durationSeconds`, counted from the first call of the period. */
export type Limit = { points: number; durationSeconds: number }
export type LimitedAction =
  | 'usernameCheck'
  | 'registration'
  | 'passwordReset'
  | 'activationResend'
  | 'contactMessage'
  | 'voucherRedemption'
  | 'promoCodeAttempts'
export type RateLimits = Record<LimitedAction, { perIp: Limit; perAccount: Limit }>
/** What CasinoApiOptions.rateLimits takes: any part of the defaults. */
export type RateLimitOverrides = { [A in LimitedAction]?: { perIp?: Limit; perAccount?: Limit } }

/** Far above what a person does (one check per username typed, a few sign-ups, a few lost passwords). */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  usernameCheck: { perIp: { points: 30, durationSeconds: 60 }, perAccount: { points: 10, durationSeconds: 60 } },
  registration: { perIp: { points: 20, durationSeconds: 3600 }, perAccount: { points: 10, durationSeconds: 3600 } },
  // Per account: reset mails to one matched account; enough for a lost e-mail, too few to flood a mailbox.
  passwordReset: { perIp: { points: 20, durationSeconds: 3600 }, perAccount: { points: 3, durationSeconds: 3600 } },
  activationResend: { perIp: { points: 20, durationSeconds: 3600 }, perAccount: { points: 3, durationSeconds: 3600 } },
  // The contact form: per address a few messages an hour (a person writing again), not a script
  // filling the support inbox; per account, the sender's e-mail (a visitor's, or the player's).
  contactMessage: { perIp: { points: 10, durationSeconds: 3600 }, perAccount: { points: 5, durationSeconds: 3600 } },
  // Wrong voucher codes (a redeemed voucher gives its point back): a player mistypes a code a few
  // times, a shop or a household shares an address; a script trying codes stops here.
  voucherRedemption: {
    perIp: { points: 30, durationSeconds: 3600 },
    perAccount: { points: 10, durationSeconds: 3600 },
  },
  // Wrong promo and bonus codes (validate_promo_code, bonuscode_deposit_processor, registration;
  // a good code gives its point back): a code tells what it gives, so a script must not walk them.
  promoCodeAttempts: {
    perIp: { points: 30, durationSeconds: 3600 },
    perAccount: { points: 10, durationSeconds: 3600 },
  },
}

/** The refusal of each action, and whether its wait is told in seconds or minutes. */
const REFUSAL: Record<LimitedAction, { code: MessageCode; unitSeconds: number }> = {
  usernameCheck: { code: 'username_checks_limited', unitSeconds: 1 },
  registration: { code: 'registrations_limited', unitSeconds: 60 },
  passwordReset: { code: 'reset_requests_limited', unitSeconds: 60 },
  activationResend: { code: 'activation_resends_limited', unitSeconds: 60 },
  contactMessage: { code: 'contact_messages_limited', unitSeconds: 60 },
  voucherRedemption: { code: 'voucher_attempts_limited', unitSeconds: 60 },
  promoCodeAttempts: { code: 'promo_code_attempts_limited', unitSeconds: 60 },
}

/** The client's address and the account keys (username, e-mail, player id) a call counts against. */
type LimitKeys = { ip?: string; accounts?: string[] }

export type RateLimiter = {
  /**
   * Counts one call of `action` for the ip (when given) and for each account key (username,
   * e-mail, player id), and throws 429 with the longest wait when any of them is over its limit.
   */
  check(action: LimitedAction, keys: LimitKeys): Promise<void>
  /** Gives back the call `check` counted, for an action that counts only its failures. */
  refund(action: LimitedAction, keys: LimitKeys): Promise<void>
}

export function createRateLimiter(db: Database, overrides: RateLimitOverrides = {}): RateLimiter {
  const limiters = new Map<string, RateLimiterDrizzle>()
  const limiter = (action: LimitedAction, scope: 'perIp' | 'perAccount') => {
    const name = `${action}:${scope}`
    let found = limiters.get(name)
    if (!found) {
      const limit = overrides[action]?.[scope] ?? DEFAULT_RATE_LIMITS[action][scope]
      found = new RateLimiterDrizzle({
        storeClient: db,
        schema: rateLimits,
        keyPrefix: name,
        points: limit.points,
        duration: limit.durationSeconds,
        // Expired rows are deleted by the service's own pruning (maintenance.ts), not by a timer per limiter.
        clearExpiredByTimeout: false,
      })
      limiters.set(name, found)
    }
    return found
  }

  /** The counter of each key: [limiter, key]. */
  const counters = (action: LimitedAction, { ip, accounts = [] }: LimitKeys) => {
    const keys = [...new Set(accounts.map((account) => account.trim().toLowerCase()).filter(Boolean))]
    return [
      ...(ip === undefined ? [] : [[limiter(action, 'perIp'), addressKey(ip)] as const]),
      ...keys.map((key) => [limiter(action, 'perAccount'), key] as const),
    ]
  }

  return {
    async check(action, keys) {
      const results = await Promise.allSettled(counters(action, keys).map(([counter, key]) => counter.consume(key)))
      let waitMs = -1
      for (const result of results) {
        if (result.status === 'fulfilled') continue
        // Over the limit rejects with the counter's state; anything else is a database failure.
        if (!(result.reason instanceof RateLimiterRes)) throw result.reason
        waitMs = Math.max(waitMs, result.reason.msBeforeNext)
      }
      if (waitMs < 0) return
      const seconds = Math.max(1, Math.ceil(waitMs / 1000))
      const { code, unitSeconds } = REFUSAL[action]
      throw new ApiError(429, code, { args: [Math.ceil(seconds / unitSeconds)], retryAfterSeconds: seconds })
    },

    async refund(action, keys) {
      await Promise.all(counters(action, keys).map(([counter, key]) => counter.reward(key)))
    },
  }
}
