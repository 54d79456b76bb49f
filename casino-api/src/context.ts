import type { FastifyBaseLogger } from 'fastify'
import type { z } from 'zod'
import type { CallName, Calls, ParamsOf } from '../contract/index.ts'
import type { Passwords } from './accounts/passwords.ts'
import type { Database } from './db/open.ts'
import type { Jobs } from './jobs/jobs.ts'
import type { RateLimiter } from './rate-limits.ts'
import type { PaymentsConfig } from './payments/config.ts'
import type { ProviderAuth } from './wallet/provider-auth.ts'
import type { GameProviderClient } from './games/provider-client.ts'

/** What every handler and service can reach: created once per running API. */
export type Context = {
  db: Database
  passwords: Passwords
  /** Durable work (jobs/jobs.ts): e-mails, work after the answer. */
  jobs: Jobs
  /** Per-ip and per-account limits of the username check, registration and reset mails. */
  limits: RateLimiter
  /** Which game provider an X-Provider-Key belongs to, if any ('provider' calls). */
  providerAuth: ProviderAuth
  /** The built-in game provider over HTTP: launches, a player's rounds (the bet history), ending sessions. */
  gameProvider: GameProviderClient
  /** Each provider's launch call, by provider id: the built-in one's and those with a `launchUrl` (GAME_PROVIDERS). */
  launchers: Map<string, GameProviderClient['launch']>
  /** Each provider's name to players, by id (GAME_PROVIDERS' `name`). */
  providerNames: ReadonlyMap<string, string>
  /** Each provider's way to end the game sessions the casino launched: the built-in one's and those with an `endSessionsUrl`. */
  sessionEnders: Map<string, GameProviderClient['endSessions']>
  /** The payment processors' settings: card acquirer, bank account, crypto keys. */
  payments: PaymentsConfig
  /** The key of the card fingerprints on payments (payments/cards.ts, ADR 0057). */
  cardKey: Buffer
  now: () => Date
  /** The data folder (database, e-mails, the generated admin password file). */
  dataDir: string
  /** The web app's public URL without a trailing slash: the base of e-mailed links. */
  webUrl: string
  /** The country loopback and private addresses count as (GEO_LOCAL_COUNTRY), null for none. */
  geoLocalCountry: string | null
  log: FastifyBaseLogger
  /** The request a call is answering (its X-Request-Id): the jobs it queues carry it. Unset outside a call. */
  requestId?: string
}

/** The logged-in account behind a valid bearer token. */
export type Session = {
  tokenId: string
  playerId: string
  scope: 'player' | 'admin'
  /** The account must change its password before anything else (seeded admin). */
  passwordChangeRequired: boolean
  /** Two-factor authentication is on for the account (ADR 0066): an administrator's calls need it. */
  twoFactor: boolean
}

export type CallInput<K extends CallName> = {
  params: ParamsOf<Calls[K]>
  /** Set for 'player' and 'admin' calls; for 'optional' calls when a token was sent. */
  session: Session | null
  /** Set for 'provider' calls: the game provider whose key was sent. */
  provider?: string
  /** The client's address (X-Forwarded-For only through trusted proxies). */
  ip: string
  userAgent: string | undefined
  /** The Idempotency-Key header: present on every call marked `idempotent` (the router refuses one without). */
  idempotencyKey?: string
}

export type Handler<K extends CallName> = (ctx: Context, input: CallInput<K>) => Promise<z.input<Calls[K]['answer']>>

/** What the router serves: the calls without a handler are not routed. */
export type Handlers = { [K in CallName]?: Handler<K> }

/**
 * The handlers of one domain: one for every call of its group in the contract (e.g.
 * `DomainHandlers<typeof playerCalls>`), so the compiler fails when the domain leaves a call
 * without a handler, or handles a call of another group.
 */
export type DomainHandlers<Group extends Partial<Calls>> = { [K in keyof Group & CallName]-?: Handler<K> }
