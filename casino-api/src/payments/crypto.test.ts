import { expect, test } from 'vitest'
import {
  bitcoinAddress,
  cryptoConfigFromEnv,
  SANDBOX_BTC_ACCOUNT_KEY,
  SANDBOX_TRON_ACCOUNT_KEY,
  tronAddress,
  unitsToCents,
} from './crypto.ts'
import { isValidBitcoinAddress, maskDestination } from './withdrawal-checks.ts'

// BIP-84's published vectors: the "abandon … about" mnemonic's account zpub and its first
// receive addresses (m/84'/0'/0'/0/0 and /0/1).
test('Bitcoin deposit addresses match the BIP-84 test vectors', () => {
  expect(bitcoinAddress(SANDBOX_BTC_ACCOUNT_KEY, 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')
  expect(bitcoinAddress(SANDBOX_BTC_ACCOUNT_KEY, 1)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g')
})

test("USDT (Tron) deposit addresses follow Tron: m/44'/195'/0'/0/0 of the test mnemonic", () => {
  expect(tronAddress(SANDBOX_TRON_ACCOUNT_KEY, 0)).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH')
  expect(tronAddress(SANDBOX_TRON_ACCOUNT_KEY, 1)).not.toBe(tronAddress(SANDBOX_TRON_ACCOUNT_KEY, 0))
})

test('production refuses to start without its own public keys; a broken key fails at start', () => {
  expect(() => cryptoConfigFromEnv({ NODE_ENV: 'production' })).toThrow(/required in production/)
  expect(cryptoConfigFromEnv({ NODE_ENV: 'production', PAYMENTS_SANDBOX: 'true' }).btcAccountKey).toBe(
    SANDBOX_BTC_ACCOUNT_KEY,
  )
  expect(() => cryptoConfigFromEnv({ CRYPTO_BTC_ACCOUNT_KEY: 'xpub-not-a-key' })).toThrow()
  expect(cryptoConfigFromEnv({}).confirmations).toEqual({ BTC: 2, USDT: 20 })
})

test('coin amounts become cents at the rate, rounded half up at the cent', () => {
  expect(unitsToCents('0.001', 85_000_00)).toBe(85_00)
  expect(unitsToCents('120.5', 92)).toBe(110_86)
  expect(unitsToCents('0.00000001', 85_000_00)).toBe(0)
  expect(unitsToCents('1', 1)).toBe(1)
  expect(unitsToCents('999999999999.99999999', 85_000_00)).toBeNull()
  expect(unitsToCents('999999999999.99999999', 92)).toBe(92_000_000_000_000)
  expect(unitsToCents(String(Number.MAX_SAFE_INTEGER), 1)).toBe(Number.MAX_SAFE_INTEGER)
  expect(unitsToCents(String(Number.MAX_SAFE_INTEGER + 1), 1)).toBeNull()
})

test('payout addresses are checked with their checksums (BIP-173, BIP-350, Base58Check)', () => {
  for (const good of [
    'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
    '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
  ])
    expect(isValidBitcoinAddress(good), good).toBe(true)
  for (const bad of [
    'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv',
    'bc1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
    'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
    '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3',
    'bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du',
    '',
  ])
    expect(isValidBitcoinAddress(bad), bad).toBe(false)
  expect(maskDestination({ method: 'bank_transfer', iban: 'ES9121000418450200051332' })).toBe('ES91 •••• 1332')
  expect(maskDestination({ method: 'bitcoin', walletAddress: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu' })).toBe(
    'bc1qcr…6fyu',
  )
})
