import type { MiddlewareFunction } from 'react-router'
import { commitSession, getSession, getSessionCookieName } from '#app/utils/session.server.ts'

/** Re-seal an active session at most once a minute (it keeps the 30-minute idle clock honest). */
const TOUCH_AFTER_SECONDS = 60

/**
 * Keeps a logged-in player's session alive while they use the site: the idle timeout counts
 * from the last request, not from the login. Also moves cookies sealed with an old secret to
 * the current one. A response that already sets the session cookie (login, logout, toast) wins.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next()
  const session = await getSession(request)
  if (session.isNew || !session.has('token')) return response
  const age = Math.floor(Date.now() / 1000) - session.lastActiveAt
  if (age < TOUCH_AFTER_SECONDS && !session.sealedWithOldSecret) return response
  const name = getSessionCookieName()
  if (response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${name}=`))) return response
  try {
    response.headers.append('Set-Cookie', await commitSession(session))
  } catch {
    // immutable headers (a passed-through Response): the next request touches it
  }
  return response
}
