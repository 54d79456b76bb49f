import { layered, layers } from '#ui/layered.ts'
import { fontSize, radius, space, vars } from '#ui/theme.css.ts'
import { button } from '#ui/ui.css.ts'

const { style, globalStyle } = layered(layers.pages)

export const intro = style({ margin: `0 0 ${space[3]}`, color: vars.color.muted })
export const summary = style({ margin: `0 0 ${space[4]}`, fontWeight: 600 })
export const filters = style({ display: 'flex', gap: space[2], marginBottom: space[4] })
export const filter = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '36px',
  padding: `0 ${space[3]}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.control,
  color: vars.color.text,
  textDecoration: 'none',
})
export const filterActive = style({ borderColor: vars.color.accent, color: vars.color.accentText, fontWeight: 600 })

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space[2] })
export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: space[3],
  padding: space[3],
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
})
export const unread = style({ borderLeft: `4px solid ${vars.color.accent}` })
export const itemText = style({ flex: 1, minWidth: 0 })
export const subject = style({ fontWeight: 600, overflowWrap: 'anywhere' })
globalStyle(`${unread} ${subject}`, { fontWeight: 800 })
export const badge = style({
  display: 'inline-block',
  marginRight: space[2],
  padding: '0 6px',
  borderRadius: radius.control,
  background: vars.color.accent,
  color: vars.color.onAccent,
  fontSize: fontSize.small,
  fontWeight: 700,
})
export const meta = style({ margin: `${space[1]} 0 0`, color: vars.color.muted, fontSize: fontSize.small })
export const deleteForm = style({ margin: 0 })
export const deleteButton = style([button.secondary, { minHeight: '36px', padding: `0 ${space[3]}` }])
export const back = style({ margin: `0 0 ${space[3]}` })
export const body = style({ margin: `${space[4]} 0`, lineHeight: 1.6, overflowWrap: 'anywhere' })
globalStyle(`${body} p`, { margin: `0 0 ${space[3]}` })
export const plainText = style({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: `0 0 ${space[3]}` })
