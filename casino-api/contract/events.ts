import { z } from 'zod'
import { Cents, Currency, Id, MessageCode, Timestamp } from './common.ts'
import { Balance } from './player/schemas.ts'
import { FinancialTransaction } from './wallet/schemas.ts'
import { MailboxMessage } from './mailbox/schemas.ts'

/**
 * Messages of the two realtime sockets (JSON text frames):
 * - the casino API's (SOCKET_PATH): the player's own events, relayed to the browser by the web
 *   server, which validates every frame both ways;
 * - the game provider's (LIVE_SOCKET_PATH, on the provider's own port): a live table's round
 *   events, for the table's game client, opened with its launch's game session (ADR 0049).
 */

/** The database channel the casino's player events go out on (NOTIFY): its sockets LISTEN on it. */
export const EVENTS_CHANNEL = 'casino_events'

/**
 * The channel the built-in provider's live tables send their rounds' events on (NOTIFY, in its own
 * database): every provider instance LISTENs and tells its own sockets.
 */
export const PROVIDER_EVENTS_CHANNEL = 'provider_live'

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

/** The casino API's socket's events: the player's own. */
export const ServerEvent = z.discriminatedUnion('type', [
  BalanceChangedEvent,
  TransactionStatusChangedEvent,
  MailboxMessageEvent,
  MailboxUnreadEvent,
  PongEvent,
  SocketErrorEvent,
])
export type ServerEvent = z.infer<typeof ServerEvent>
export type ServerEventType = ServerEvent['type']

const Ping = z.object({ type: z.literal('ping'), id: z.string().max(64).optional() })

export const ClientMessage = z.discriminatedUnion('type', [Ping])
export type ClientMessage = z.infer<typeof ClientMessage>

/** The casino API's socket: GET upgraded to a WebSocket, with the player's bearer token. */
export const SOCKET_PATH = '/front/socket'

/** A live table's round events, as NOTIFYed by the table's driver and sent by every instance. */
export const LiveTableEvent = z.discriminatedUnion('type', [
  LiveRoundStartedEvent,
  LiveBetsClosedEvent,
  LiveRoundResultEvent,
  LiveRoundSettledEvent,
])
export type LiveTableEvent = z.infer<typeof LiveTableEvent>

/** The provider's live socket's events: the table's, `subscribed` first. */
export const LiveSocketEvent = z.discriminatedUnion('type', [...LiveTableEvent.options, SubscribedEvent, PongEvent])
export type LiveSocketEvent = z.infer<typeof LiveSocketEvent>

/**
 * What a live table's client sends on the provider's socket: first `watch` with its launch's game
 * session token (a browser's WebSocket cannot send the X-Game-Session header, and a token in the
 * URL would be written in proxies' logs), then pings.
 */
export const LiveSocketMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('watch'), session: z.string().max(128) }),
  Ping,
])
export type LiveSocketMessage = z.infer<typeof LiveSocketMessage>

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
