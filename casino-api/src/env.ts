/**
 * The casino API's configuration (`node casino-api/src/main.ts`), read from the environment once
 * and checked at boot like the web's (app/utils/env.server.ts): a wrong value stops the process
 * with a message naming the variable (exit 1, no stack trace), instead of a failure later. The
 * README's configuration table lists every variable.
 */
import { z } from 'zod'
import { isCountryCode } from '../contract/countries.ts'
import { bitcoinAddress, tronAddress } from './payments/crypto.ts'
import { MIN_PROVIDER_SECRET_LENGTH } from './wallet/provider-auth.ts'
import { GameProvidersSetting } from './games/catalog-sync.ts'
import { SLOT_MIN_ROUND_MS } from '../contract/games/schemas.ts'

const unsetIfEmpty = (v: unknown) => (v === '' ? undefined : v)
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unsetIfEmpty, schema.optional())
const flag = (fallback: 'true' | 'false') =>
  z.preprocess(unsetIfEmpty, z.enum(['true', 'false']).default(fallback)).transform((v) => v === 'true')
const whole = (min: number) => z.coerce.number().int().min(min)
const urlWith = (protocols: RegExp, example: string) =>
  z.url({ protocol: protocols, error: `must be a URL like ${example}` })
/** A key the crypto module derives deposit addresses from: checked at boot, not at a first deposit. */
const accountKey = (derive: (key: string, index: number) => unknown) =>
  optional(
    z.string().refine((key) => {
      try {
        derive(key, 0)
        return true
      } catch {
        return false
      }
    }, 'is not a valid account public key (zpub/xpub)'),
  )

export const ApiEnvSchema = z
  .object({
    NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(4000),
    /** The embedded game provider's own port, on HOST (ADR 0049). Default 4100 (a free one when PORT is 0). */
    PROVIDER_PORT: optional(z.coerce.number().int().min(0).max(65535)),
    /** Where browsers reach the embedded game provider (its live socket); default where it listens. */
    PROVIDER_PUBLIC_URL: optional(urlWith(/^https?$/, 'https://games.casino.example')),
    /** The built-in game provider run on its own (node provider/server/main.ts); this API then starts none. */
    PROVIDER_URL: optional(urlWith(/^https?$/, 'http://game-provider:4100')),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    /** PostgreSQL; PGlite in DATA_DIR/db without it. */
    DATABASE_URL: optional(urlWith(/^postgres(ql)?$/, 'postgres://user:password@host:5432/casino')),
    DATABASE_SCHEMA: optional(
      z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be lower-case letters, digits and _ (at most 63)'),
    ),
    DATABASE_POOL_SIZE: whole(1).max(1000).default(10),
    DATABASE_APPLICATION_NAME: z.string().min(1).max(63).default('casino-api'),
    /** How long a database unreachable at start is retried before the process gives up. */
    DATABASE_CONNECT_TIMEOUT_MS: whole(0).default(60_000),
    /** The web app's public URL, the base of e-mailed links. Required in production. */
    WEB_URL: optional(urlWith(/^https?$/, 'https://casino.example')),
    SMTP_URL: optional(urlWith(/^smtps?$/, 'smtp://user:password@host:587')),
    MAIL_FROM: optional(z.string()),
    ADMIN_PASSWORD: optional(z.string()),
    PROVIDER_SECRET: optional(
      z.string().min(MIN_PROVIDER_SECRET_LENGTH, `needs at least ${MIN_PROVIDER_SECRET_LENGTH} characters`),
    ),
    SEED_DEMO: flag('false'),
    TRUSTED_PROXIES: z
      .string()
      .default('loopback')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    GEO_LOCAL_COUNTRY: optional(
      z
        .string()
        .refine(isCountryCode, 'must be an ISO 3166-1 alpha-2 country code, e.g. ES')
        .transform((v) => v.toUpperCase()),
    ),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SHUTDOWN_TIMEOUT_MS: whole(0).default(10_000),
    /** Prometheus metrics at /metrics on this port of METRICS_HOST (metrics.ts); none without it. */
    METRICS_PORT: optional(z.coerce.number().int().min(0).max(65535)),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    LIVE_TABLES: flag('true'),
    LIVE_BETTING_MS: optional(whole(1)),
    LIVE_SPIN_MS: optional(whole(1)),
    LIVE_RESULT_MS: optional(whole(1)),
    /** The least time between the starts of a player's slot rounds (RTS 14); 0: none. */
    SLOT_MIN_ROUND_MS: whole(0).max(60_000).default(SLOT_MIN_ROUND_MS),
    /** Other game providers (ADR 0045, 0049): a JSON list of { id, feedUrl, launchUrl?, endSessionsUrl?, key?, walletKey? }. */
    GAME_PROVIDERS: optional(GameProvidersSetting),
    /** 'true': the sandbox payment processors and keys, also in production (`npm start`). */
    PAYMENTS_SANDBOX: flag('false'),
    CRYPTO_BTC_ACCOUNT_KEY: accountKey(bitcoinAddress),
    CRYPTO_USDT_ACCOUNT_KEY: accountKey(tronAddress),
    CRYPTO_BTC_RATE_CENTS: optional(whole(1)),
    CRYPTO_USDT_RATE_CENTS: optional(whole(1)),
    CRYPTO_BTC_CONFIRMATIONS: optional(whole(1)),
    CRYPTO_USDT_CONFIRMATIONS: optional(whole(1)),
    PAYMENT_MERCHANT_NAME: optional(z.string()),
    BANK_BENEFICIARY_NAME: optional(z.string()),
    BANK_IBAN: optional(z.string()),
    BANK_SWIFT: optional(z.string()),
    BANK_NAME: optional(z.string()),
    BANK_ADDRESS: optional(z.string()),
  })
  .superRefine((env, ctx) => {
    const production = env.NODE_ENV === 'production'
    if (production && !env.WEB_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_URL'],
        message: "is required in production: the site's public address, e.g. https://casino.example (e-mailed links)",
      })
    if (production && !env.PAYMENTS_SANDBOX)
      for (const name of ['CRYPTO_BTC_ACCOUNT_KEY', 'CRYPTO_USDT_ACCOUNT_KEY'] as const)
        if (!env[name])
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'is required in production (the account public key), or PAYMENTS_SANDBOX=true',
          })
    // A wallet key names one provider: the built-in one's would let another move its games' money.
    env.GAME_PROVIDERS?.forEach((source, i) => {
      if (source.walletKey !== undefined && source.walletKey === env.PROVIDER_SECRET)
        ctx.addIssue({ code: 'custom', path: ['GAME_PROVIDERS', i, 'walletKey'], message: 'is PROVIDER_SECRET' })
    })
  })

export type ApiEnv = z.infer<typeof ApiEnvSchema>

export class ApiEnvError extends Error {
  name = 'ApiEnvError'
}

export function parseApiEnv(source: Record<string, string | undefined> = process.env): ApiEnv {
  const result = ApiEnvSchema.safeParse(source)
  if (result.success) return result.data
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`)
  throw new ApiEnvError(`Invalid environment:\n${lines.join('\n')}`)
}
