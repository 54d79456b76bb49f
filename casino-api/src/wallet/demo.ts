/**
 * Sandbox money for the demo player (SEED_DEMO): a deposit and a few played rounds, written
 * through the same functions as real ones (the deposit credit, the game wallet), so a new user
 * of the demo sees a living account whose ledger checks like any other. Idempotent by fixed
 * keys: every start runs it, and only the first one moves money.
 */
import type { Database } from '../db/open.ts'
import { ApiError } from '../http/errors.ts'
import { bet, win } from './games.ts'
import { BUILTIN_PROVIDER } from './provider-auth.ts'
import { creditDeposit } from './wagering.ts'

const HOUR = 3600_000

/** Played rounds: stake and win in cents, hours before now. */
const DEMO_ROUNDS = [
  { round: 'demo-round-1', game: 'european-roulette', stake: 10_00, win: 36_00, hoursAgo: 50 },
  { round: 'demo-round-2', game: 'blackjack', stake: 20_00, win: 0, hoursAgo: 49 },
  { round: 'demo-round-3', game: 'slot-fruits', stake: 2_50, win: 7_50, hoursAgo: 26 },
  { round: 'demo-round-4', game: 'slot-fruits', stake: 2_50, win: 0, hoursAgo: 25 },
] as const

export const DEMO_DEPOSIT = 500_00

export async function seedDemoMoney(db: Database, playerId: string, now: Date) {
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR)
  await creditDeposit(db, {
    playerId,
    currency: 'EUR',
    amount: DEMO_DEPOSIT,
    idempotencyKey: 'deposit:demo-seed:1',
    processor: 'sandbox',
    reference: 'DEMO-DEPOSIT-1',
    at: at(72),
  })
  for (const r of DEMO_ROUNDS) {
    const round = { provider: BUILTIN_PROVIDER, playerId, currency: 'EUR' as const, roundId: r.round, gameId: r.game }
    await onceOnly(() => bet(db, { ...round, transactionId: `${r.round}-bet`, amount: r.stake, at: at(r.hoursAgo) }))
    await onceOnly(() => win(db, { ...round, transactionId: `${r.round}-win`, amount: r.win, at: at(r.hoursAgo) }))
  }
}

/**
 * A movement done at an earlier start: answered as a replay, or, once maintenance purged its
 * record (after months), refused as a conflict by the ledger's key. Either way nothing moves.
 */
async function onceOnly(move: () => Promise<unknown>) {
  try {
    await move()
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'transaction_conflict')) throw error
  }
}
