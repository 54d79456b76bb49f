import {
  globalLayer,
  globalStyle as veGlobalStyle,
  style as veStyle,
  styleVariants as veStyleVariants,
  type ComplexStyleRule,
  type GlobalStyleRule,
  type StyleRule,
} from '@vanilla-extract/css'

/**
 * The cascade layers of the site, lowest first. Every style module puts its rules into one of
 * them, so a rule's precedence depends on its layer and never on the order in which stylesheets
 * arrive: a lazily loaded chunk (the login dialog) that brings shared rules again cannot override
 * a page's own rules (ADR 0014).
 *
 * theme (custom properties) < base (element defaults, focus ring) < ui (shared buttons, cards)
 * < components (header, forms, toast…) < pages (routes/<area>/*.css.ts, styles/page.css.ts).
 */
export const layers = { theme: 'theme', base: 'base', ui: 'ui', components: 'components', pages: 'pages' } as const
type Layer = (typeof layers)[keyof typeof layers]

/**
 * Writes `@layer theme, base, ui, components, pages;` at the top of the calling style module's
 * CSS. Every module does (through `layered`), so whichever stylesheet the browser meets first
 * (the root's, a route's, a lazy chunk's) already fixes the whole order.
 */
export function declareLayers() {
  for (const name of Object.values(layers)) globalLayer(name)
}

/**
 * `style`, `globalStyle` and `styleVariants` of vanilla-extract whose rules all land in one cascade
 * layer. A style module takes them instead of the library's own:
 * `const { style, globalStyle } = layered(layers.components)`. Composed class names keep their own layer.
 */
export function layered(layer: Layer) {
  declareLayers()
  const wrap = (rule: StyleRule): StyleRule => ({ '@layer': { [layer]: rule } })
  const wrapComplex = (rule: ComplexStyleRule): ComplexStyleRule =>
    Array.isArray(rule)
      ? rule.map((part) => (typeof part === 'string' || Array.isArray(part) ? part : wrap(part)))
      : wrap(rule as StyleRule)
  return {
    style: (rule: ComplexStyleRule, debugId?: string) => veStyle(wrapComplex(rule), debugId),
    globalStyle: (selector: string, rule: GlobalStyleRule) =>
      veGlobalStyle(selector, { '@layer': { [layer]: rule } } as GlobalStyleRule),
    styleVariants: <Map extends Record<string | number, ComplexStyleRule>>(
      map: Map,
      debugId?: string,
    ): Record<keyof Map, string> =>
      veStyleVariants(map, (rule) => wrapComplex(rule), debugId) as Record<keyof Map, string>,
  }
}
