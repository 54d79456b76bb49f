import { expect, test } from 'vitest'
import type { Context } from '../src/context.ts'
import { calls } from '../contract/index.ts'
import { guardMoneyCall } from '../src/site/geo-guard.ts'
import { setSetting } from '../src/site/settings.ts'
import { TEST_CARDS } from '../src/payments/cards.ts'
import { ADMIN_PASSWORD, activePlayer, adminToken, backends, login, useApis } from './helpers.ts'
import { card, key } from './payment-helpers.ts'

const api = useApis()

// 8.8.8.8 is in the United States; 81.45.0.1 in Spain.
const US_IP = '8.8.8.8'

const input = (ip: string, params: unknown = {}) => ({ params, session: null, ip })

async function withBlacklists(db: Context['db'], run: () => Promise<void>) {
  const now = new Date()
  await setSetting(db, 'countryBlackList', ['US'], now)
  await setSetting(db, 'ipBlackList', ['81.45.0.66'], now)
  try {
    await run()
  } finally {
    await setSetting(db, 'countryBlackList', null, now)
    await setSetting(db, 'ipBlackList', null, now)
  }
}

test.for(backends)(
  'login is refused from a blacklisted country or ip, players and admins alike, before the password is checked [%s]',
  async (backend) => {
    const a = api(backend)
    const { params } = await activePlayer(a)
    await withBlacklists(a.db, async () => {
      for (const ip of [US_IP, '81.45.0.66']) {
        const refused = await a.fail('login', { username: params.username, password: params.password }, 403, { ip })
        expect(refused).toMatchObject({
          code: 'country_restricted',
          message: 'Our services are not available in your country.',
        })
        expect((await a.fail('login', { username: 'admin', password: ADMIN_PASSWORD }, 403, { ip })).code).toBe(
          'country_restricted',
        )
        // A wrong password gets the same answer, so the blacklist tells nothing about accounts.
        expect(
          (await a.fail('login', { username: params.username, password: 'wrong-password' }, 403, { ip })).code,
        ).toBe('country_restricted')
      }
      // From anywhere else the same accounts log in.
      await login(a, params.username, params.password, { ip: '81.45.0.1' })
      await login(a, 'admin', ADMIN_PASSWORD, { ip: '81.45.0.1' })
    })
    await login(a, params.username, params.password, { ip: US_IP })
  },
)

test.for(backends)(
  "the money guard of a call's definition refuses a blacklisted client, and lets others through [%s]",
  async (backend) => {
    const a = api(backend)
    const ctx = { db: a.db, geoLocalCountry: null }
    const withdrawal = calls.send_withdrawal_request
    await withBlacklists(a.db, async () => {
      await expect(guardMoneyCall(ctx, withdrawal, input(US_IP))).rejects.toMatchObject({
        status: 403,
        code: 'country_restricted',
      })
      await expect(guardMoneyCall(ctx, withdrawal, input('81.45.0.66'))).rejects.toMatchObject({
        status: 403,
        code: 'country_restricted',
      })
      await guardMoneyCall(ctx, withdrawal, input('81.45.0.1'))
      // A call that moves no money is not guarded.
      await guardMoneyCall(ctx, calls.get_processors, input(US_IP))
    })

    // The game launch's `when` limits the check to real play: demo play goes through from anywhere.
    const launch = calls.get_game_url
    await withBlacklists(a.db, async () => {
      await expect(
        guardMoneyCall(ctx, launch, input(US_IP, { gameId: 'g', mode: 'real', language: 'es' })),
      ).rejects.toMatchObject({ code: 'country_restricted' })
      await guardMoneyCall(ctx, launch, input(US_IP, { gameId: 'g', mode: 'demo', language: 'es' }))
    })
  },
)

test.for(backends)(
  'a deposit from a blacklisted country is refused over HTTP and moves nothing [%s]',
  async (backend) => {
    const a = api(backend)
    const { token } = await activePlayer(a)
    await withBlacklists(a.db, async () => {
      const refused = await a.fail('moto_deposit_processor', card(TEST_CARDS.approvedVisa, 20_00), 403, {
        token,
        ip: US_IP,
        headers: key(),
      })
      expect(refused.code).toBe('country_restricted')
    })
    expect((await a.ok('get_player_balance', {}, { token })).total).toBe(0)
  },
)

test.for(backends)(
  "an administrator's account deposits, withdraws and plays for real nothing; its demo play and its own account work [%s]",
  async (backend) => {
    const a = api(backend)
    const admin = await adminToken(a)
    for (const [call, params] of [
      ['moto_deposit_processor', card(TEST_CARDS.approvedVisa, 20_00)],
      ['cashlib_deposit_processor', { voucherCode: 'AAAA-BBBB-CCCC-DDDD' }],
      [
        'send_withdrawal_request',
        { method: 'bitcoin', amount: 20_00, walletAddress: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu' },
      ],
      ['get_game_url', { gameId: 'european-roulette', mode: 'real', language: 'es' }],
    ] as const) {
      const refused = await a.fail(call, params as never, 403, { token: admin, headers: key() })
      expect(refused.code, call).toBe('forbidden')
    }
    await a.ok('get_game_url', { gameId: 'european-roulette', mode: 'demo', language: 'es' }, { token: admin })
    expect((await a.ok('player', {}, { token: admin })).username).toBe('admin')
  },
)
