/**
 * Sandbox money for the demo player (SEED_DEMO): payments (a card deposit, a declined card, a
 * bank transfer waiting for the money) and a few played rounds, written through the same
 * functions as real ones (the payments, the game wallet), so a new user
 * of the demo sees a living account whose ledger checks like any other. Idempotent by fixed
 * keys: every start runs it, and only the first one moves money.
 */
import { eq } from 'drizzle-orm'
import type { Database } from '../db/open.ts'
import { ledgerTransactions } from '../db/schema.ts'
import { completeDeposit, failPayment, insertPayment, requestKey } from '../payments/service.ts'
import { ApiError } from '../../contract/errors.ts'
import { bet, win } from './games.ts'
import { BUILTIN_PROVIDER } from './provider-auth.ts'

const HOUR = 3600_000

/** Played rounds: stake and win in cents, hours before now. */
const DEMO_ROUNDS = [
  { round: 'demo-round-1', game: 'european-roulette', stake: 10_00, win: 36_00, hoursAgo: 50 },
  { round: 'demo-round-2', game: 'blackjack', stake: 20_00, win: 0, hoursAgo: 49 },
  { round: 'demo-round-3', game: 'fresh-fruit', stake: 2_50, win: 7_50, hoursAgo: 26 },
  { round: 'demo-round-4', game: 'fresh-fruit', stake: 2_50, win: 0, hoursAgo: 25 },
] as const

export const DEMO_DEPOSIT = 500_00

/** The demo player's payments, as the history shows them (references fixed: once only). */
const DEMO_PAYMENTS = [
  {
    key: 'demo-seed:card-1',
    processor: 'moto',
    amount: DEMO_DEPOSIT,
    reference: 'CP-DEMO1-00001',
    hoursAgo: 72,
    outcome: 'complete',
  },
  {
    key: 'demo-seed:card-2',
    processor: 'altitudepay',
    amount: 50_00,
    reference: 'CP-DEMO1-00002',
    hoursAgo: 30,
    outcome: 'failed',
  },
  {
    key: 'demo-seed:bank-1',
    processor: 'carespay',
    amount: 100_00,
    reference: 'BT-DEMO1-00001',
    hoursAgo: 20,
    outcome: 'pending',
  },
] as const

export async function seedDemoMoney(db: Database, playerId: string, now: Date) {
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR)
  // Data folders seeded before the payments existed hold the first deposit as a bare ledger credit.
  const legacy = await db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, 'deposit:demo-seed:1'))
  for (const p of legacy.length ? DEMO_PAYMENTS.slice(1) : DEMO_PAYMENTS) {
    const card = p.processor === 'carespay' ? {} : { cardBrand: 'visa', cardLast4: '4242' }
    const { row } = await insertPayment(db, {
      playerId,
      kind: 'deposit',
      processor: p.processor,
      status: 'pending',
      amount: p.amount,
      currency: 'EUR',
      reference: p.reference,
      idempotencyKey: requestKey(playerId, p.key),
      ...card,
      at: at(p.hoursAgo),
    })
    if (row.status !== 'pending' || p.outcome === 'pending') continue
    if (p.outcome === 'complete') await completeDeposit(db, row.id, at(p.hoursAgo))
    else await failPayment(db, row.id, at(p.hoursAgo), 'wrong_card_info')
  }
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
