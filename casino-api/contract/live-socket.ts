/**
 * The game provider's live socket's address and close codes (its messages are in events.ts). No
 * zod here: a live table's client imports it without the schemas.
 */

/** The provider's live socket: GET upgraded to a WebSocket on its own port. */
export const LIVE_SOCKET_PATH = '/live'

/**
 * Close codes of the live socket besides 1012 (service restart): 4401 the game session is not (or
 * no longer) valid, 4404 its game is not a live table, 4408 no `watch` in time.
 */
export const LIVE_SOCKET_CLOSE = { unauthorized: 4401, notLive: 4404, noWatch: 4408 } as const
