/**
 * Provably fair randomness: every outcome of the built-in games is derived from a server seed
 * (committed by its SHA-256 before play, revealed when the player rotates it), the player's
 * client seed and a nonce that counts the rounds played with the pair. Pure and isomorphic:
 * the casino API's game server and the browser's verification page run this same code.
 *
 * The procedure (published on the verification page and in docs/decisions/0026):
 * 1. bytes: HMAC-SHA256(key = serverSeed as UTF-8 text, message = `${clientSeed}:${nonce}:${block}`),
 *    block = 0, 1, 2 ... each giving 32 more bytes when the round needs them;
 * 2. a float in [0, 1) from each 4 bytes b0..b3 in order: b0/256 + b1/256² + b2/256³ + b3/256⁴;
 * 3. an integer in [0, n) from a float f: floor(f × n). A game draws its floats in a fixed order
 *    its engine documents (a reel stop per reel, a card per deal...).
 */
import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'

/** The random stream of one round: floats in [0, 1) and integers in [0, n). */
export type Rng = {
  float(): number
  /** floor(float() × n), n ≥ 1. */
  int(n: number): number
}

export type SeedPair = { serverSeed: string; clientSeed: string; nonce: number }

/** The stream of round `nonce` of a seed pair. */
export function roundRng({ serverSeed, clientSeed, nonce }: SeedPair): Rng {
  const key = utf8ToBytes(serverSeed)
  let block = 0
  let bytes = new Uint8Array(0)
  let cursor = 0
  const float = () => {
    if (cursor + 4 > bytes.length) {
      bytes = hmac(sha256, key, utf8ToBytes(`${clientSeed}:${nonce}:${block}`))
      block += 1
      cursor = 0
    }
    const [b0, b1, b2, b3] = bytes.subarray(cursor, cursor + 4) as unknown as [number, number, number, number]
    cursor += 4
    return b0 / 256 + b1 / 256 ** 2 + b2 / 256 ** 3 + b3 / 256 ** 4
  }
  return {
    float,
    int: (n) => {
      if (!Number.isSafeInteger(n) || n < 1) throw new Error(`rng.int needs a positive integer, got ${n}`)
      return Math.floor(float() * n)
    },
  }
}

/** The commitment shown before play: hex SHA-256 of the server seed's text. */
export function hashServerSeed(serverSeed: string): string {
  return bytesToHex(sha256(utf8ToBytes(serverSeed)))
}

/** A Fisher–Yates shuffle of `items` (a new array) drawing one integer per position, last first. */
export function shuffle<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1)
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

/** Client seeds: what a player may type (printable ASCII without spaces), 1 to 64 characters. */
export const CLIENT_SEED_PATTERN = /^[\x21-\x7e]{1,64}$/
