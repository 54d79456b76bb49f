/**
 * The player's reality check (issue 23, safer gambling; ADR 0065): every so many minutes of play,
 * real-money stakes wait until the player has seen how long they have played since they logged in
 * and their net result, and chosen to keep playing. The wallet keeps it (wallet_bet refuses a stake
 * while `due_at` is past: 'reality_check_due'), for every provider; the site's game view shows it.
 *
 * Play is counted from the log-in: each log-in starts the count again and sets the next check an
 * interval later (startRealityCheck, in the log-in's transaction). Setting the check during a
 * log-in counts from that log-in's start and sets the next check an interval from now. Every
 * change runs under the player's row lock, as the log-in does.
 */
import { eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { MessageCode, RealityCheck, RealityCheckAnswer, REALITY_CHECK_CHOICES } from '../../contract/index.ts'
import { ApiError } from '../../contract/errors.ts'
import { lockPlayer } from '../bonuses/service.ts'
import type { Context, Session } from '../context.ts'
import type { Queryable } from '../db/open.ts'
import { accessTokens, realityChecks } from '../db/schema.ts'
import { getPlayer } from './players.ts'

const after = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000)
/** The next check of a row, in SQL: its interval after `now`. */
const intervalAfter = (now: Date) =>
  sql`${now.toISOString()}::timestamptz + make_interval(mins => ${realityChecks.minutes})`

/** The check and the play it counts (minutes, and the real money won less staked since `since`). */
async function checkOf(
  db: Queryable,
  player: { id: string; currency: RealityCheck['currency'] },
  now: Date,
): Promise<RealityCheck> {
  const playerId = player.id
  const [row] = await db.select().from(realityChecks).where(eq(realityChecks.playerId, playerId))
  let net = 0
  if (row) {
    const result = (await db.execute(sql`
      SELECT coalesce(sum(CASE w.kind WHEN 'bet' THEN -w.real_amount ELSE w.real_amount END), 0)::bigint AS net
      FROM wallet_transactions w
      WHERE w.player_id = ${playerId} AND w.created_at >= ${row.since.toISOString()}::timestamptz`)) as unknown as {
      rows: { net: string | number }[]
    }
    net = Number(result.rows[0]!.net)
  }
  return {
    minutes: row?.minutes ?? null,
    dueAt: row?.dueAt.toISOString() ?? null,
    due: row ? row.dueAt <= now : false,
    since: row?.since.toISOString() ?? null,
    playedMinutes: row ? Math.max(0, Math.floor((now.getTime() - row.since.getTime()) / 60_000)) : 0,
    net,
    currency: player.currency,
  }
}

/** At a log-in, under the player's row lock: play is counted from now, and the next check is an interval away. */
export async function startRealityCheck(tx: Queryable, playerId: string, now: Date) {
  await tx
    .update(realityChecks)
    .set({
      since: now,
      dueAt: intervalAfter(now),
      updatedAt: now,
    })
    .where(eq(realityChecks.playerId, playerId))
}

export const getRealityCheck = async (ctx: Context, session: Session) =>
  checkOf(ctx.db, await getPlayer(ctx.db, session.playerId), ctx.now())

/** Changes the check under the player's row lock and answers it as it is then. */
async function change(
  ctx: Context,
  session: Session,
  apply: (tx: Queryable, now: Date) => Promise<{ message: MessageCode }>,
): Promise<z.input<typeof RealityCheckAnswer>> {
  const player = await getPlayer(ctx.db, session.playerId)
  // An administrator's account plays nothing: no check to keep.
  if (player.scope !== 'player') throw new ApiError(403, 'forbidden')
  const now = ctx.now()
  return ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, player.id)
    const { message } = await apply(tx, now)
    return { check: await checkOf(tx, player, now), message }
  })
}

/** An interval (at once: the next check an interval from now, the play counted from this log-in), or none. */
export const setRealityCheck = (
  ctx: Context,
  session: Session,
  minutes: (typeof REALITY_CHECK_CHOICES)[number] | null,
) =>
  change(ctx, session, async (tx, now) => {
    if (minutes === null) {
      await tx.delete(realityChecks).where(eq(realityChecks.playerId, session.playerId))
      return { message: 'reality_check_off' }
    }
    const [login] = await tx
      .select({ createdAt: accessTokens.createdAt })
      .from(accessTokens)
      .where(eq(accessTokens.id, session.tokenId))
    const row = { minutes, dueAt: after(now, minutes), updatedAt: now }
    await tx
      .insert(realityChecks)
      .values({ playerId: session.playerId, since: login?.createdAt ?? now, ...row })
      .onConflictDoUpdate({ target: realityChecks.playerId, set: row })
    return { message: 'reality_check_set' }
  })

/** "Keep playing": the check due is answered; the next is an interval from now. */
export const acknowledgeRealityCheck = (ctx: Context, session: Session) =>
  change(ctx, session, async (tx, now) => {
    const [answered] = await tx
      .update(realityChecks)
      .set({
        dueAt: intervalAfter(now),
        updatedAt: now,
      })
      .where(
        sql`${realityChecks.playerId} = ${session.playerId} AND ${realityChecks.dueAt} <= ${now.toISOString()}::timestamptz`,
      )
      .returning({ id: realityChecks.playerId })
    if (!answered) throw new ApiError(409, 'reality_check_not_due')
    return { message: 'reality_check_acknowledged' }
  })
