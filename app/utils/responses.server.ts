import { data } from 'react-router'
import type { MessageCode } from '#contract'

/**
 * For loaders: answer 404 unless `condition` holds (a game, a page or a message that does not
 * exist, or is not the player's). The error boundary shows `code` from the catalogue; the
 * condition narrows like an assertion:
 *
 *   const game = games.find((g) => g.slug === params.slug)
 *   notFoundUnless(game, 'game_not_found')
 *   return { game } // game is defined here
 */
export function notFoundUnless(condition: unknown, code: MessageCode = 'not_found'): asserts condition {
  if (!condition) throw data({ code }, { status: 404 })
}
