/**
 * The processor interface of a payment method (ADR 0044). A deposit method is a module of this
 * folder that implements the contract's descriptor of the method (contract/payments/methods.ts:
 * key, kind, limits, the call that deposits with it) with a `DepositProcessor`; a withdrawal
 * method implements a `WithdrawalProcessor`. registry.ts lists them; get_processors,
 * get_withdrawal_processors, the routes of the deposit calls and send_withdrawal_request's
 * checks come from that list.
 *
 * The guards are properties of the definitions, applied around the module's handler, never
 * repeated in it: the geo guard and the Idempotency-Key binding by the router from the call's
 * definition (`moneyMoving`, `idempotent`), a rate limit by `DepositProcessor.rateLimit`.
 */
import {
  calls,
  DEPOSIT_METHODS,
  WITHDRAWAL_METHODS,
  type CallDef,
  type CallName,
  type Currency,
  type DepositMethodDescriptor,
  type DepositMethodKey,
  type ParamsOf,
  type WithdrawalMethodDescriptor,
  type WithdrawalMethodKey,
} from '../../../contract/index.ts'
import type { CallInput, Context, Handler, Handlers } from '../../context.ts'
import { ApiError } from '../../../contract/errors.ts'
import type { LimitedAction } from '../../rate-limits.ts'
import { getSettings } from '../../site/settings.ts'
import type { WithdrawalRequest } from '../service.ts'

/** A deposit call's handler, whatever its call: the registry routes it by its definition. */
export type DepositHandler = (
  ctx: Context,
  input: Omit<CallInput<CallName>, 'params'> & { params: never },
) => Promise<unknown>

export type DepositProcessor = {
  key: string
  method: DepositMethodDescriptor
  /** The definition of `method.call`: the contract's for a method of the contract. */
  def: CallDef
  /** Makes the deposit: the call's handler. */
  deposit: DepositHandler
  /**
   * Tries of the call count against this limit (rate-limits.ts) before the handler runs; a try
   * that answers gives its point back, so only refusals add up.
   */
  rateLimit?: LimitedAction
}

/** The processor of one of the contract's deposit methods. */
export function depositProcessor<M extends DepositMethodKey>(
  key: M,
  deposit: Handler<(typeof DEPOSIT_METHODS)[M]['call']>,
  options: { rateLimit?: LimitedAction } = {},
): DepositProcessor {
  const method = DEPOSIT_METHODS[key]
  return { key, method, def: calls[method.call], deposit: deposit as DepositHandler, ...options }
}

type WithdrawalParams = ParamsOf<(typeof calls)['send_withdrawal_request']>
export type WithdrawalParamsOf<M extends WithdrawalMethodKey> = Extract<WithdrawalParams, { method: M }>

export type WithdrawalProcessor<M extends WithdrawalMethodKey = WithdrawalMethodKey> = {
  key: M
  method: WithdrawalMethodDescriptor
  /** The fields the processor refuses (beyond the contract's rules), as the catalogue's codes. */
  check(params: WithdrawalParamsOf<M>): Record<string, string[]>
  /** What the payment keeps of the request: where the money goes. */
  details(params: WithdrawalParamsOf<M>): WithdrawalRequest['details']
}

export const withdrawalProcessor = <M extends WithdrawalMethodKey>(
  key: M,
  processor: Omit<WithdrawalProcessor<M>, 'key' | 'method'>,
): WithdrawalProcessor<M> => ({ key, method: WITHDRAWAL_METHODS[key], ...processor })

/** The deposit calls' handlers, each with its rate limit around it. */
export function depositHandlers(processors: readonly DepositProcessor[]): Handlers {
  return Object.fromEntries(processors.map((p) => [p.method.call, limited(p)])) as Handlers
}

function limited({ deposit, rateLimit }: DepositProcessor): DepositHandler {
  if (!rateLimit) return deposit
  return async (ctx, input) => {
    const keys = { ip: input.ip, accounts: [`player:${sessionOf(input).playerId}`] }
    await ctx.limits.check(rateLimit, keys)
    const answer = await deposit(ctx, input)
    await ctx.limits.refund(rateLimit, keys)
    return answer
  }
}

/** The calls the processors add to the contract's (a method a test registers brings its own). */
export const callsOf = (processors: readonly DepositProcessor[]): Record<string, CallDef> =>
  Object.fromEntries(processors.map((p) => [p.method.call, p.def]))

export const sessionOf = (input: { session: CallInput<CallName>['session'] }) => {
  if (!input.session) throw new ApiError(401, 'unauthorized')
  return input.session
}

/** The Idempotency-Key the router bound to the request (the call is `idempotent`). */
export const keyOf = (input: { idempotencyKey?: string }) => {
  if (!input.idempotencyKey)
    throw new ApiError(400, 'validation_failed', { fields: { idempotencyKey: ['field_required'] } })
  return input.idempotencyKey
}

/** The deposit limits of the settings, checked like the amount field's rules. */
export async function checkDepositAmount(ctx: Context, amount: number, currency: Currency) {
  const { limits } = await getSettings(ctx.db)
  if (amount < limits.minDeposit || amount > limits.maxDeposit)
    throw new ApiError(400, 'amount_out_of_range', {
      args: [
        { amount: limits.minDeposit, currency },
        { amount: limits.maxDeposit, currency },
      ],
      fields: { amount: ['amount_out_of_range'] },
    })
  return limits
}
