import { keyframes } from '@vanilla-extract/css'
import { layered, layers } from '#ui/layered.ts'
import { layout, media, radius, space, vars } from '#ui/theme.css.ts'

const { style, styleVariants } = layered(layers.components)

const enter = keyframes({ from: { opacity: 0, transform: 'translateY(8px)' }, to: { opacity: 1, transform: 'none' } })

// Toasts sit at the bottom of the window: at the top they covered what a page shows first (the
// account page's balance card right under the header).
export const region = style({
  position: 'fixed',
  zIndex: 50,
  bottom: space[3],
  right: space[3],
  left: space[3],
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  gap: space[2],
  pointerEvents: 'none',
  '@media': { [media.desktop]: { left: 'auto' } },
})

const base = style({
  pointerEvents: 'auto',
  display: 'flex',
  alignItems: 'flex-start',
  gap: space[3],
  width: '100%',
  maxWidth: layout.toastMaxWidth,
  padding: `${space[3]} ${space[3]} ${space[3]} ${space[4]}`,
  borderRadius: radius.control,
  border: `1px solid ${vars.color.border}`,
  borderLeftWidth: '4px',
  background: vars.color.raised,
  color: vars.color.text,
  boxShadow: vars.shadow.raised,
  animation: `${enter} 160ms ease-out`,
})

export const toast = styleVariants({
  success: [base, { borderLeftColor: vars.color.success }],
  error: [base, { borderLeftColor: vars.color.danger }],
  info: [base, { borderLeftColor: vars.color.info }],
})

export const text = style({ margin: 0, flex: 1 })
export const closeForm = style({ margin: 0 })
export const close = style({
  width: '28px',
  height: '28px',
  padding: 0,
  border: 'none',
  borderRadius: radius.control,
  background: 'transparent',
  color: vars.color.muted,
  fontSize: '20px',
  lineHeight: 1,
  cursor: 'pointer',
  selectors: { '&:hover': { color: vars.color.text, background: vars.color.surface } },
})
export const action = style({ fontWeight: 600, whiteSpace: 'nowrap' })
