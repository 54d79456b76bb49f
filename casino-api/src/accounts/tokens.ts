import { createHash, randomBytes } from 'node:crypto'

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
