/**
 * Writes the built-in provider's titles (games/catalog.ts) into the games table at start, so
 * the lobby's queries (filters, search, paging, favourites) run in the database like those of
 * any provider's games. A title taken out of the code stays in the table, disabled: its rounds
 * and favourites keep their reference. Each title's maximum multiplier (its engine's, from its
 * rules) goes with it: the wallet caps a round's win with it (ADR 0036). Its names go to
 * game_names, a row per language of the contract's list (ADR 0039).
 */
import { sql } from 'drizzle-orm'
import { LOCALES } from '../../contract/index.ts'
import { BUILTIN_PROVIDER } from '../wallet/provider-auth.ts'
import { CATALOG } from '../../games/catalog.ts'
import type { Queryable } from '../db/open.ts'

export async function syncCatalog(db: Queryable) {
  const rows = CATALOG.map((g) => ({
    id: g.id,
    category: g.category,
    live: g.live ?? false,
    rtp: Math.round(g.engine.rtp(g.config) * 10000),
    volatility: g.volatility,
    tags: g.tags,
    sort_order: g.order,
    min_bet: g.limits.minBet,
    max_bet: g.limits.maxBet,
    // Four decimals (the column's), rounded up past the float's noise: never below the rules' figure.
    max_multiplier: Math.ceil(g.engine.maxMultiplier(g.config) * 10_000 - 1e-6) / 10_000,
  }))
  await db.execute(sql`
    insert into games (id, provider, category, live, has_demo, rtp_basis_points, volatility, tags,
      sort_order, min_bet, max_bet, max_multiplier, enabled)
    select r.id, ${BUILTIN_PROVIDER}, r.category, r.live, true, r.rtp, r.volatility,
      array(select jsonb_array_elements_text(r.tags)), r.sort_order, r.min_bet, r.max_bet, r.max_multiplier, true
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id text, category text,
      live boolean, rtp integer, volatility text, tags jsonb, sort_order integer, min_bet bigint, max_bet bigint, max_multiplier numeric)
    on conflict (id) do update set category = excluded.category,
      live = excluded.live, rtp_basis_points = excluded.rtp_basis_points, volatility = excluded.volatility,
      tags = excluded.tags, sort_order = excluded.sort_order, min_bet = excluded.min_bet, max_bet = excluded.max_bet,
      max_multiplier = excluded.max_multiplier, enabled = true`)
  const names = CATALOG.flatMap((g) => LOCALES.map((locale) => ({ game_id: g.id, locale, name: g.name[locale] })))
  await db.execute(sql`
    insert into game_names (game_id, locale, name)
    select r.game_id, r.locale::locale, r.name
    from jsonb_to_recordset(${JSON.stringify(names)}::jsonb) as r(game_id text, locale text, name text)
    on conflict (game_id, locale) do update set name = excluded.name`)
  await db.execute(sql`
    update games set enabled = false
    where provider = ${BUILTIN_PROVIDER} and not (id = any(${`{${CATALOG.map((g) => g.id).join(',')}}`}::text[]))`)
}
