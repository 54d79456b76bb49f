/**
 * Crypto deposit addresses, derived from the casino's extended PUBLIC keys (no private key is
 * ever on this server): one address per player and coin, at the next unused index of the
 * receive chain.
 * - Bitcoin: BIP-84 (native SegWit), the account's zpub/xpub at m/84'/0'/0'; address
 *   m/84'/0'/0'/0/i as bech32 P2WPKH (BIP-173).
 * - USDT: on Tron (TRC-20), the account's xpub at m/44'/195'/0'; address m/44'/195'/0'/0/i is
 *   base58check(0x41 ‖ last 20 bytes of keccak-256 of the uncompressed public key).
 * Without configuration the sandbox uses the public keys of the BIP test mnemonic ("abandon" ×11
 * "about"): anyone can spend from those, so production refuses to start without its own keys.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { bech32, createBase58check } from '@scure/base'
import { HDKey } from '@scure/bip32'

export const COINS = ['BTC', 'USDT'] as const
export type Coin = (typeof COINS)[number]

/** The BIP-84 test vector's account key (zpub of m/84'/0'/0' of the "abandon … about" mnemonic). */
export const SANDBOX_BTC_ACCOUNT_KEY =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs'
/** m/44'/195'/0' of the same test mnemonic (Tron's coin type 195). */
export const SANDBOX_TRON_ACCOUNT_KEY =
  'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd'

/** SLIP-132 zpub version bytes: the same key as an xpub, for libraries that know only xpub. */
const ZPUB_VERSIONS = { private: 0x04b2430c, public: 0x04b24746 }
const XPUB_VERSIONS = { private: 0x0488ade4, public: 0x0488b21e }

export type CryptoConfig = {
  btcAccountKey: string
  tronAccountKey: string
  /** Euro cents per whole coin. */
  rates: Record<Coin, number>
  /** Confirmations before a reported deposit is credited. */
  confirmations: Record<Coin, number>
}

export const SANDBOX_RATES: Record<Coin, number> = { BTC: 85_000_00, USDT: 92 }
export const DEFAULT_CONFIRMATIONS: Record<Coin, number> = { BTC: 2, USDT: 20 }

function accountKey(key: string) {
  return key.startsWith('zpub') ? HDKey.fromExtendedKey(key, ZPUB_VERSIONS) : HDKey.fromExtendedKey(key, XPUB_VERSIONS)
}

function childPublicKey(key: string, index: number) {
  if (!Number.isSafeInteger(index) || index < 0 || index >= 2 ** 31) throw new Error(`invalid index ${index}`)
  const child = accountKey(key).deriveChild(0).deriveChild(index)
  if (!child.publicKey) throw new Error('no public key')
  return child.publicKey
}

const base58check = createBase58check(sha256)

export function bitcoinAddress(accountKeyText: string, index: number) {
  const hash = ripemd160(sha256(childPublicKey(accountKeyText, index)))
  return bech32.encode('bc', [0, ...bech32.toWords(hash)])
}

export function tronAddress(accountKeyText: string, index: number) {
  const uncompressed = secp256k1.Point.fromBytes(childPublicKey(accountKeyText, index)).toBytes(false)
  const hash = keccak_256(uncompressed.slice(1)).slice(-20)
  return base58check.encode(Uint8Array.from([0x41, ...hash]))
}

export function depositAddress(config: CryptoConfig, coin: Coin, index: number) {
  return coin === 'BTC' ? bitcoinAddress(config.btcAccountKey, index) : tronAddress(config.tronAccountKey, index)
}

export const networkOf = (coin: Coin): 'bitcoin' | 'tron' => (coin === 'BTC' ? 'bitcoin' : 'tron')

export function paymentUri(coin: Coin, address: string) {
  return coin === 'BTC' ? `bitcoin:${address}` : `tron:${address}?token=USDT`
}

/**
 * Cents for an amount of coin written as a decimal string, at `rate` cents per coin; null when
 * they are beyond a safe integer (the contract takes up to 12 digits of whole coins: a trillion
 * BTC would be 8.5e18 cents, which a Number cannot hold exactly).
 */
export function unitsToCents(units: string, rate: number): number | null {
  const [whole = '0', fraction = ''] = units.split('.')
  const scaled = BigInt(whole) * 100_000_000n + BigInt(fraction.padEnd(8, '0').slice(0, 8))
  // Round half up at the cent.
  const cents = (scaled * BigInt(rate) + 50_000_000n) / 100_000_000n
  return cents <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(cents) : null
}

/** A positive whole number from the environment, or the fallback. */
function positive(v: string | undefined, fallback: number) {
  const n = v === undefined ? fallback : Number(v)
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`invalid crypto setting ${v}`)
  return n
}

/**
 * The configuration from the environment. The sandbox keys stand in for missing ones outside
 * production, and in production only where PAYMENTS_SANDBOX=true says the whole payment side is
 * the sandbox (`npm start`); a production image without it refuses to start.
 */
export function cryptoConfigFromEnv(env: NodeJS.ProcessEnv = process.env): CryptoConfig {
  const sandbox = env.NODE_ENV !== 'production' || env.PAYMENTS_SANDBOX === 'true'
  const btc = env.CRYPTO_BTC_ACCOUNT_KEY ?? (sandbox ? SANDBOX_BTC_ACCOUNT_KEY : undefined)
  const tron = env.CRYPTO_USDT_ACCOUNT_KEY ?? (sandbox ? SANDBOX_TRON_ACCOUNT_KEY : undefined)
  if (!btc || !tron)
    throw new Error(
      'CRYPTO_BTC_ACCOUNT_KEY and CRYPTO_USDT_ACCOUNT_KEY are required in production (or PAYMENTS_SANDBOX=true)',
    )
  // Fail at start, not at a player's first deposit.
  bitcoinAddress(btc, 0)
  tronAddress(tron, 0)
  return {
    btcAccountKey: btc,
    tronAccountKey: tron,
    rates: {
      BTC: positive(env.CRYPTO_BTC_RATE_CENTS, SANDBOX_RATES.BTC),
      USDT: positive(env.CRYPTO_USDT_RATE_CENTS, SANDBOX_RATES.USDT),
    },
    confirmations: {
      BTC: positive(env.CRYPTO_BTC_CONFIRMATIONS, DEFAULT_CONFIRMATIONS.BTC),
      USDT: positive(env.CRYPTO_USDT_CONFIRMATIONS, DEFAULT_CONFIRMATIONS.USDT),
    },
  }
}
