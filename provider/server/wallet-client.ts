/**
 * The built-in provider's side of the seamless wallet: it reaches the player's money only by
 * the provider wallet calls over HTTP (contract: providerWalletCalls), with the provider's key,
 * exactly as an external game aggregator would. Each call is idempotent by its transaction id,
 * so a lost answer is simply asked again.
 */
import type { z } from 'zod'
import {
  ErrorBody,
  LOSS_LIMIT_REFUSALS,
  PROVIDER_KEY_HEADER,
  ProviderGetBalanceAnswer,
  ProviderSettleAnswer,
  ProviderWalletAnswer,
  providerWalletCalls,
  type Currency,
  type MessageCode,
} from '../../casino-api/contract/index.ts'
import { ApiError } from '../../casino-api/contract/errors.ts'

export type RoundRef = { playerId: string; currency: Currency; roundId: string; gameId: string }

export type SeamlessWallet = {
  /** The player's balances (total, real, bonus) as the wallet has them now. */
  balance(player: { playerId: string; currency: Currency }): Promise<z.infer<typeof ProviderGetBalanceAnswer>>
  bet(ref: RoundRef & { transactionId: string; amount: number }): Promise<ProviderWalletAnswer>
  win(ref: RoundRef & { transactionId: string; amount: number }): Promise<ProviderWalletAnswer>
  rollback(ref: RoundRef & { transactionId: string; betTransactionId: string }): Promise<ProviderWalletAnswer>
  /** An instant round's bet and win in one call (provider_settle). */
  settle(
    ref: RoundRef & {
      bet: { transactionId: string; amount: number }
      win: { transactionId: string; amount: number }
    },
  ): Promise<ProviderSettleAnswer>
}

/** Refusals the wallet answers that the game passes on to the player as they are, with their values. */
const PASSED_ON = new Set<MessageCode>([
  'insufficient_funds',
  'account_not_active',
  'reality_check_due',
  'kyc_overdue',
  ...Object.values(LOSS_LIMIT_REFUSALS),
])

/** Tries a call a few times when the connection fails or the API is busy (idempotent, so safe). */
const ATTEMPTS = 3

export function httpWallet(apiUrl: () => string, providerKey: string): SeamlessWallet {
  const call = async <A>(path: string, params: unknown, answer: { parse(body: unknown): A }): Promise<A> => {
    let lastError: unknown
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      let response: Response
      try {
        response = await fetch(`${apiUrl()}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [PROVIDER_KEY_HEADER]: providerKey },
          body: JSON.stringify(params),
          signal: AbortSignal.timeout(10_000),
        })
      } catch (error) {
        lastError = error
        continue
      }
      const body: unknown = await response.json().catch(() => null)
      if (response.ok) return answer.parse(body)
      const refusal = ErrorBody.safeParse(body)
      if (refusal.success && PASSED_ON.has(refusal.data.error.code))
        throw new ApiError(response.status, refusal.data.error.code, { args: refusal.data.error.args })
      if (response.status >= 500) {
        lastError = new Error(`wallet ${path} answered ${response.status}`)
        continue
      }
      throw new Error(`wallet ${path} refused: ${response.status} ${refusal.success ? refusal.data.error.code : ''}`)
    }
    throw lastError instanceof Error ? lastError : new Error(String(lastError))
  }
  return {
    balance: (p) => call(providerWalletCalls.provider_get_balance.path, p, ProviderGetBalanceAnswer),
    bet: (p) => call(providerWalletCalls.provider_bet.path, p, ProviderWalletAnswer),
    win: (p) => call(providerWalletCalls.provider_win.path, p, ProviderWalletAnswer),
    rollback: (p) => call(providerWalletCalls.provider_rollback.path, p, ProviderWalletAnswer),
    settle: (p) => call(providerWalletCalls.provider_settle.path, p, ProviderSettleAnswer),
  }
}
