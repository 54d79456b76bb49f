import { layered, layers } from '#ui/layered.ts'
import { fontSize, media, radius, space, vars } from '#ui/theme.css.ts'

const { style, globalStyle } = layered(layers.pages)

/** A content page: the title, its lead, and the text the casino API rendered. */
export const page = style({ paddingTop: space[6], paddingBottom: space[7] })
export const header = style({ maxWidth: '72ch', marginBottom: space[5] })
export const title = style({ fontSize: fontSize.title, margin: `0 0 ${space[3]}` })
export const lead = style({ fontSize: fontSize.large, color: vars.color.muted, margin: 0 })
export const updated = style({ color: vars.color.muted, fontSize: fontSize.small, marginTop: space[5] })

/** The rendered Markdown: readable line length, spaced headings, visible links. */
export const prose = style({ maxWidth: '72ch', lineHeight: 1.65 })
globalStyle(`${prose} h2`, {
  fontSize: fontSize.large,
  margin: `${space[6]} 0 ${space[3]}`,
  color: vars.color.accentText,
})
globalStyle(`${prose} h3, ${prose} h4`, { margin: `${space[5]} 0 ${space[2]}` })
globalStyle(`${prose} > :first-child`, { marginTop: 0 })
globalStyle(`${prose} p, ${prose} ul, ${prose} ol, ${prose} blockquote, ${prose} table`, { margin: `0 0 ${space[4]}` })
globalStyle(`${prose} li + li`, { marginTop: space[2] })
globalStyle(`${prose} a`, { color: vars.color.accentText, textDecoration: 'underline', textUnderlineOffset: '2px' })
globalStyle(`${prose} a:hover`, { color: vars.color.accentTextHover })
globalStyle(`${prose} blockquote`, {
  borderLeft: `3px solid ${vars.color.accent}`,
  paddingLeft: space[4],
  color: vars.color.muted,
})
globalStyle(`${prose} table`, { borderCollapse: 'collapse', width: '100%' })
globalStyle(`${prose} th, ${prose} td`, {
  border: `1px solid ${vars.color.border}`,
  padding: `${space[2]} ${space[3]}`,
})

/** The FAQ: the topics beside the questions (above them on narrow screens). */
export const withSidebar = style({
  display: 'grid',
  gap: space[5],
  '@media': { [media.lg]: { gridTemplateColumns: '260px 1fr', alignItems: 'start' } },
})
export const sidebar = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
  padding: space[4],
  '@media': { [media.lg]: { position: 'sticky', top: space[5] } },
})
export const sidebarTitle = style({
  fontSize: fontSize.small,
  textTransform: 'uppercase',
  letterSpacing: '0.08em',
  color: vars.color.muted,
  margin: `0 0 ${space[3]}`,
})
export const sidebarList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space[1] })
export const sidebarLink = style({
  display: 'block',
  padding: `${space[2]} ${space[3]}`,
  borderRadius: radius.control,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&:hover': { background: vars.color.raised },
    '&[aria-current="page"]': { background: vars.color.raised, color: vars.color.accentText, fontWeight: 700 },
  },
})
export const faqSection = style({ marginBottom: space[6] })
export const sectionTitle = style({ fontSize: fontSize.large, margin: `0 0 ${space[3]}`, color: vars.color.accentText })
export const question = style({
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: space[4],
  marginTop: space[4],
})
export const questionTitle = style({ fontSize: fontSize.body, margin: `0 0 ${space[2]}` })

/** The promotions: cards with a link each. */
export const cards = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: space[4],
  '@media': { [media.md]: { gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' } },
})
export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[3],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
  padding: space[5],
})
export const cardTitle = style({ fontSize: fontSize.large, margin: 0 })
export const cardText = style({ color: vars.color.muted, margin: 0, flexGrow: 1 })
export const backLink = style({ display: 'inline-block', marginBottom: space[4], color: vars.color.accentText })
