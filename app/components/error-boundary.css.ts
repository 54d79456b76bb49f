import { layered, layers } from '#ui/layered.ts'
import { fontSize, space, vars } from '#ui/theme.css.ts'

const { style } = layered(layers.components)

export const status = style({
  margin: 0,
  color: vars.color.accentText,
  fontSize: fontSize.hero,
  fontWeight: 800,
  lineHeight: 1,
})
export const message = style({ fontSize: fontSize.large })
export const reference = style({ color: vars.color.muted, fontSize: fontSize.small })
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: space[3], marginTop: space[4] })
export const stack = style({
  overflow: 'auto',
  maxHeight: '320px',
  padding: space[3],
  background: vars.color.page,
  fontSize: '12px',
  whiteSpace: 'pre-wrap',
})

/** In an area's content slot: the area's layout already draws the frame and the page heading. */
export const panel = style({ display: 'grid', gap: space[2] })
export const panelTitle = style({ fontSize: fontSize.large, margin: 0 })
