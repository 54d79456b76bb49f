import { layered, layers } from '#app/styles/layered.ts'
import { fontSize, media, space, vars } from '#app/styles/theme.css.ts'

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
