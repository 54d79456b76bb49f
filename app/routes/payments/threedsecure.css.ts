import { layered, layers } from '#ui/layered.ts'
import { space, vars } from '#ui/theme.css.ts'
import { button, notice } from '#ui/ui.css.ts'

const { globalStyle, style } = layered(layers.pages)

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${space[1]} ${space[4]}`,
  margin: `${space[4]} 0`,
})
globalStyle(`${details} dt`, { color: vars.color.muted })
globalStyle(`${details} dd`, { margin: 0, fontWeight: 600 })
export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: space[3], marginTop: space[4] })
export const failButton = style([button.secondary, { minHeight: '44px', minWidth: '160px' }])
export const failed = style([notice, { borderColor: vars.color.danger, marginBottom: space[4] }])
