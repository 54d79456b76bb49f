import { expect, test } from 'vitest'
import {
  bonusCalls,
  adminCalls,
  contentCalls,
  ErrorBody,
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
import { backends, useApis } from './helpers.ts'

const api = useApis()

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

test('the service routes the calls of the domains it composes: player, support, site, the provider wallet, payments, games, content, the mailbox and admin', () => {
  const built = {
    ...playerCalls,
    ...supportCalls,
    ...siteCalls,
    ...providerWalletCalls,
    ...paymentCalls,
    ...walletCalls,
    ...adminCalls,
    ...gameCalls,
    ...gameServerCalls,
    ...contentCalls,
    ...mailboxCalls,
    // Of the bonuses, the player's list, the deposit offers and the forfeit (ADR 0052) and the bonus
    // codes (ADR 0053) are built; loyalty is not yet.
    get_player_bonuses: bonusCalls.get_player_bonuses,
    get_deposit_bonus_offer: bonusCalls.get_deposit_bonus_offer,
    get_bonus_offers: bonusCalls.get_bonus_offers,
    get_referral: bonusCalls.get_referral,
    forfeit_bonus: bonusCalls.forfeit_bonus,
    bonuscode_deposit_processor: bonusCalls.bonuscode_deposit_processor,
  }
  expect(Object.keys(handlers).sort()).toEqual(Object.keys(built).sort())
})

test.for(backends)('a call whose domain is not built yet answers 404 not_found [%s]', async (backend) => {
  for (const call of [bonusCalls.get_loyalty]) {
    const res = await api(backend).fetch(call.path, {
      method: call.method,
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(res.status, call.path).toBe(404)
    expect(ErrorBody.parse(await res.json()).error.code).toBe('not_found')
  }
})
