import { createContext, data, redirect } from 'react-router'
import type { LoginChallenge, LoginToken, Player } from '#contract'
import { describeLogin } from './logins.server.ts'
import { getRequestInfo } from '#app/middleware/context.ts'
import { callUpstream, isUpstreamUnavailable, type UpstreamArgs } from '#app/upstream/client.server.ts'
import { requestLocale } from './locale.server.ts'
import { localeFromPath, localizePath, stripLocale } from '#ui/locale.ts'
import { logOutForGood, type RevocationOutcome } from './logged-out.server.ts'
import { ABSOLUTE_TIMEOUT_SECONDS, commitSession, getSession, newSession } from './session.server.ts'
import { redirectWithToast, type Toast } from './toast.server.ts'

export type { Player }

/** What the browser may know about the player: no token, no personal details. */
export type PublicPlayer = Pick<Player, 'username' | 'scope' | 'balance' | 'passwordChangeRequired' | 'unreadMessages'>

export function toPublicPlayer(player: Player): PublicPlayer {
  return {
    username: player.username,
    scope: player.scope,
    balance: { ...player.balance },
    passwordChangeRequired: player.passwordChangeRequired,
    unreadMessages: player.unreadMessages,
  }
}

export const CHANGE_PASSWORD_PATH = '/user-management/change-password'

/**
 * An account that must change its first password (the seeded admin) is sent to the
 * change-password page from every other page; the casino API refuses its other calls anyway.
 */
export function redirectIfPasswordChangeRequired(
  args: UpstreamArgs,
  player: Pick<Player, 'passwordChangeRequired'> | null,
) {
  if (!player?.passwordChangeRequired) return
  const pathname = new URL(args.request.url).pathname.replace(/\.data$/, '')
  if (stripLocale(pathname) === CHANGE_PASSWORD_PATH || stripLocale(pathname) === '/logout') return
  throw redirect(localizePath(localeOf(args), CHANGE_PASSWORD_PATH))
}

// One GET /front/auth/player per request, however many loaders ask.
const playerOfRequest = createContext<Promise<Player | null> | null>(null)

function localeOf(args: UpstreamArgs) {
  return localeFromPath(new URL(args.request.url).pathname)
}

async function loadPlayer(args: UpstreamArgs): Promise<Player | null> {
  const token = (await getSession(args.request)).get('token')
  if (!token) return null
  // A 401 (token expired or revoked) throws the redirect that signs the player out.
  const result = await callUpstream(args, 'player', {}, { token })
  return result.ok ? result.data : null
}

/** The logged-in player (with balances), or null for a visitor. */
export async function getPlayer(args: UpstreamArgs): Promise<Player | null> {
  let pending = args.context.get(playerOfRequest)
  if (!pending) {
    pending = loadPlayer(args)
    args.context.set(playerOfRequest, pending)
  }
  return pending
}

/** After a change of the player upstream (a new password...): the next getPlayer of this request asks again. */
export function forgetPlayer(args: UpstreamArgs) {
  args.context.set(playerOfRequest, null)
}

/**
 * The player, or a redirect of the visitor to the start page (`/` or `/en`, as the spec says)
 * with a notice saying why: 'Please log in to see that page.'
 */
export async function requirePlayer(args: UpstreamArgs): Promise<Player> {
  const player = await getPlayer(args)
  if (!player) {
    // A notice already waiting says why better than "Please log in": a request of the page that
    // left before the answer that ended the session (a link prefetched on hover, then the click)
    // arrives with the new session and must not replace its "Your session has ended".
    if ((await getSession(args.request)).hasFlash('toast')) throw redirect(localizePath(requestLocale(args), '/'))
    throw await redirectWithToast(args, '/', { type: 'info', code: 'login_required' })
  }
  redirectIfPasswordChangeRequired(args, player)
  return player
}

export const SECURITY_PATH = '/user-management/security'

/**
 * The /admin pages: visitors are sent home like any protected page; players get 403; an
 * administrator without two-factor authentication is sent to the Security tab to turn it on (the
 * casino API refuses their admin calls until then: ADR 0066).
 */
export async function requireAdmin(args: UpstreamArgs): Promise<Player> {
  const player = await requirePlayer(args)
  if (player.scope !== 'admin') throw data(null, { status: 403 })
  if (player.twoFactorMissing)
    throw await redirectWithToast(args, SECURITY_PATH, { type: 'info', code: 'two_factor_required' })
  return player
}

/** For guest-only pages (login, register…): a logged-in player goes home. */
export async function requireGuest(args: UpstreamArgs): Promise<void> {
  const player = await getPlayer(args)
  if (player) throw redirect(localizePath(localeOf(args), '/'))
}

/**
 * After a successful login: a new session (nothing of the visitor's session is kept) holding
 * the token and the log-in before this one, and a redirect (put in the request's locale). That
 * previous log-in is told once on the next page, for the player to recognise as theirs (none
 * after the first), and kept for the profile, which shows it without asking the casino API.
 */
export async function startPlayerSession(
  args: UpstreamArgs,
  login: Pick<LoginToken, 'accessToken' | 'previousLogin'>,
  redirectTo = '/',
): Promise<Response> {
  const session = newSession()
  session.set('token', login.accessToken)
  session.set('previousLogin', login.previousLogin)
  if (login.previousLogin) {
    const { when, where } = describeLogin(login.previousLogin, localeOf(args))
    session.flash('toast', { type: 'info', code: 'previous_login', args: [when, where] })
  }
  return redirect(localizePath(localeOf(args), redirectTo), { headers: { 'Set-Cookie': await commitSession(session) } })
}

/**
 * After the right password of an account with two-factor authentication: a new session holding
 * only the casino API's challenge, and the code page (login-code.tsx).
 */
export async function startCodeStep(args: UpstreamArgs, login: LoginChallenge): Promise<Response> {
  const session = newSession()
  session.set('loginChallenge', login.challenge)
  return redirect(localizePath(localeOf(args), LOGIN_CODE_PATH), {
    headers: { 'Set-Cookie': await commitSession(session) },
  })
}
export const LOGIN_CODE_PATH = '/login/code'

/**
 * Logs out: revokes the token upstream, replaces the session by one that only carries the
 * toast, and redirects to the start page. When the casino API is down the logout still sticks:
 * the session is refused here until its absolute expiry and the revocation is retried in the
 * background (logged-out.server.ts).
 */
export async function endPlayerSession(
  args: UpstreamArgs,
  {
    redirectTo = '/',
    toast = { type: 'success', code: 'logged_out' },
  }: { redirectTo?: string; toast?: Toast | null } = {},
): Promise<Response> {
  const current = await getSession(args.request)
  const token = current.get('token')
  if (token) {
    const { log } = getRequestInfo(args.context)
    // Retries run after this request has ended: a request of their own, same context.
    const retryArgs: UpstreamArgs = {
      request: new Request(args.request.url, { method: 'POST' }),
      context: args.context,
    }
    let first = true
    const revoke = async (): Promise<RevocationOutcome> => {
      const callArgs = first ? args : retryArgs
      first = false
      try {
        const answer = await callUpstream(callArgs, 'logout', {}, { token })
        // Refusals other than "try later" mean there is nothing left to revoke.
        return answer.ok || (answer.status !== 429 && answer.status < 500) ? 'revoked' : 'retry'
      } catch (error) {
        if (isUpstreamUnavailable(error)) return 'retry'
        if (error instanceof Response) return 'revoked' // a 401: the token is already revoked
        throw error
      }
    }
    await logOutForGood(token, (current.createdAt + ABSOLUTE_TIMEOUT_SECONDS) * 1000, revoke, log)
  }
  const session = newSession()
  if (toast) session.flash('toast', toast)
  return redirect(localizePath(localeOf(args), redirectTo), { headers: { 'Set-Cookie': await commitSession(session) } })
}
