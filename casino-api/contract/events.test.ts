import { test, expect } from 'vitest'
import {
  ClientMessage,
  LiveSocketEvent,
  LiveSocketMessage,
  MAX_FRAME_LENGTH,
  parseFrame,
  ServerEvent,
} from './events.ts'

const at = '2026-11-22T10:00:00Z'
const seed = 'a'.repeat(64)

test("the casino socket's events and the provider's live socket's events of every kind parse, each on its own socket", () => {
  const playerEvents = [
    { type: 'balance_changed', at, balance: { currency: 'EUR', total: 1000, real: 800, bonus: 200 }, reason: 'win' },
    {
      type: 'mailbox_message',
      at,
      item: { id: 'm1', category: 'payment', subject: 'Retiro', html: '<p>ok</p>', read: false, createdAt: at },
      unread: 3,
    },
    { type: 'mailbox_unread', at, unread: 2 },
    { type: 'pong', id: '7' },
    { type: 'error', code: 'unauthorized', message: 'Your session has ended.' },
  ]
  for (const event of playerEvents) expect(ServerEvent.parse(event)).toEqual(event)
  const tableEvents = [
    { type: 'live_round_started', at, tableId: 't1', roundId: 'r1', bettingClosesAt: at, serverSeedHash: seed },
    { type: 'live_bets_closed', at, tableId: 't1', roundId: 'r1' },
    {
      type: 'live_round_result',
      at,
      tableId: 't1',
      roundId: 'r1',
      outcome: { value: 17, label: '17 red' },
      serverSeed: seed,
      nonce: 4,
    },
    { type: 'live_round_settled', at, tableId: 't1', roundId: 'r1', bet: 100, win: 3600, currency: 'EUR' },
    { type: 'subscribed', tableId: 't1', round: { roundId: 'r1', phase: 'betting', bettingClosesAt: at } },
    { type: 'pong', id: '7' },
  ]
  for (const event of tableEvents) expect(LiveSocketEvent.parse(event)).toEqual(event)
  // Neither socket carries the other's events.
  for (const event of tableEvents.slice(0, -1)) expect(ServerEvent.safeParse(event).success).toBe(false)
  expect(LiveSocketEvent.safeParse(playerEvents[0]).success).toBe(false)
})

test('a transaction status change carries the whole transaction', () => {
  const transaction = {
    id: 'tx_1',
    type: 'withdrawal',
    status: 'rejected',
    amount: -5000,
    currency: 'EUR',
    processor: 'bank_transfer',
    reference: null,
    card: null,
    destination: 'ES91 •••• 1332',
    cancellable: false,
    failure: { code: 'withdrawal_rejected', reason: 'Documents missing' },
    balanceAfter: null,
    createdAt: at,
    updatedAt: at,
  }
  expect(ServerEvent.parse({ type: 'transaction_status_changed', at, transaction }).type).toBe(
    'transaction_status_changed',
  )
})

test('frames: client messages parse, unknown or oversized ones are dropped', () => {
  expect(parseFrame(ClientMessage, '{"type":"ping"}')).toEqual({ type: 'ping' })
  // Watching a table is the provider's socket's, with a game session.
  expect(parseFrame(ClientMessage, '{"type":"subscribe","tableId":"t1"}')).toBeNull()
  expect(parseFrame(LiveSocketMessage, '{"type":"watch","session":"abc"}')).toEqual({ type: 'watch', session: 'abc' })
  expect(parseFrame(LiveSocketMessage, JSON.stringify({ type: 'watch', session: 'x'.repeat(200) }))).toBeNull()
  expect(parseFrame(ClientMessage, '{"type":"bet","amount":100}')).toBeNull()
  expect(parseFrame(ClientMessage, 'not json')).toBeNull()
  expect(parseFrame(ClientMessage, JSON.stringify({ type: 'ping', id: 'x'.repeat(MAX_FRAME_LENGTH) }))).toBeNull()
  expect(parseFrame(ServerEvent, '{"type":"live_bets_closed","tableId":"t1"}')).toBeNull()
})
