/**
 * The contract between the web app and the casino API: zod schemas of the params and the
 * answer of every call. Both halves import it; nothing else crosses the boundary.
 *
 * One folder per domain, each with its schemas and its calls; the building blocks every domain
 * uses (common types, field rules, defineCall, the realtime events) sit at this level.
 */
import { playerCalls } from './player/calls.ts'
import { supportCalls } from './support/calls.ts'
import { siteCalls } from './site/calls.ts'
import { providerWalletCalls, walletCalls } from './wallet/calls.ts'
import { gameCalls, gameServerCalls } from './games/calls.ts'
import { paymentCalls } from './payments/calls.ts'
import { bonusCalls } from './bonuses/calls.ts'
import { contentCalls } from './content/calls.ts'
import { mailboxCalls } from './mailbox/calls.ts'
import { adminCalls } from './admin/calls.ts'

export * from './common.ts'
export * from './messages.ts'
export * from './message-values.ts'
export * from './rules.ts'
export * from './decimal.ts'
export * from './format.ts'
export { DEFAULT_LOCALE, INTL_LOCALES, isLocale, localePrefix } from './locales.ts'
export * from './countries.ts'
export * from './define.ts'
export * from './player/schemas.ts'
export * from './player/session-limit.ts'
export * from './player/reality-check.ts'
export * from './player/two-factor.ts'
export * from './player/kyc.ts'
export * from './support/schemas.ts'
export * from './site/schemas.ts'
export * from './wallet/schemas.ts'
export * from './games/schemas.ts'
export * from './games/presentation.ts'
export * from './games/feed.ts'
export * from './games/tones.ts'
export * from './payments/schemas.ts'
export * from './payments/methods.ts'
export * from './payments/limits.ts'
export * from './bonuses/schemas.ts'
export * from './content/schemas.ts'
export * from './mailbox/schemas.ts'
export * from './admin/schemas.ts'
export * from './events.ts'
export * from './live-socket.ts'

export {
  playerCalls,
  supportCalls,
  siteCalls,
  walletCalls,
  providerWalletCalls,
  gameCalls,
  gameServerCalls,
  paymentCalls,
  bonusCalls,
  contentCalls,
  mailboxCalls,
  adminCalls,
}

export const calls = {
  ...playerCalls,
  ...supportCalls,
  ...siteCalls,
  ...walletCalls,
  ...providerWalletCalls,
  ...gameCalls,
  ...gameServerCalls,
  ...paymentCalls,
  ...bonusCalls,
  ...contentCalls,
  ...mailboxCalls,
  ...adminCalls,
}
export type Calls = typeof calls
export type CallName = keyof Calls

/**
 * The calls the built-in game provider serves on its own address (ADR 0049), not the casino API:
 * its game server's (the game client's moves) and what the casino asks it with its key.
 */
export const servedByProvider = (name: CallName): name is keyof typeof gameServerCalls =>
  Object.hasOwn(gameServerCalls, name)
