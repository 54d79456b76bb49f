/**
 * The built-in provider's games: each a title over one engine and configuration, with its bet
 * limits, volatility, tags, and the look of its thumbnail and symbols (drawn by the web app:
 * games/art.ts). The casino API lists these in its catalogue; the game server plays them; the
 * verification page replays their rounds. Names are the titles in each language; rules and
 * labels live in locales/ (games.rules.<engine kind>).
 */
import type { GameCategory } from '../contract/games/schemas.ts'
import type { AnyEngine, Limits } from './engine.ts'
import { CLASSIC_DICE, diceEngine } from './engines/dice.ts'
import { rouletteEngine } from './engines/roulette.ts'
import { slotEngine } from './engines/slots.ts'
import { SLOT_TITLES } from './slot-titles.ts'

export type Volatility = 'low' | 'medium' | 'high'

/** The colours symbols are drawn in (the web app's stylesheet and the thumbnails use these). */
export const TONES = {
  gold: '#f5c542',
  red: '#e8453c',
  sky: '#7fd1ff',
  silver: '#b9c2d0',
  orange: '#f0a030',
  pink: '#e0457b',
  grey: '#555b66',
  violet: '#c07bff',
  green: '#4fc3a1',
  ice: '#9fe7ff',
} as const
export type Tone = keyof typeof TONES

/** How a title looks: the thumbnail's colours and emblem, and its symbols' glyphs and colours. */
export type Theme = {
  /** The thumbnail's two background hues (0–360). */
  hues: [number, number]
  emblem: string
  symbols?: Record<string, { glyph: string; tone: Tone }>
}

export type CatalogGame = {
  id: string
  name: { es: string; en: string }
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

const slot = (
  id: keyof typeof SLOT_TITLES,
  name: CatalogGame['name'],
  volatility: Volatility,
  theme: Theme,
  order: number,
  tags: CatalogGame['tags'] = [],
): CatalogGame => ({
  id,
  name,
  category: 'slots',
  engine: slotEngine,
  config: SLOT_TITLES[id],
  // The stake is a whole number of cents per line.
  limits: { minBet: Math.max(SLOT_LIMITS.minBet, SLOT_TITLES[id].lines.length), maxBet: SLOT_LIMITS.maxBet },
  volatility,
  tags,
  theme,
  order,
})

export const CATALOG: CatalogGame[] = [
  slot(
    'ember-crown',
    { es: 'Corona de Ascuas', en: 'Ember Crown' },
    'medium',
    {
      hues: [8, 38],
      emblem: '♛',
      symbols: videoSymbols('♛', '♦', '♜', 'gold'),
    },
    1,
    ['popular'],
  ),
  slot(
    'aurora-wolves',
    { es: 'Lobos de la Aurora', en: 'Aurora Wolves' },
    'high',
    {
      hues: [200, 280],
      emblem: '☾',
      symbols: videoSymbols('☾', '❄', '☀', 'ice'),
    },
    2,
    ['popular', 'new'],
  ),
  slot(
    'golden-sevens',
    { es: 'Sietes de Oro', en: 'Golden Sevens' },
    'medium',
    {
      hues: [45, 15],
      emblem: '7',
      symbols: CLASSIC_SYMBOLS,
    },
    3,
    ['popular'],
  ),
  slot(
    'neptunes-vault',
    { es: 'La Cámara de Neptuno', en: "Neptune's Vault" },
    'medium',
    {
      hues: [190, 230],
      emblem: '⚓',
      symbols: videoSymbols('⚓', '♆', '☸', 'sky'),
    },
    4,
    ['new'],
  ),
  slot(
    'jade-lantern',
    { es: 'Linterna de Jade', en: 'Jade Lantern' },
    'medium',
    {
      hues: [150, 110],
      emblem: '☯',
      symbols: videoSymbols('☯', '❀', '☘', 'green'),
    },
    5,
  ),
  slot(
    'cosmic-cargo',
    { es: 'Carga Cósmica', en: 'Cosmic Cargo' },
    'high',
    {
      hues: [260, 320],
      emblem: '✈',
      symbols: videoSymbols('✈', '☄', '⚙', 'violet'),
    },
    6,
    ['new'],
  ),
  slot(
    'gold-rush-rails',
    { es: 'Raíles de la Fiebre del Oro', en: 'Gold Rush Rails' },
    'high',
    {
      hues: [30, 60],
      emblem: '⚒',
      symbols: videoSymbols('⚒', '⛏', '♞', 'gold'),
    },
    7,
  ),
  slot(
    'silver-bells',
    { es: 'Campanas de Plata', en: 'Silver Bells' },
    'low',
    {
      hues: [210, 190],
      emblem: '♫',
      symbols: CLASSIC_SYMBOLS,
    },
    8,
  ),
  slot(
    'fresh-fruit',
    { es: 'Fruta Fresca', en: 'Fresh Fruit' },
    'low',
    {
      hues: [340, 20],
      emblem: '♥',
      symbols: CLASSIC_SYMBOLS,
    },
    9,
  ),
  slot(
    'diamond-bar',
    { es: 'Barra de Diamante', en: 'Diamond Bar' },
    'high',
    {
      hues: [180, 210],
      emblem: '♦',
      symbols: CLASSIC_SYMBOLS,
    },
    10,
  ),
  {
    id: 'european-roulette',
    name: { es: 'Ruleta Europea', en: 'European Roulette' },
    category: 'european-roulette',
    engine: rouletteEngine,
    config: { wheel: 'european' },
    limits: TABLE_LIMITS,
    volatility: 'low',
    tags: ['popular'],
    theme: { hues: [140, 160], emblem: '◎' },
    order: 11,
  },
  {
    id: 'french-roulette',
    name: { es: 'Ruleta Francesa', en: 'French Roulette' },
    category: 'french-roulette',
    engine: rouletteEngine,
    config: { wheel: 'french' },
    limits: TABLE_LIMITS,
    volatility: 'low',
    tags: [],
    theme: { hues: [220, 150], emblem: '◎' },
    order: 12,
  },
  {
    id: 'american-roulette',
    name: { es: 'Ruleta Americana', en: 'American Roulette' },
    category: 'american-roulette',
    engine: rouletteEngine,
    config: { wheel: 'american' },
    limits: TABLE_LIMITS,
    volatility: 'low',
    tags: [],
    theme: { hues: [0, 140], emblem: '◎' },
    order: 13,
  },
  {
    id: 'dice',
    name: { es: 'Dados', en: 'Dice' },
    category: 'dice',
    engine: diceEngine,
    config: CLASSIC_DICE,
    limits: TABLE_LIMITS,
    volatility: 'medium',
    tags: ['exclusive'],
    theme: { hues: [280, 200], emblem: '⚄' },
    order: 14,
  },
]

const BY_ID = new Map(CATALOG.map((g) => [g.id, g]))
export const catalogGame = (id: string) => BY_ID.get(id)
