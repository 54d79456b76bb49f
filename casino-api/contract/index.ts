/**
 * The contract between the web app and the casino API: zod schemas of the params and the
 * answer of every call. Both halves import it; nothing else crosses the boundary.
 */
import { playerCalls } from './player-calls.ts'
import { moneyCalls } from './money-calls.ts'
import { gameCalls } from './game-calls.ts'
import { paymentCalls } from './payment-calls.ts'
import { bonusCalls } from './bonus-calls.ts'
import { contentCalls } from './content-calls.ts'
import { mailboxCalls } from './mailbox-calls.ts'
import { adminCalls } from './admin-calls.ts'

export * from './common.ts'
export * from './rules.ts'
export * from './define.ts'
export * from './auth.ts'
export * from './settings.ts'
export * from './money.ts'
export * from './games.ts'
export * from './payments.ts'
export * from './bonuses.ts'
export * from './content.ts'
export * from './mailbox.ts'
export * from './admin.ts'
export * from './events.ts'

export const calls = {
  ...playerCalls,
  ...moneyCalls,
  ...gameCalls,
  ...paymentCalls,
  ...bonusCalls,
  ...contentCalls,
  ...mailboxCalls,
  ...adminCalls,
}
export type Calls = typeof calls
export type CallName = keyof Calls
