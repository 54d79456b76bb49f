import { layered, layers } from '#ui/layered.ts'
import { fontSize, media, space, vars } from '#ui/theme.css.ts'

const { style } = layered(layers.components)

export const fieldset = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: space[2],
  margin: 0,
  padding: space[3],
  display: 'grid',
  gap: space[2],
  minWidth: 0,
})

/** 250 countries: a scrolling box of columns, so the rest of the form stays within reach. */
export const countries = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: space[1],
  gridTemplateColumns: '1fr',
  maxHeight: '22rem',
  overflowY: 'auto',
  '@media': { [media.md]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
})

export const warning = style({ margin: 0, color: vars.color.dangerText, fontSize: fontSize.small })
/** A country's flag beside its name, framed so that white flags show on the dark page. */
export const flag = style({
  display: 'inline-block',
  verticalAlign: 'middle',
  boxShadow: `0 0 0 1px ${vars.color.border}`,
})

/** The heading of a list below a form (the promo codes made so far). */
export const listHeading = style({ marginBlock: `${space[6]} ${space[3]}` })
