/**
 * The player's payment calls: the deposit methods offered and their calls (one processor module
 * per method, methods/registry.ts), the 3-D Secure challenge (threeds-handlers.ts), withdrawals
 * (withdrawal-handlers.ts), the history (history-handlers.ts) and the player's own deposit limits
 * (limits.ts), which every deposit method checks. The promo code is the bonus domain's.
 *
 * The guards are the calls' definitions' (ADR 0044): the router refuses a `moneyMoving` call from
 * a blacklisted client and binds an `idempotent` call's Idempotency-Key to the request before the
 * handler runs; a replay answers from the payment the first request made.
 */
import type { paymentCalls } from '../../contract/index.ts'
import type { DomainHandlers, Handlers } from '../context.ts'
import { getSettings } from '../site/settings.ts'
import { historyHandlers } from './history-handlers.ts'
import { depositHandlers, sessionOf, type DepositProcessor } from './methods/processor.ts'
import { depositProcessors } from './methods/registry.ts'
import { playerOf } from './service.ts'
import {
  cancelDepositLimitChange,
  confirmDepositLimit,
  depositLimitsOf,
  removeDepositLimit,
  setDepositLimit,
} from './limits.ts'
import { threeDSecureHandlers } from './threeds-handlers.ts'
import { withdrawalHandlers } from './withdrawal-handlers.ts'

/** get_processors: the deposit methods registered, each with its limits for the player. */
function processorsHandler(
  processors: readonly DepositProcessor[],
): DomainHandlers<Pick<typeof paymentCalls, 'get_processors'>>['get_processors'] {
  return async (ctx, input) => {
    const session = sessionOf(input)
    const [{ limits }, player] = await Promise.all([getSettings(ctx.db), playerOf(ctx.db, session.playerId)])
    const deposit = { min: limits.minDeposit, max: limits.maxDeposit, currency: player.currency }
    return {
      items: processors.map(({ key, method }) => ({
        key,
        kind: method.kind,
        name: method.name,
        logoUrl: null,
        limits: method.limits === 'deposit' ? deposit : null,
        threeDSecure: method.threeDSecure,
      })),
    }
  }
}

const limitHandlers: DomainHandlers<
  Pick<
    typeof paymentCalls,
    | 'get_deposit_limits'
    | 'set_deposit_limit'
    | 'remove_deposit_limit'
    | 'confirm_deposit_limit'
    | 'cancel_deposit_limit_change'
  >
> = {
  get_deposit_limits: async (ctx, input) => {
    const player = await playerOf(ctx.db, sessionOf(input).playerId)
    return { currency: player.currency, items: await depositLimitsOf(ctx.db, player.id, ctx.now()) }
  },
  set_deposit_limit: (ctx, input) => setDepositLimit(ctx, sessionOf(input), input.params, input.ip),
  remove_deposit_limit: (ctx, input) => removeDepositLimit(ctx, sessionOf(input), input.params.period, input.ip),
  confirm_deposit_limit: (ctx, input) => confirmDepositLimit(ctx, sessionOf(input), input.params.period, input.ip),
  cancel_deposit_limit_change: (ctx, input) =>
    cancelDepositLimitChange(ctx, sessionOf(input), input.params.period, input.ip),
}

/** The payment calls' handlers for the deposit methods offered (a test may register one more). */
export const paymentHandlers = (processors: readonly DepositProcessor[] = depositProcessors): Handlers => ({
  get_processors: processorsHandler(processors),
  ...depositHandlers(processors),
  ...threeDSecureHandlers,
  ...withdrawalHandlers,
  ...historyHandlers,
  ...limitHandlers,
})
