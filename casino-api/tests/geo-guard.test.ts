import { expect, test } from 'vitest'
import type { Context } from '../src/context.ts'
import { isGeoGuarded, MONEY_CALLS, moneyMoving } from '../src/site/geo-guard.ts'
import { handlers } from '../src/handlers.ts'
import { setSetting } from '../src/site/settings.ts'
import { TEST_CARDS } from '../src/payments/cards.ts'
import { ADMIN_PASSWORD, activePlayer, adminToken, backends, login, useApis } from './helpers.ts'
import { card, key } from './payment-helpers.ts'

const api = useApis()

// 8.8.8.8 is in the United States; 81.45.0.1 in Spain.
const US_IP = '8.8.8.8'

const input = (ip: string) => ({ params: {} as never, session: null, ip, userAgent: undefined })

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
  'the money guard refuses a blacklisted client before the handler runs, and lets others through [%s]',
  async (backend) => {
    const a = api(backend)
    let ran = 0
    const handler = moneyMoving<'send_withdrawal_request'>(async () => {
      ran += 1
      return { ok: true, message: 'withdrawal_sent' } as never
    })
    const ctx = { db: a.db } as Context
    await withBlacklists(a.db, async () => {
      await expect(handler(ctx, input(US_IP))).rejects.toMatchObject({ status: 403, code: 'country_restricted' })
      await expect(handler(ctx, input('81.45.0.66'))).rejects.toMatchObject({ status: 403, code: 'country_restricted' })
      expect(ran).toBe(0)
      await handler(ctx, input('81.45.0.1'))
      expect(ran).toBe(1)
    })

    // `when` limits the check to real play: demo play goes through from anywhere.
    const launch = moneyMoving<'get_game_url'>(
      async () => ({}) as never,
      (params) => params.mode === 'real',
    )
    await withBlacklists(a.db, async () => {
      await expect(
        launch(ctx, { ...input(US_IP), params: { gameId: 'g', mode: 'real', language: 'es' } as never }),
      ).rejects.toMatchObject({ code: 'country_restricted' })
      await launch(ctx, { ...input(US_IP), params: { gameId: 'g', mode: 'demo', language: 'es' } as never })
    })
  },
)

test('every routed call that moves money goes through the geo guard', () => {
  for (const name of MONEY_CALLS) {
    const handler = handlers[name]
    if (handler) expect(isGeoGuarded(handler), `${name} must be wrapped with moneyMoving(...)`).toBe(true)
  }
  expect(isGeoGuarded(moneyMoving(async () => ({}) as never))).toBe(true)
})

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
