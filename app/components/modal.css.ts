import { keyframes } from '@vanilla-extract/css'
import { layered, layers } from '#ui/layered.ts'
import { fontSize, radius, space, vars } from '#ui/theme.css.ts'
import { iconButton } from '#ui/ui.css.ts'

const { style } = layered(layers.components)

const rise = keyframes({ from: { opacity: 0, transform: 'translateY(12px)' }, to: { opacity: 1, transform: 'none' } })

export const dialog = style({
  width: 'min(420px, calc(100vw - 32px))',
  maxHeight: 'calc(100dvh - 32px)',
  padding: space[5],
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.raised,
  selectors: {
    '&[open]': { animation: `${rise} 160ms ease-out` },
    '&::backdrop': { background: vars.color.overlay },
  },
})
export const head = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  marginBottom: space[4],
})
export const title = style({ margin: 0, fontSize: fontSize.large })
export const close = style([
  iconButton,
  { width: '36px', height: '36px', selectors: { '&:hover': { borderColor: vars.color.accent } } },
])
