/**
 * The licence's geo-blocking, enforced by the casino API itself: the web app also sends blocked
 * visitors to its restriction page, but another client (or a web app whose settings call timed
 * out) must not get past the upstream. The rule is the contract's `isRestricted`, on the
 * settings' country and ip blacklists and the country of the client's address.
 *
 * It fails closed: when the settings cannot be read the call fails (500), it never goes ahead
 * unchecked; the geolocation is a local database look-up that cannot time out.
 *
 * Who calls it: login (accounts/handlers.ts), registration (accounts/register.ts, which reads the
 * settings anyway) and every call that moves money. Handlers of the calls in MONEY_CALLS are
 * wrapped with `moneyMoving(...)` in their domain's handlers.ts; a test checks that none is
 * routed without it.
 */
import type { CallName, SiteSettings } from '../../contract/index.ts'
import type { Context, Handler } from '../context.ts'
import { isBlocked } from './geo.ts'
import { ApiError } from '../http/errors.ts'
import { getSettings } from './settings.ts'

/**
 * The calls that put money in, take it out or stake it. A game launch is here for real play;
 * its handler may let demo play through (see `moneyMoving`'s `when`).
 */
export const MONEY_CALLS = [
  'altitudepay_deposit_processor',
  'complete_threeds_challenge',
  'moto_deposit_processor',
  'carespay_deposit_processor',
  'cashlib_deposit_processor',
  'generate_wallet',
  'bonuscode_deposit_processor',
  'loyalty_redeem_processor',
  'send_withdrawal_request',
  'cancel_withdrawal_request',
  'get_game_url',
  'get_live_game_url',
] as const satisfies readonly CallName[]

/**
 * 403 'country_restricted' when the settings' blacklists keep the client's address out. A
 * caller that needs the settings too passes them in (they are read once).
 */
export async function refuseRestrictedClient(
  ctx: Pick<Context, 'db' | 'geoLocalCountry'>,
  ip: string,
  settings?: SiteSettings,
) {
  if (isBlocked(settings ?? (await getSettings(ctx.db)), ip, ctx.geoLocalCountry))
    throw new ApiError(403, 'country_restricted')
}

const GUARDED = Symbol('geo-guarded')

/**
 * A money handler that runs only for players whom the blacklists let in. An administrator's
 * account neither stakes nor moves money of its own (the people who decide on players' money do
 * not play at the casino): 403 'forbidden'. `when` narrows both checks to the calls that really
 * stake money (e.g. `(params) => params.mode === 'real'` for a game launch).
 */
export function moneyMoving<K extends CallName>(
  handler: Handler<K>,
  when?: (params: Parameters<Handler<K>>[1]['params']) => boolean,
): Handler<K> {
  const guarded: Handler<K> = async (ctx, input) => {
    if (!when || when(input.params)) {
      if (input.session?.scope === 'admin') throw new ApiError(403, 'forbidden')
      await refuseRestrictedClient(ctx, input.ip)
    }
    return handler(ctx, input)
  }
  return Object.assign(guarded, { [GUARDED]: true })
}

export const isGeoGuarded = (handler: unknown) => typeof handler === 'function' && GUARDED in handler
