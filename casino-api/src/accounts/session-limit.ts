/**
 * The player's session-time limit (issue 23, safer gambling; ADR 0063): how long one log-in lasts
 * at most. A log-in's token expires when it has lasted that long (`ends_by_limit` marks it, so a
 * call after it is told why: 401 'session_limit_reached'), and the games it opens end with it (a
 * launch gives the provider the log-in's end). A first or lower limit holds at once: the player's
 * open log-ins are cut to it and their games ended, so that a reload launches them with the new
 * end. A raise or a removal waits 24 hours, then for the player to confirm it, and applies from the
 * next log-in (limit-changes.ts, the deposit limits' rule).
 *
 * Changes run under the player's row lock (lockPlayer), as the log-in's token is made under it: a
 * log-in at the same moment as a lower limit gets either the limit or the cut.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { DEPOSIT_LIMIT_COOLING_OFF_MS, type SessionLimit, type SessionLimitAnswer } from '../../contract/index.ts'
import { ApiError } from '../../contract/errors.ts'
import { lockPlayer } from '../bonuses/service.ts'
import type { Context, Session } from '../context.ts'
import type { Queryable } from '../db/open.ts'
import { accessTokens, sessionLimits } from '../db/schema.ts'
import { endGameSessions } from '../games/end-game-sessions.ts'
import { limitRule, type LimitDecision, type LimitState } from './limit-changes.ts'
import { tellSessionLimitChanged } from './notices.ts'
import { getPlayer } from './players.ts'

const rule = limitRule(
  {
    set: 'session_limit_set',
    waits: 'session_limit_change_waits',
    confirmed: 'session_limit_confirmed',
    removed: 'session_limit_removed',
    dropped: 'session_limit_change_dropped',
    nothingPending: 'session_limit_nothing_pending',
    coolingOff: 'session_limit_cooling_off',
    none: 'session_limit_none',
  },
  DEPOSIT_LIMIT_COOLING_OFF_MS,
)

const minutes = (n: number) => n * 60_000

/** The limit, a change waiting, and when the log-in `tokenId` ends because of it. */
export async function sessionLimitOf(
  db: Queryable,
  playerId: string,
  now: Date,
  tokenId: string,
): Promise<SessionLimit> {
  const [[row], [token]] = await Promise.all([
    db.select().from(sessionLimits).where(eq(sessionLimits.playerId, playerId)),
    db
      .select({ expiresAt: accessTokens.expiresAt, endsByLimit: accessTokens.endsByLimit })
      .from(accessTokens)
      .where(eq(accessTokens.id, tokenId)),
  ])
  return {
    minutes: row?.minutes ?? null,
    pending: row?.nextFrom
      ? { minutes: row.nextMinutes, from: row.nextFrom.toISOString(), due: row.nextFrom <= now }
      : null,
    sessionEndsAt: token?.endsByLimit ? token.expiresAt.toISOString() : null,
  }
}

/**
 * When a log-in made at `now` expires: after `ttlMs`, or sooner at the player's limit. Read under
 * the player's row lock, in the transaction that writes the token.
 */
export async function loginExpiry(db: Queryable, playerId: string, now: Date, ttlMs: number) {
  const [row] = await db
    .select({ minutes: sessionLimits.minutes })
    .from(sessionLimits)
    .where(eq(sessionLimits.playerId, playerId))
  const byLimit = row !== undefined && minutes(row.minutes) < ttlMs
  return { expiresAt: new Date(now.getTime() + (byLimit ? minutes(row.minutes) : ttlMs)), endsByLimit: byLimit }
}

/** Cuts the player's open log-ins to `limit` minutes from their start; answers whether any was cut. */
async function cutOpenSessions(tx: Queryable, playerId: string, limit: number, now: Date) {
  const end = sql`${accessTokens.createdAt} + make_interval(mins => ${limit})`
  const cut = await tx
    .update(accessTokens)
    .set({ expiresAt: sql`${end}`, endsByLimit: true })
    .where(
      and(
        eq(accessTokens.playerId, playerId),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, now),
        sql`${accessTokens.expiresAt} > ${end}`,
      ),
    )
    .returning({ id: accessTokens.id })
  return cut.length > 0
}

async function changeSessionLimit(
  ctx: Context,
  session: Session,
  decide: (current: LimitState | null, now: Date) => LimitDecision,
): Promise<z.input<typeof SessionLimitAnswer>> {
  const player = await getPlayer(ctx.db, session.playerId)
  // An administrator's account plays nothing: no limit to keep.
  if (player.scope !== 'player') throw new ApiError(403, 'forbidden')
  const now = ctx.now()
  const { answer, cut } = await ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, player.id)
    const where = eq(sessionLimits.playerId, player.id)
    const [current] = await tx.select().from(sessionLimits).where(where)
    const { change, state, message } = decide(
      current ? { value: current.minutes, next: current.nextMinutes, from: current.nextFrom } : null,
      now,
    )
    if (state === null) await tx.delete(sessionLimits).where(where)
    else {
      const row = { minutes: state.value, nextMinutes: state.next, nextFrom: state.from, updatedAt: now }
      await tx
        .insert(sessionLimits)
        .values({ playerId: player.id, ...row })
        .onConflictDoUpdate({ target: sessionLimits.playerId, set: row })
    }
    // A limit that holds now holds for the log-ins already open; a raise waits for the next one.
    const shortened = change === 'set' && state !== null && (await cutOpenSessions(tx, player.id, state.value, now))
    await tellSessionLimitChanged(ctx, tx, player, {
      change,
      value: state?.value ?? null,
      next: state?.from ? { value: state.next, from: state.from } : undefined,
      at: now,
    })
    return { answer: { limit: await sessionLimitOf(tx, player.id, now, session.tokenId), message }, cut: shortened }
  })
  // Their games end too: a reload launches them with the log-in's new end.
  if (cut) await endGameSessions(ctx, { playerId: player.id })
  return answer
}

export const getSessionLimit = async (ctx: Context, session: Session) =>
  sessionLimitOf(ctx.db, session.playerId, ctx.now(), session.tokenId)

/** A new limit in minutes (null: remove it, which waits like a raise). */
export const setSessionLimit = (ctx: Context, session: Session, limit: number | null) =>
  changeSessionLimit(ctx, session, (current, now) =>
    limit === null ? rule.remove(current, now) : rule.set(current, limit, now),
  )

export const confirmSessionLimit = (ctx: Context, session: Session) => changeSessionLimit(ctx, session, rule.confirm)

export const cancelSessionLimitChange = (ctx: Context, session: Session) => changeSessionLimit(ctx, session, rule.drop)
