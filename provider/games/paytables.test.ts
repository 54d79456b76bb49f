// The side panel of every game in the built-in provider's catalogue feed, in both languages: its
// rules, its paytable and its return are never empty (hi-lo, andar bahar and punto banco showed
// a 'Rules' heading with nothing under it), and its figures are the engines' and the documented
// ones, written in the page's language.
import { expect, test } from 'vitest'
import { resources } from '../../locales/index.ts'
import { formatNumber } from '../../casino-api/contract/format.ts'
import { LOCALES, type Locale } from '../../casino-api/contract/locales.ts'
import { catalogFeed, translator } from './feed.ts'
import { CATALOG } from './catalog.ts'

const feedGame = (gameId: string) => catalogFeed().games.find((game) => game.id === gameId)!

/** The panel's tables of a game as rows of cells, the slots' paytable included. */
function tablesOf(gameId: string, locale: Locale) {
  const game = feedGame(gameId)
  const slots = game.paytable
  return [
    ...(slots ? [slots.rows.map((row) => [row.glyph, ...row.pays.map((p) => (p === null ? '–' : String(p)))])] : []),
    ...game.tables[locale].map((table) => [[table.caption], table.head, ...table.rows]),
  ]
}

/** The row of a table whose first cell is `label`. */
const rowOf = (gameId: string, locale: Locale, label: string) =>
  tablesOf(gameId, locale)
    .flat()
    .find((row) => row[0] === label)

for (const locale of LOCALES) {
  test(`every game has its rules, a paytable and a return (${locale})`, () => {
    const rules: Record<string, string | undefined> = resources[locale].translation.games.rules
    expect(catalogFeed().games.map((game) => game.id)).toEqual(CATALOG.map((game) => game.id))
    for (const game of CATALOG) {
      expect(feedGame(game.id).rules[locale], `${game.id}: rules`).toBe(rules[game.engine.kind])
      expect(feedGame(game.id).rules[locale].trim(), `${game.id}: rules`).toBeTruthy()
      const tables = tablesOf(game.id, locale)
      expect(tables.length, `${game.id}: paytable`).toBeGreaterThan(0)
      for (const table of tables) {
        expect(table.length, `${game.id}: rows`).toBeGreaterThan(1)
        for (const cell of table.flat()) expect(cell.trim(), `${game.id}: a cell`).not.toBe('')
      }
      const rtp = feedGame(game.id).rtp
      expect(rtp, `${game.id}: return`).toBe(Math.round(game.engine.rtp(game.config) * 10_000) / 100)
      expect(rtp, `${game.id}: return`).toBeGreaterThan(80)
      expect(rtp, `${game.id}: return`).toBeLessThan(100)
    }
  })
}

test('the panel states the documented returns, with the decimal comma in Spanish and the point in English', () => {
  for (const [locale, pct] of [
    ['es', (s: string) => `${s.replace('.', ',')} %`],
    ['en', (s: string) => `${s} %`],
  ] as const) {
    const bets = resources[locale].translation.games.betTypes
    const sides = resources[locale].translation.games.baccarat.sides
    // docs: single-zero roulette 36/37, American 36/38 (its five-number bet 35/38), la partage 98.649 %.
    expect(rowOf('european-roulette', locale, bets.straight)).toEqual([bets.straight, pct('97.30')])
    expect(rowOf('live-roulette', locale, bets.dozen1)).toEqual([bets.dozen1, pct('97.30')])
    expect(rowOf('french-roulette', locale, bets.red)).toEqual([bets.red, pct('98.65')])
    expect(rowOf('french-roulette', locale, bets.straight)).toEqual([bets.straight, pct('97.30')])
    expect(rowOf('american-roulette', locale, bets.split)).toEqual([bets.split, pct('94.74')])
    expect(rowOf('american-roulette', locale, bets.basket)).toEqual([bets.basket, pct('92.11')])
    // docs: 8-deck baccarat, banker / player / tie 98.94 % / 98.76 % / 85.64 %.
    expect(rowOf('punto-banco', locale, sides.banker)).toEqual([sides.banker, pct('98.94')])
    expect(rowOf('punto-banco', locale, sides.player)).toEqual([sides.player, pct('98.76')])
    expect(rowOf('punto-banco', locale, sides.tie)).toEqual([sides.tie, pct('85.64')])
  }
})

test('the dice and hi-lo tables give each guess its chance and pay, in the page language', () => {
  const es = translator('es')
  const en = translator('en')
  // Under 50.00: 5 000 of the 10 001 rolls win, × floor(0.99 × 10 001 / 5 000 × 10 000) / 10 000.
  expect(rowOf('dice', 'es', '50,00')).toEqual([
    '50,00',
    es('games.panelTables.offer', { chance: '50,00', multiplier: '1,9801' }),
    es('games.panelTables.offer', { chance: '50,00', multiplier: '1,9801' }),
  ])
  expect(rowOf('dice', 'en', '50.00')?.[1]).toBe(
    en('games.panelTables.offer', { chance: '50.00', multiplier: '1.9801' }),
  )
  // An ace shown: 48 of the 51 cards left are higher, × 0.99 × 51 / 48; none is lower.
  const ace = { es: es('games.cards.ranks.r1'), en: en('games.cards.ranks.r1') }
  expect(rowOf('hi-lo', 'es', ace.es)).toEqual([
    ace.es,
    es('games.panelTables.offer', {
      chance: '94,12',
      multiplier: formatNumber((0.99 * 51) / 48, 'es', { maximumFractionDigits: 4 }),
    }),
    es('games.panelTables.notOffered'),
  ])
  expect(rowOf('hi-lo', 'en', ace.en)?.[1]).toBe(
    en('games.panelTables.offer', { chance: '94.12', multiplier: '1.0519' }),
  )
})
