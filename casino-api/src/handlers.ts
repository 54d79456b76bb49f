/**
 * The calls of the contract this service implements, by name. The router (http/app.ts) checks
 * access and validates params before a handler runs, and checks the answer after.
 *
 * Geo-blocking (geo-guard.ts): login checks the blacklists first; every handler of a call that
 * moves money (MONEY_CALLS: deposits, withdrawals, real play...) is written as
 * `name: moneyMoving(async (ctx, input) => ...)`, so it runs only for clients the blacklists
 * let in. tests/geo-guard.test.ts fails when one is routed without it.
 */
import { sql } from 'drizzle-orm'
import { login, revokeToken } from './accounts/login.ts'
import { checkOneTimeToken, resendActivation } from './accounts/links.ts'
import { confirmPasswordReset, requestPasswordReset, updatePassword } from './accounts/password-flows.ts'
import { getPlayer, getPlayerWithBalance, toProfile, usernameIs } from './accounts/players.ts'
import { confirmEmailChange, updateProfile } from './accounts/profile.ts'
import { activatePlayer, registerPlayer } from './accounts/register.ts'
import type { Handlers, Session } from './context.ts'
import { players } from './db/schema.ts'
import { geolocate } from './geo.ts'
import { refuseRestrictedClient } from './geo-guard.ts'
import { ApiError } from './http/errors.ts'
import { getSettings } from './settings.ts'
import { sendSupportMessage } from './support.ts'

/** For 'player' and 'admin' calls the router guarantees a session. */
function must(session: Session | null): Session {
  if (!session) throw new ApiError(401, 'unauthorized')
  return session
}

export const handlers: Handlers = {
  // Before the password is looked at: a blocked client learns nothing and counts no failure.
  login: async (ctx, { params, ip, userAgent }) => {
    const settings = await getSettings(ctx.db)
    await refuseRestrictedClient(ctx, ip, settings)
    return login(ctx, params, { ip, userAgent }, settings)
  },

  player: async (ctx, { session }) => {
    const { player, balance } = await getPlayerWithBalance(ctx.db, must(session).playerId)
    return { ...toProfile(player), balance }
  },

  logout: async (ctx, { session }) => {
    await revokeToken(ctx.db, must(session), ctx.now())
    return { ok: true, message: 'logged_out' }
  },

  // The per-account counter is charged by registerPlayer, only when the names clash with an account.
  register_player: async (ctx, { params, ip }) => {
    await ctx.limits.check('registration', { ip })
    return registerPlayer(ctx, params, { ip })
  },

  validate_player_name: async (ctx, { params, ip }) => {
    await ctx.limits.check('usernameCheck', { ip, accounts: [params.username] })
    const [row] = await ctx.db
      .select({ n: sql<number>`1` })
      .from(players)
      .where(usernameIs(params.username))
      .limit(1)
    return { available: !row }
  },

  activate_player: (ctx, { params }) => activatePlayer(ctx, params),

  // The per-account counter is charged by requestPasswordReset, for the matched account only.
  reset_player_password: async (ctx, { params, ip }) => {
    await ctx.limits.check('passwordReset', { ip })
    return requestPasswordReset(ctx, params, { ip })
  },

  confirm_password_reset: (ctx, { params }) => confirmPasswordReset(ctx, params),

  check_activation_token: async (ctx, { params }) => ({
    state: await checkOneTimeToken(ctx, 'activation', params.token),
  }),

  check_password_reset_token: async (ctx, { params }) => ({
    state: await checkOneTimeToken(ctx, 'password_reset', params.token),
  }),

  // Charged for the name typed, whether an account has it or not: the answer is the same for all.
  resend_activation: async (ctx, { params, ip }) => {
    await ctx.limits.check('activationResend', { ip, accounts: [params.login] })
    return resendActivation(ctx, params, { ip })
  },

  update_player_password: (ctx, { params, session, ip }) => updatePassword(ctx, must(session), params, { ip }),

  get_player_profile: async (ctx, { session }) => toProfile(await getPlayer(ctx.db, must(session).playerId)),

  update_profile: (ctx, { params, session, ip }) => updateProfile(ctx, must(session), params, { ip }),

  confirm_email_change: (ctx, { params }) => confirmEmailChange(ctx, params),

  get_player_balance: async (ctx, { session }) => (await getPlayerWithBalance(ctx.db, must(session).playerId)).balance,

  player_send_message: (ctx, { params, session, ip }) => sendSupportMessage(ctx, session, params, { ip }),

  get_setting: (ctx) => getSettings(ctx.db),

  geolocation: async (_ctx, { ip }) => geolocate(ip),
}
