/**
 * The player's payment calls: the deposit methods offered and their calls (one processor module
 * per method, methods/registry.ts), the 3-D Secure challenge (threeds-handlers.ts), withdrawals
 * (withdrawal-handlers.ts), the history (history-handlers.ts) and the player's own deposit and loss
 * limits (accounts/money-limits.ts): every deposit method checks the first, the wallet the second. The promo code is the bonus domain's.
 *
 * The guards are the calls' definitions' (ADR 0044): the router refuses a `moneyMoving` call from
 * a blacklisted client and binds an `idempotent` call's Idempotency-Key to the request before the
 * handler runs; a replay answers from the payment the first request made.
 */
import type { DepositLimitPeriod, MoneyLimitKind, paymentCalls } from '../../contract/index.ts'
import type { DomainHandlers, Handlers } from '../context.ts'
import { getSettings } from '../site/settings.ts'
import { historyHandlers } from './history-handlers.ts'
import { depositHandlers, sessionOf, type DepositProcessor } from './methods/processor.ts'
import { depositProcessors } from './methods/registry.ts'
import { playerOf } from './service.ts'
import {
  cancelMoneyLimitChange,
  confirmMoneyLimit,
  moneyLimitsOf,
  removeMoneyLimit,
  setMoneyLimit,
} from '../accounts/money-limits.ts'
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

/** The handlers of a kind's limit calls (contract: get_deposit_limits, set_loss_limit…). */
function limitHandlersOf(kind: MoneyLimitKind) {
  type Calls = Pick<typeof paymentCalls, 'get_deposit_limits' | 'set_deposit_limit' | 'remove_deposit_limit'>
  type Handler<C extends keyof Calls> = DomainHandlers<Calls>[C]
  type Params = { period: DepositLimitPeriod }
  const change =
    (act: typeof removeMoneyLimit): Handler<'remove_deposit_limit'> =>
    (ctx, input) =>
      act(ctx, sessionOf(input), { kind, period: (input.params as Params).period }, input.ip)
  const read: Handler<'get_deposit_limits'> = async (ctx, input) => {
    const player = await playerOf(ctx.db, sessionOf(input).playerId)
    return { currency: player.currency, items: await moneyLimitsOf(ctx.db, player.id, kind, ctx.now()) }
  }
  const set: Handler<'set_deposit_limit'> = (ctx, input) =>
    setMoneyLimit(ctx, sessionOf(input), { kind, ...input.params }, input.ip)
  return {
    [`get_${kind}_limits`]: read,
    [`set_${kind}_limit`]: set,
    [`remove_${kind}_limit`]: change(removeMoneyLimit),
    [`confirm_${kind}_limit`]: change(confirmMoneyLimit),
    [`cancel_${kind}_limit_change`]: change(cancelMoneyLimitChange),
  }
}

/** The payment calls' handlers for the deposit methods offered (a test may register one more). */
export const paymentHandlers = (processors: readonly DepositProcessor[] = depositProcessors): Handlers => ({
  get_processors: processorsHandler(processors),
  ...depositHandlers(processors),
  ...threeDSecureHandlers,
  ...withdrawalHandlers,
  ...historyHandlers,
  ...limitHandlersOf('deposit'),
  ...limitHandlersOf('loss'),
})
