import { layered, layers } from '#ui/layered.ts'
import { fontSize, media, radius, space, vars } from '#ui/theme.css.ts'

const { globalStyle, style } = layered(layers.pages)

export const page = style({ width: '100%', maxWidth: '1000px', margin: `${space[6]} auto`, padding: `0 ${space[4]}` })

export const top = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: space[4],
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  marginBottom: space[5],
})
export const heading = style({ fontSize: fontSize.title, margin: 0 })
export const username = style({ margin: `${space[1]} 0 0`, color: vars.color.muted })

export const balance = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
  padding: `${space[3]} ${space[4]}`,
})
export const balanceList = style({ display: 'flex', flexWrap: 'wrap', gap: space[5], margin: 0 })
export const balanceItem = style({ display: 'grid', gap: '2px' })
globalStyle(`${balanceItem} dt`, { color: vars.color.muted, fontSize: fontSize.small })
globalStyle(`${balanceItem} dd`, { margin: 0, fontWeight: 600 })
export const balanceTotal = style({ color: vars.color.accentText, fontSize: fontSize.large, fontWeight: 700 })

export const tabs = style({ borderBottom: `1px solid ${vars.color.border}`, marginBottom: space[5], overflowX: 'auto' })
export const tabList = style({ display: 'flex', gap: space[1], listStyle: 'none', margin: 0, padding: 0 })
export const tab = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  padding: `0 ${space[4]}`,
  color: vars.color.text,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  borderBottom: '3px solid transparent',
  marginBottom: '-1px',
  selectors: {
    '&:hover': { color: vars.color.accentText },
    // The tab row scrolls sideways on narrow screens, which clips anything drawn outside it: the
    // focus ring goes inside the tab instead of around it.
    '&:focus-visible': { outlineOffset: '-3px' },
  },
})
export const tabActive = style({ borderBottomColor: vars.color.accent, color: vars.color.accentText, fontWeight: 600 })

export const panel = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
  padding: space[5],
  '@media': { [media.md]: { padding: space[6] } },
})
export const panelHeading = style({ fontSize: fontSize.large, margin: `0 0 ${space[4]}` })
export const block = style({
  selectors: { '& + &': { marginTop: space[6], paddingTop: space[5], borderTop: `1px solid ${vars.color.border}` } },
})
export const blockHeading = style({
  fontSize: fontSize.body,
  fontWeight: 600,
  color: vars.color.accentText,
  margin: `0 0 ${space[3]}`,
})

export const facts = style({
  display: 'grid',
  gap: space[3],
  margin: `0 0 ${space[3]}`,
  '@media': { [media.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: space[5] } },
})
export const fact = style({ display: 'grid', gap: '2px' })
globalStyle(`${fact} dt`, { color: vars.color.muted, fontSize: fontSize.small })
globalStyle(`${fact} dd`, { margin: 0, fontWeight: 600 })

/** The deposit limits' buttons beside each other (Safer gambling tab). */
export const limitActions = style({ display: 'flex', flexWrap: 'wrap', gap: space[3], margin: `${space[3]} 0` })

/** The sessions page: one block per signed-in session, this device's marked. */
export const sessionList = style({ listStyle: 'none', margin: `${space[4]} 0 0`, padding: 0 })
export const sessionActions = style({
  marginTop: space[5],
  paddingTop: space[5],
  borderTop: `1px solid ${vars.color.border}`,
})
export const sessionBadge = style({
  marginInlineStart: space[2],
  padding: `0 ${space[2]}`,
  border: `1px solid ${vars.color.accent}`,
  borderRadius: radius.card,
  color: vars.color.accentText,
  fontSize: fontSize.small,
  fontWeight: 600,
  whiteSpace: 'nowrap',
})

/** The Security tab: the key to type by hand, and the recovery codes, in a fixed-width face. */
export const secretKey = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: fontSize.body,
  letterSpacing: '0.08em',
  overflowWrap: 'anywhere',
})
export const recoveryCodes = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
  gap: space[2],
  listStyle: 'none',
  margin: `${space[3]} 0`,
  padding: space[3],
  border: `1px solid ${vars.color.accent}`,
  borderRadius: radius.card,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
})
