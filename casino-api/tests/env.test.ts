// The casino API started by an operator with a wrong environment (`node casino-api/src/main.ts`):
// it stops at once with exit 1 and a message naming each wrong variable, never a stack trace.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { parseApiEnv } from '../src/env.ts'
import { runApiUntilExit } from './api-process.ts'
import { SANDBOX_BTC_ACCOUNT_KEY, SANDBOX_TRON_ACCOUNT_KEY } from '../src/payments/crypto.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'casino-api-env-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const run = (env: Record<string, string>) => runApiUntilExit({ DATA_DIR: dataDir, ...env })

const FEED = 'https://games.acme.example/catalog'
const WALLET_KEY = 'a-wallet-key-of-at-least-32-characters'
const production = { NODE_ENV: 'production', WEB_URL: 'https://casino.example' }
const keys = { CRYPTO_BTC_ACCOUNT_KEY: SANDBOX_BTC_ACCOUNT_KEY, CRYPTO_USDT_ACCOUNT_KEY: SANDBOX_TRON_ACCOUNT_KEY }

test.for([
  [{ DATABASE_URL: 'casino-db:5432' }, 'DATABASE_URL: must be a URL like postgres://'],
  [{ DATABASE_URL: 'mysql://db/casino' }, 'DATABASE_URL: must be a URL like postgres://'],
  [{ WEB_URL: 'casino.example' }, 'WEB_URL: must be a URL like https://casino.example'],
  [{ NODE_ENV: 'production', PAYMENTS_SANDBOX: 'true' }, 'WEB_URL: is required in production'],
  [production, 'CRYPTO_BTC_ACCOUNT_KEY: is required in production'],
  [{ ...production, CRYPTO_USDT_ACCOUNT_KEY: keys.CRYPTO_USDT_ACCOUNT_KEY }, 'CRYPTO_BTC_ACCOUNT_KEY: is required'],
  [{ ...production, ...keys, CRYPTO_BTC_ACCOUNT_KEY: 'zpub-not-a-key' }, 'CRYPTO_BTC_ACCOUNT_KEY: is not a valid'],
  [{ PORT: '99999' }, 'PORT:'],
  [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL:'],
  [{ LIVE_TABLES: 'no' }, 'LIVE_TABLES:'],
  [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE:'],
  [{ PROVIDER_SECRET: 'short' }, 'PROVIDER_SECRET: needs at least 32 characters'],
  [{ GEO_LOCAL_COUNTRY: 'Spain' }, 'GEO_LOCAL_COUNTRY: must be an ISO 3166-1 alpha-2'],
  [{ SMTP_URL: 'mail.example:587' }, 'SMTP_URL: must be a URL like smtp://'],
  [
    { GAME_PROVIDERS: '[{id: acme}]' },
    'GAME_PROVIDERS: must be a JSON list of { id, feedUrl, name?, launchUrl?, endSessionsUrl?, key?, walletKey? }',
  ],
  [{ GAME_PROVIDERS: '[{"id":"acme","feedUrl":"not a url"}]' }, 'GAME_PROVIDERS.0.feedUrl:'],
  [{ GAME_PROVIDERS: '[{"id":"acme","feedUrl":"file:///etc/passwd"}]' }, 'GAME_PROVIDERS.0.feedUrl:'],
  [{ GAME_PROVIDERS: `[{"id":"acme","feedUrl":"${FEED}","name":" "}]` }, 'GAME_PROVIDERS.0.name:'],
  [{ GAME_PROVIDERS: `[{"id":"acme","feedUrl":"${FEED}","launchUrl":"ftp://x"}]` }, 'GAME_PROVIDERS.0.launchUrl:'],
  [
    { GAME_PROVIDERS: `[{"id":"builtin","feedUrl":"${FEED}"}]` },
    "GAME_PROVIDERS.0.id: builtin is the built-in provider's id",
  ],
  [{ GAME_PROVIDERS: `[{"id":"acme","feedUrl":"${FEED}","walletKey":"short"}]` }, 'GAME_PROVIDERS.0.walletKey:'],
  [
    {
      GAME_PROVIDERS: `[{"id":"acme","feedUrl":"${FEED}","walletKey":"${WALLET_KEY}"},{"id":"beta","feedUrl":"${FEED}","walletKey":"${WALLET_KEY}"}]`,
    },
    "GAME_PROVIDERS.1.walletKey: is another provider's",
  ],
  [
    { GAME_PROVIDERS: `[{"id":"acme","feedUrl":"${FEED}"},{"id":"acme","feedUrl":"${FEED}"}]` },
    'GAME_PROVIDERS.1.id: is listed twice',
  ],
  [
    { PROVIDER_SECRET: WALLET_KEY, GAME_PROVIDERS: `[{"id":"acme","feedUrl":"${FEED}","walletKey":"${WALLET_KEY}"}]` },
    'GAME_PROVIDERS.0.walletKey: is PROVIDER_SECRET',
  ],
] as const)('a wrong %o stops the API with exit 1 and “%s”, no stack trace', async ([env, message]) => {
  const { code, output } = await run(env)
  expect(code).toBe(1)
  expect(output).toContain('Casino API: Invalid environment:')
  expect(output).toContain(message)
  expect(output).not.toMatch(/^\s+at /m)
})

test('every variable is read with its default, and production is fine with WEB_URL and the keys', () => {
  expect(parseApiEnv({})).toMatchObject({
    PORT: 4000,
    HOST: '127.0.0.1',
    DATABASE_POOL_SIZE: 10,
    DATABASE_APPLICATION_NAME: 'casino-api',
    DATABASE_CONNECT_TIMEOUT_MS: 60_000,
    LIVE_TABLES: true,
    PAYMENTS_SANDBOX: false,
    SEED_DEMO: false,
    TRUSTED_PROXIES: ['loopback'],
    SHUTDOWN_TIMEOUT_MS: 10_000,
    LOG_LEVEL: 'info',
  })
  expect(parseApiEnv({ ...production, ...keys }).WEB_URL).toBe('https://casino.example')
  expect(parseApiEnv({ ...production, PAYMENTS_SANDBOX: 'true' }).PAYMENTS_SANDBOX).toBe(true)
  expect(parseApiEnv({ TRUSTED_PROXIES: '10.0.0.0/8, loopback', LIVE_TABLES: 'false' })).toMatchObject({
    TRUSTED_PROXIES: ['10.0.0.0/8', 'loopback'],
    LIVE_TABLES: false,
  })
})
