import { createTheme, createThemeContract } from '@vanilla-extract/css'
import { declareLayers, layers } from './layered.ts'

declareLayers()

/**
 * Design tokens (docs DESIGN.md): a dark theme with gold accents and a light one on the same
 * contract. Text colours are separate from fill colours so that every pair meets WCAG AA
 * (the light theme's gold text is darker than DESIGN.md's #9a7a17, which reaches only 4.1:1).
 */
export const vars = createThemeContract({
  color: {
    page: null,
    surface: null,
    raised: null,
    border: null,
    text: null,
    muted: null,
    accent: null,
    accentHover: null,
    accentPressed: null,
    onAccent: null,
    accentText: null,
    accentTextHover: null,
    focus: null,
    success: null,
    successText: null,
    danger: null,
    dangerText: null,
    info: null,
    infoText: null,
    overlay: null,
  },
  shadow: { raised: null },
})

export const darkTheme = createTheme(vars, {
  '@layer': layers.theme,
  color: {
    page: '#0d0e12',
    surface: '#16181e',
    raised: '#1f222b',
    border: '#2e3240',
    text: '#f3f1ea',
    muted: '#a9a7a0',
    accent: '#d4af37',
    accentHover: '#f0d78c',
    accentPressed: '#8a6d1c',
    onAccent: '#0d0e12',
    accentText: '#d4af37',
    accentTextHover: '#f0d78c',
    focus: '#f0d78c',
    success: '#2e9d5b',
    successText: '#46b978',
    danger: '#d64545',
    dangerText: '#e06666',
    info: '#3b82c4',
    infoText: '#5aa0e0',
    overlay: 'rgba(0, 0, 0, 0.6)',
  },
  shadow: { raised: '0 8px 24px rgba(0, 0, 0, 0.45)' },
})

export const lightTheme = createTheme(vars, {
  '@layer': layers.theme,
  color: {
    page: '#f7f5ef',
    surface: '#ffffff',
    raised: '#efebe0',
    border: '#d9d3c3',
    text: '#1b1b1f',
    muted: '#5c5a55',
    accent: '#7a5f10',
    accentHover: '#8a6d1c',
    accentPressed: '#5e490c',
    onAccent: '#ffffff',
    accentText: '#7a5f10',
    accentTextHover: '#5e490c',
    focus: '#7a5f10',
    success: '#1f7a45',
    successText: '#1f7a45',
    danger: '#b42f2f',
    dangerText: '#b42f2f',
    info: '#2a6aa3',
    infoText: '#2a6aa3',
    overlay: 'rgba(20, 18, 10, 0.45)',
  },
  shadow: { raised: '0 8px 24px rgba(40, 32, 10, 0.18)' },
})

export const space = { 1: '4px', 2: '8px', 3: '12px', 4: '16px', 5: '24px', 6: '32px', 7: '48px' } as const
export const radius = { control: '6px', card: '10px' } as const
export const fontSize = { small: '14px', body: '16px', large: '20px', title: '28px', hero: '40px' } as const
export const font = {
  body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
} as const

/** Spec breakpoints: a 12-column grid at 576/768/992/1200, plus the product's md 990 and lg 1215. */
export const breakpoints = { sm: 576, md: 768, lg: 992, xl: 1200, productMd: 990, productLg: 1215 } as const
export const media = {
  sm: `screen and (min-width: ${breakpoints.sm}px)`,
  md: `screen and (min-width: ${breakpoints.md}px)`,
  lg: `screen and (min-width: ${breakpoints.lg}px)`,
  xl: `screen and (min-width: ${breakpoints.xl}px)`,
  /** Desktop header and layout from here up. */
  desktop: `screen and (min-width: ${breakpoints.productMd}px)`,
  mobile: `screen and (max-width: ${breakpoints.productMd - 0.02}px)`,
  wide: `screen and (min-width: ${breakpoints.productLg}px)`,
  reducedMotion: '(prefers-reduced-motion: reduce)',
} as const

export const layout = {
  headerHeight: '40px',
  mobileHeaderHeight: '56px',
  sidebarWidth: 'min(320px, 80vw)',
  dropdownMaxHeight: '350px',
  toastMaxWidth: '350px',
  bodyMinWidth: '1215px',
  contentMaxWidth: '1215px',
} as const
