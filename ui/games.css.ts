import { keyframes } from '@vanilla-extract/css'
import { layered, layers } from '#ui/layered.ts'
import { breakpoints, fontSize, media, radius, space, vars } from '#ui/theme.css.ts'
import { button } from '#ui/ui.css.ts'
import { TONES } from '#casino-api/contract/games/tones.ts'

const { globalStyle, style, styleVariants } = layered(layers.pages)

// The games' pages: the lobby's filters and grid, the game view with its side panel, the game
// frame's boards, and the provably fair page.

export const filters = style({
  display: 'grid',
  gap: space[3],
  gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))',
  alignItems: 'end',
  margin: `0 0 ${space[4]}`,
})
export const filterActions = style({ display: 'flex', gap: space[2], flexWrap: 'wrap', alignItems: 'center' })
export const categories = style({
  display: 'flex',
  gap: space[2],
  flexWrap: 'wrap',
  listStyle: 'none',
  padding: 0,
  margin: `0 0 ${space[4]}`,
})
export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '36px',
  padding: `0 ${space[3]}`,
  borderRadius: '18px',
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: 'none',
  fontSize: fontSize.small,
  selectors: {
    '&:hover': { borderColor: vars.color.accent },
    '&[aria-current="page"]': { borderColor: vars.color.accent, color: vars.color.accentText, fontWeight: 600 },
  },
})

export const grid = style({
  display: 'grid',
  gap: space[4],
  gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
  listStyle: 'none',
  padding: 0,
  margin: `0 0 ${space[5]}`,
  '@media': { [media.md]: { gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' } },
})
export const row = style({
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: 'minmax(150px, 180px)',
  gap: space[4],
  overflowX: 'auto',
  listStyle: 'none',
  padding: `0 0 ${space[2]}`,
  margin: `0 0 ${space[5]}`,
})
export const card = style({
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
  overflow: 'hidden',
  height: '100%',
})
export const thumbLink = style({ display: 'block', lineHeight: 0 })
export const thumb = style({
  width: '100%',
  height: 'auto',
  aspectRatio: '4 / 3',
  display: 'block',
  background: vars.color.raised,
})
export const cardBody = style({ display: 'grid', gap: space[1], padding: space[3], flex: 1 })
export const cardName = style({ fontWeight: 600, margin: 0, fontSize: fontSize.body })
export const cardMeta = style({ color: vars.color.muted, fontSize: fontSize.small, margin: 0 })
export const cardActions = style({
  display: 'flex',
  gap: space[2],
  padding: `0 ${space[3]} ${space[3]}`,
  alignItems: 'center',
})
export const playButton = style([button.primary, { minHeight: '36px', padding: `0 ${space[3]}`, flex: 1 }])
export const demoButton = style([button.secondary, { minHeight: '36px', padding: `0 ${space[3]}` }])
export const favButton = style({
  minWidth: '36px',
  minHeight: '36px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.control,
  background: 'transparent',
  color: vars.color.accentText,
  cursor: 'pointer',
  fontSize: fontSize.large,
  lineHeight: 1,
})
export const tag = style({
  display: 'inline-block',
  fontSize: '12px',
  padding: `0 ${space[2]}`,
  borderRadius: radius.control,
  background: vars.color.raised,
  color: vars.color.accentText,
  marginRight: space[1],
})
export const more = style([button.secondary, { minHeight: '44px', padding: `0 ${space[5]}` }])
export const centered = style({ display: 'flex', justifyContent: 'center', margin: `${space[4]} 0` })

// ---- the game view

export const view = style({
  display: 'grid',
  gap: space[4],
  gridTemplateColumns: '1fr',
  '@media': { [media.desktop]: { gridTemplateColumns: 'minmax(0, 1fr) 320px' } },
})
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: space[2],
  margin: `0 0 ${space[3]}`,
})
export const gameTitle = style({ fontSize: fontSize.large, margin: 0, marginRight: 'auto' })
export const modeSwitch = style({
  display: 'inline-flex',
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.control,
  overflow: 'hidden',
})
export const modeOption = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '36px',
  padding: `0 ${space[3]}`,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&[aria-current="page"]': { background: vars.color.accent, color: vars.color.onAccent, fontWeight: 600 },
  },
})
export const toolButton = style([button.secondary, { minHeight: '36px', padding: `0 ${space[3]}` }])
export const stage = style({
  position: 'relative',
  background: vars.color.page,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
  overflow: 'hidden',
  height: 'min(78vh, 720px)',
  minHeight: '480px',
})
globalStyle(`${stage}:fullscreen`, { height: '100vh', borderRadius: 0 })
export const frame = style({ width: '100%', height: '100%', border: 0, display: 'block' })
export const banner = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: space[3],
  alignItems: 'center',
  borderLeft: `3px solid ${vars.color.accent}`,
  background: vars.color.surface,
  padding: space[3],
  margin: `0 0 ${space[3]}`,
})
export const panel = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
  padding: space[3],
  alignSelf: 'start',
})
globalStyle(`${panel} summary`, {
  cursor: 'pointer',
  fontWeight: 600,
  minHeight: '36px',
  display: 'flex',
  alignItems: 'center',
})
globalStyle(`${panel} h2`, { fontSize: fontSize.body, margin: `${space[3]} 0 ${space[1]}` })
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${space[1]} ${space[3]}`,
  margin: `${space[2]} 0`,
})
globalStyle(`${facts} dt`, { color: vars.color.muted })
globalStyle(`${facts} dd`, { margin: 0, overflowWrap: 'anywhere' })
/** Long values (seeds, hashes): each term above its value, across the panel's width. */
export const stacked = style({ display: 'grid', gap: space[1], margin: `${space[2]} 0` })
globalStyle(`${stacked} dt`, { color: vars.color.muted, fontSize: fontSize.small })
globalStyle(`${stacked} dd`, { margin: `0 0 ${space[2]}`, overflowWrap: 'anywhere' })
export const mono = style({
  fontFamily: 'ui-monospace, "DejaVu Sans Mono", monospace',
  fontSize: '13px',
  overflowWrap: 'anywhere',
})
export const small = style({ fontSize: fontSize.small, color: vars.color.muted })
export const paytable = style({ borderCollapse: 'collapse', width: '100%', fontSize: fontSize.small })
globalStyle(`${paytable} th, ${paytable} td`, {
  borderBottom: `1px solid ${vars.color.border}`,
  padding: `${space[1]} ${space[2]}`,
  textAlign: 'left',
})
/** A paytable row's symbol: its art (ui/slot-symbol.tsx, named for screen readers) on a dark tile. */
export const paytableSymbol = style({ width: '36px' })
globalStyle(`${paytableSymbol} > svg`, {
  width: '36px',
  maxWidth: 'none',
  height: '36px',
  display: 'block',
  flex: 'none',
  background: '#12141a',
  borderRadius: radius.control,
})

// ---- the frame (the game client's document)

export const frameBody = style({
  padding: space[3],
  display: 'grid',
  gap: space[3],
  maxWidth: '760px',
  margin: '0 auto',
})
export const frameHead = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: space[3],
  flexWrap: 'wrap',
  alignItems: 'baseline',
})
/** The sound's switch (pressed: on). */
export const soundButton = style([
  button.secondary,
  { minHeight: '36px', padding: `0 ${space[3]}`, display: 'inline-flex', alignItems: 'center', gap: space[2] },
])
// Its width kept as the figure changes (1,000.00 to 999.80), so the frame's head does not move.
export const balance = style({
  display: 'inline-block',
  minWidth: '13ch',
  fontSize: fontSize.large,
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.accentText,
})
/** The session's time and net result, under the title and balance (issue 24). */
export const sessionLine = style({ flexBasis: '100%', margin: 0, color: vars.color.muted, fontSize: fontSize.small })
// A slot (boards/slots.tsx): dark reels whatever the theme, the symbols drawn in SVG
// (ui/slot-symbol.tsx); a reel still spinning runs through its strip, one coming to rest lands
// with a small bounce; with reduced motion both are fades, taking the same time.
const reelSpin = keyframes({ from: { transform: 'translateY(0)' }, to: { transform: 'translateY(-50%)' } })
/** Motion's stand-ins with reduced motion, shared by every board: a slow pulse while waiting, a fade in once at rest. */
export const pulse = keyframes({ from: { opacity: 1 }, to: { opacity: 0.4 } })
const land = keyframes({
  '0%': { transform: 'translateY(-14%)' },
  '70%': { transform: 'translateY(4%)' },
  '100%': { transform: 'none' },
})
export const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } })
const drawLine = keyframes({ from: { strokeDashoffset: 1 }, to: { strokeDashoffset: 0 } })
const cell = 'clamp(48px, 15vw, 96px)'

export const slot = style({ display: 'grid', gap: space[3], justifyItems: 'center' })
export const reels = style({
  position: 'relative',
  display: 'grid',
  gridAutoFlow: 'column',
  gap: space[2],
  justifyContent: 'center',
  background: 'linear-gradient(180deg, #07080b, #1a1c24 50%, #07080b)',
  border: `2px solid ${vars.color.accent}`,
  borderRadius: radius.card,
  padding: space[3],
  boxShadow: 'inset 0 0 24px rgba(0, 0, 0, 0.8)',
})
export const reel = style({ display: 'grid', gap: space[2], listStyle: 'none', margin: 0, padding: 0 })
/** A spinning reel: as tall as its rows, its strip running under it. */
export const reelWindow = style({
  overflow: 'hidden',
  height: `calc(3 * ${cell} + 2 * ${space[2]})`,
  listStyle: 'none',
  margin: 0,
  padding: 0,
})
export const reelStrip = style({
  display: 'grid',
  gap: space[2],
  paddingBottom: space[2],
  animation: `${reelSpin} 0.42s linear infinite`,
  '@media': { [media.reducedMotion]: { animation: `${pulse} 0.6s ease-in-out infinite alternate` } },
})
export const symbol = style({
  width: cell,
  height: cell,
  display: 'grid',
  placeItems: 'center',
  padding: '6%',
  boxSizing: 'border-box',
  background: 'radial-gradient(circle at 50% 40%, #2b2f3b, #12141a 75%)',
  border: '1px solid #2e3240',
  borderRadius: radius.control,
})
globalStyle(`${symbol} > svg`, { width: '100%', height: '100%', display: 'block' })
export const symbolLand = style({
  animation: `${land} 0.3s ease-out`,
  '@media': { [media.reducedMotion]: { animation: `${fadeIn} 0.3s ease-out` } },
})
export const symbolWin = style({
  borderColor: vars.color.accent,
  boxShadow: `0 0 0 2px ${vars.color.accent}, 0 0 14px ${vars.color.accent}`,
})
/** The winning paylines, drawn over the reels' cells (their centres in reel and row units). */
export const paylines = style({
  position: 'absolute',
  inset: space[3],
  width: `calc(100% - 2 * ${space[3]})`,
  height: `calc(100% - 2 * ${space[3]})`,
  pointerEvents: 'none',
  overflow: 'visible',
})
export const payline = style({
  stroke: '#f0d78c',
  strokeWidth: 4,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  opacity: 0.85,
  strokeDasharray: 1,
  animation: `${drawLine} 0.6s ease-out both`,
  '@media': { [media.reducedMotion]: { animation: `${fadeIn} 0.3s ease-out both`, strokeDasharray: 'none' } },
})
/** A win's amount over the reels, counted up as the reels come to rest (a return above the stake only). */
export const winCount = style({
  position: 'absolute',
  left: '50%',
  bottom: space[4],
  transform: 'translateX(-50%)',
  margin: 0,
  padding: `${space[1]} ${space[4]}`,
  borderRadius: radius.control,
  border: `2px solid ${vars.color.accent}`,
  background: 'rgba(7, 8, 11, 0.85)',
  color: '#f0d78c',
  fontSize: fontSize.title,
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  pointerEvents: 'none',
  animation: `${fadeIn} 0.3s ease-out both`,
})
/** The free spins' own screen, under the base spin. */
export const feature = style({
  width: '100%',
  border: `1px solid ${vars.color.accent}`,
  borderRadius: radius.card,
  padding: space[3],
  background: 'linear-gradient(180deg, rgba(192, 123, 255, 0.18), transparent)',
})
export const featureHeading = style({
  margin: `0 0 ${space[2]}`,
  fontSize: fontSize.large,
  color: vars.color.accentText,
})
export const freeSpins = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: space[3],
  listStyle: 'none',
  margin: `0 0 ${space[2]}`,
  padding: 0,
})
export const freeSpin = style({ display: 'grid', gap: space[1], justifyItems: 'center', fontSize: fontSize.small })
export const miniReels = style({
  display: 'grid',
  gridAutoFlow: 'column',
  gap: '2px',
  padding: space[1],
  background: '#07080b',
  borderRadius: radius.control,
})
export const miniReel = style({ display: 'grid', gap: '2px' })
globalStyle(`${miniReel} > svg`, { width: '22px', height: '22px', display: 'block' })
export const betForm = style({ display: 'flex', flexWrap: 'wrap', gap: space[3], alignItems: 'end' })
/** A part of a form that can be disabled as one (a fieldset), laid out as if its fields were the form's. */
export const formPart = style({ display: 'contents' })
// The move's button stays in view at the frame's foot while a board taller than the frame (the
// roulette table, on a phone or after a spin of many bets) scrolls under it.
export const bigButton = style([
  button.primary,
  {
    minHeight: '48px',
    padding: `0 ${space[6]}`,
    fontSize: fontSize.large,
    position: 'sticky',
    bottom: space[2],
    zIndex: 3,
    boxShadow: `0 0 0 4px ${vars.color.page}`,
  },
])
/** A roulette spin's result: the pocket, and beside it (below on a phone) each bet's return. */
export const spinResult = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: space[5] })
/**
 * Kept in its place but neither seen nor reached (no layout shift when it shows): a round's words
 * while its motion plays, the sound's switch until the page's script runs.
 */
export const concealed = style({ visibility: 'hidden' })
/**
 * A board's words (keno's draw, Star Drop's path, a roll): room kept for them before the first
 * round too, so that what follows does not move when they come.
 */
export const roundWords = style({ minHeight: '5.5em' })
/** Where a round's result is told: its height kept, so that the bet form does not move when it comes. */
export const resultLine = style({ minHeight: '2em', display: 'flex', alignItems: 'center' })
export const outcome = style({ margin: 0, fontSize: fontSize.large, fontWeight: 600 })
export const win = style({ color: vars.color.successText })
export const wins = style({ margin: 0, paddingLeft: space[4], color: vars.color.muted, fontSize: fontSize.small })
/** A slot spin's winning lines: room for three of them kept (the usual most), in the list's own size. */
export const slotWins = style({ minHeight: '4.5em', fontSize: fontSize.small, display: 'grid', justifyItems: 'center' })
/** A pocket's disc (the spin's result), and the room the live table keeps for it. */
const POCKET_SIZE = '72px'
export const pocket = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: POCKET_SIZE,
  height: POCKET_SIZE,
  borderRadius: '50%',
  fontSize: fontSize.title,
  fontWeight: 700,
  color: '#fff',
  border: `3px solid ${vars.color.accent}`,
})
export const pocketColour = {
  red: style({ background: '#b3261e' }),
  black: style({ background: '#1d1f24' }),
  green: style({ background: '#1e7a46' }),
}
export const prompt = style({
  border: `1px solid ${vars.color.accent}`,
  borderRadius: radius.card,
  padding: space[3],
  background: vars.color.surface,
})

/** The symbols' colours, as classes (the CSP allows no inline styles). */
export const tone = styleVariants(
  Object.fromEntries(Object.entries(TONES).map(([name, color]) => [name, { color }])) as Record<
    keyof typeof TONES,
    { color: string }
  >,
)

// Playing cards (boards/playing-card.tsx): a white face with the rank and suit, red suits in red.
export const hand = style({ display: 'grid', gap: space[1] })
export const handLabel = style({ margin: 0, fontWeight: 600 })
export const cardRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: space[2],
  listStyle: 'none',
  margin: 0,
  padding: 0,
})
export const playingCard = style({
  display: 'inline-block',
  width: 'clamp(48px, 14vw, 64px)',
  aspectRatio: '60 / 84',
  borderRadius: radius.control,
  boxShadow: '0 2px 6px rgba(0, 0, 0, 0.55)',
})
globalStyle(`${playingCard} > svg`, { width: '100%', height: '100%', display: 'block' })
// A card is dealt: it slides in from the shoe (top right) turning over; with reduced motion it
// fades in. Each card of a row starts a moment after the one before (dealDelay).
const deal = keyframes({
  from: { transform: 'translate(60px, -40px) rotateY(90deg)', opacity: 0 },
  to: { transform: 'none', opacity: 1 },
})
export const dealt = style({
  animation: `${deal} 0.35s ease-out both`,
  '@media': { [media.reducedMotion]: { animation: `${fadeIn} 0.3s ease-out both` } },
})
export const dealDelay = styleVariants(
  Object.fromEntries(Array.from({ length: 6 }, (_, i) => [i, { animationDelay: `${i * 0.15}s` }])),
)
/** The table of the card games: green felt with a gold rim, cards and stakes on it. */
export const felt = style({
  display: 'grid',
  gap: space[3],
  padding: space[4],
  borderRadius: '18px',
  border: `2px solid ${vars.color.accent}`,
  background: 'radial-gradient(ellipse at 50% 30%, #1f6b45, #0f3d27 75%)',
  // Room for two rows of cards before the first deal (no layout shift when they come).
  minHeight: '17rem',
  color: '#f3f1ea',
  boxShadow: 'inset 0 0 30px rgba(0, 0, 0, 0.6)',
})
/** The round's stake on the felt: a stack of chips and the amount, at the table's right. */
export const stakeChips = style({
  display: 'flex',
  alignItems: 'center',
  gap: space[2],
  justifySelf: 'end',
  margin: 0,
  fontWeight: 600,
  fontVariantNumeric: 'tabular-nums',
})
// Light text on the felt, whatever the theme (AA on its lightest green).
globalStyle(`${felt} p, ${felt} span, ${felt} li`, { color: '#f3f1ea' })
// Card games: the hold boxes under video poker cards, a held card lifted, the move buttons.
export const holdCard = style({
  display: 'grid',
  justifyItems: 'center',
  gap: space[1],
  cursor: 'pointer',
  fontSize: fontSize.small,
})
export const heldCard = style({ transform: 'translateY(-6px)', outline: `2px solid ${vars.color.accent}` })
export const moveButtons = style({ display: 'flex', flexWrap: 'wrap', gap: space[2] })
// Sic bo's dice, keno's number grid, the scratch card and Star Drop's slots.
export const dice = style({ display: 'flex', gap: space[2], margin: 0, padding: 0, listStyle: 'none' })
export const die = style({
  width: '56px',
  height: '56px',
  display: 'grid',
  placeItems: 'center',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.control,
  fontSize: '44px',
  lineHeight: 1,
})
export const numberGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(10, minmax(32px, 1fr))',
  gap: space[1],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  border: 0,
})
export const numberCell = style({
  display: 'grid',
  placeItems: 'center',
  minHeight: '32px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.control,
  fontVariantNumeric: 'tabular-nums',
  fontSize: fontSize.small,
})
export const numberDrawn = style({ background: vars.color.raised, fontWeight: 700 })
export const numberPicked = style({ borderColor: vars.color.accent, boxShadow: `inset 0 0 0 2px ${vars.color.accent}` })
export const spot = style({ display: 'grid', placeItems: 'center', gap: '2px', cursor: 'pointer' })
export const scratchCard = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, auto)',
  gap: space[2],
  justifyContent: 'center',
  background: vars.color.raised,
  borderRadius: radius.card,
  padding: space[3],
  margin: 0,
  listStyle: 'none',
})
/** A square of the scratch card still under its foil. */
export const foil = style({
  background: 'repeating-linear-gradient(135deg, #9aa3b2 0 6px, #c9ced8 6px 12px)',
  borderColor: '#d8dce4',
})
export const slots = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(13, minmax(0, 1fr))',
  gap: '2px',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: fontSize.small,
  textAlign: 'center',
})

// ---- a live table's client

export const liveStage = style({
  display: 'grid',
  gap: space[2],
  justifyItems: 'center',
  textAlign: 'center',
  background: vars.color.raised,
  borderRadius: radius.card,
  padding: space[3],
})
/**
 * The live round's phase in words: on a phone, two lines kept ("Place your bets: 9 seconds left"
 * wraps there, "Result" does not), so that the wheel under it stays still from phase to phase.
 */
export const livePhase = style({
  '@media': { [`screen and (max-width: ${breakpoints.sm - 0.02}px)`]: { minHeight: '2lh' } },
})
/** The live result's place: a pocket's height, kept before the result comes. */
export const liveResult = style({ minHeight: POCKET_SIZE, display: 'grid', alignItems: 'center' })
// The pocket's line exactly its height (an inline pocket on a line of text made the line taller).
globalStyle(`${liveResult} > p`, { display: 'flex', alignItems: 'center', gap: space[2], margin: 0 })
export const liveHeading = style({ fontSize: fontSize.large, margin: 0 })
export const liveHistory = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: space[2],
  listStyle: 'none',
  margin: 0,
  padding: 0,
})
globalStyle(`${liveHistory} a`, {
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: '44px',
  minHeight: '44px',
  borderRadius: radius.control,
  border: `1px solid ${vars.color.border}`,
  fontWeight: 700,
})

// The draw of keno's numbers, one by one (drawDelay: the nth drawn), the die's tumble and Star
// Drop's board; with reduced motion, fades of the same length.
const pop = keyframes({
  '0%': { transform: 'scale(0.4)', opacity: 0 },
  '70%': { transform: 'scale(1.15)', opacity: 1 },
  '100%': { transform: 'none', opacity: 1 },
})
const tumble = keyframes({
  '0%': { transform: 'rotate(0deg) translateY(0)' },
  '50%': { transform: 'rotate(180deg) translateY(-6px)' },
  '100%': { transform: 'rotate(360deg) translateY(0)' },
})
export const drawPop = style({
  animation: `${pop} 0.3s ease-out both`,
  '@media': { [media.reducedMotion]: { animation: `${fadeIn} 0.3s ease-out both` } },
})
export const drawDelay = styleVariants(
  Object.fromEntries(Array.from({ length: 20 }, (_, i) => [i, { animationDelay: `${i * 0.11}s` }])),
)
export const drawing = style({ animation: `${pulse} 0.6s ease-in-out infinite alternate` })
export const diceRoll = style({ display: 'flex', alignItems: 'center', gap: space[3] })
export const dieArt = style({ width: '56px', height: '56px', flex: 'none' })
export const dieRolling = style({
  animation: `${tumble} 0.45s linear infinite`,
  '@media': { [media.reducedMotion]: { animation: `${pulse} 0.6s ease-in-out infinite alternate` } },
})
export const plinkoBoard = style({ width: 'min(100%, 360px)', height: 'auto', display: 'block', margin: '0 auto' })
/** The falling ball: hidden with reduced motion, where the board shows it once landed. */
export const plinkoBall = style({ '@media': { [media.reducedMotion]: { visibility: 'hidden' } } })
