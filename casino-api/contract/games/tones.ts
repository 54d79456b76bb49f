// Free of the schema library: the stylesheet and the thumbnails import it alone.

/** The colours a game's symbols are drawn in: the site's palette (its stylesheet has a class each). */
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
