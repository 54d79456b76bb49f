/**
 * Payout destinations: a Bitcoin address checked with its checksum (Base58Check for legacy and
 * P2SH, bech32 for SegWit v0 and bech32m for v1+, BIP-173/350; mainnet only), and the masked
 * form the player's history shows.
 */
import { sha256 } from '@noble/hashes/sha2.js'
import { bech32, bech32m, createBase58check } from '@scure/base'

const base58check = createBase58check(sha256)

export function isValidBitcoinAddress(address: string): boolean {
  if (/^bc1/i.test(address)) {
    if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false
    const lower = address.toLowerCase() as `${string}1${string}`
    for (const codec of [bech32, bech32m]) {
      try {
        const { prefix, words } = codec.decode(lower, 90)
        if (prefix !== 'bc' || words.length < 1) continue
        const version = words[0] as number
        const program = codec.fromWords(words.slice(1))
        if (version > 16 || program.length < 2 || program.length > 40) continue
        // BIP-350: version 0 uses bech32 (20- or 32-byte programs), later versions bech32m.
        if (version === 0 && (codec !== bech32 || (program.length !== 20 && program.length !== 32))) continue
        if (version !== 0 && codec !== bech32m) continue
        return true
      } catch {
        // not this encoding
      }
    }
    return false
  }
  try {
    const payload = base58check.decode(address)
    // 0x00 pay-to-public-key-hash, 0x05 pay-to-script-hash, each with a 20-byte hash.
    return payload.length === 21 && (payload[0] === 0x00 || payload[0] === 0x05)
  } catch {
    return false
  }
}

export type Destination = { method: 'bank_transfer'; iban: string } | { method: 'bitcoin'; walletAddress: string }

/** 'ES91 •••• 1332' or 'bc1qcr…6fyu': enough for the player to recognise, not to copy. */
export function maskDestination(d: Destination) {
  if (d.method === 'bank_transfer') return `${d.iban.slice(0, 4)} •••• ${d.iban.slice(-4)}`
  return `${d.walletAddress.slice(0, 6)}…${d.walletAddress.slice(-4)}`
}
