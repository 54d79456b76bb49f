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
 * settings anyway) and the router (http/app.ts), before the handler of every call the contract
 * marks `moneyMoving` (a property of the call's definition, contract/define.ts): deposits,
 * withdrawals, real play.
 */
import type { CallDef, SiteSettings } from '../../contract/index.ts'
import type { Context, Session } from '../context.ts'
import { isBlocked } from './geo.ts'
import { ApiError } from '../../contract/errors.ts'
import { getSettings } from './settings.ts'

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

/**
 * The guard of a call marked `moneyMoving`: it goes ahead only for players whom the blacklists
 * let in. An administrator's account neither stakes nor moves money of its own (the people who
 * decide on players' money do not play at the casino): 403 'forbidden'. The definition's `when`
 * narrows both checks to the params that really stake money (real play of a game launch).
 */
export async function guardMoneyCall(
  ctx: Pick<Context, 'db' | 'geoLocalCountry'>,
  def: Pick<CallDef, 'moneyMoving'>,
  input: { params: unknown; session: Session | null; ip: string },
) {
  const guard = def.moneyMoving
  if (!guard || (guard !== true && !guard.when(input.params as never))) return
  if (input.session?.scope === 'admin') throw new ApiError(403, 'forbidden')
  await refuseRestrictedClient(ctx, input.ip)
}
