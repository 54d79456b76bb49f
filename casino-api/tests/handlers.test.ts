import { expect, test } from 'vitest'
import {
  bonusCalls,
  adminCalls,
  contentCalls,
  gameCalls,
  gameServerCalls,
  mailboxCalls,
  paymentCalls,
  playerCalls,
  providerWalletCalls,
  siteCalls,
  supportCalls,
  walletCalls,
} from '../contract/index.ts'
import type { DomainHandlers, Handler } from '../src/context.ts'
import { handlers } from '../src/handlers.ts'
import { siteHandlers } from '../src/site/handlers.ts'
import { providerHandlers } from '../../provider/server/handlers.ts'

const geolocation: Handler<'geolocation'> = async (_ctx, { ip }) => ({ ip, countryCode: null })
const logout: Handler<'logout'> = async () => ({ ok: true, message: 'logged_out' })

test('a domain has a handler for every call of its group in the contract, and for no other call', () => {
  // @ts-expect-error get_setting is a site call without a handler
  const missing: DomainHandlers<typeof siteCalls> = { geolocation }
  // @ts-expect-error logout is a call of the player group
  const foreign: DomainHandlers<typeof siteCalls> = { ...siteHandlers, logout }
  expect(Object.keys(missing)).toEqual(['geolocation'])
  expect(Object.keys(foreign)).toContain('logout')
})

test("the service routes the calls of the domains it composes: player, support, site, the provider wallet, payments, games, content, the mailbox and admin; the game provider's calls are the provider's", () => {
  const built = {
    ...playerCalls,
    ...supportCalls,
    ...siteCalls,
    ...providerWalletCalls,
    ...paymentCalls,
    ...walletCalls,
    ...adminCalls,
    ...gameCalls,
    ...contentCalls,
    ...mailboxCalls,
    // Every bonus call is built: the bonuses (ADR 0052), the codes (ADR 0053), loyalty (ADR 0054).
    ...bonusCalls,
  }
  expect(Object.keys(handlers).sort()).toEqual(Object.keys(built).sort())
  // The provider serves them on its own port (provider/server/http.ts), every one of them.
  expect(Object.keys(handlers).filter((name) => name in gameServerCalls)).toEqual([])
  expect(Object.keys(providerHandlers).sort()).toEqual(Object.keys(gameServerCalls).sort())
})
