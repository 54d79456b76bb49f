import { layered, layers } from '#app/styles/layered.ts'

const { style } = layered(layers.components)

// contain: the table's width never widens the page; a wide table scrolls in here.
export const wrap = style({ overflowX: 'auto', contain: 'inline-size' })
