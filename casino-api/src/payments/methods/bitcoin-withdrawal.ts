/** Withdrawals to a bitcoin wallet: paid out by the administrator to the player's address. */
import { isValidBitcoinAddress } from '../withdrawal-checks.ts'
import { withdrawalProcessor } from './processor.ts'

export const bitcoinWithdrawal = withdrawalProcessor('bitcoin', {
  check: (params): Record<string, string[]> =>
    isValidBitcoinAddress(params.walletAddress) ? {} : { walletAddress: ['invalid_value'] },
  details: (params) => ({ method: params.method, walletAddress: params.walletAddress }),
})
