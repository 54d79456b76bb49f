import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import { isCountryCode } from '#casino-api/contract/countries.ts'

/**
 * The web server's configuration, read from the environment once and checked at boot: a wrong
 * value stops the process with a message naming the variable, instead of a failure later.
 */
const secretList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .refine(
    (list) => list.every((s) => s.length >= 32),
    'every secret needs at least 32 characters (generate one with: openssl rand -base64 48)',
  )

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional())
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional())
const optionalPort = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce.number().int().min(0).max(65535).optional(),
)

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    /**
     * Public URL of the site (origin check, hreflang links, links in e-mails). Required in
     * production: the site's origin never comes from a request's Host header there.
     */
    PUBLIC_URL: optionalUrl,
    /** The casino API; when unset, server/index.ts starts the embedded one on a loopback port. */
    CASINO_API_URL: optionalUrl,
    /**
     * The built-in game provider, where the game frame's calls go (ADR 0049); when unset, the one
     * the embedded casino API starts. With CASINO_API_URL and without it, the built-in games'
     * frame answers the unavailable page (503), and the log says PROVIDER_URL is missing.
     */
    PROVIDER_URL: optionalUrl,
    /**
     * Where browsers reach the built-in game provider (a live table's client opens its socket
     * there; the CSP's connect-src names it): default PROVIDER_URL, or where the embedded one
     * listens. Given to the embedded casino API for its provider too.
     */
    PROVIDER_PUBLIC_URL: optionalUrl,
    /** The embedded game provider's port (with the embedded casino API); default a free one. */
    PROVIDER_PORT: optionalPort,
    /**
     * Other game providers' frame origins (comma-separated, e.g. https://games.acme.example): the
     * site's CSP frame-src names them, and their games' clients open in the game view. A launch
     * whose client is on an origin not listed is shown unavailable, and the log says why.
     */
    GAME_FRAME_ORIGINS: z
      .string()
      .default('')
      .transform((v, ctx) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .flatMap((s) => {
            const origin = URL.canParse(s) ? new URL(s) : null
            if (origin && /^https?:$/.test(origin.protocol) && origin.origin === s.replace(/\/+$/, ''))
              return [origin.origin]
            ctx.addIssue({ code: 'custom', message: `${s} is not an origin like https://games.example` })
            return []
          }),
      ),
    DATA_DIR: z.string().min(1).default('./data'),
    /** Comma-separated: the first seals new cookies, all open existing ones (rotation). */
    SESSION_SECRET: z.preprocess((v) => (v === '' ? undefined : v), secretList.optional()),
    /** Addresses or CIDR ranges (and the words loopback, linklocal, uniquelocal) whose X-Forwarded-For is trusted. */
    TRUST_PROXY: z.string().default('loopback'),
    /** 'false' drops the Secure flag and the __Host- prefix in production, for plain-http setups. */
    COOKIE_SECURE: z.enum(['true', 'false']).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
    /** Prometheus metrics at /metrics on this port of METRICS_HOST (server/metrics.ts); none without it. */
    METRICS_PORT: optionalPort,
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    /** The embedded casino API's metrics port (on METRICS_HOST); none without it. */
    API_METRICS_PORT: optionalPort,
    // Passed through to the embedded casino API.
    DATABASE_URL: optionalText,
    SMTP_URL: optionalText,
    ADMIN_PASSWORD: optionalText,
    PROVIDER_SECRET: optionalText,
    /** The ISO country that loopback and private addresses count as for geo-blocking (e.g. ES). */
    GEO_LOCAL_COUNTRY: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .refine(isCountryCode, 'must be an ISO 3166-1 alpha-2 country code, e.g. ES')
        .transform((v) => v.toUpperCase())
        .optional(),
    ),
    /** 'true' seeds the demo player demo / demo-player-2026: `npm start` and `npm run dev` set it, the container does not. */
    SEED_DEMO: z
      .preprocess((v) => (v === '' ? undefined : v), z.enum(['true', 'false']).default('false'))
      .transform((v) => v === 'true'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET?.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'is required in production (at least 32 characters; generate one with: openssl rand -base64 48)',
      })
    }
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message:
          'is required in production: the address players use, e.g. https://casino.example (links, redirects and the same-origin check use it, never the Host header)',
      })
    }
  })

export type Env = z.infer<typeof EnvSchema>

export class EnvError extends Error {
  name = 'EnvError'
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source)
  if (result.success) return result.data
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`)
  throw new EnvError(`Invalid environment:\n${lines.join('\n')}`)
}

let cached: Env | undefined

/** Set by the web server from createWebApp's options (tests): they win over the environment. */
type Overrides = { sessionSecrets?: string[]; cookieSecure?: boolean }
let overrides: Overrides = {}

export function configureServerEnv(next: Overrides) {
  if (next.sessionSecrets) {
    const checked = secretList.safeParse(next.sessionSecrets.join(','))
    if (!checked.success || checked.data.length === 0)
      throw new EnvError('sessionSecrets: every secret needs at least 32 characters')
  }
  overrides = { ...overrides, ...next }
}

/** The parsed environment (cached on first use; server/index.ts has checked it at boot). */
export function getEnv(): Env {
  cached ??= parseEnv()
  return cached
}

/** Forget the cached environment (tests that change process.env). */
export function resetEnv() {
  cached = undefined
  overrides = {}
  ephemeralSecret = undefined
}

let ephemeralSecret: string | undefined

/**
 * The session secrets, newest first. Outside production, without SESSION_SECRET (tests that call
 * createWebApp directly), one random secret lives as long as the process.
 */
export function getSessionSecrets(): string[] {
  if (overrides.sessionSecrets?.length) return overrides.sessionSecrets
  const env = getEnv()
  if (env.SESSION_SECRET?.length) return env.SESSION_SECRET
  ephemeralSecret ??= randomBytes(32).toString('base64url')
  return [ephemeralSecret]
}

/** Whether the session cookie is Secure and named with the __Host- prefix. */
export function isSecureCookie(env: Env = getEnv()): boolean {
  if (overrides.cookieSecure !== undefined) return overrides.cookieSecure
  if (env.COOKIE_SECURE) return env.COOKIE_SECURE === 'true'
  return env.NODE_ENV === 'production'
}
