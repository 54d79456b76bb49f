import { z } from 'zod'
import { type Tone, TONES } from './tones.ts'

/**
 * What the site draws of a game, as data (ADR 0045): its art, its symbol paytable and its
 * panel's tables. Providers publish these in their catalogue feeds (feed.ts); the casino API
 * answers them with get_game.
 */

export const ToneName = z.enum(Object.keys(TONES) as [Tone, ...Tone[]])

const Hue = z.number().min(0).max(360)

/** How a game looks: the thumbnail's two hues and emblem, and its symbols' glyphs and colours. */
export const GameArt = z.object({
  hues: z.tuple([Hue, Hue]),
  emblem: z.string().min(1).max(8),
  symbols: z.record(z.string(), z.object({ glyph: z.string().min(1).max(8), tone: ToneName })),
})
export type GameArt = z.infer<typeof GameArt>

/**
 * A symbol paytable (slots): each paying symbol's glyph and colour and what a run of it pays,
 * times the line stake, for each run length (null: that run pays nothing).
 */
export const SymbolPaytable = z.object({
  runs: z.array(z.number().int().positive()).min(1),
  rows: z.array(
    z.object({ glyph: z.string().min(1), tone: ToneName, pays: z.array(z.number().nonnegative().nullable()) }),
  ),
})
export type SymbolPaytable = z.infer<typeof SymbolPaytable>

/** A table of a game's panel in one language, written out: a caption, column heads and rows (the first cell heads its row). */
export const PanelTable = z.object({
  caption: z.string(),
  head: z.array(z.string()),
  rows: z.array(z.array(z.string())).min(1),
})
export type PanelTable = z.infer<typeof PanelTable>
