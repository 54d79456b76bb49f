import { layered, layers } from './layered.ts'
import { fontSize, media, space, vars } from './theme.css.ts'
import { button, notice, card as uiCard } from './ui.css.ts'
import { fieldError, input } from './forms.css.ts'

const { globalStyle, style } = layered(layers.components)

// The look of forms.tsx and of the account pages. The base pieces (form, field, label, input,
// form error) are those of forms.css.ts, shared with the login form.
export { field, form, formError, input, label } from './forms.css.ts'

export const errorList = style([fieldError, { listStyle: 'none', padding: 0, display: 'grid', gap: space[1] }])

export const help = style({ margin: 0, color: vars.color.muted, fontSize: fontSize.small })
export const note = style({ margin: 0, color: vars.color.muted, fontSize: fontSize.small })
export const ok = style({ color: vars.color.successText })
export const bad = style({ color: vars.color.dangerText })

export const select = style([
  input,
  {
    appearance: 'none',
    paddingRight: space[6],
    backgroundImage: `linear-gradient(45deg, transparent 50%, currentColor 50%), linear-gradient(135deg, currentColor 50%, transparent 50%)`,
    backgroundPosition: 'calc(100% - 18px) 50%, calc(100% - 13px) 50%',
    backgroundSize: '5px 5px, 5px 5px',
    backgroundRepeat: 'no-repeat',
  },
])

export const checkField = style({ display: 'grid', gap: space[1] })
export const checkRow = style({ display: 'inline-flex', alignItems: 'flex-start', gap: space[2] })
export const checkbox = style({
  flex: 'none',
  width: '20px',
  height: '20px',
  margin: '2px 0 0',
  accentColor: vars.color.accent,
  cursor: 'pointer',
  selectors: { '&[aria-invalid="true"]': { outline: `2px solid ${vars.color.danger}`, outlineOffset: '1px' } },
})
export const checkLabel = style({ cursor: 'pointer' })

export const radioGroup = style({ border: 0, margin: 0, padding: 0, minWidth: 0, display: 'grid', gap: space[1] })
export const radioRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: space[5],
  minHeight: '44px',
  alignItems: 'center',
})

export const formStatus = style([notice, { borderColor: vars.color.success, marginBottom: space[4] }])
globalStyle(`${formStatus} p:last-child`, { marginBottom: 0 })

export const submitButton = style([
  button.primary,
  {
    minWidth: '200px',
    minHeight: '44px',
    selectors: { '&[aria-busy="true"]': { cursor: 'progress' } },
  },
])

// Page frames
export const page = style({ width: '100%', maxWidth: '1000px', margin: `${space[6]} auto`, padding: `0 ${space[4]}` })
export const card = style([
  uiCard,
  { width: '100%', maxWidth: '520px', margin: '0 auto', '@media': { [media.md]: { padding: space[6] } } },
])
export const wideCard = style([uiCard, { '@media': { [media.md]: { padding: space[6] } } }])
export const heading = style({ fontSize: fontSize.title, margin: `0 0 ${space[3]}` })
export const intro = style({ color: vars.color.muted })
export const links = style({ margin: `${space[4]} 0 0`, fontSize: fontSize.small })
export const narrow = style({ maxWidth: '460px' })

export const section = style({
  border: 0,
  borderTop: `1px solid ${vars.color.border}`,
  margin: 0,
  padding: `${space[4]} 0 0`,
  minWidth: 0,
  display: 'grid',
  gap: space[3],
})
export const sectionTitle = style({
  padding: 0,
  marginBottom: space[3],
  fontSize: fontSize.large,
  fontWeight: 600,
  color: vars.color.accentText,
})
export const grid = style({
  display: 'grid',
  gap: space[4],
  alignItems: 'start',
  '@media': { [media.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: space[5] } },
})
export const full = style({ '@media': { [media.md]: { gridColumn: '1 / -1' } } })
export const currency = style({
  margin: 0,
  display: 'flex',
  gap: space[2],
  alignItems: 'baseline',
  color: vars.color.muted,
})
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: space[3],
  alignItems: 'center',
  marginTop: space[2],
})

// The password input and its "Show"/"Hide" toggle side by side (data-shown while the password shows).
export const passwordRow = style({ display: 'flex', gap: space[2], alignItems: 'stretch' })
export const passwordToggle = style([
  button.secondary,
  {
    minHeight: '44px',
    flexShrink: 0,
    selectors: { '&[data-shown]': { borderColor: vars.color.accent, color: vars.color.accentText } },
  },
])

// The error summary at the top of a form after a failed submit.
export const summary = style([notice, { borderColor: vars.color.danger, borderLeftColor: vars.color.danger }])
export const summaryHeading = style({ fontSize: fontSize.body, margin: `0 0 ${space[2]}` })
export const summaryList = style({ margin: 0, paddingLeft: space[5], display: 'grid', gap: space[1] })
globalStyle(`${summaryList} a`, { color: vars.color.dangerText })

export const textarea = style({ minHeight: '8rem', paddingBlock: space[2], resize: 'vertical', lineHeight: 1.5 })
