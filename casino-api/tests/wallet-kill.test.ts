import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { calls, ProviderWalletAnswer } from '../contract/index.ts'
import { openDatabase } from '../src/db/open.ts'
import { ledgerTransactions, walletTransactions } from '../src/db/schema.ts'
import { openProviderDatabase } from '../../provider/server/db/open.ts'
import { playerBalance } from '../src/wallet/ledger.ts'
import { startApiProcess } from './api-process.ts'
import { insertFundedPlayers } from './funded-players.ts'
import { PROVIDER_SECRET, ledgerReport } from './helpers.ts'

const BETS = 600

// Only with PostgreSQL: PGlite is one process's embedded database, not meant to survive a kill.
test.skipIf(!process.env.TEST_DATABASE_URL)(
  'the casino API killed (SIGKILL) in the middle of a burst of bets loses and doubles nothing',
  async () => {
    const url = process.env.TEST_DATABASE_URL!
    const schema = `test_${randomBytes(6).toString('hex')}`
    const dataDir = await mkdtemp(join(tmpdir(), 'casino-api-kill-'))
    const env = { DATABASE_URL: url, DATABASE_SCHEMA: schema, PROVIDER_SECRET, LOG_LEVEL: 'warn', SEED_DEMO: 'false' }
    const db = await openDatabase({ driver: 'postgres', url, schema, dropSchemaOnClose: true })
    try {
      const [playerId] = await insertFundedPlayers(db.db, 1, 1_000_00)
      const bets = Array.from({ length: BETS }, (_, i) => ({
        playerId: playerId!,
        currency: 'EUR',
        roundId: `round-${i}`,
        gameId: 'golden-sevens',
        transactionId: `bet-${randomUUID()}`,
        amount: 1_00,
      }))
      const send = (base: string, bet: (typeof bets)[number]) =>
        fetch(base + calls.provider_bet.path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-provider-key': PROVIDER_SECRET },
          body: JSON.stringify(bet),
        }).then(
          async (res) => (res.status === 200 ? ProviderWalletAnswer.parse(await res.json()) : null),
          () => null,
        )

      // A burst from 20 clients; the process is killed once a third of the bets were answered.
      const first = await startApiProcess(env, dataDir)
      const acknowledged = new Map<string, ProviderWalletAnswer>()
      let next = 0
      let killed: Promise<void> | undefined
      await Promise.all(
        Array.from({ length: 20 }, async () => {
          while (next < BETS && !killed) {
            const bet = bets[next++]!
            const answer = await send(first.url, bet)
            if (answer) acknowledged.set(bet.transactionId, answer)
            if (acknowledged.size >= BETS / 3) killed ??= first.stop('SIGKILL')
          }
        }),
      )
      await killed
      expect(acknowledged.size).toBeGreaterThanOrEqual(BETS / 3)
      expect(acknowledged.size).toBeLessThan(BETS)

      // Every acknowledged bet is in the ledger, once.
      const keys = [...acknowledged.keys()].map((id) => `game:builtin:${id}`)
      const inLedger = await db.db
        .select({ key: ledgerTransactions.idempotencyKey })
        .from(ledgerTransactions)
        .where(inArray(ledgerTransactions.idempotencyKey, keys))
      expect(inLedger).toHaveLength(acknowledged.size)

      // Restarted on the same database, the provider sends the whole burst again: what was
      // answered before answers the same, the rest goes through now, and nothing twice.
      const second = await startApiProcess(env, dataDir)
      try {
        for (const bet of bets) {
          const answer = await send(second.url, bet)
          expect(answer, bet.transactionId).not.toBeNull()
          const before = acknowledged.get(bet.transactionId)
          if (before) expect(answer).toEqual({ ...before, replayed: true })
        }
      } finally {
        await second.stop('SIGTERM')
      }
      const moved = await db.db.select().from(walletTransactions).where(eq(walletTransactions.playerId, playerId!))
      expect(moved).toHaveLength(BETS)
      expect((await playerBalance(db.db, playerId!, 'EUR')).total).toBe(1_000_00 - BETS * 1_00)
      expect((await ledgerReport({ db: db.db, providerDb: await openProviderDatabase(db) })).violations).toEqual([])
    } finally {
      await db.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  },
)
