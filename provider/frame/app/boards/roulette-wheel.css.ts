import { keyframes } from '@vanilla-extract/css'
import { layered, layers } from '#ui/layered.ts'
import { fontSize, media, space, vars } from '#ui/theme.css.ts'
import { fadeIn, pulse } from '#ui/games.css.ts'

const { globalStyle, style, styleVariants } = layered(layers.pages)

// The roulette wheel (roulette-wheel.tsx), drawn in SVG around (0, 0). The wheel turns so that the
// ball's pocket ends at the top, under the ball: each pocket's angle is a class setting --a (the
// site's CSP allows no style attribute), which the wheel's end position and its landing read.
// While the round is under way the wheel and the ball turn apart; the landing takes LAND_MS; with
// reduced motion both are fades, in the same time.

/** How long the wheel takes to come to rest on the pocket, in ms (roulette.tsx waits for it). */
export const LAND_MS = 2200

/** One class per pocket's angle (degrees), by `${pockets}-${index}`: 37 pockets, or 38 with 00. */
export const angle = styleVariants(
  Object.fromEntries(
    [37, 38].flatMap((n) =>
      Array.from({ length: n }, (_, i) => [`${n}-${i}`, { vars: { '--a': `${(i * 360) / n}deg` } }]),
    ),
  ),
)

const turn = keyframes({ from: { transform: 'rotate(0deg)' }, to: { transform: 'rotate(360deg)' } })
const turnBack = keyframes({ from: { transform: 'rotate(0deg)' }, to: { transform: 'rotate(-360deg)' } })
const land = keyframes({
  from: { transform: 'rotate(0deg)' },
  to: { transform: 'rotate(calc(-1 * var(--a) - 1080deg))' },
})
const ballLand = keyframes({ from: { transform: 'rotate(-1440deg)' }, to: { transform: 'rotate(0deg)' } })
const landing = `${LAND_MS / 1000}s cubic-bezier(0.12, 0.6, 0.25, 1) both`

export const wheel = style({ position: 'relative', width: 'min(100%, 220px)', aspectRatio: '1', flex: 'none' })
/** One of the wheel's drawings, laid over the others; the turning ones turn about their centre. */
export const layer = style({ position: 'absolute', inset: 0, width: '100%', height: '100%', display: 'block' })
export const spinning = style({
  animation: `${turn} 1.4s linear infinite`,
  '@media': { [media.reducedMotion]: { animation: `${pulse} 0.6s ease-in-out infinite alternate` } },
})
export const landed = style({
  transform: 'rotate(calc(-1 * var(--a)))',
  animation: `${land} ${landing}`,
  '@media': { [media.reducedMotion]: { animation: `${fadeIn} 0.4s ease-out` } },
})
export const rest = style({ transform: 'rotate(calc(-1 * var(--a)))' })
export const ballSpinning = style({
  animation: `${turnBack} 0.9s linear infinite`,
  '@media': { [media.reducedMotion]: { animation: 'none', opacity: 0 } },
})
export const ballLanding = style({
  animation: `${ballLand} ${landing}`,
  '@media': { [media.reducedMotion]: { animation: `${fadeIn} 0.4s ease-out` } },
})
export const number = style({ fontSize: '9px', fontWeight: 700, fill: '#fff' })

/** The last results: coloured numbers, newest first. */
export const strip = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: space[1],
  listStyle: 'none',
  margin: 0,
  padding: 0,
  minHeight: '28px',
  fontSize: fontSize.small,
})
export const stripItem = style({
  minWidth: '28px',
  height: '28px',
  display: 'inline-grid',
  placeItems: 'center',
  borderRadius: '50%',
  color: '#fff',
  fontWeight: 700,
  selectors: { '&:first-child': { outline: `2px solid ${vars.color.accent}` } },
})
/** A result's colour, with white text (AA on each); the live table's history links take them too. */
export const stripColour = {
  red: style({ background: '#b3261e', color: '#fff' }),
  black: style({ background: '#1d1f24', border: '1px solid #555b66', color: '#fff' }),
  green: style({ background: '#1e7a46', color: '#fff' }),
}
/** The strip above; the wheel and, beside it (under it on a phone), the spin's result. */
/** The spin's words under the wheel: room for the pocket and a bet's line, kept before the first spin. */
export const words = style({ minHeight: '6.25em', flexBasis: '100%', justifyContent: 'center' })
export const board = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  gap: space[3],
})
globalStyle(`${board} > ol`, { flexBasis: '100%', justifyContent: 'center' })
