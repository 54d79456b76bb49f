import { prefix, route, type RouteConfig } from '@react-router/dev/routes'

/**
 * A game's client and a live table's, and the check of a round (linked from the casino's Bet
 * History), each in Spanish (no prefix) and English (/en).
 */
export default [
  ...prefix('en?', [
    route('game-frame/:token', 'routes/frame.tsx'),
    route('game-frame/live/:token', 'routes/live-frame.tsx'),
    route('provably-fair', 'routes/provably-fair.tsx'),
  ]),
] satisfies RouteConfig
