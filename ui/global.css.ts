import { layered, layers } from './layered.ts'
import { font, fontSize, layout, media, vars } from './theme.css.ts'

const { globalStyle } = layered(layers.base)

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' })

globalStyle('html', {
  colorScheme: 'dark',
  WebkitTextSizeAdjust: '100%',
  scrollPaddingTop: layout.mobileHeaderHeight,
  '@media': { [media.desktop]: { scrollPaddingTop: layout.headerHeight } },
})
globalStyle('html.light', { colorScheme: 'light' })

globalStyle('body', {
  margin: 0,
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.page,
  color: vars.color.text,
  fontFamily: font.body,
  fontSize: fontSize.body,
  lineHeight: 1.5,
  '@media': { [media.wide]: { minWidth: layout.bodyMinWidth } },
})

globalStyle('h1, h2, h3, h4', { lineHeight: 1.2, margin: '0 0 0.5em' })
globalStyle('p', { margin: '0 0 1em' })
globalStyle('img, svg', { display: 'block', maxWidth: '100%' })
globalStyle('a', { color: vars.color.accentText, textUnderlineOffset: '0.15em' })
globalStyle('a:hover', { color: vars.color.accentTextHover })
globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' })

// One visible focus ring everywhere, for keyboard users.
globalStyle(':focus-visible', { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px', borderRadius: '2px' })
globalStyle(':focus:not(:focus-visible)', { outline: 'none' })

globalStyle('summary', { cursor: 'pointer' })
globalStyle('summary::-webkit-details-marker', { display: 'none' })

globalStyle('*, *::before, *::after', {
  '@media': {
    [media.reducedMotion]: {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      scrollBehavior: 'auto !important' as 'auto',
    },
  },
})

globalStyle('.visually-hidden', {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
})
