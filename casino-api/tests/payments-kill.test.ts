import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { calls } from '../contract/index.ts'
import { hashToken, newOpaqueToken } from '../src/accounts/tokens.ts'
import { openDatabase } from '../src/db/open.ts'
import { accessTokens, payments } from '../src/db/schema.ts'
import { TEST_CARDS } from '../src/payments/cards.ts'
import { openProviderDatabase } from '../../provider/server/db/open.ts'
import { playerBalance } from '../src/wallet/ledger.ts'
import { startApiProcess } from './api-process.ts'
import { insertFundedPlayers } from './funded-players.ts'
import { PROVIDER_SECRET, ledgerReport } from './helpers.ts'

const DEPOSITS = 300

// Only with PostgreSQL: PGlite is one process's embedded database, not meant to survive a kill.
test.skipIf(!process.env.TEST_DATABASE_URL)(
  'the casino API killed (SIGKILL) in the middle of a burst of card deposits loses and doubles nothing',
  async () => {
    const url = process.env.TEST_DATABASE_URL!
    const schema = `test_${randomBytes(6).toString('hex')}`
    const dataDir = await mkdtemp(join(tmpdir(), 'casino-api-kill-'))
    const env = { DATABASE_URL: url, DATABASE_SCHEMA: schema, PROVIDER_SECRET, LOG_LEVEL: 'trace', SEED_DEMO: 'false' }
    const db = await openDatabase({ driver: 'postgres', url, schema, dropSchemaOnClose: true })
    try {
      // Players of 1 cent each, with a bearer token of their own.
      const players = await insertFundedPlayers(db.db, 10, 1)
      const tokens = new Map<string, string>()
      for (const playerId of players) {
        const token = newOpaqueToken()
        await db.db.insert(accessTokens).values({
          tokenHash: hashToken(token),
          playerId,
          createdAt: new Date(),
          expiresAt: new Date(Date.now() + 3600_000),
        })
        tokens.set(playerId, token)
      }
      const deposits = Array.from({ length: DEPOSITS }, (_, i) => ({
        playerId: players[i % players.length]!,
        key: `kill-${randomUUID()}`,
      }))
      const send = (base: string, d: (typeof deposits)[number]) =>
        fetch(base + calls.moto_deposit_processor.path, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${tokens.get(d.playerId)}`,
            'idempotency-key': d.key,
          },
          body: JSON.stringify({
            holderName: 'Kill Test',
            cardNumber: TEST_CARDS.approvedVisa,
            month: 12,
            year: new Date().getUTCFullYear() + 2,
            cvv2: '123',
            amount: 10_00,
          }),
        }).then(
          async (res) => (res.status === 200 ? ((await res.json()) as { transaction: { id: string } }) : null),
          () => null,
        )

      const first = await startApiProcess(env, dataDir)
      const acknowledged = new Map<string, string>()
      let next = 0
      let killed: Promise<void> | undefined
      await Promise.all(
        Array.from({ length: 12 }, async () => {
          while (next < DEPOSITS && !killed) {
            const d = deposits[next++]!
            const answer = await send(first.url, d)
            if (answer) acknowledged.set(d.key, answer.transaction.id)
            if (acknowledged.size >= DEPOSITS / 3) killed ??= first.stop('SIGKILL')
          }
        }),
      )
      await killed
      expect(acknowledged.size).toBeGreaterThanOrEqual(DEPOSITS / 3)
      expect(acknowledged.size).toBeLessThan(DEPOSITS)

      // Restarted on the same database, every request is sent again: an acknowledged deposit
      // answers the same payment, the others go through now, and none is credited twice.
      const second = await startApiProcess(env, dataDir)
      try {
        for (const d of deposits) {
          const answer = await send(second.url, d)
          expect(answer, d.key).not.toBeNull()
          const before = acknowledged.get(d.key)
          if (before) expect(answer!.transaction.id).toBe(before)
        }
      } finally {
        await second.stop('SIGTERM')
      }
      const rows = await db.db.select().from(payments)
      expect(rows.length).toBe(DEPOSITS)
      // Those the kill caught between their two steps were taken up again when resent.
      const complete = rows.filter((r) => r.status === 'complete')
      expect(complete).toHaveLength(DEPOSITS)
      let total = 0
      for (const playerId of players) total += (await playerBalance(db.db, playerId, 'EUR')).real
      expect(total).toBe(players.length + complete.length * 10_00)
      expect((await ledgerReport({ db: db.db, providerDb: await openProviderDatabase(db) })).violations).toEqual([])
      // The API's own log of the whole burst, at its most detailed level, holds no card number or CVV.
      const log = await readFile(join(dataDir, 'api.log'), 'utf8')
      expect(log).toContain('"statusCode":200')
      expect(log).not.toContain(TEST_CARDS.approvedVisa)
      expect(log).not.toContain('"cvv2"')
    } finally {
      await db.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  },
)
