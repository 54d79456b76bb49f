import { createHash, createHmac } from 'node:crypto'
import { expect, test } from 'vitest'
import { hashServerSeed, roundRng, shuffle } from './fair.ts'

const seeds = {
  serverSeed: '6c1a2f0e9d8b7a6c5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d',
  clientSeed: 'lucky-player',
  nonce: 7,
}

test('the documented derivation, recomputed with node:crypto, gives the same floats', () => {
  const rng = roundRng(seeds)
  const expected: number[] = []
  for (let block = 0; block < 2; block++) {
    const bytes = createHmac('sha256', seeds.serverSeed).update(`lucky-player:7:${block}`).digest()
    for (let i = 0; i < 32; i += 4)
      expected.push(bytes[i]! / 256 + bytes[i + 1]! / 256 ** 2 + bytes[i + 2]! / 256 ** 3 + bytes[i + 3]! / 256 ** 4)
  }
  // 16 floats: the second block starts after the first 8.
  const got = Array.from({ length: 16 }, () => rng.float())
  expect(got).toEqual(expected)
  expect(got.every((f) => f >= 0 && f < 1)).toBe(true)
})

test('fixed vectors: the first pocket of a European wheel and the seed commitment', () => {
  // Published on the verification page: anyone can check them with any HMAC tool.
  const rng = roundRng({ serverSeed: 'a', clientSeed: 'b', nonce: 0 })
  expect(rng.float()).toBeCloseTo(0.6782317061442882, 15)
  expect(roundRng({ serverSeed: 'a', clientSeed: 'b', nonce: 0 }).int(37)).toBe(25)
  expect(hashServerSeed('abc')).toBe(createHash('sha256').update('abc').digest('hex'))
})

test('another nonce or client seed gives another stream; the same inputs the same one', () => {
  const first = (s: typeof seeds) => roundRng(s).float()
  expect(first(seeds)).toBe(first({ ...seeds }))
  expect(first({ ...seeds, nonce: 8 })).not.toBe(first(seeds))
  expect(first({ ...seeds, clientSeed: 'other' })).not.toBe(first(seeds))
})

test('shuffle: a permutation, deterministic for the stream, and every card can land anywhere', () => {
  const deck = Array.from({ length: 52 }, (_, i) => i)
  const a = shuffle(deck, roundRng(seeds))
  expect([...a].sort((x, y) => x - y)).toEqual(deck)
  expect(shuffle(deck, roundRng(seeds))).toEqual(a)
  const firstPositions = new Set(
    Array.from({ length: 400 }, (_, n) => shuffle(deck, roundRng({ ...seeds, nonce: n }))[0]),
  )
  expect(firstPositions.size).toBeGreaterThan(45)
})
