import { layered, layers } from '#ui/layered.ts'

const { style } = layered(layers.components)

// contain: the table's width never widens the page; a wide table scrolls in here.
// Positioned, so that text hidden for screen readers inside a row (an absolutely positioned
// .visually-hidden) is clipped by the scroller, not laid out at the row's far end where it
// widened the whole page on a phone.
export const wrap = style({ overflowX: 'auto', contain: 'inline-size', position: 'relative' })
