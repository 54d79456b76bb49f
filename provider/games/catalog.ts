/**
 * The built-in provider's games: each a title over one engine and configuration, with its bet
 * limits, volatility, tags, and the look of its thumbnail and symbols. The provider publishes
 * them as its catalogue feed (feed.ts), which the casino API syncs; the game server plays them;
 * the verification page replays their rounds. Names are the titles in each language; rules and
 * labels live in locales/ (games.rules.<engine kind>).
 */
import type { GameCategory } from '../../casino-api/contract/games/schemas.ts'
import type { Locale } from '../../casino-api/contract/locales.ts'
import type { Tone } from '../../casino-api/contract/games/tones.ts'
import type { AnyEngine, Limits } from './engine.ts'
import { blackjackEngine, SIX_DECK_S17 } from './engines/blackjack.ts'
import { CLASSIC_DICE, diceEngine } from './engines/dice.ts'
import { CLASSIC_KENO, kenoEngine } from './engines/keno.ts'
import { plinkoEngine, STAR_DROP } from './engines/plinko.ts'
import { andarBaharEngine, CLASSIC_ANDAR_BAHAR } from './engines/andar-bahar.ts'
import { baccaratEngine, PUNTO_BANCO } from './engines/baccarat.ts'
import { CLASSIC_HI_LO, hiLoEngine } from './engines/hi-lo.ts'
import { rouletteEngine } from './engines/roulette.ts'
import { LUCKY_CLOVER, scratchEngine } from './engines/scratch.ts'
import { SIC_BO, sicBoEngine } from './engines/sic-bo.ts'
import { slotEngine } from './engines/slots.ts'
import { JACKS_OR_BETTER_9_6, videoPokerEngine } from './engines/video-poker.ts'
import { SLOT_TITLES } from './slot-titles.ts'

export type Volatility = 'low' | 'medium' | 'high'

/** How a title looks: the thumbnail's colours and emblem, and its symbols' glyphs and colours. */
export type Theme = {
  /** The thumbnail's two background hues (0–360). */
  hues: [number, number]
  emblem: string
  symbols?: Record<string, { glyph: string; tone: Tone }>
}

export type CatalogGame = {
  id: string
  name: Record<Locale, string>
  category: GameCategory
  engine: AnyEngine
  config: unknown
  /** Stake per round, in cents (fun chips in demo). */
  limits: Limits
  volatility: Volatility
  tags: ('new' | 'popular' | 'exclusive')[]
  theme: Theme
  /** A shared table run by the server for everyone (the live casino). */
  live?: boolean
  /** Lower comes first in the lobby. */
  order: number
}

const CLASSIC_SYMBOLS: Theme['symbols'] = {
  wild: { glyph: '★', tone: 'gold' },
  seven: { glyph: '7', tone: 'red' },
  bar3: { glyph: '☰', tone: 'sky' },
  bar: { glyph: '▬', tone: 'silver' },
  bell: { glyph: '♫', tone: 'orange' },
  cherry: { glyph: '♥', tone: 'pink' },
  blank: { glyph: '·', tone: 'grey' },
}
const videoSymbols = (h1: string, h2: string, h3: string, accent: Tone): Theme['symbols'] => ({
  wild: { glyph: '★', tone: 'gold' },
  scatter: { glyph: '✦', tone: 'violet' },
  h1: { glyph: h1, tone: accent },
  h2: { glyph: h2, tone: 'red' },
  h3: { glyph: h3, tone: 'green' },
  l1: { glyph: 'A', tone: 'orange' },
  l2: { glyph: 'K', tone: 'sky' },
  l3: { glyph: 'Q', tone: 'pink' },
  l4: { glyph: 'J', tone: 'silver' },
})

const SLOT_LIMITS = { minBet: 10, maxBet: 10_000 }
const TABLE_LIMITS = { minBet: 10, maxBet: 50_000 }

/** A slot title: its model (slot-titles.ts), names, volatility, look and tags, in lobby order. */
type SlotTitle = {
  id: keyof typeof SLOT_TITLES
  name: CatalogGame['name']
  volatility: Volatility
  theme: Theme
  tags?: CatalogGame['tags']
}

const SLOTS: SlotTitle[] = [
  {
    id: 'ember-crown',
    name: { es: 'Corona de Ascuas', en: 'Ember Crown' },
    volatility: 'medium',
    theme: { hues: [8, 38], emblem: '♛', symbols: videoSymbols('♛', '♦', '♜', 'gold') },
    tags: ['popular'],
  },
  {
    id: 'aurora-wolves',
    name: { es: 'Lobos de la Aurora', en: 'Aurora Wolves' },
    volatility: 'high',
    theme: { hues: [200, 280], emblem: '☾', symbols: videoSymbols('☾', '❄', '☀', 'ice') },
    tags: ['popular', 'new'],
  },
  {
    id: 'golden-sevens',
    name: { es: 'Sietes de Oro', en: 'Golden Sevens' },
    volatility: 'medium',
    theme: { hues: [45, 15], emblem: '7', symbols: CLASSIC_SYMBOLS },
    tags: ['popular'],
  },
  {
    id: 'neptunes-vault',
    name: { es: 'La Cámara de Neptuno', en: "Neptune's Vault" },
    volatility: 'medium',
    theme: { hues: [190, 230], emblem: '⚓', symbols: videoSymbols('⚓', '♆', '☸', 'sky') },
    tags: ['new'],
  },
  {
    id: 'jade-lantern',
    name: { es: 'Linterna de Jade', en: 'Jade Lantern' },
    volatility: 'medium',
    theme: { hues: [150, 110], emblem: '☯', symbols: videoSymbols('☯', '❀', '☘', 'green') },
  },
  {
    id: 'cosmic-cargo',
    name: { es: 'Carga Cósmica', en: 'Cosmic Cargo' },
    volatility: 'high',
    theme: { hues: [260, 320], emblem: '✈', symbols: videoSymbols('✈', '☄', '⚙', 'violet') },
    tags: ['new'],
  },
  {
    id: 'gold-rush-rails',
    name: { es: 'Raíles de la Fiebre del Oro', en: 'Gold Rush Rails' },
    volatility: 'high',
    theme: { hues: [30, 60], emblem: '⚒', symbols: videoSymbols('⚒', '⛏', '♞', 'gold') },
  },
  {
    id: 'silver-bells',
    name: { es: 'Campanas de Plata', en: 'Silver Bells' },
    volatility: 'low',
    theme: { hues: [210, 190], emblem: '♫', symbols: CLASSIC_SYMBOLS },
  },
  {
    id: 'fresh-fruit',
    name: { es: 'Fruta Fresca', en: 'Fresh Fruit' },
    volatility: 'low',
    theme: { hues: [340, 20], emblem: '♥', symbols: CLASSIC_SYMBOLS },
  },
  {
    id: 'diamond-bar',
    name: { es: 'Barra de Diamante', en: 'Diamond Bar' },
    volatility: 'high',
    theme: { hues: [180, 210], emblem: '♦', symbols: CLASSIC_SYMBOLS },
  },
]

/** The roulette wheels (each its own category), the dice, the card games and the one-move games, after the slots. */
const TABLES: (Omit<CatalogGame, 'order' | 'limits'> & { limits?: Limits })[] = [
  ...(
    [
      ['european', 'Ruleta Europea', 'European Roulette', [140, 160], ['popular']],
      ['french', 'Ruleta Francesa', 'French Roulette', [220, 150], []],
      ['american', 'Ruleta Americana', 'American Roulette', [0, 140], []],
    ] as const
  ).map(([wheel, es, en, hues, tags]) => ({
    id: `${wheel}-roulette`,
    name: { es, en },
    category: `${wheel}-roulette` as const,
    engine: rouletteEngine,
    config: { wheel },
    volatility: 'low' as const,
    tags: [...tags],
    theme: { hues: [...hues] as [number, number], emblem: '◎' },
  })),
  {
    // The live table: one wheel for everyone, its rounds run by the casino API (src/games/live.ts).
    id: 'live-roulette',
    name: { es: 'Ruleta en Vivo', en: 'Live Roulette' },
    category: 'roulette',
    engine: rouletteEngine,
    config: { wheel: 'european' },
    volatility: 'low',
    tags: ['popular', 'new'],
    theme: { hues: [350, 130], emblem: '◉' },
    live: true,
  },
  {
    id: 'dice',
    name: { es: 'Dados', en: 'Dice' },
    category: 'dice',
    engine: diceEngine,
    config: CLASSIC_DICE,
    volatility: 'medium',
    tags: ['exclusive'],
    theme: { hues: [280, 200], emblem: '⚄' },
  },
  {
    id: 'blackjack',
    name: { es: 'Blackjack', en: 'Blackjack' },
    category: 'blackjack',
    engine: blackjackEngine,
    config: SIX_DECK_S17,
    volatility: 'low',
    tags: ['popular'],
    theme: { hues: [150, 170], emblem: '♠' },
  },
  {
    id: 'jacks-or-better',
    name: { es: 'Jotas o Mejor', en: 'Jacks or Better' },
    category: 'video-poker',
    engine: videoPokerEngine,
    config: JACKS_OR_BETTER_9_6,
    volatility: 'medium',
    tags: ['new'],
    theme: { hues: [230, 260], emblem: '♥' },
  },
  {
    id: 'sic-bo',
    name: { es: 'Sic Bo', en: 'Sic Bo' },
    category: 'sic-bo',
    engine: sicBoEngine,
    config: SIC_BO,
    volatility: 'medium',
    tags: ['new'],
    theme: { hues: [350, 20], emblem: '⚅' },
  },
  {
    id: 'classic-keno',
    name: { es: 'Keno Clásico', en: 'Classic Keno' },
    category: 'keno',
    engine: kenoEngine,
    config: CLASSIC_KENO,
    volatility: 'high',
    tags: ['new'],
    theme: { hues: [230, 260], emblem: '◉' },
    // The top prize is 100 000 times the stake.
    limits: { minBet: 10, maxBet: 1000 },
  },
  {
    id: 'lucky-clover',
    name: { es: 'Trébol de la Suerte', en: 'Lucky Clover' },
    category: 'scratch-cards',
    engine: scratchEngine,
    config: LUCKY_CLOVER,
    volatility: 'medium',
    tags: ['new'],
    theme: {
      hues: [120, 160],
      emblem: '☘',
      symbols: {
        star: { glyph: '★', tone: 'gold' },
        crown: { glyph: '♛', tone: 'violet' },
        diamond: { glyph: '♦', tone: 'sky' },
        horseshoe: { glyph: 'Ω', tone: 'silver' },
        clover: { glyph: '☘', tone: 'green' },
        bell: { glyph: '♫', tone: 'orange' },
        sun: { glyph: '☀', tone: 'ice' },
        cherry: { glyph: '♥', tone: 'pink' },
      },
    },
    // The top prize is 1 000 times the stake.
    limits: { minBet: 10, maxBet: 2000 },
  },
  {
    id: 'star-drop',
    name: { es: 'Lluvia de Estrellas', en: 'Star Drop' },
    category: 'instant-win',
    engine: plinkoEngine,
    config: STAR_DROP,
    volatility: 'medium',
    tags: ['new', 'exclusive'],
    theme: { hues: [270, 210], emblem: '✦' },
    limits: { minBet: 10, maxBet: 10_000 },
  },
  {
    id: 'punto-banco',
    name: { es: 'Baccarat Punto Banco', en: 'Punto Banco Baccarat' },
    category: 'baccarat',
    engine: baccaratEngine,
    config: PUNTO_BANCO,
    volatility: 'low',
    tags: ['new'],
    theme: { hues: [350, 30], emblem: '♦' },
  },
  {
    id: 'andar-bahar',
    name: { es: 'Andar Bahar', en: 'Andar Bahar' },
    category: 'andar-bahar',
    engine: andarBaharEngine,
    config: CLASSIC_ANDAR_BAHAR,
    volatility: 'low',
    tags: ['new'],
    theme: { hues: [25, 330], emblem: '♣' },
  },
  {
    id: 'hi-lo',
    name: { es: 'Mayor o Menor', en: 'Hi-Lo' },
    category: 'hi-lo-switch',
    engine: hiLoEngine,
    config: CLASSIC_HI_LO,
    volatility: 'medium',
    tags: ['new', 'exclusive'],
    theme: { hues: [170, 250], emblem: '♠' },
    // The multiplier is capped at × 1 000: a win never passes 1 000 × 100 €.
    limits: { minBet: 10, maxBet: 10_000 },
  },
]

export const CATALOG: CatalogGame[] = [
  ...SLOTS.map((title) => ({
    ...title,
    category: 'slots' as const,
    engine: slotEngine,
    config: SLOT_TITLES[title.id],
    // The stake is a whole number of cents per line.
    limits: { minBet: Math.max(SLOT_LIMITS.minBet, SLOT_TITLES[title.id].lines.length), maxBet: SLOT_LIMITS.maxBet },
    tags: title.tags ?? [],
  })),
  ...TABLES.map((game) => ({ ...game, limits: game.limits ?? TABLE_LIMITS })),
].map((game, i) => ({ ...game, order: i + 1 }))

const BY_ID = new Map(CATALOG.map((g) => [g.id, g]))
export const catalogGame = (id: string) => BY_ID.get(id)

/**
 * The titles as one provider instance publishes them: the catalogue's, each id after the
 * instance's prefix (PROVIDER_GAME_PREFIX, none by default). A casino keeps one list of game ids
 * across its providers, so a second instance of this provider under another provider id (ADR
 * 0049, step 4) names its games apart: `two-dice` beside `dice`. Everything the instance records
 * and sends (sessions, rounds, the wallet's calls, its feed) uses these ids.
 */
export type Catalog = {
  prefix: string
  games: readonly CatalogGame[]
  game(id: string): CatalogGame | undefined
}

/** A prefix a game id may start with: lower-case letters, digits and dashes, ending with a dash. */
export const GAME_PREFIX = /^(?:[a-z0-9][a-z0-9-]{0,14}-)?$/

export function catalogWith(prefix = ''): Catalog {
  if (!GAME_PREFIX.test(prefix)) throw new Error(`Invalid game id prefix '${prefix}'`)
  if (!prefix) return { prefix, games: CATALOG, game: catalogGame }
  const games = CATALOG.map((game) => ({ ...game, id: prefix + game.id }))
  const byId = new Map(games.map((g) => [g.id, g]))
  return { prefix, games, game: (id) => byId.get(id) }
}
