import { layered, layers } from '#ui/layered.ts'
import { fontSize, media, radius, space, vars } from '#ui/theme.css.ts'
import { button } from '#ui/ui.css.ts'

const { globalStyle, style, styleVariants } = layered(layers.pages)

// The roulette betting table (roulette-table.ts places its spots). Each box and line spot carries
// its place as custom properties, set by classes (the site's CSP allows no style attributes): --l
// and --ls (long axis track and span), --s, --ss (short axis, half rows) and --sr (the short
// track counted from the other side); a line spot --u and --v (its point, as fractions of the
// numbers' area, in long and short units). A narrow frame lays the long axis down the page,
// the 1-2-3 street on top; from the small breakpoint it runs across, as on a casino's table.

/** One class per value of a custom property: place.l[7] sets --l: 7. */
const setting = (name: string, values: number[], scale = 1) =>
  styleVariants(Object.fromEntries(values.map((v) => [String(v), { vars: { [name]: String(v / scale) } }])))
const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1)
export const place = {
  l: setting('--l', upTo(14)),
  ls: setting('--ls', [1, 2, 4, 13]),
  s: setting('--s', upTo(8)),
  ss: setting('--ss', [1, 2, 3, 6]),
  sr: setting('--sr', upTo(8)),
  u: setting(
    '--u',
    upTo(26).map((k) => k / 2),
    13,
  ),
  v: setting('--v', [0.5, 1, 1.25, 1.5, 1.75, 2, 2.5, 3], 3),
}

export const wrap = style({ flexBasis: '100%', display: 'grid', gap: space[3], minWidth: 0 })

export const table = style({
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
  display: 'grid',
  gap: '2px',
  gridTemplateColumns: '44px 44px repeat(6, 1fr)',
  gridTemplateRows: 'repeat(14, 24px)',
  userSelect: 'none',
  '@media': {
    [media.sm]: { gridTemplateColumns: 'repeat(14, 1fr)', gridTemplateRows: 'repeat(6, 22px) 38px 38px' },
  },
})

const placed = {
  gridRow: 'var(--l) / span var(--ls)',
  gridColumn: 'var(--sr) / span var(--ss)',
  '@media': { [media.sm]: { gridColumn: 'var(--l) / span var(--ls)', gridRow: 'var(--s) / span var(--ss)' } },
} as const

const boxBase = style({
  ...placed,
  position: 'relative',
  display: 'grid',
  placeItems: 'center',
  minWidth: 0,
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: '3px',
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontSize: fontSize.small,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: { '&:hover': { borderColor: vars.color.accent } },
})
// White on these three reads at 5:1 or more (the wheel's own colours, games.css.ts pocketColour).
export const box = styleVariants({
  red: [boxBase, { background: '#b3261e', color: '#fff' }],
  black: [boxBase, { background: '#1d1f24', color: '#fff' }],
  green: [boxBase, { background: '#1e7a46', color: '#fff' }],
  outside: [boxBase, { fontWeight: 400 }],
})

/** The numbers' area, over which the line spots are laid. */
export const lines = style({ ...placed, position: 'relative', pointerEvents: 'none', zIndex: 1 })

export const lineSpot = style({
  position: 'absolute',
  top: 'calc(var(--u) * 100%)',
  left: 'calc((1 - var(--v)) * 100%)',
  width: '16px',
  height: '16px',
  transform: 'translate(-50%, -50%)',
  padding: 0,
  border: 0,
  borderRadius: '50%',
  background: 'transparent',
  pointerEvents: 'auto',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: 'rgba(212, 175, 55, 0.45)' },
  },
  '@media': { [media.sm]: { left: 'calc(var(--u) * 100%)', top: 'calc(var(--v) * 100%)' } },
})

/** The place of a box's chips, over the box. */
export const onBox = style({ ...placed, position: 'relative', pointerEvents: 'none', zIndex: 2 })

/** The chips on a spot: a gold disc with their value. */
export const chipMark = style({
  position: 'absolute',
  display: 'grid',
  placeItems: 'center',
  minWidth: '22px',
  height: '22px',
  padding: '0 3px',
  borderRadius: '11px',
  background: vars.color.accent,
  color: vars.color.onAccent,
  border: '2px dashed #fff',
  fontSize: '11px',
  fontWeight: 700,
  lineHeight: 1,
  pointerEvents: 'none',
})
globalStyle(`:is(${lineSpot}, ${onBox}) > ${chipMark}`, { top: '50%', left: '50%', transform: 'translate(-50%, -50%)' })

export const swatch = styleVariants({
  red: { display: 'inline-block', width: '14px', height: '14px', transform: 'rotate(45deg)', background: '#d93a30' },
  black: {
    display: 'inline-block',
    width: '14px',
    height: '14px',
    transform: 'rotate(45deg)',
    background: '#000',
    outline: '1px solid #fff',
  },
})

// A narrow frame keeps the chips on one line that scrolls sideways, so the table stays in view.
export const chipPicker = style({
  display: 'flex',
  gap: space[2],
  overflowX: 'auto',
  border: 0,
  padding: `${space[1]} 2px`,
  margin: 0,
  minWidth: 0,
  '@media': { [media.sm]: { flexWrap: 'wrap', overflowX: 'visible' } },
})
export const chipOption = style({
  display: 'grid',
  placeItems: 'center',
  minWidth: '40px',
  height: '40px',
  padding: `0 ${space[1]}`,
  borderRadius: '22px',
  border: `2px dashed ${vars.color.muted}`,
  background: vars.color.raised,
  color: vars.color.text,
  fontSize: fontSize.small,
  fontWeight: 700,
  cursor: 'pointer',
})
/** A chip value's radio: laid unseen over its label, which draws it. */
export const chipSlot = style({ position: 'relative', flexShrink: 0 })
export const chipInput = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  margin: 0,
  opacity: 0,
  cursor: 'pointer',
})
globalStyle(`${chipInput}:checked + ${chipOption}`, {
  background: vars.color.accent,
  color: vars.color.onAccent,
  borderColor: '#fff',
})
globalStyle(`${chipInput}:focus-visible + ${chipOption}`, {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: '2px',
})

export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space[2] })
export const actionButton = style([button.secondary, { minHeight: '40px', padding: `0 ${space[3]}` }])
export const total = style({ marginRight: 'auto', fontWeight: 600, borderRadius: radius.control })
