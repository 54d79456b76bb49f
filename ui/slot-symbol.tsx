import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { TONES, type Tone } from '#casino-api/contract/games/tones.ts'

// A slot symbol's art (issue 24): drawn here as SVG, so it ships with the page (no image to fetch)
// and reads the same in the game frame's reels, the verification page and the game page's
// paytable, which all know a symbol by its glyph and tone (the catalogue's theme). The shapes use
// presentation attributes only: the pages' CSP allows no inline style.

const INK = '#0d0e12'
const LIGHT = '#f3f1ea'

/** A bold letter or number in the symbol's colour, outlined so that it reads on any tile. */
function Letter({ text, colour, size = 62 }: { text: string; colour: string; size?: number }) {
  return (
    <text
      x="50"
      y="52"
      textAnchor="middle"
      dominantBaseline="central"
      fontSize={size}
      fontWeight="800"
      fontFamily="Georgia, 'DejaVu Serif', serif"
      fill={colour}
      stroke={INK}
      strokeWidth="3"
      paintOrder="stroke"
    >
      {text}
    </text>
  )
}

/** A "BAR" plaque centred on y. */
const Bar = ({ y, colour }: { y: number; colour: string }) => (
  <g>
    <rect x="16" y={y - 10} width="68" height="20" rx="4" fill={colour} stroke={INK} strokeWidth="2" />
    <text
      x="50"
      y={y + 1}
      textAnchor="middle"
      dominantBaseline="central"
      fontSize="14"
      fontWeight="900"
      fill={INK}
      letterSpacing="2"
    >
      BAR
    </text>
  </g>
)

const Star = ({ colour }: { colour: string }) => (
  <polygon
    points="50,10 61,38 91,38 67,56 76,86 50,68 24,86 33,56 9,38 39,38"
    fill={colour}
    stroke={INK}
    strokeWidth="3"
    strokeLinejoin="round"
  />
)

/** The drawn symbols, by glyph; any other glyph is a medallion with the glyph on it. */
const DRAWN: Record<string, (colour: string) => ReactNode> = {
  // The wild: a five-pointed star over a "WILD" band.
  '★': (c) => (
    <g>
      <Star colour={c} />
      <rect x="20" y="66" width="60" height="20" rx="4" fill={INK} stroke={c} strokeWidth="2" />
      <text x="50" y="77" textAnchor="middle" dominantBaseline="central" fontSize="14" fontWeight="900" fill={c}>
        WILD
      </text>
    </g>
  ),
  // The scatter: a four-pointed burst with a glow.
  '✦': (c) => (
    <g>
      <circle cx="50" cy="50" r="34" fill={c} opacity="0.25" />
      <path d="M50 8 Q56 44 92 50 Q56 56 50 92 Q44 56 8 50 Q44 44 50 8Z" fill={c} stroke={INK} strokeWidth="2.5" />
      <circle cx="50" cy="50" r="7" fill={LIGHT} />
    </g>
  ),
  '7': (c) => <Letter text="7" colour={c} size={78} />,
  '☰': (c) => (
    <g>
      <Bar y={26} colour={c} />
      <Bar y={50} colour={c} />
      <Bar y={74} colour={c} />
    </g>
  ),
  '▬': (c) => <Bar y={50} colour={c} />,
  // The bell.
  '♫': (c) => (
    <g stroke={INK} strokeWidth="2.5" strokeLinejoin="round">
      <path d="M50 14 C30 14 26 34 26 50 C26 62 20 68 14 74 L86 74 C80 68 74 62 74 50 C74 34 70 14 50 14Z" fill={c} />
      <rect x="12" y="72" width="76" height="8" rx="3" fill={c} />
      <circle cx="50" cy="86" r="7" fill={c} />
      <path
        d="M38 30 C34 38 34 48 34 56"
        fill="none"
        stroke={LIGHT}
        strokeWidth="4"
        strokeLinecap="round"
        opacity="0.6"
      />
    </g>
  ),
  // The cherries: two on one stalk with a leaf.
  '♥': (c) => (
    <g stroke={INK} strokeWidth="2.5">
      <path d="M34 64 C38 40 50 24 66 14 M66 62 C64 44 64 28 66 14" fill="none" stroke="#4fc3a1" strokeWidth="4" />
      <path d="M66 14 C76 12 86 18 88 26 C78 28 70 24 66 14Z" fill="#4fc3a1" />
      <circle cx="32" cy="70" r="16" fill={c} />
      <circle cx="66" cy="68" r="16" fill={c} />
      <circle cx="27" cy="65" r="4" fill={LIGHT} stroke="none" opacity="0.7" />
      <circle cx="61" cy="63" r="4" fill={LIGHT} stroke="none" opacity="0.7" />
    </g>
  ),
  // The crown.
  '♛': (c) => (
    <g stroke={INK} strokeWidth="2.5" strokeLinejoin="round">
      <path d="M14 34 L30 56 L50 22 L70 56 L86 34 L80 76 L20 76Z" fill={c} />
      <rect x="18" y="74" width="64" height="10" rx="2" fill={c} />
      <circle cx="14" cy="32" r="5" fill={c} />
      <circle cx="50" cy="20" r="6" fill="#e8453c" />
      <circle cx="86" cy="32" r="5" fill={c} />
      <circle cx="50" cy="62" r="6" fill="#7fd1ff" />
    </g>
  ),
  // The diamond: a cut gem with its facets.
  '♦': (c) => (
    <g stroke={INK} strokeWidth="2.5" strokeLinejoin="round">
      <path d="M28 20 L72 20 L90 40 L50 88 L10 40Z" fill={c} />
      <path d="M10 40 L90 40 M28 20 L38 40 L50 88 L62 40 L72 20 M38 40 L50 20 L62 40" fill="none" />
      <path d="M30 24 L22 36" stroke={LIGHT} strokeWidth="4" strokeLinecap="round" opacity="0.7" />
    </g>
  ),
  // The blank: an empty stop.
  '·': () => <circle cx="50" cy="50" r="4" fill="#555b66" />,
}

/**
 * A symbol drawn from its glyph and tone. `label` is its accessible name (the glyph alone says
 * little to a screen reader); without one the art is decorative (its text is beside it). `plain`:
 * a game with no wild (the scratch card), whose star is only a star.
 */
export function SlotSymbol({
  glyph,
  tone,
  label,
  plain,
}: {
  glyph: string
  tone: Tone
  label?: string
  plain?: boolean
}) {
  const colour = TONES[tone] ?? TONES.silver
  const drawn = plain && glyph === '★' ? (c: string) => <Star colour={c} /> : DRAWN[glyph]
  const letter = /^[A-Z]$/.test(glyph)
  return (
    <svg viewBox="0 0 100 100" {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}>
      {drawn ? (
        drawn(colour)
      ) : letter ? (
        <Letter text={glyph} colour={colour} />
      ) : (
        <g>
          <circle cx="50" cy="50" r="38" fill={colour} stroke={INK} strokeWidth="3" />
          <circle cx="50" cy="50" r="30" fill="none" stroke={LIGHT} strokeWidth="2" opacity="0.5" />
          <text x="50" y="53" textAnchor="middle" dominantBaseline="central" fontSize="40" fill={INK}>
            {glyph}
          </text>
        </g>
      )}
    </svg>
  )
}

/** Each glyph's name (games.symbols.<name> in locales/): every slot title's symbols have one (catalog.test.ts). */
export const SYMBOL_NAMES = {
  '★': 'wild',
  '✦': 'scatter',
  '7': 'seven',
  '☰': 'tripleBar',
  '▬': 'bar',
  '♫': 'bell',
  '♥': 'cherries',
  '·': 'blank',
  '♛': 'crown',
  '♦': 'diamond',
  '♜': 'tower',
  '☾': 'moon',
  '❄': 'snowflake',
  '☀': 'sun',
  '⚓': 'anchor',
  '♆': 'trident',
  '☸': 'helm',
  '☯': 'yinYang',
  '❀': 'blossom',
  '☘': 'clover',
  '✈': 'plane',
  '☄': 'comet',
  '⚙': 'gear',
  '⚒': 'hammers',
  '⛏': 'pick',
  '♞': 'knight',
  A: 'ace',
  K: 'king',
  Q: 'queen',
  J: 'jack',
} as const satisfies Record<string, string>

/** A symbol's name in the page's language, by its glyph (the glyph itself when it has none). */
export function useSymbolName() {
  const { t } = useTranslation()
  return (glyph: string) =>
    glyph in SYMBOL_NAMES ? t(`games.symbols.${SYMBOL_NAMES[glyph as keyof typeof SYMBOL_NAMES]}`) : glyph
}
