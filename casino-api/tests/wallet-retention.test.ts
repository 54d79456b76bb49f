import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { walletTransactions } from '../src/db/schema.ts'
import { pruneSpentRows } from '../src/maintenance.ts'
import { KEEP_WALLET_TRANSACTIONS_MS } from '../src/wallet/games.ts'
import { playerBalance } from '../src/wallet/ledger.ts'
import { adjustBalance } from './funded-players.ts'
import { activePlayer, AS_PROVIDER, backends, checkLedgerAfterEach, useApis } from './helpers.ts'

// A file of its own: the purge runs on the whole database, as maintenance does.
const api = useApis()
checkLedgerAfterEach(api)

const DAY = 24 * 3600_000

test.for(backends)(
  'transaction ids answer replays for at least four months; later a replay is refused, never paid again [%s]',
  async (backend) => {
    const a = api(backend)
    const { playerId } = await activePlayer(a)
    await adjustBalance(a.db, playerId, 10_00)
    const bet = {
      playerId,
      currency: 'EUR',
      roundId: 'r-1',
      gameId: 'golden-sevens',
      transactionId: `tx-${randomUUID()}`,
      amount: 1_00,
    } as const
    await a.ok('provider_bet', bet, AS_PROVIDER)
    await pruneSpentRows(a.db, new Date(Date.now() + 123 * DAY))
    expect((await a.ok('provider_bet', bet, AS_PROVIDER)).replayed).toBe(true)
    await pruneSpentRows(a.db, new Date(Date.now() + KEEP_WALLET_TRANSACTIONS_MS + DAY))
    expect(
      await a.db.select().from(walletTransactions).where(eq(walletTransactions.externalId, bet.transactionId)),
    ).toEqual([])
    expect((await a.fail('provider_bet', bet, 409, AS_PROVIDER)).code).toBe('transaction_conflict')
    expect((await playerBalance(a.db, playerId, 'EUR')).total).toBe(9_00)
  },
)
