/**
 * A payment method is one module (ADR 0044): registering one is all it takes for the casino API
 * to offer it (get_processors), route its call, and guard it by its call's definition (geo
 * blocking, the Idempotency-Key). The method here is a throwaway of this test only.
 */
import { expect, test } from 'vitest'
import { z } from 'zod'
import { amountInCents, Balance, defineCall, DEPOSIT_METHOD_KEYS } from '../contract/index.ts'
import { payments } from '../src/db/schema.ts'
import { type DepositProcessor, checkDepositAmount, keyOf, sessionOf } from '../src/payments/methods/processor.ts'
import { depositProcessors } from '../src/payments/methods/registry.ts'
import { completeDeposit, insertPayment, newReference, playerOf, requestKey } from '../src/payments/service.ts'
import { setSetting } from '../src/site/settings.ts'
import { playerBalance } from '../src/wallet/ledger.ts'
import { activePlayer, backends, checkLedgerAfterEach, useApis, type TestApi } from './helpers.ts'
import { key } from './payment-helpers.ts'

/** A coupon that credits its amount at once. */
const coupon: DepositProcessor = {
  key: 'test_coupon',
  method: {
    kind: 'voucher',
    name: 'Test coupon',
    call: 'test_coupon_deposit_processor',
    limits: 'deposit',
    threeDSecure: false,
  },
  def: defineCall({
    method: 'POST',
    path: '/front/test_coupon_deposit_processor',
    auth: 'player',
    params: z.object({ amount: amountInCents() }),
    answer: z.object({ reference: z.string(), balance: Balance }),
    summary: 'A throwaway deposit method of this test.',
    errors: ['amount_out_of_range'],
    idempotent: true,
    moneyMoving: true,
  }),
  deposit: async (ctx, input) => {
    const { amount } = input.params as { amount: number }
    const player = await playerOf(ctx.db, sessionOf(input).playerId)
    await checkDepositAmount(ctx, amount, player.currency)
    const { row, created } = await insertPayment(ctx.db, {
      playerId: player.id,
      kind: 'deposit',
      processor: 'test_coupon',
      status: 'pending',
      amount,
      currency: player.currency,
      reference: newReference('TC'),
      idempotencyKey: requestKey(player.id, keyOf(input)),
      at: ctx.now(),
    })
    if (created) await completeDeposit(ctx.db, row.id, ctx.now())
    return { reference: row.reference, balance: await playerBalance(ctx.db, player.id, player.currency) }
  },
}

const api = useApis({ depositMethods: [...depositProcessors, coupon] })
checkLedgerAfterEach(api)

const deposit = (a: TestApi, token: string, amount: string, headers: Record<string, string>, ip = '81.45.0.1') =>
  a.fetch(coupon.def.path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'x-forwarded-for': ip,
      ...headers,
    },
    body: JSON.stringify({ amount }),
  })

test.for(backends)('a method registered in a test is offered with the deposit limits [%s]', async (backend) => {
  const a = api(backend)
  const { token } = await activePlayer(a)
  const { items } = await a.ok('get_processors', {}, { token })
  expect(items.map((p) => p.key)).toEqual([...DEPOSIT_METHOD_KEYS, 'test_coupon'])
  // A bonus code and a loyalty redemption credit the bonus balance: their own rules, no deposit range.
  expect(items.filter((p) => p.limits === null).map((p) => [p.key, p.kind])).toEqual([
    ['bonuscode', 'bonus_code'],
    ['loyalty', 'loyalty'],
  ])
  expect(items.at(-1)).toEqual({
    key: 'test_coupon',
    kind: 'voucher',
    name: 'Test coupon',
    logoUrl: null,
    limits: expect.objectContaining({ currency: 'EUR' }),
    threeDSecure: false,
  })
})

test.for(backends)(
  'its call is refused from a blacklisted country, needs a key, and a replay credits once [%s]',
  async (backend) => {
    const a = api(backend)
    const { token, playerId } = await activePlayer(a)
    const balance = async () => (await a.ok('get_player_balance', {}, { token })).total

    await setSetting(a.db, 'countryBlackList', ['US'], new Date())
    try {
      const refused = await deposit(a, token, '20', key(), '8.8.8.8')
      expect(refused.status).toBe(403)
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('country_restricted')
    } finally {
      await setSetting(a.db, 'countryBlackList', null, new Date())
    }
    expect(await balance()).toBe(0)

    const keyless = await deposit(a, token, '20', {})
    expect(keyless.status).toBe(400)

    const once = key()
    const first = await deposit(a, token, '20', once)
    expect(first.status).toBe(200)
    const answer = (await first.json()) as { reference: string; balance: { total: number } }
    expect(answer.balance.total).toBe(20_00)
    const replay = await deposit(a, token, '20', once)
    expect(await replay.json()).toEqual(answer)
    // The key names one request: another amount under it moves nothing.
    const other = await deposit(a, token, '30', once)
    expect(other.status).toBe(409)
    expect(await balance()).toBe(20_00)
    const rows = await a.db.select().from(payments)
    expect(rows.filter((r) => r.playerId === playerId && r.processor === 'test_coupon')).toHaveLength(1)
  },
)
