import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { expect, test, vi } from 'vitest'
import { ledgerTransactions, payments, players } from '../src/db/schema.ts'
import { DEMO_USERNAME } from '../src/seed.ts'
import { startCasinoApi, type CasinoApiOptions } from '../src/server.ts'
import { playerBalance } from '../src/wallet/ledger.ts'
import { remainingTurnover } from '../src/wallet/wagering.ts'
import { ADMIN_PASSWORD, backends, FAST_HASHING, PROVIDER_SECRET, WEB_URL, ledgerReport } from './helpers.ts'

test.for(backends)(
  'the demo player starts with sandbox money and played rounds, added once however often the API starts [%s]',
  async (backend) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'casino-api-demo-'))
    const print = vi.spyOn(console, 'log').mockImplementation(() => {})
    const options: CasinoApiOptions = {
      port: 0,
      dataDir,
      webUrl: WEB_URL,
      logger: false,
      adminPassword: ADMIN_PASSWORD,
      passwordHashing: FAST_HASHING,
      providerSecret: PROVIDER_SECRET,
      seedDemo: true,
      ...(backend === 'postgres'
        ? { databaseUrl: process.env.TEST_DATABASE_URL, schema: `test_${randomBytes(6).toString('hex')}` }
        : {}),
    }
    try {
      const seen = []
      for (const last of [false, true]) {
        const api = await startCasinoApi({ ...options, dropSchemaOnClose: last })
        try {
          const [demo] = await api.db.select().from(players).where(eq(players.username, DEMO_USERNAME))
          const movements = await api.db
            .select({ kind: ledgerTransactions.kind })
            .from(ledgerTransactions)
            .where(eq(ledgerTransactions.playerId, demo!.id))
            .orderBy(ledgerTransactions.createdAt)
          seen.push({
            balance: await playerBalance(api.db, demo!.id, 'EUR'),
            turnover: await remainingTurnover(api.db, demo!.id, 'EUR'),
            movements: movements.map((m) => m.kind).filter((k) => !k.startsWith('loyalty_')),
            // Each real bet earned its loyalty points (ADR 0054), in a transaction of points of its own.
            pointsEarned: movements.filter((m) => m.kind === 'loyalty_earn').length,
            history: (
              await api.db
                .select({ processor: payments.processor, status: payments.status })
                .from(payments)
                .where(eq(payments.playerId, demo!.id))
                .orderBy(payments.createdAt)
            ).map((p) => `${p.processor}:${p.status}`),
          })
          expect((await ledgerReport(api)).violations).toEqual([])
        } finally {
          await api.close()
        }
      }
      // 500 € deposited; 35 € staked over four rounds, 43,50 € won.
      expect(seen[0]).toEqual({
        balance: { currency: 'EUR', real: 508_50, bonus: 0, total: 508_50 },
        turnover: 3 * 500_00 - 35_00,
        movements: ['deposit', 'bet', 'win', 'bet', 'bet', 'win', 'bet'],
        pointsEarned: 4,
        // What the history shows: the card deposit, a declined card, a transfer not yet arrived.
        history: ['moto:complete', 'altitudepay:failed', 'carespay:pending'],
      })
      expect(seen[1]).toEqual(seen[0])
    } finally {
      print.mockRestore()
      await rm(dataDir, { recursive: true, force: true })
    }
  },
)
