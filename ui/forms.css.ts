import { layered, layers } from './layered.ts'
import { fontSize, radius, space, vars } from './theme.css.ts'
import { notice } from './ui.css.ts'

const { globalStyle, style } = layered(layers.components)

// Form styles: the login form's layout, and the field pieces that form-fields.css.ts builds on.
export const form = style({ display: 'grid', gap: space[4] })
export const field = style({ display: 'grid', gap: space[1] })
export const label = style({ fontWeight: 600, fontSize: fontSize.small })
export const input = style({
  width: '100%',
  minHeight: '44px',
  padding: `${space[2]} ${space[3]}`,
  borderRadius: radius.control,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.page,
  color: vars.color.text,
  selectors: {
    '&:hover': { borderColor: vars.color.muted },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
  },
})
export const fieldError = style({ margin: 0, color: vars.color.dangerText, fontSize: fontSize.small })
export const formError = style([notice, { margin: 0, borderColor: vars.color.danger }])
globalStyle(`${formError} > p, ${formError} > ul`, { margin: 0 })
export const formFooter = style({ display: 'grid', gap: space[2], fontSize: fontSize.small })
export const submit = style({ width: '100%' })
