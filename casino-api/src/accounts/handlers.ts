/**
 * The handlers of the player calls (contract/player): log-in, registration, links, passwords,
 * profile and balance. The work is in the modules next to this one; a handler checks the rate
 * limits that apply and hands over.
 */
import { acknowledgeRealityCheck, getRealityCheck, setRealityCheck } from './reality-check.ts'
import { getKyc, uploadKycDocument } from './kyc.ts'
import {
  confirmTwoFactor,
  disableTwoFactor,
  getTwoFactor,
  loginCode,
  renewRecoveryCodes,
  startTwoFactor,
} from './two-factor.ts'
import { sql } from 'drizzle-orm'
import type { playerCalls } from '../../contract/index.ts'
import type { DomainHandlers } from '../context.ts'
import { players } from '../db/schema.ts'
import { must } from '../http/auth.ts'
import { ApiError } from '../../contract/errors.ts'
import { apiMetrics } from '../metrics.ts'
import { refuseRestrictedClient } from '../site/geo-guard.ts'
import { getSettings } from '../site/settings.ts'
import { checkOneTimeToken, resendActivation } from './links.ts'
import { endGameSessions } from '../games/end-game-sessions.ts'
import { lastLogin, login, revokeToken } from './login.ts'
import { confirmPasswordReset, requestPasswordReset, updatePassword } from './password-flows.ts'
import { getPlayer, getPlayerWithBalance, loyaltyPointsOf, toProfile, usernameIs } from './players.ts'
import { confirmEmailChange, updateProfile } from './profile.ts'
import { activatePlayer, registerPlayer } from './register.ts'
import { endOtherSessions, endSession, listSessions } from './sessions.ts'
import { restrictAccount } from './restrictions.ts'
import { cancelSessionLimitChange, confirmSessionLimit, getSessionLimit, setSessionLimit } from './session-limit.ts'

export const accountHandlers: DomainHandlers<typeof playerCalls> = {
  // Before the password is looked at: a blocked client learns nothing and counts no failure.
  login: async (ctx, { params, ip, userAgent }) => {
    const settings = await getSettings(ctx.db)
    await refuseRestrictedClient(ctx, ip, settings)
    return login(ctx, params, { ip, userAgent }, settings).catch((error: unknown) => {
      if (error instanceof ApiError) apiMetrics.failedLogins.inc({ reason: error.code })
      throw error
    })
  },

  // The second step of a log-in with two-factor authentication: the same checks as the first.
  login_code: async (ctx, { params, ip, userAgent }) => {
    const settings = await getSettings(ctx.db)
    await refuseRestrictedClient(ctx, ip, settings)
    return loginCode(ctx, params, { ip, userAgent }, settings).catch((error: unknown) => {
      if (error instanceof ApiError) apiMetrics.failedLogins.inc({ reason: error.code })
      throw error
    })
  },

  player: async (ctx, { session }) => {
    const { scope, playerId, twoFactor } = must(session)
    const { player, balance, unreadMessages, loyaltyPoints } = await getPlayerWithBalance(ctx.db, playerId)
    return {
      ...toProfile(player, loyaltyPoints),
      balance,
      unreadMessages,
      twoFactorMissing: scope === 'admin' && !twoFactor,
    }
  },

  logout: async (ctx, { session }) => {
    const { playerId, tokenId } = must(session)
    await revokeToken(ctx.db, must(session), ctx.now())
    await endGameSessions(ctx, { playerId, casinoSession: tokenId })
    return { ok: true, message: 'logged_out' }
  },

  get_sessions: (ctx, { session }) => listSessions(ctx, must(session)),
  end_session: (ctx, { params, session }) => endSession(ctx, must(session), params.sessionId),
  end_other_sessions: (ctx, { session }) => endOtherSessions(ctx, must(session)),
  restrict_account: (ctx, { params, session, ip }) => restrictAccount(ctx, must(session), params, { ip }),
  get_session_limit: (ctx, { session }) => getSessionLimit(ctx, must(session)),
  set_session_limit: (ctx, { params, session }) => setSessionLimit(ctx, must(session), params.minutes),
  confirm_session_limit: (ctx, { session }) => confirmSessionLimit(ctx, must(session)),
  cancel_session_limit_change: (ctx, { session }) => cancelSessionLimitChange(ctx, must(session)),
  get_reality_check: (ctx, { session }) => getRealityCheck(ctx, must(session)),
  set_reality_check: (ctx, { params, session }) => setRealityCheck(ctx, must(session), params.minutes),
  acknowledge_reality_check: (ctx, { session }) => acknowledgeRealityCheck(ctx, must(session)),
  get_two_factor: (ctx, { session }) => getTwoFactor(ctx, must(session)),
  start_two_factor: (ctx, { params, session, ip }) => startTwoFactor(ctx, must(session), params.password, { ip }),
  confirm_two_factor: (ctx, { params, session, ip }) => confirmTwoFactor(ctx, must(session), params.code, { ip }),
  disable_two_factor: (ctx, { params, session, ip }) => disableTwoFactor(ctx, must(session), params, { ip }),
  renew_recovery_codes: (ctx, { params, session, ip }) => renewRecoveryCodes(ctx, must(session), params.code, { ip }),
  get_kyc: (ctx, { session }) => getKyc(ctx, must(session)),
  upload_kyc_document: (ctx, { params, session }) => uploadKycDocument(ctx, must(session), params),

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

  confirm_password_reset: (ctx, { params, ip }) => confirmPasswordReset(ctx, params, { ip }),

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

  get_player_profile: async (ctx, { session }) => {
    const { playerId, tokenId } = must(session)
    const player = await getPlayer(ctx.db, playerId)
    const [points, otherLogin] = await Promise.all([
      loyaltyPointsOf(ctx.db, player),
      lastLogin(ctx.db, playerId, tokenId),
    ])
    return { ...toProfile(player, points), otherLogin }
  },

  update_profile: (ctx, { params, session, ip }) => updateProfile(ctx, must(session), params, { ip }),

  confirm_email_change: (ctx, { params }) => confirmEmailChange(ctx, params),

  get_player_balance: async (ctx, { session }) => (await getPlayerWithBalance(ctx.db, must(session).playerId)).balance,
}
