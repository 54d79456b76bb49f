import {
  data,
  type LoaderFunctionArgs,
  type RouterContextProvider,
  type ShouldRevalidateFunctionArgs,
} from 'react-router'
import { type Answer, frameOf, gameCall, type GameRefusal } from './context.ts'

/**
 * A client's answer once the game server no longer knows its session (401): the launch expired,
 * or the player's log-in that opened it ended (logout, a password change, a blocked account).
 * Loaders and actions answer it alike, so a move sent after a logout shows it too, with or
 * without JavaScript; it carries the casino's site for the link back to its lobby.
 */
export const sessionEnded = (context: Readonly<RouterContextProvider>) =>
  data({ expired: true as const, siteUrl: frameOf(context).siteUrl }, { status: 410 })

/**
 * A move the game server refused: the session's end, a 503 page when it could not answer, or the
 * refusal's code, values and fields with what the page keeps (the chips on the table).
 */
export function refusal<Kept extends object>(
  context: Readonly<RouterContextProvider>,
  refused: GameRefusal,
  kept: Kept,
) {
  if (refused.status === 401) return sessionEnded(context)
  if (refused.status >= 500) throw data(null, { status: 503 })
  return data(
    { ...kept, error: refused.code, args: refused.args, fields: refused.fields ?? {} },
    { status: refused.status },
  )
}

/**
 * What a client page reads with its launch's token (a game's session, a live table), with what
 * every page adds: the casino's site, which its links open in the top window, and the id of its
 * next move (a double click or a resent form plays it once).
 */
export async function readGame<N extends 'game_open' | 'get_live_table'>(args: LoaderFunctionArgs, name: N) {
  // Neither reading takes params.
  const read = await gameCall<'game_open' | 'get_live_table'>(args.context, name, args.params.token, {})
  if (!read.ok) {
    if (read.status === 401) return sessionEnded(args.context)
    throw data(null, { status: 503 })
  }
  return {
    ...(read.data as Answer<N>),
    siteUrl: frameOf(args.context).siteUrl,
    moveId: crypto.randomUUID(),
  }
}

/**
 * A client page loads again after every move, refused ones too: a refused move is over (its round
 * or bet cancelled, nothing staked), so the next one needs an id of its own; without this, a lower
 * stake after a refusal (a loss limit, the balance, a reality check) would be taken for the refused
 * move sent again.
 */
export const shouldRevalidate = ({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  formMethod === 'POST' || defaultShouldRevalidate
