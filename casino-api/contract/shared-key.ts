/**
 * The check of a key two services share (the provider key between the casino API and a game
 * provider), in constant time: digests have one length whatever was sent, as timingSafeEqual
 * needs, and tell nothing of it. Server-only (node:crypto): not in the contract's barrel, which
 * the browser reads.
 */
import { createHash, timingSafeEqual } from 'node:crypto'

export function sharedKeyCheck(key: string) {
  const expected = createHash('sha256').update(key).digest()
  return (given: unknown): boolean =>
    typeof given === 'string' && given !== '' && timingSafeEqual(createHash('sha256').update(given).digest(), expected)
}
