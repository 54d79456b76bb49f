// The relay of balance events (realtime/outbox.ts): an idle instance asks the database a few
// times a second, not twenty; a kick relays what a request queued; every event goes out once.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { expect, test } from 'vitest'
import { openDatabase } from '../src/db/open.ts'
import { queueEvent, startOutboxRelay } from '../src/realtime/outbox.ts'

const silent = { error: () => {} } as never

async function withDatabase(work: (opened: Awaited<ReturnType<typeof openDatabase>>) => Promise<void>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'outbox-'))
  const opened = await openDatabase({ driver: 'pglite', dataDir })
  try {
    await work(opened)
  } finally {
    await opened.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

test('an idle relay backs off to a few queries a second; a kick relays queued events, each once', async () => {
  await withDatabase(async (opened) => {
    // The real database, its calls counted.
    let calls = 0
    const counted = new Proxy(opened.db, {
      get(target, key, receiver) {
        if (key === 'execute')
          return (...args: Parameters<typeof target.execute>) => {
            calls += 1
            return target.execute(...args)
          }
        return Reflect.get(target, key, receiver) as unknown
      },
    })
    const heard: string[] = []
    const stopListening = await opened.listen('casino_events', (payload) => heard.push(payload))
    const relay = startOutboxRelay({ db: counted, log: silent }, 50)
    try {
      // Two idle seconds: 40 relays at a fixed 50 ms; with the back-off (50, 100, 200, 400, 400…) at most 9.
      await new Promise((resolve) => setTimeout(resolve, 2000))
      expect(calls).toBeGreaterThan(1)
      expect(calls).toBeLessThanOrEqual(9)

      const events = Array.from({ length: 3 }, () => ({ playerId: randomUUID(), event: { type: 'test' } }))
      for (const event of events) await queueEvent(opened.db, event)
      relay.kick()
      relay.kick()
      const deadline = Date.now() + 20_000
      while (heard.length < events.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
      expect(heard.map((payload) => JSON.parse(payload) as unknown)).toEqual(events)
    } finally {
      await relay.close()
      await stopListening()
    }
    // Sent and deleted: nothing is sent a second time.
    const left = (await opened.db.execute('SELECT count(*)::int AS n FROM realtime_outbox')) as unknown as {
      rows: { n: number }[]
    }
    expect(left.rows[0]!.n).toBe(0)
    expect(heard).toHaveLength(3)
  })
})
