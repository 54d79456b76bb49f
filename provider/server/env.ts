/**
 * The built-in game provider's configuration when it runs on its own (main.ts), read from the
 * environment and checked at boot: a wrong value stops it with a message naming the variable.
 */
import { z } from 'zod'
import { SCHEMA_NAME } from '../../casino-api/contract/schema-migrations.ts'
import { GAME_PREFIX } from '../games/catalog.ts'
import { SLOT_MIN_ROUND_MS } from '../../casino-api/contract/games/schemas.ts'

const url = (example: string) => z.url({ protocol: /^https?$/, error: `must be a URL like ${example}` })

export const ProviderEnv = z.object({
  PROVIDER_DATABASE_URL: z
    .string({ error: 'is required: its PostgreSQL database (postgres://…)' })
    .regex(/^postgres(ql)?:\/\//, 'must be a URL like postgres://user:pass@host:5432/casino'),
  PROVIDER_DATABASE_SCHEMA: z
    .string()
    .regex(SCHEMA_NAME, 'must be lower-case letters, digits and _')
    .default('provider'),
  PROVIDER_SECRET: z
    .string({ error: "is required: the casino API's PROVIDER_SECRET" })
    .min(32, 'needs at least 32 characters'),
  CASINO_API_URL: url('http://casino-api:4000'),
  WEB_URL: url('https://casino.example'),
  /** Where browsers reach it (its game client, its live socket); default where it listens. */
  PROVIDER_PUBLIC_URL: url('https://games.casino.example').optional(),
  PROVIDER_PORT: z.coerce.number().int().min(0).max(65535).default(4100),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** What its game ids start with: a second instance at the same casino (`two-`). */
  PROVIDER_GAME_PREFIX: z
    .string()
    .regex(GAME_PREFIX, 'must be lower-case letters, digits and dashes, ending with a dash (two-)')
    .default(''),
  LIVE_TABLES: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** The least time between the starts of a player's slot rounds (RTS 14); 0: none. */
  SLOT_MIN_ROUND_MS: z.coerce.number().int().min(0).max(60_000).default(SLOT_MIN_ROUND_MS),
})
export type ProviderEnv = z.infer<typeof ProviderEnv>

export function parseProviderEnv(source: Record<string, string | undefined> = process.env): ProviderEnv {
  const parsed = ProviderEnv.safeParse(source)
  if (parsed.success) return parsed.data
  throw new Error(
    `Invalid environment:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`,
  )
}
