/**
 * The calls of the contract this service implements, by name. The router (http/app.ts) checks
 * access and validates params before a handler runs, and checks the answer after.
 */
import { sql } from 'drizzle-orm'
import { login, revokeToken } from './accounts/login.ts'
import { checkOneTimeToken, resendActivation } from './accounts/links.ts'
import { confirmPasswordReset, requestPasswordReset, updatePassword } from './accounts/password-flows.ts'
import { getBalance, getPlayer, toProfile, usernameIs } from './accounts/players.ts'
import { updateProfile } from './accounts/profile.ts'
import { activatePlayer, registerPlayer } from './accounts/register.ts'
import type { Handlers, Session } from './context.ts'
import { players } from './db/schema.ts'
import { geolocate } from './geo.ts'
import { ApiError } from './http/errors.ts'
import { getSettings } from './settings.ts'
import { sendSupportMessage } from './support.ts'

/** For 'player' and 'admin' calls the router guarantees a session. */
function must(session: Session | null): Session {
  if (!session) throw new ApiError(401, 'unauthorized')
  return session
}

export const handlers: Handlers = {
  login: (ctx, { params, ip, userAgent }) => login(ctx, params, { ip, userAgent }),

  player: async (ctx, { session }) => {
    const player = await getPlayer(ctx.db, must(session).playerId)
    return { ...toProfile(player), balance: await getBalance(ctx.db, player) }
  },

  logout: async (ctx, { session }) => {
    await revokeToken(ctx.db, must(session), ctx.now())
    return { ok: true, message: 'logged_out' }
  },

  register_player: (ctx, { params, ip }) => registerPlayer(ctx, params, { ip }),

  validate_player_name: async (ctx, { params }) => {
    const [row] = await ctx.db.select({ n: sql<number>`1` }).from(players).where(usernameIs(params.username)).limit(1)
    return { available: !row }
  },

  activate_player: (ctx, { params }) => activatePlayer(ctx, params),

  reset_player_password: (ctx, { params, ip }) => requestPasswordReset(ctx, params, { ip }),

  confirm_password_reset: (ctx, { params }) => confirmPasswordReset(ctx, params),

  check_activation_token: async (ctx, { params }) => ({ state: await checkOneTimeToken(ctx, 'activation', params.token) }),

  check_password_reset_token: async (ctx, { params }) => ({ state: await checkOneTimeToken(ctx, 'password_reset', params.token) }),

  resend_activation: (ctx, { params, ip }) => resendActivation(ctx, params, { ip }),

  update_player_password: (ctx, { params, session }) => updatePassword(ctx, must(session), params),

  get_player_profile: async (ctx, { session }) => toProfile(await getPlayer(ctx.db, must(session).playerId)),

  update_profile: (ctx, { params, session }) => updateProfile(ctx, must(session), params),

  get_player_balance: async (ctx, { session }) => getBalance(ctx.db, await getPlayer(ctx.db, must(session).playerId)),

  player_send_message: (ctx, { params, session, ip }) => sendSupportMessage(ctx, session, params, { ip }),

  get_setting: (ctx) => getSettings(ctx.db),

  geolocation: async (_ctx, { ip }) => geolocate(ip),
}
