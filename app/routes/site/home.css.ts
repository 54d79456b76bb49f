import { layered, layers } from '#ui/layered.ts'
import { fontSize, media, radius, space, vars } from '#ui/theme.css.ts'

const { globalStyle, style } = layered(layers.pages)

export const hero = style({
  position: 'relative',
  overflow: 'hidden',
  borderBottom: `1px solid ${vars.color.border}`,
  background: `radial-gradient(120% 140% at 85% 0%, color-mix(in srgb, ${vars.color.accent} 22%, transparent) 0%, transparent 55%), ${vars.color.surface}`,
})
export const heroInner = style({
  display: 'grid',
  gap: space[5],
  alignItems: 'center',
  paddingTop: space[7],
  paddingBottom: space[7],
  '@media': { [media.lg]: { gridTemplateColumns: '3fr 2fr', paddingTop: '72px', paddingBottom: '72px' } },
})
export const eyebrow = style({
  margin: `0 0 ${space[3]}`,
  color: vars.color.accentText,
  fontWeight: 700,
  letterSpacing: '0.12em',
  textTransform: 'uppercase',
  fontSize: fontSize.small,
})
export const heading = style({
  fontSize: fontSize.title,
  margin: `0 0 ${space[4]}`,
  '@media': { [media.md]: { fontSize: fontSize.hero } },
})
export const lead = style({
  fontSize: fontSize.large,
  color: vars.color.muted,
  maxWidth: '60ch',
  margin: `0 0 ${space[5]}`,
})
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: space[3] })
export const welcome = style({ fontWeight: 600, color: vars.color.text })
export const art = style({
  display: 'none',
  justifySelf: 'center',
  color: vars.color.accent,
  '@media': { [media.lg]: { display: 'block' } },
})

export const section = style({ paddingTop: space[7] })
export const sectionTitle = style({ fontSize: fontSize.large, margin: `0 0 ${space[4]}` })
export const blocks = style({
  display: 'grid',
  gap: space[4],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    [media.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.xl]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
})
export const block = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[3],
  padding: space[5],
  borderRadius: radius.card,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
})
export const blockIcon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '48px',
  height: '48px',
  borderRadius: '50%',
  background: vars.color.raised,
  color: vars.color.accentText,
})
export const blockTitle = style({ fontSize: fontSize.large, margin: 0 })
export const blockText = style({ margin: 0, color: vars.color.muted })

// The game rows: a horizontal strip of thumbnails with their names, each one link.
export const gameRow = style({
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: 'minmax(150px, 180px)',
  gap: space[4],
  overflowX: 'auto',
  listStyle: 'none',
  margin: 0,
  padding: `0 0 ${space[2]}`,
})
export const gameLink = style({
  display: 'grid',
  gap: space[2],
  fontWeight: 600,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
})
globalStyle(`${gameLink} img`, {
  width: '100%',
  height: 'auto',
  aspectRatio: '4 / 3',
  borderRadius: radius.card,
  background: vars.color.raised,
})
/** The carousel: one slide per view, scrolled and snapped by the browser (no script). */
export const slides = style({
  listStyle: 'none',
  margin: `${space[5]} 0 0`,
  padding: 0,
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: '100%',
  gap: space[4],
  overflowX: 'auto',
  scrollSnapType: 'x mandatory',
  scrollBehavior: 'smooth',
  overscrollBehaviorX: 'contain',
  '@media': { [media.md]: { gridAutoColumns: '85%' } },
})
export const slide = style({ scrollSnapAlign: 'start' })
export const slideLink = style({
  position: 'relative',
  display: 'block',
  borderRadius: radius.card,
  overflow: 'hidden',
  border: `1px solid ${vars.color.border}`,
  color: '#f3f1ea',
  textDecoration: 'none',
})
export const slideImage = style({
  display: 'block',
  width: '100%',
  height: 'auto',
  aspectRatio: '3 / 1',
  objectFit: 'cover',
})
export const slideText = style({
  position: 'absolute',
  insetInline: 0,
  bottom: 0,
  display: 'grid',
  gap: space[1],
  padding: space[4],
  background: 'linear-gradient(transparent, rgba(13, 14, 18, 0.92) 45%)',
})
export const slideTitle = style({ fontSize: fontSize.large })
export const blockLink = style({ marginTop: space[3], color: vars.color.accentText, fontWeight: 600 })
