/**
 * The contract between the web app and the casino API: zod schemas of the params and the
 * answer of every call. Both halves import it; nothing else crosses the boundary.
 */
import { playerCalls } from './player-calls.ts'

export * from './common.ts'
export * from './rules.ts'
export * from './define.ts'
export * from './auth.ts'
export * from './settings.ts'

export const calls = {
  ...playerCalls,
}
export type Calls = typeof calls
export type CallName = keyof Calls
