import { randomBytes, randomUUID } from 'node:crypto'
import { expect, test } from 'vitest'
import { TEST_CARDS } from '../src/payments/cards.ts'
import { eq } from 'drizzle-orm'
import { grantIn } from '../src/bonuses/service.ts'
import { bonusTemplates } from '../src/db/schema.ts'
import { creditDeposit } from '../src/wallet/wagering.ts'
import { activePlayer, AS_PROVIDER, backends, startTestApi, useApis, type TestApi } from './helpers.ts'
import { connect, until } from './socket-helpers.ts'

const api = useApis()

const deposit = (a: TestApi, token: string, cents: number) =>
  a.ok(
    'moto_deposit_processor',
    { holderName: 'Ana', cardNumber: TEST_CARDS.approvedVisa, month: 12, year: 2099, cvv2: '123', amount: cents },
    { token, headers: { 'idempotency-key': `k-${randomBytes(8).toString('hex')}` } },
  )

test.for(backends)('the socket opens only with a valid token [%s]', async (backend) => {
  const a = api(backend)
  expect((await connect(a.url)).opened).toBe(401)
  expect((await connect(a.url, 'x'.repeat(43))).opened).toBe(401)
  const { token } = await activePlayer(a)
  const good = await connect(a.url, token)
  expect(good.opened).toBe('open')
  const closed = new Promise<number>((resolve) => good.ws.once('close', (code) => resolve(code)))
  // Logging out closes the socket at once.
  await a.ok('logout', {}, { token })
  expect(await closed).toBe(4401)
  expect((await connect(a.url, token)).opened).toBe(401)
})

test.for(backends)("a player's balance changes arrive on their socket, and only on theirs [%s]", async (backend) => {
  const a = api(backend)
  const one = await activePlayer(a)
  const two = await activePlayer(a)
  const mine = await connect(a.url, one.token)
  const theirs = await connect(a.url, two.token)
  await deposit(a, one.token, 25_00)
  await until(() => mine.events.some((e) => e.type === 'balance_changed'), 'the balance event')
  expect(mine.events.find((e) => e.type === 'balance_changed')).toMatchObject({
    reason: 'deposit',
    balance: { currency: 'EUR', real: 25_00, bonus: 0, total: 25_00 },
  })
  await until(() => mine.events.some((e) => e.type === 'transaction_status_changed'), 'the status event')
  expect(mine.events.find((e) => e.type === 'transaction_status_changed')).toMatchObject({
    transaction: { type: 'deposit', status: 'complete', amount: 25_00 },
  })
  // A ping is answered; the other player heard nothing.
  mine.ws.send(JSON.stringify({ type: 'ping', id: 'p1' }))
  await until(() => mine.events.some((e) => e.type === 'pong'), 'the pong')
  expect(theirs.events).toEqual([])
  mine.ws.close()
  theirs.ws.close()
})

test.for(backends)(
  'every movement of a player sends one balance event, with the balances after it, in order [%s]',
  async (backend) => {
    const a = api(backend)
    const { playerId, token } = await activePlayer(a)
    const socket = await connect(a.url, token)
    expect(socket.opened).toBe('open')
    const at = new Date()
    await creditDeposit(a.db, {
      playerId,
      currency: 'EUR',
      amount: 3_00,
      idempotencyKey: `deposit:test:${randomUUID()}`,
      processor: 'sandbox',
      at,
    })
    // A bonus of 5 € on the welcome bonus's terms.
    const [welcome] = await a.db.select().from(bonusTemplates).where(eq(bonusTemplates.type, 'welcome_deposit'))
    await grantIn(a.db, {
      playerId,
      currency: 'EUR',
      template: welcome!,
      amount: 5_00,
      deposit: null,
      sourceKey: `test:${randomUUID()}`,
      at,
    })
    // A bet that takes the real balance and part of the bonus one: two postings of the player,
    // one movement, one event with both balances after it.
    const round = { playerId, currency: 'EUR' as const, roundId: `round-${randomUUID()}`, gameId: 'golden-sevens' }
    await a.ok('provider_bet', { ...round, transactionId: `bet-${randomUUID()}`, amount: 4_00 }, AS_PROVIDER)
    await a.ok('provider_win', { ...round, transactionId: `win-${randomUUID()}`, amount: 2_00 }, AS_PROVIDER)
    // A lost round's win of zero moves nothing and sends nothing.
    const lost = { ...round, roundId: `round-${randomUUID()}` }
    await a.ok('provider_bet', { ...lost, transactionId: `bet-${randomUUID()}`, amount: 1_00 }, AS_PROVIDER)
    await a.ok('provider_win', { ...lost, transactionId: `win-${randomUUID()}`, amount: 0 }, AS_PROVIDER)
    const balances = () => socket.events.filter((e) => e.type === 'balance_changed')
    await until(() => balances().length >= 5, 'five balance events')
    // Nothing more comes (the relay runs every 50 ms).
    await new Promise((r) => setTimeout(r, 500))
    expect(balances().map((e) => ({ reason: e.reason, balance: e.balance }))).toEqual([
      { reason: 'deposit', balance: { currency: 'EUR', real: 3_00, bonus: 0, total: 3_00, version: 1 } },
      { reason: 'bonus', balance: { currency: 'EUR', real: 3_00, bonus: 5_00, total: 8_00, version: 2 } },
      // Versions count the player's postings: a movement of both balances counts two.
      { reason: 'bet', balance: { currency: 'EUR', real: 0, bonus: 4_00, total: 4_00, version: 4 } },
      // The stake came 3/4 real, 1/4 bonus, and so does its win.
      { reason: 'win', balance: { currency: 'EUR', real: 1_50, bonus: 4_50, total: 6_00, version: 6 } },
      { reason: 'bet', balance: { currency: 'EUR', real: 50, bonus: 4_50, total: 5_00, version: 7 } },
    ])
    socket.ws.close()
  },
)

test.for(backends)(
  "a deposit's balance event and the player's answer tell the same balance with the same, higher version [%s]",
  async (backend) => {
    const a = api(backend)
    const { token } = await activePlayer(a)
    const socket = await connect(a.url, token)
    const before = (await a.ok('player', {}, { token })).balance
    await deposit(a, token, 10_00)
    await until(() => socket.events.some((e) => e.type === 'balance_changed'), 'the balance event')
    const told = socket.events.find((e) => e.type === 'balance_changed')?.balance as { version?: number }
    const after = (await a.ok('player', {}, { token })).balance
    // The client keeps the balance with the highest version, whichever path brings it last.
    expect(after).toEqual(told)
    expect(after).toMatchObject({ total: before.total + 10_00 })
    expect(after.version).toBeGreaterThan(before.version ?? Infinity)
    socket.ws.close()
  },
)

// Several instances on one PostgreSQL share events through LISTEN/NOTIFY (PGlite is one process's database).
test.skipIf(!process.env.TEST_DATABASE_URL)(
  'a deposit made through one instance reaches the player connected to another',
  async () => {
    const schema = `test_${randomBytes(6).toString('hex')}`
    const first = await startTestApi('postgres', { schema, dropSchemaOnClose: false })
    const second = await startTestApi('postgres', { schema, dropSchemaOnClose: true })
    try {
      const player = await activePlayer(first)
      const socket = await connect(second.url, player.token)
      expect(socket.opened).toBe('open')
      await deposit(first, player.token, 40_00)
      await until(() => socket.events.some((e) => e.type === 'balance_changed'), 'the event on the other instance')
      expect(socket.events[0]).toMatchObject({ type: 'balance_changed', balance: { total: 40_00 } })
      socket.ws.close()
    } finally {
      await first.close()
      await second.close()
    }
  },
)
