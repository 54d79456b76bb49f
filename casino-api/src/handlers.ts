/**
 * The calls of the contract this service implements, by name: the handlers of each domain,
 * composed. The router (http/app.ts) checks access and validates params before a handler runs,
 * and checks the answer after. Each domain's handlers.ts has a handler for every call of its
 * group in the contract (the compiler checks it); every group is composed here, and a path
 * that names no call answers 404 'not_found'.
 *
 * Geo-blocking (site/geo-guard.ts): login checks the blacklists first; every call that moves
 * money (deposits, withdrawals, real play...) is marked `moneyMoving` in its contract
 * definition, and the router (http/app.ts) runs its handler only for clients the blacklists let
 * in.
 *
 * The deposit calls are those of the payment methods registered (payments/methods/registry.ts);
 * `handlersFor` takes another list (a test registers a throwaway method).
 *
 * The built-in game provider's calls (the contract's gameServerCalls) are not this service's:
 * the provider serves them on its own port (provider/server/http.ts, ADR 0049).
 */
import { accountHandlers } from './accounts/handlers.ts'
import { kycAdminHandlers } from './accounts/kyc.ts'
import { twoFactorAdminHandlers } from './accounts/two-factor.ts'
import type { Handlers } from './context.ts'
import { siteHandlers } from './site/handlers.ts'
import { settingsAdminHandlers } from './site/admin-handlers.ts'
import { supportHandlers } from './support/handlers.ts'
import { walletHandlers } from './wallet/handlers.ts'
import { heldWinningsAdminHandlers } from './wallet/held-winnings.ts'
import { paymentAdminHandlers } from './payments/admin-handlers.ts'
import { paymentHandlers } from './payments/handlers.ts'
import type { DepositProcessor } from './payments/methods/processor.ts'
import { gameHandlers } from './games/handlers.ts'
import { contentAdminHandlers, contentHandlers } from './content/handlers.ts'
import { mailboxHandlers } from './mailbox/handlers.ts'
import { bonusHandlers } from './bonuses/handlers.ts'
import { jobAdminHandlers } from './jobs/admin-handlers.ts'

export const handlersFor = (depositMethods?: readonly DepositProcessor[]): Handlers => ({
  ...accountHandlers,
  ...kycAdminHandlers,
  ...twoFactorAdminHandlers,
  ...supportHandlers,
  ...siteHandlers,
  ...settingsAdminHandlers,
  ...walletHandlers,
  ...heldWinningsAdminHandlers,
  ...paymentHandlers(depositMethods),
  ...paymentAdminHandlers,
  ...gameHandlers,
  ...contentHandlers,
  ...contentAdminHandlers,
  ...mailboxHandlers,
  ...bonusHandlers,
  ...jobAdminHandlers,
})

export const handlers = handlersFor()
