import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Queryable } from '../db/open.ts'
import { oneTimeTokens } from '../db/schema.ts'

/** 256 random bits, base64url: 43 characters. */
export function newOpaqueToken() {
  return randomBytes(32).toString('base64url')
}

/**
 * Tokens are stored as their SHA-256 only: a leaked table gives no usable token. A fast hash is
 * right here (unlike passwords) because the token already has 256 bits of entropy.
 */
export function hashToken(token: string) {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

/** The shape of the tokens we hand out; anything else is refused without a database look-up. */
export const OPAQUE_TOKEN = /^[A-Za-z0-9_-]{43}$/

/** The token of `Authorization: Bearer <token>`, or null. */
export function bearerToken(header: string | undefined) {
  if (!header) return null
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  const token = match?.[1]
  return token && OPAQUE_TOKEN.test(token) ? token : null
}

export type OneTimeTokenKind = 'activation' | 'password_reset' | 'email_change'

/**
 * Stores a new single-use e-mailed token (its hash) of `kind` for the player, good for `ttlMs`
 * from `now`, and answers the token itself, which only the e-mail carries.
 */
export async function issueOneTimeToken(
  tx: Queryable,
  kind: OneTimeTokenKind,
  playerId: string,
  ttlMs: number,
  ip: string,
  now: Date,
  extra: { newEmail?: string } = {},
) {
  const token = newOpaqueToken()
  await tx.insert(oneTimeTokens).values({
    tokenHash: hashToken(token),
    kind,
    playerId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
    createdIp: ip,
    ...extra,
  })
  return token
}

/** Marks every unused token of `kind` of the player as used: only a newer one (if any) will work. */
export async function voidPendingTokens(tx: Queryable, kind: OneTimeTokenKind, playerId: string, now: Date) {
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.playerId, playerId), eq(oneTimeTokens.kind, kind), isNull(oneTimeTokens.usedAt)))
}

/**
 * Uses a single-use e-mailed token: marks it used in the same statement that finds it (unused,
 * unexpired, of this kind), so two concurrent requests cannot both spend it. Answers the
 * player's id, or undefined when the token is unknown, used, expired or of another kind.
 */
export async function spendOneTimeToken(tx: Queryable, kind: OneTimeTokenKind, token: string, now: Date) {
  const [used] = await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.kind, kind),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .returning({ playerId: oneTimeTokens.playerId, newEmail: oneTimeTokens.newEmail })
  return used
}
