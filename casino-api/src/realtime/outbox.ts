/**
 * The relay of the ledger's balance events (ADR 0025): the posting trigger
 * (db/sql/ledger_postings_inserted.sql) writes each player's 'balance_changed' event into
 * realtime_outbox in the transaction that moves the money, and every instance calls
 * realtime_relay, which sends the waiting events on 'casino_events' (where every instance's
 * socket hears them, socket.ts) and deletes them in one transaction, one relay at a time: within
 * RELAY_EVERY_MS after a request of its own that may have written events (kick), and every
 * 400 ms at the latest otherwise. So an event goes out once,
 * after its movement committed, even if the instance that moved the money stops right after.
 *
 * Not a NOTIFY in the money's own transaction: PostgreSQL holds one lock from a notifying
 * transaction's commit until its commit record is flushed, so the game wallet's commits (one per
 * call) were flushed one after another instead of together. The relay's commits are few.
 */
import { sql } from 'drizzle-orm'
import type { Context } from '../context.ts'
import type { Queryable } from '../db/open.ts'

export const RELAY_EVERY_MS = 50
/** An idle instance relays every RELAY_EVERY_MS x IDLE_FACTOR (400 ms). */
const IDLE_FACTOR = 8
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
  let running: Promise<void> | null = null
  let startedAt = 0
  let kicked = false
  // The wait before the next relay: everyMs while events come, doubling up to IDLE_FACTOR times
  // that while the outbox stays empty, so an idle instance asks a few times a second, not 20.
  let wait = everyMs
  // While the database is away the relay fails a few times a second: the cause is logged once
  // per outage, and the end of the outage once.
  let failingSince: number | null = null
  // Until the outbox holds less than a batch.
  const relay = async () => {
    let sent = RELAY_BATCH
    let total = 0
    while (sent === RELAY_BATCH) {
      const result = (await ctx.db.execute(sql`SELECT realtime_relay(${RELAY_BATCH}) AS sent`)) as unknown as {
        rows: { sent: number }[]
      }
      sent = Number(result.rows[0]?.sent ?? 0)
      total += sent
    }
    return total
  }
  const schedule = (delay: number) => {
    clearTimeout(timer)
    timer = setTimeout(tick, Math.max(0, delay))
    timer.unref()
  }
  const tick = () => {
    timer = undefined
    kicked = false
    startedAt = Date.now()
    running = relay()
      .then((sent) => {
        wait = sent > 0 ? everyMs : Math.min(wait * 2, everyMs * IDLE_FACTOR)
        if (failingSince === null) return
        ctx.log.info({ failedForMs: Date.now() - failingSince }, 'realtime relay working again')
        failingSince = null
      })
      .catch((error: unknown) => {
        if (failingSince !== null) return
        failingSince = Date.now()
        ctx.log.error(
          { err: error instanceof Error ? error.message : String(error) },
          'realtime relay failed: retrying quietly until it works again',
        )
      })
      .finally(() => {
        running = null
        // A kick during the relay: its request's events may have committed after the relay read.
        if (!stopped) schedule(kicked ? startedAt + everyMs - Date.now() : wait)
      })
  }
  tick()
  return {
    /**
     * A request of this instance may have queued events: relay within everyMs of the last relay
     * instead of after an idle wait. Requests in a burst share one relay.
     */
    kick() {
      wait = everyMs
      if (stopped) return
      if (running) kicked = true
      else schedule(startedAt + everyMs - Date.now())
    },
    async close() {
      stopped = true
      clearTimeout(timer)
      await running
      // What was written before the close goes out now rather than with the next instance.
      await relay().catch(() => {})
    },
  }
}
