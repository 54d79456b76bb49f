/**
 * Idempotency-Key: a key names ONE request. The first request of an account that the casino API
 * carries out with a key (its access and params checked) binds the key to a hash of the call's
 * name and params. The same key again with the same call and params is a replay: the call runs
 * again and answers from what the first one recorded (the payment its key made, the decision
 * already taken), so it answers the first answer and moves nothing. The same key with another
 * call or other params is refused with 409 `idempotency_conflict` before the call runs: nothing
 * moves, and nothing answers as if the other request had been made. One rule for every call the
 * contract marks `idempotent` (ADR 0034).
 */
import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { CallName } from '../../contract/index.ts'
import type { Queryable } from '../db/open.ts'
import { idempotencyKeys } from '../db/schema.ts'
import { cardSummary } from '../payments/cards.ts'
import { ApiError } from '../../contract/errors.ts'

/**
 * The params as the binding sees them. A card number's hash is card data itself (the numbers that
 * fit a brand, the last four digits and the Luhn check are few enough to try), and a CVV must not
 * be kept in any form: the card is bound by its brand and last four digits, which its payment
 * keeps anyway, and the CVV not at all.
 */
function bindable(params: unknown): unknown {
  if (!params || typeof params !== 'object' || Array.isArray(params)) return params
  const { cardNumber, cvv2: _cvv, ...rest } = params as Record<string, unknown>
  return typeof cardNumber === 'string' ? { ...rest, card: cardSummary(cardNumber) } : rest
}

/** JSON with every object's keys in order and nothing undefined: the same params, the same text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonical(v))).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** The request a key names: the call and its params after validation (so '28' and 2028 are one year). */
export function requestHash(call: CallName, params: unknown) {
  return createHash('sha256')
    .update(canonical([call, bindable(params)]))
    .digest('hex')
}

/**
 * Binds `key` to this request for the account, or checks that it already names this request.
 * Throws 409 `idempotency_conflict` when the key was used for another call or other params.
 */
export async function bindIdempotencyKey(
  db: Queryable,
  request: { accountId: string; key: string; call: CallName; params: unknown; at: Date },
) {
  const hash = requestHash(request.call, request.params)
  const [bound] = await db
    .insert(idempotencyKeys)
    .values({
      accountId: request.accountId,
      key: request.key,
      call: request.call,
      requestHash: hash,
      createdAt: request.at,
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
  if (bound) return
  const [first] = await db
    .select({ call: idempotencyKeys.call, requestHash: idempotencyKeys.requestHash })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.accountId, request.accountId), eq(idempotencyKeys.key, request.key)))
  if (first?.call !== request.call || first.requestHash !== hash) throw new ApiError(409, 'idempotency_conflict')
}
