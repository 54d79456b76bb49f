import { expect, test } from 'vitest'
import { CATALOG, catalogGame, catalogWith } from './catalog.ts'
import { catalogFeed } from './feed.ts'

test("a second instance's titles are the catalogue's under its prefix, found by those ids alone", () => {
  const two = catalogWith('two-')
  expect(two.games.map((g) => g.id)).toEqual(CATALOG.map((g) => `two-${g.id}`))
  expect(two.game('two-dice')?.config).toBe(catalogGame('dice')?.config)
  expect(two.game('two-dice')?.engine).toBe(catalogGame('dice')?.engine)
  expect(two.game('dice')).toBeUndefined()
  // No prefix: the catalogue itself.
  expect(catalogWith().games).toBe(CATALOG)
  expect(catalogWith().game('dice')).toBe(catalogGame('dice'))
})

test('its feed is the catalogue feed with the ids prefixed, and nothing else changed', () => {
  const base = catalogFeed()
  const two = catalogFeed(catalogWith('two-').games)
  expect(two.games.map(({ id, ...rest }) => ({ id: id.replace(/^two-/, ''), ...rest }))).toEqual(base.games)
})

test('a prefix is lower-case letters, digits and dashes, ending with a dash', () => {
  for (const bad of ['Two-', 'two', 'two_', '-two-', 'a'.repeat(16) + '-', 'two-<script>-'])
    expect(() => catalogWith(bad), bad).toThrow()
  expect(catalogWith('b2-').games[0]!.id.startsWith('b2-')).toBe(true)
})

test("every slot title's symbols have a name for screen readers, in both languages, and each title a premium symbol of its own art", async () => {
  const { SYMBOL_NAMES } = await import('../../ui/slot-symbol.tsx')
  const { resources } = await import('../../locales/index.ts')
  const slots = CATALOG.filter((g) => g.engine.kind === 'slots')
  for (const game of slots)
    for (const [id, { glyph }] of Object.entries(game.theme.symbols ?? {})) {
      expect(SYMBOL_NAMES, `${game.id}: ${id} (${glyph})`).toHaveProperty(glyph)
      const name = SYMBOL_NAMES[glyph as keyof typeof SYMBOL_NAMES]
      expect(resources.es.translation.games.symbols[name]).toBeTruthy()
      expect(resources.en.translation.games.symbols[name]).toBeTruthy()
    }
  // The video slots' top symbol differs from title to title (the ember crown, the aurora moon...).
  const tops = slots.filter((g) => g.theme.symbols?.h1).map((g) => g.theme.symbols!.h1!.glyph)
  expect(new Set(tops).size).toBe(tops.length)
})
