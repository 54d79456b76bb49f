import { layered, layers } from '#app/styles/layered.ts'
import { media, space } from '#app/styles/theme.css.ts'

const { style } = layered(layers.components)

export const pager = style({
  display: 'flex',
  gap: space[3],
  alignItems: 'center',
  justifyContent: 'space-between',
  marginTop: space[4],
  '@media': { [media.md]: { justifyContent: 'flex-start' } },
})
