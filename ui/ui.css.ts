import { layered, layers } from './layered.ts'
import { fontSize, layout, media, radius, space, vars } from './theme.css.ts'

const { style, styleVariants } = layered(layers.ui)

/** Shared pieces: buttons (also for links that look like buttons), cards, page containers. */
const buttonBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: space[2],
  minHeight: '40px',
  padding: `0 ${space[4]}`,
  borderRadius: radius.control,
  border: '1px solid transparent',
  fontWeight: 600,
  fontSize: fontSize.body,
  lineHeight: 1.2,
  textDecoration: 'none',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  transition: 'background-color 120ms ease, border-color 120ms ease, color 120ms ease',
  selectors: { '&:disabled, &[aria-disabled="true"]': { opacity: 0.6, cursor: 'not-allowed' } },
})

export const button = styleVariants({
  primary: [
    buttonBase,
    {
      background: vars.color.accent,
      color: vars.color.onAccent,
      selectors: {
        '&:hover': { background: vars.color.accentHover, color: vars.color.onAccent },
        '&:active': { background: vars.color.accentPressed, color: vars.color.onAccent },
      },
    },
  ],
  secondary: [
    buttonBase,
    {
      background: 'transparent',
      color: vars.color.text,
      borderColor: vars.color.border,
      selectors: { '&:hover': { borderColor: vars.color.accent, color: vars.color.text } },
    },
  ],
  ghost: [
    buttonBase,
    {
      background: 'transparent',
      color: vars.color.text,
      padding: `0 ${space[2]}`,
      selectors: { '&:hover': { color: vars.color.accentText } },
    },
  ],
})

export const small = style({ minHeight: '32px', padding: `0 ${space[3]}`, fontSize: fontSize.small })

export const container = style({
  width: '100%',
  maxWidth: layout.contentMaxWidth,
  margin: '0 auto',
  padding: `0 ${space[4]}`,
  '@media': { [media.md]: { padding: `0 ${space[5]}` } },
})

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
  padding: space[5],
})

export const narrowPage = style({
  width: '100%',
  maxWidth: '460px',
  margin: `${space[6]} auto`,
  padding: `0 ${space[4]}`,
})

export const pageTitle = style({ fontSize: fontSize.title, margin: `0 0 ${space[4]}` })
export const muted = style({ color: vars.color.muted })

/** A square button holding one symbol (menu ☰, close ×); its size is set where it is used. */
export const iconButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.control,
  background: 'transparent',
  color: vars.color.text,
  fontSize: '22px',
  lineHeight: 1,
  cursor: 'pointer',
})

/** A boxed message beside a form (success or error): a coloured edge on the raised surface. */
export const notice = style({
  padding: `${space[3]} ${space[4]}`,
  borderRadius: radius.control,
  borderWidth: '1px',
  borderStyle: 'solid',
  borderLeftWidth: '4px',
  background: vars.color.raised,
  color: vars.color.text,
})
