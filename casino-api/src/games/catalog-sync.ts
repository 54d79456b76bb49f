/**
 * Syncs the game providers' catalogue feeds into the games table (ADR 0045), so the lobby's
 * queries (filters, search, paging, favourites) run in the database and the pages show a game
 * from the contract alone, whichever provider runs it. Each provider is configuration: its id,
 * its feed's URL and, when its feed asks for one, a key (sent in X-Provider-Key). The built-in
 * provider is one of them, asked over HTTP at its game server's get_catalog_feed like any other.
 *
 * A game missing from its provider's feed stays in the table, disabled: its rounds and
 * favourites keep their reference. Each game's maximum multiplier goes with it: the wallet caps
 * a round's win with it (ADR 0036). Its names go to game_names, a row per language (ADR 0039);
 * its art, rules and tables to the presentation column. A game id another provider holds is
 * left to that provider.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { CatalogFeed, gameServerCalls, LOCALES, PROVIDER_KEY_HEADER } from '../../contract/index.ts'
import type { Queryable } from '../db/open.ts'
import type { Context } from '../context.ts'
import { BUILTIN_PROVIDER, MIN_PROVIDER_SECRET_LENGTH } from '../wallet/provider-auth.ts'

/**
 * A game provider as the casino knows it (ADR 0045, ADR 0049 "other providers"): its id, its
 * catalogue feed, its launch call, and the two keys: `key`, which the casino sends it (feed and
 * launch, in X-Provider-Key), and `walletKey`, which it sends the casino's wallet and which
 * names it there: its wallet calls move money only on its own games.
 */
export const GameFeedSource = z.object({
  id: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,31}$/)
    .refine((id) => id !== BUILTIN_PROVIDER, { message: `${BUILTIN_PROVIDER} is the built-in provider's id` }),
  feedUrl: z.url({ protocol: /^https?$/ }),
  /** How players see it named (lobby, game cards, Bet History); its id when unset. */
  name: z.string().trim().min(1).max(64).optional(),
  /** Where the casino asks it for a game session (the contract's provider_launch, POSTed); without it its games are listed but unavailable. */
  launchUrl: z.url({ protocol: /^https?$/ }).optional(),
  /** Where the casino ends game sessions it launched (the contract's end_provider_sessions, POSTed): at a log-out, a password change, an exclusion. */
  endSessionsUrl: z.url({ protocol: /^https?$/ }).optional(),
  key: z.string().min(1).optional(),
  walletKey: z.string().min(MIN_PROVIDER_SECRET_LENGTH).optional(),
})
export type GameFeedSource = z.infer<typeof GameFeedSource>

/** The providers' ids and wallet keys are each one provider's. */
const oneEach = (sources: GameFeedSource[], ctx: z.RefinementCtx) => {
  const ids = new Set<string>()
  const keys = new Set<string>()
  sources.forEach((source, i) => {
    if (ids.has(source.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: 'is listed twice' })
    ids.add(source.id)
    if (source.walletKey === undefined) return
    if (keys.has(source.walletKey))
      ctx.addIssue({ code: 'custom', path: [i, 'walletKey'], message: "is another provider's" })
    keys.add(source.walletKey)
  })
}

/** How long a feed may take to answer. */
const FEED_TIMEOUT_MS = 15_000

/** The built-in provider's feed, on its own address. */
export const builtinFeed = (providerUrl: string): GameFeedSource => ({
  id: BUILTIN_PROVIDER,
  feedUrl: `${providerUrl}${gameServerCalls.get_catalog_feed.path}`,
})

const PROVIDERS_FORMAT = 'must be a JSON list of { id, feedUrl, name?, launchUrl?, endSessionsUrl?, key?, walletKey? }'

/** The built-in provider's name to players: the casino's own studio. */
const BUILTIN_PROVIDER_NAME = 'Casino Originals'

/** Each provider's name to players, by id: the built-in one's and GAME_PROVIDERS' (their id when unnamed). */
export function providerNamesOf(sources: GameFeedSource[]): ReadonlyMap<string, string> {
  return new Map([[BUILTIN_PROVIDER, BUILTIN_PROVIDER_NAME], ...sources.map((p) => [p.id, p.name ?? p.id] as const)])
}

/** A provider's name to players (its id for one the casino no longer lists: a past round's). */
export const providerName = (names: Context['providerNames'], id: string) => names.get(id) ?? id

/** GAME_PROVIDERS as written: a JSON list of { id, feedUrl, launchUrl?, endSessionsUrl?, key?, walletKey? } (env.ts checks it at boot). */
export const GameProvidersSetting = z
  .string()
  .transform((v, ctx) => {
    try {
      return JSON.parse(v) as unknown
    } catch {
      ctx.addIssue({ code: 'custom', message: PROVIDERS_FORMAT })
      return z.NEVER
    }
  })
  .pipe(z.array(GameFeedSource, { error: PROVIDERS_FORMAT }).superRefine(oneEach))

/** Other providers from GAME_PROVIDERS (the embedded API, which env.ts does not read); none without it. */
export function gameFeedsFromEnv(env = process.env): GameFeedSource[] {
  if (!env.GAME_PROVIDERS) return []
  const parsed = GameProvidersSetting.safeParse(env.GAME_PROVIDERS)
  if (!parsed.success) throw new Error(`GAME_PROVIDERS ${PROVIDERS_FORMAT}: ${z.prettifyError(parsed.error)}`)
  return parsed.data
}

/** Fetches a provider's feed and checks it against the contract. */
export async function fetchFeed(source: GameFeedSource): Promise<CatalogFeed> {
  const answer = await fetch(source.feedUrl, {
    headers: { accept: 'application/json', ...(source.key ? { [PROVIDER_KEY_HEADER]: source.key } : {}) },
    signal: AbortSignal.timeout(FEED_TIMEOUT_MS),
  })
  if (!answer.ok) throw new Error(`the catalogue feed of ${source.id} answered ${answer.status}`)
  const feed = CatalogFeed.safeParse(await answer.json())
  if (!feed.success) throw new Error(`the catalogue feed of ${source.id} is not a CatalogFeed: ${feed.error.message}`)
  return feed.data
}

/** Writes a provider's feed into the games table; answers how many games it lists. */
export async function syncFeed(db: Queryable, provider: string, feed: CatalogFeed) {
  const rows = feed.games.map((g) => ({
    id: g.id,
    category: g.category,
    live: g.live,
    rtp: Math.round(g.rtp * 100),
    volatility: g.volatility,
    tags: g.tags,
    sort_order: g.order,
    min_bet: g.minBet,
    max_bet: g.maxBet,
    max_multiplier: g.maxMultiplier,
    presentation: { art: g.art, rules: g.rules, paytable: g.paytable, tables: g.tables },
  }))
  const ids = `{${feed.games.map((g) => g.id).join(',')}}`
  await db.execute(sql`
    insert into games (id, provider, category, live, has_demo, rtp_basis_points, volatility, tags,
      sort_order, min_bet, max_bet, max_multiplier, presentation, enabled)
    select r.id, ${provider}, r.category, r.live, true, r.rtp, r.volatility,
      array(select jsonb_array_elements_text(r.tags)), r.sort_order, r.min_bet, r.max_bet, r.max_multiplier,
      r.presentation, true
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id text, category text,
      live boolean, rtp integer, volatility text, tags jsonb, sort_order integer, min_bet bigint, max_bet bigint,
      max_multiplier numeric, presentation jsonb)
    on conflict (id) do update set category = excluded.category,
      live = excluded.live, rtp_basis_points = excluded.rtp_basis_points, volatility = excluded.volatility,
      tags = excluded.tags, sort_order = excluded.sort_order, min_bet = excluded.min_bet, max_bet = excluded.max_bet,
      max_multiplier = excluded.max_multiplier, presentation = excluded.presentation, enabled = true
    where games.provider = excluded.provider`)
  const names = feed.games.flatMap((g) => LOCALES.map((locale) => ({ game_id: g.id, locale, name: g.names[locale] })))
  await db.execute(sql`
    insert into game_names (game_id, locale, name)
    select r.game_id, r.locale::locale, r.name
    from jsonb_to_recordset(${JSON.stringify(names)}::jsonb) as r(game_id text, locale text, name text)
    join games g on g.id = r.game_id and g.provider = ${provider}
    on conflict (game_id, locale) do update set name = excluded.name`)
  await db.execute(sql`
    update games set enabled = false where provider = ${provider} and not (id = any(${ids}::text[]))`)
  return feed.games.length
}

/**
 * Syncs every provider's feed, one after the other. A provider whose feed fails keeps its games
 * as they were; the others are synced all the same. Answers the failures.
 */
export async function syncFeeds(db: Queryable, sources: GameFeedSource[]) {
  const failures: { provider: string; error: string }[] = []
  for (const source of sources) {
    try {
      await syncFeed(db, source.id, await fetchFeed(source))
    } catch (error) {
      failures.push({ provider: source.id, error: error instanceof Error ? error.message : String(error) })
    }
  }
  return failures
}
