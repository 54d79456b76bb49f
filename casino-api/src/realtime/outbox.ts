/**
 * The relay of the ledger's balance events (migration 0013): the posting trigger writes each
 * player's 'balance_changed' event into realtime_outbox in the transaction that moves the money,
 * and every instance calls realtime_relay every RELAY_EVERY_MS, which sends the waiting events on
 * 'casino_events' (where every instance's socket hears them, socket.ts) and deletes them in one
 * transaction, one relay at a time. So an event goes out once, after its movement committed,
 * even if the instance that moved the money stops right after.
 *
 * Not a NOTIFY in the money's own transaction: PostgreSQL holds one lock from a notifying
 * transaction's commit until its commit record is flushed, so the game wallet's commits (one per
 * call) were flushed one after another instead of together. The relay's commits are few.
 */
import { sql } from 'drizzle-orm'
import type { Context } from '../context.ts'
import type { Queryable } from '../db/open.ts'

export const RELAY_EVERY_MS = 50
/** Events sent per relay transaction; a fuller outbox is relayed again at once. */
const RELAY_BATCH = 500

/**
 * Queues an event (`{ playerId, event }`, as socket.ts reads them) in the caller's transaction: it
 * goes out after the commit, after the events written before it, and not at all on a rollback.
 */
export async function queueEvent(tx: Queryable, payload: { playerId: string; event: unknown }) {
  await tx.execute(sql`INSERT INTO realtime_outbox (payload) VALUES (${JSON.stringify(payload)})`)
}

export function startOutboxRelay(ctx: Pick<Context, 'db' | 'log'>, everyMs = RELAY_EVERY_MS) {
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> = Promise.resolve()
  // Until the outbox holds less than a batch.
  const relay = async () => {
    let sent = RELAY_BATCH
    while (sent === RELAY_BATCH) {
      const result = (await ctx.db.execute(sql`SELECT realtime_relay(${RELAY_BATCH}) AS sent`)) as unknown as {
        rows: { sent: number }[]
      }
      sent = Number(result.rows[0]?.sent ?? 0)
    }
  }
  const tick = () => {
    running = relay()
      .catch((error: unknown) =>
        ctx.log.error({ err: error instanceof Error ? error.message : String(error) }, 'realtime relay failed'),
      )
      .finally(() => {
        if (stopped) return
        timer = setTimeout(tick, everyMs)
        timer.unref()
      })
  }
  tick()
  return {
    async close() {
      stopped = true
      clearTimeout(timer)
      await running
      // What was written before the close goes out now rather than with the next instance.
      await relay().catch(() => {})
    },
  }
}
