import { keyframes } from '@vanilla-extract/css'
import { layered, layers } from '#ui/layered.ts'
import { breakpoints, fontSize, layout, media, radius, space, vars } from '#ui/theme.css.ts'
import { iconButton } from '#ui/ui.css.ts'

const { globalStyle, style } = layered(layers.components)

// ---- skip link --------------------------------------------------------------------------
export const skipLink = style({
  position: 'absolute',
  left: space[2],
  top: '-100px',
  zIndex: 100,
  padding: `${space[2]} ${space[3]}`,
  background: vars.color.accent,
  color: vars.color.onAccent,
  borderRadius: radius.control,
  selectors: { '&:focus': { top: space[2], color: vars.color.onAccent } },
})

// ---- header -----------------------------------------------------------------------------
export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 20,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': {
    [media.desktop]: { position: 'fixed', left: 0, right: 0, height: layout.headerHeight },
  },
})

export const headerInner = style({
  display: 'flex',
  alignItems: 'center',
  gap: space[3],
  height: layout.mobileHeaderHeight,
  width: '100%',
  maxWidth: layout.contentMaxWidth,
  margin: '0 auto',
  padding: `0 ${space[3]}`,
  '@media': { [media.desktop]: { height: layout.headerHeight, padding: `0 ${space[4]}` } },
})

export const desktopOnly = style({ '@media': { [media.mobile]: { display: 'none !important' } } })
export const mobileOnly = style({ '@media': { [media.desktop]: { display: 'none !important' } } })
// A logged-in player's header holds more (balance, mailbox, Deposit, Log out): its full
// navigation needs the wide layout, and below it the side bar holds the navigation.
export const wideOnly = style({
  '@media': { [`screen and (max-width: ${breakpoints.productLg - 0.02}px)`]: { display: 'none !important' } },
})
export const narrowOnly = style({ '@media': { [media.wide]: { display: 'none !important' } } })

export const spacer = style({ flex: 1 })

export const logo = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: space[2],
  color: vars.color.accentText,
  textDecoration: 'none',
  fontWeight: 800,
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
  fontSize: fontSize.body,
  selectors: { '&:hover': { color: vars.color.accentTextHover } },
})
export const logoMark = style({ flexShrink: 0, color: vars.color.accent, vars: { '--logo-inner': vars.color.surface } })
// On a phone the header holds the menu, the logo, "Log in" and "Register": the name gives way to
// the mark (the link keeps its accessible name).
export const logoText = style({
  lineHeight: 1,
  '@media': { [`screen and (max-width: ${breakpoints.sm - 0.02}px)`]: { display: 'none' } },
})

export const nav = style({ display: 'flex', alignItems: 'center', gap: space[1], marginLeft: space[4] })
export const navLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  height: '32px',
  padding: `0 ${space[2]}`,
  borderRadius: radius.control,
  color: vars.color.text,
  textDecoration: 'none',
  fontSize: fontSize.small,
  fontWeight: 600,
  // "Casino en vivo" on two lines would make the header taller than its bar.
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { color: vars.color.accentText, background: vars.color.raised },
    '&[aria-current="page"]': { color: vars.color.accentText, boxShadow: `inset 0 -2px 0 ${vars.color.accent}` },
  },
})

export const headerActions = style({ display: 'flex', alignItems: 'center', gap: space[2] })

export const balance = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'baseline',
  gap: space[1],
  padding: `0 ${space[2]}`,
  color: vars.color.accentText,
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
  fontSize: fontSize.small,
  whiteSpace: 'nowrap',
})
export const balanceLink = style({
  textDecoration: 'none',
  borderRadius: radius.control,
  selectors: { '&:hover': { background: vars.color.raised } },
})
// On a phone the word "Balance" gives way, so that the mailbox and Deposit fit beside the amount,
// and in the wide header too, where the full navigation takes its room (the link's accessible
// name still says what it is).
export const balanceLabel = style({
  color: vars.color.muted,
  fontWeight: 400,
  '@media': {
    [`screen and (max-width: ${breakpoints.sm - 0.02}px)`]: { display: 'none' },
    [media.wide]: { display: 'none' },
  },
})
/** Real money and bonus, under the total while the balance is hovered or focused. */
export const balanceDetail = style({
  display: 'none',
  position: 'absolute',
  top: 'calc(100% + 6px)',
  right: 0,
  zIndex: 20,
  padding: `${space[1]} ${space[2]}`,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.control,
  color: vars.color.text,
  fontWeight: 400,
})
globalStyle(`${balanceLink}:hover ${balanceDetail}, ${balanceLink}:focus ${balanceDetail}`, {
  display: 'block',
})

export const inlineForm = style({ display: 'inline-flex', margin: 0 })

// ---- dropdown (language) ----------------------------------------------------------------
export const dropdown = style({ position: 'relative' })
export const dropdownSummary = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: space[2],
  height: '32px',
  padding: `0 ${space[2]}`,
  borderRadius: radius.control,
  border: `1px solid ${vars.color.border}`,
  fontSize: fontSize.small,
  fontWeight: 600,
  listStyle: 'none',
  userSelect: 'none',
  selectors: { '&:hover': { borderColor: vars.color.accent } },
})
export const caret = style({
  width: 0,
  height: 0,
  borderLeft: '4px solid transparent',
  borderRight: '4px solid transparent',
  borderTop: `5px solid currentColor`,
  selectors: { [`${dropdown}[open] &`]: { transform: 'rotate(180deg)' } },
})
export const dropdownMenu = style({
  position: 'absolute',
  right: 0,
  top: 'calc(100% + 6px)',
  zIndex: 30,
  minWidth: '180px',
  maxHeight: layout.dropdownMaxHeight,
  overflowY: 'auto',
  margin: 0,
  padding: space[1],
  listStyle: 'none',
  background: vars.color.raised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.control,
  boxShadow: vars.shadow.raised,
})
export const dropdownMenuInline = style({ position: 'static', boxShadow: 'none', marginTop: space[2] })
export const dropdownItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: space[2],
  padding: `${space[2]} ${space[3]}`,
  borderRadius: radius.control,
  color: vars.color.text,
  textDecoration: 'none',
  fontSize: fontSize.small,
  selectors: {
    '&:hover, &:focus-visible': { background: vars.color.surface, color: vars.color.accentText },
    '&[aria-current="true"]': { fontWeight: 700, color: vars.color.accentText },
  },
})
export const flag = style({ width: '20px', height: '15px', borderRadius: '2px', objectFit: 'cover', flexShrink: 0 })

// ---- theme toggle -----------------------------------------------------------------------
export const themeButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '32px',
  height: '32px',
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.control,
  background: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  selectors: { '&:hover': { borderColor: vars.color.accent, color: vars.color.accentText } },
})
export const themeButtonWide = style({ width: 'auto', padding: `0 ${space[3]}`, gap: space[2], height: '40px' })

// ---- mobile menu (side bar) ---------------------------------------------------------------
export const menuButton = style([iconButton, { width: '40px', height: '40px', listStyle: 'none' }])

const slideIn = keyframes({ from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(0)' } })

export const drawerDetails = style({})
/** Without JavaScript: the open <details> shows a fixed panel; the summary stays on top to close it. */
export const drawerPanel = style({
  position: 'fixed',
  top: layout.mobileHeaderHeight,
  left: 0,
  bottom: 0,
  zIndex: 40,
  width: layout.sidebarWidth,
  overflowY: 'auto',
  padding: space[4],
  background: vars.color.surface,
  borderRight: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.raised,
  animation: `${slideIn} 180ms ease-out`,
})
export const drawerDialog = style({
  position: 'fixed',
  inset: '0 auto 0 0',
  width: layout.sidebarWidth,
  maxWidth: layout.sidebarWidth,
  height: '100dvh',
  maxHeight: '100dvh',
  margin: 0,
  padding: space[4],
  border: 'none',
  borderRight: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  overflowY: 'auto',
  selectors: {
    '&[open]': { animation: `${slideIn} 180ms ease-out` },
    '&::backdrop': { background: vars.color.overlay },
  },
})
export const drawerHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  marginBottom: space[4],
})
export const drawerNav = style({ display: 'flex', flexDirection: 'column', gap: space[1] })
export const drawerLink = style([navLink, { height: '44px', fontSize: fontSize.body, padding: `0 ${space[3]}` }])
export const drawerSection = style({
  marginTop: space[4],
  paddingTop: space[4],
  borderTop: `1px solid ${vars.color.border}`,
  display: 'flex',
  flexDirection: 'column',
  gap: space[3],
})
export const drawerUser = style({ color: vars.color.muted, fontSize: fontSize.small, margin: 0 })

// ---- main and footer ----------------------------------------------------------------------
export const main = style({
  flex: 1,
  width: '100%',
  '@media': { [media.desktop]: { paddingTop: layout.headerHeight } },
})
/** The restriction page's main: below the same fixed desktop header, without the navigation. */
export const mainBare = style({
  flex: 1,
  width: '100%',
  '@media': { [media.desktop]: { paddingTop: layout.headerHeight } },
})

export const footer = style({
  marginTop: space[7],
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.muted,
  fontSize: fontSize.small,
})
export const footerInner = style({
  display: 'grid',
  gap: space[5],
  padding: `${space[6]} ${space[4]}`,
  maxWidth: layout.contentMaxWidth,
  margin: '0 auto',
  '@media': { [media.md]: { gridTemplateColumns: '1fr 1fr 2fr' } },
})
export const footerTitle = style({ color: vars.color.text, fontSize: fontSize.body, margin: `0 0 ${space[2]}` })
export const footerList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space[1] })
export const footerBottom = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: space[3],
  padding: `${space[4]}`,
  maxWidth: layout.contentMaxWidth,
  margin: '0 auto',
  borderTop: `1px solid ${vars.color.border}`,
})
export const adultsMark = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '40px',
  height: '40px',
  borderRadius: '50%',
  border: `2px solid ${vars.color.dangerText}`,
  color: vars.color.text,
  fontWeight: 800,
  fontSize: fontSize.small,
  flexShrink: 0,
})
export const responsible = style({ display: 'flex', gap: space[3], alignItems: 'flex-start' })

globalStyle(`${footer} a`, { color: vars.color.text })
globalStyle(`${footer} a:hover`, { color: vars.color.accentText })

export const notice = style({
  maxWidth: layout.contentMaxWidth,
  margin: `${space[3]} auto 0`,
  padding: `${space[2]} ${space[4]}`,
  borderLeft: `4px solid ${vars.color.info}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: fontSize.small,
})

// ---- the mailbox link and its unread count ------------------------------------------------
export const mailboxLink = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '40px',
  minHeight: '40px',
  color: vars.color.text,
  borderRadius: radius.control,
  selectors: { '&:hover': { background: vars.color.raised } },
})
export const mailboxIcon = style({ display: 'block' })
export const mailboxBadge = style({
  position: 'absolute',
  top: '2px',
  right: '0',
  minWidth: '18px',
  height: '18px',
  padding: '0 4px',
  borderRadius: '9px',
  background: vars.color.accent,
  color: vars.color.onAccent,
  fontSize: '11px',
  fontWeight: 700,
  lineHeight: '18px',
  textAlign: 'center',
})
