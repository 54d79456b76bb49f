import { layered, layers } from '#ui/layered.ts'
import { fontSize, media, radius, space, vars } from '#ui/theme.css.ts'
import { button } from '#ui/ui.css.ts'

const { globalStyle, style } = layered(layers.pages)

// The money tabs of the account area: deposit methods, crypto address, history table, filters.

export const methodList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: space[2],
  listStyle: 'none',
  margin: `0 0 ${space[5]}`,
  padding: 0,
})
export const method = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  padding: `0 ${space[4]}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { '&:hover': { borderColor: vars.color.accent } },
})
export const methodActive = style({ borderColor: vars.color.accent, color: vars.color.accentText, fontWeight: 600 })

export const row = style({
  display: 'grid',
  gap: space[3],
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
})

export const radioLabel = style({ display: 'inline-flex', alignItems: 'center', gap: space[2], minHeight: '44px' })
export const secondaryButton = style([button.secondary, { minHeight: '44px' }])
export const smallButton = style([button.secondary, { minHeight: '36px', padding: `0 ${space[3]}` }])

export const details = style({
  display: 'grid',
  // A long label ('Hash de la semilla del servidor') wraps within half the width instead of
  // leaving its value a column a few letters wide on a phone.
  gridTemplateColumns: 'fit-content(50%) minmax(0, 1fr)',
  gap: `${space[1]} ${space[4]}`,
  margin: `${space[3]} 0`,
})
globalStyle(`${details} dt`, { color: vars.color.muted })
globalStyle(`${details} dd`, { margin: 0, overflowWrap: 'anywhere' })

/** An audit row's full record: its JSON wraps within the cell instead of widening the table. */
export const rawRecord = style({
  margin: `${space[2]} 0 0`,
  fontSize: fontSize.small,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
})

export const warning = style({
  borderLeft: `3px solid ${vars.color.accent}`,
  paddingLeft: space[3],
  color: vars.color.text,
})
export const wallet = style({ display: 'grid', gap: space[3], marginTop: space[5], justifyItems: 'start' })
export const qr = style({ width: '200px', height: '200px', background: '#fff', borderRadius: radius.card })

export const address = style({ margin: 0, fontSize: fontSize.small, overflowWrap: 'anywhere' })

export const filters = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: space[3],
  alignItems: 'flex-end',
  marginBottom: space[4],
})
export const filterField = style({ display: 'grid', gap: space[1], minWidth: '140px' })

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: fontSize.small })
globalStyle(`${table} th, ${table} td`, {
  textAlign: 'left',
  padding: `${space[2]} ${space[3]}`,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
})
globalStyle(`${table} th`, { color: vars.color.muted, fontWeight: 600 })
export const amountCell = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums' })
export const positive = style({ color: vars.color.successText })
/** Under a win: the part held by the net winnings limit. */
export const heldNote = style({ display: 'block', color: vars.color.text, fontWeight: 400 })

export const status = style({
  display: 'inline-block',
  padding: `2px ${space[2]}`,
  borderRadius: radius.card,
  border: `1px solid ${vars.color.border}`,
})

// The admin's money pages reuse these, with a card per item waiting for a decision.
export const adminItem = style({
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: space[4],
  marginTop: space[4],
})
export const adminItemHeading = style({
  fontSize: fontSize.body,
  margin: `0 0 ${space[2]}`,
  color: vars.color.accentText,
})
export const adminForms = style({
  display: 'grid',
  gap: space[4],
  // Side by side, a lone button lines up with the other form's button instead of growing to the
  // height of its reason field.
  alignItems: 'end',
  '@media': { [media.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
})

/** A bonus's wagering progress: the full width of its card, the part done in the accent colour. */
export const progress = style({
  display: 'block',
  inlineSize: '100%',
  blockSize: space[3],
  marginBlockStart: space[2],
  appearance: 'none',
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.control,
  background: vars.color.page,
  overflow: 'hidden',
  accentColor: vars.color.accent,
})
globalStyle(`${progress}::-webkit-progress-bar`, { background: vars.color.page })
globalStyle(`${progress}::-webkit-progress-value`, { background: vars.color.accent })
globalStyle(`${progress}::-moz-progress-bar`, { background: vars.color.accent })

/** An identity document under review (/admin/kyc): as large as fits, on white like a scan. */
export const documentImage = style({
  display: 'block',
  maxWidth: '100%',
  maxHeight: '420px',
  margin: `${space[3]} 0`,
  background: '#fff',
  borderRadius: radius.card,
})
