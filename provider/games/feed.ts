/**
 * The built-in provider's catalogue feed (ADR 0045): every title of catalog.ts as the contract's
 * CatalogFeed, what a casino needs to list and show it without this code. Return, top win and
 * paytables are computed here from the engines (paytables.ts); rules and the tables' words are
 * written out in every language of the contract's list, from the game texts in locales/ (which
 * move into the provider with its game frame). The game server serves it at get_catalog_feed.
 */
import { createInstance, type TFunction } from 'i18next'
import { resources } from '../../locales/index.ts'
import { CatalogFeed, type FeedGame } from '../../casino-api/contract/games/feed.ts'
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../casino-api/contract/locales.ts'
import { CATALOG, type CatalogGame } from './catalog.ts'
import { panelTables, slotPaytable } from './paytables.ts'

/** The game texts' translator of a language (the catalogues are in memory: ready at once). */
export function translator(locale: Locale): TFunction {
  const instance = createInstance()
  void instance.init({
    resources,
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    interpolation: { escapeValue: false },
    initAsync: false,
  })
  return instance.t
}

const inEveryLocale = <T>(value: (locale: Locale) => T) =>
  Object.fromEntries(LOCALES.map((locale) => [locale, value(locale)])) as Record<Locale, T>

function feedGame(game: CatalogGame, t: Record<Locale, TFunction>): FeedGame {
  return {
    id: game.id,
    names: game.name,
    category: game.category,
    live: game.live ?? false,
    tags: game.tags,
    volatility: game.volatility,
    // Hundredths of a per cent: the precision the casino keeps.
    rtp: Math.round(game.engine.rtp(game.config) * 10_000) / 100,
    minBet: game.limits.minBet,
    maxBet: game.limits.maxBet,
    // Four decimals, rounded up past the float's noise: never below the rules' figure.
    maxMultiplier: Math.ceil(game.engine.maxMultiplier(game.config) * 10_000 - 1e-6) / 10_000,
    order: game.order,
    art: { hues: game.theme.hues, emblem: game.theme.emblem, symbols: game.theme.symbols ?? {} },
    rules: inEveryLocale((locale) => t[locale](`games.rules.${game.engine.kind as 'slots'}`)),
    paytable: slotPaytable(game),
    tables: inEveryLocale((locale) => panelTables(game, t[locale], locale) ?? []),
  }
}

const built = new WeakMap<readonly CatalogGame[], CatalogFeed>()

/**
 * The feed of an instance's titles (catalog.ts's catalogWith: the catalogue's, by default), built
 * once (the catalogue is code) and checked against the contract.
 */
export function catalogFeed(games: readonly CatalogGame[] = CATALOG): CatalogFeed {
  let feed = built.get(games)
  if (!feed) {
    const t = inEveryLocale(translator)
    feed = CatalogFeed.parse({ games: games.map((game) => feedGame(game, t)) })
    built.set(games, feed)
  }
  return feed
}
