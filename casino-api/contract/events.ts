import { z } from 'zod'
import { Cents, Currency, Id, MessageCode, Timestamp } from './common.ts'
import { Balance } from './player/schemas.ts'
import { FinancialTransaction } from './wallet/schemas.ts'
import { MailboxMessage } from './mailbox/schemas.ts'

/**
 * Messages of the realtime socket (JSON text frames). The player's own events arrive without
 * subscribing; a live table's round events only after `subscribe` with its table id (from
 * get_live_game_url). The web server relays both directions and validates every frame.
 */

/**
 * The database channel the realtime events go out on (NOTIFY): the casino API's sockets LISTEN on
 * it, and the built-in provider's live tables send their rounds' events on it (ADR 0049).
 */
export const EVENTS_CHANNEL = 'casino_events'

const HexSeed = z.string().regex(/^[0-9a-f]{64}$/)

export const BalanceChangedEvent = z.object({
  type: z.literal('balance_changed'),
  at: Timestamp,
  balance: Balance,
  reason: z.enum(['deposit', 'withdrawal', 'bet', 'win', 'rollback', 'bonus', 'adjustment']),
})

export const TransactionStatusChangedEvent = z.object({
  type: z.literal('transaction_status_changed'),
  at: Timestamp,
  transaction: FinancialTransaction,
})

export const MailboxMessageEvent = z.object({
  type: z.literal('mailbox_message'),
  at: Timestamp,
  item: MailboxMessage,
  unread: z.number().int().nonnegative(),
})

/** The unread count after the player read or deleted a message (in another tab, say). */
export const MailboxUnreadEvent = z.object({
  type: z.literal('mailbox_unread'),
  at: Timestamp,
  unread: z.number().int().nonnegative(),
})

export const LivePhase = z.enum(['betting', 'closed', 'result'])

export const LiveRoundStartedEvent = z.object({
  type: z.literal('live_round_started'),
  at: Timestamp,
  tableId: Id,
  roundId: Id,
  bettingClosesAt: Timestamp,
  /** Committed before any bet: sha256 of the server seed revealed with the result. */
  serverSeedHash: HexSeed,
})

export const LiveBetsClosedEvent = z.object({
  type: z.literal('live_bets_closed'),
  at: Timestamp,
  tableId: Id,
  roundId: Id,
})

export const LiveRoundResultEvent = z.object({
  type: z.literal('live_round_result'),
  at: Timestamp,
  tableId: Id,
  roundId: Id,
  /** e.g. { value: 17, label: '17 red' } for a roulette table. */
  outcome: z.object({ value: z.union([z.number(), z.string()]), label: z.string() }),
  serverSeed: HexSeed,
  nonce: z.number().int().nonnegative(),
})

/** Sent only to a player who bet in the round. */
export const LiveRoundSettledEvent = z.object({
  type: z.literal('live_round_settled'),
  at: Timestamp,
  tableId: Id,
  roundId: Id,
  bet: Cents,
  win: Cents,
  currency: Currency,
})

export const SubscribedEvent = z.object({
  type: z.literal('subscribed'),
  tableId: Id,
  /** The round in progress, so a late joiner can draw the table at once. */
  round: z.object({ roundId: Id, phase: LivePhase, bettingClosesAt: Timestamp.nullable() }).nullable(),
})

export const PongEvent = z.object({ type: z.literal('pong'), id: z.string().max(64).optional() })

export const SocketErrorEvent = z.object({ type: z.literal('error'), code: MessageCode, message: z.string() })

export const ServerEvent = z.discriminatedUnion('type', [
  BalanceChangedEvent,
  TransactionStatusChangedEvent,
  MailboxMessageEvent,
  MailboxUnreadEvent,
  LiveRoundStartedEvent,
  LiveBetsClosedEvent,
  LiveRoundResultEvent,
  LiveRoundSettledEvent,
  SubscribedEvent,
  PongEvent,
  SocketErrorEvent,
])
export type ServerEvent = z.infer<typeof ServerEvent>
export type ServerEventType = ServerEvent['type']

export const ClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), tableId: Id }),
  z.object({ type: z.literal('unsubscribe'), tableId: Id }),
  z.object({ type: z.literal('ping'), id: z.string().max(64).optional() }),
])
export type ClientMessage = z.infer<typeof ClientMessage>

/** The casino API's socket: GET upgraded to a WebSocket, with the player's bearer token. */
export const SOCKET_PATH = '/front/socket'

/** Longer frames (in characters) are dropped unread by both ends. */
export const MAX_FRAME_LENGTH = 64 * 1024

/** Parses one text frame; null when it is not JSON or not a known message. */
export function parseFrame<T extends z.ZodType>(schema: T, data: string): z.output<T> | null {
  if (data.length > MAX_FRAME_LENGTH) return null
  let json: unknown
  try {
    json = JSON.parse(data)
  } catch {
    return null
  }
  const parsed = schema.safeParse(json)
  return parsed.success ? parsed.data : null
}
