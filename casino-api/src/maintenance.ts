import { and, eq, lt, or } from 'drizzle-orm'
import type { Queryable } from './db/open.ts'
import {
  accessTokens,
  deviceTokens,
  loginAttempts,
  loginChallenges,
  loginLocks,
  oneTimeTokens,
  playerLogins,
  rateLimits,
  walletTransactions,
} from './db/schema.ts'
import { KEEP_WALLET_TRANSACTIONS_MS } from './wallet/games.ts'
import { BUILTIN_PROVIDER } from './wallet/provider-auth.ts'

/** How long spent rows stay for audits and support questions before they are deleted. */
export const KEEP_SPENT_ROWS_MS = 30 * 24 * 3600_000
/** How long a log-in's record (when, address, country, browser) stays: a year. */
export const KEEP_LOGINS_MS = 365 * 24 * 3600_000

/**
 * Deletes what no longer matters: old log-in attempts, lifted locks, log-ins' code steps that
 * expired, tokens that expired or
 * were revoked (or used) long ago, log-ins' records older than a year, and the built-in game
 * provider's wallet records once it can no longer replay them (their ledger transactions stay for
 * good, and its rounds in its own records). Another provider's wallet records stay: they are the
 * casino's record of its rounds, which Bet History lists (games/wallet-rounds.ts). Idempotent;
 * several instances may run it at once.
 */
export async function pruneSpentRows(db: Queryable, now: Date) {
  const before = new Date(now.getTime() - KEEP_SPENT_ROWS_MS)
  await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, before))
  await db.delete(loginLocks).where(lt(loginLocks.lockedUntil, now))
  // A log-in's code step lasts minutes: an expired one is of no use to anyone (ADR 0066).
  await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, now))
  await db.delete(accessTokens).where(or(lt(accessTokens.expiresAt, before), lt(accessTokens.revokedAt, before)))
  await db.delete(oneTimeTokens).where(or(lt(oneTimeTokens.expiresAt, before), lt(oneTimeTokens.usedAt, before)))
  await db.delete(deviceTokens).where(lt(deviceTokens.expiresAt, now))
  await db.delete(playerLogins).where(lt(playerLogins.at, new Date(now.getTime() - KEEP_LOGINS_MS)))
  await db.delete(rateLimits).where(lt(rateLimits.expire, now))
  await db
    .delete(walletTransactions)
    .where(
      and(
        eq(walletTransactions.provider, BUILTIN_PROVIDER),
        lt(walletTransactions.createdAt, new Date(now.getTime() - KEEP_WALLET_TRANSACTIONS_MS)),
      ),
    )
}
