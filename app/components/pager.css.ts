import { layered, layers } from '#ui/layered.ts'
import { media, space } from '#ui/theme.css.ts'

const { style } = layered(layers.components)

export const pager = style({
  display: 'flex',
  gap: space[3],
  alignItems: 'center',
  justifyContent: 'space-between',
  marginTop: space[4],
  '@media': { [media.md]: { justifyContent: 'flex-start' } },
})
