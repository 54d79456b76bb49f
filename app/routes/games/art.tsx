import { TONES } from '#casino-api/contract/games/tones.ts'
import { getGame } from '#app/upstream/games.server.ts'
import { escapeHtml } from '#app/utils/html.ts'
import { DEFAULT_LOCALE } from '#ui/locale.ts'
import type { Route } from './+types/art'

/**
 * A game's thumbnail, drawn from the art its provider's catalogue feed gives it (get_game): two-hue
 * gradient, a ring of the game's symbols and its emblem. SVG, so one small file serves every
 * screen density; cached for a week (a redesign changes the art, and the week runs out).
 */
export async function loader(args: Route.LoaderArgs) {
  const match = /^([\w-]{1,64})\.svg$/.exec(args.params.file)
  const game = match ? await getGame(args, match[1]!, DEFAULT_LOCALE) : null
  if (!game) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })
  const { hues, emblem, symbols } = game.art
  const ring = Object.values(symbols)
    .filter((s) => s.glyph !== '·')
    .slice(0, 8)
  const around = ring
    .map((s, i) => {
      const angle = (i / ring.length) * Math.PI * 2 - Math.PI / 2
      const x = 120 + Math.cos(angle) * 78
      const y = 92 + Math.sin(angle) * 58
      return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-size="22" fill="${TONES[s.tone]}" opacity="0.75" text-anchor="middle" dominant-baseline="central">${escapeHtml(s.glyph)}</text>`
    })
    .join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 180" width="240" height="180">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hues[0]} 55% 28%)"/><stop offset="1" stop-color="hsl(${hues[1]} 60% 12%)"/></linearGradient>
<radialGradient id="r" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#f5c542" stop-opacity="0.35"/><stop offset="1" stop-color="#f5c542" stop-opacity="0"/></radialGradient></defs>
<rect width="240" height="180" fill="url(#g)"/><circle cx="120" cy="92" r="70" fill="url(#r)"/>
<rect x="6" y="6" width="228" height="168" rx="10" fill="none" stroke="#d4af37" stroke-opacity="0.55" stroke-width="2"/>
${around}
<text x="120" y="94" font-size="64" font-weight="700" fill="#f5d77a" text-anchor="middle" dominant-baseline="central" font-family="DejaVu Sans, sans-serif">${escapeHtml(emblem)}</text>
</svg>`
  return new Response(svg, {
    headers: {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': 'public, max-age=604800',
      'x-content-type-options': 'nosniff',
    },
  })
}
