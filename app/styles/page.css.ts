import { layered, layers } from '#ui/layered.ts'
import { fontSize, space, vars } from '#ui/theme.css.ts'

const { style } = layered(layers.pages)

/** Small shared styles of the simple pages (login, logout, restriction, not found). */
export const intro = style({ color: vars.color.muted, margin: `0 0 ${space[5]}` })
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: space[3], marginTop: space[4] })
export const big = style({ fontSize: fontSize.large })
export const detail = style({ color: vars.color.muted, fontSize: fontSize.small })
