/**
 * Dormant accounts (issue 23, ADR 0062): an account without a log-in for the terms' months
 * (`dormantAccountMonths`, 12) is closed, by the daily `dormant_accounts` job.
 * - A month before (DORMANCY_NOTICE_DAYS), the player is told by e-mail and in the mailbox, once
 *   per stretch of inactivity: a log-in keeps the account open, and so does money left in it.
 * - It is closed only after that notice, at least DORMANCY_NOTICE_DAYS old, and only when no money
 *   of the player's is left in it (real balance 0, no withdrawal pending): the money stays theirs
 *   to withdraw, whenever they log in. Bonus money is not theirs to withdraw and keeps nothing open.
 * - Closing sets the status 'closed' (the wallet refuses it, the log-in says
 *   `account_closed_dormant`), revokes its sessions and ends its games; the player is told.
 * A run finds each account once: a notice is written with `dormancy_notice_at`, and a closure
 * under the player's row lock, which a second run (another instance) waits for and then skips.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { Context } from '../context.ts'
import { ledgerAccounts, payments, players } from '../db/schema.ts'
import { endGameSessions } from '../games/end-game-sessions.ts'
import { getSettings } from '../site/settings.ts'
import { revokePlayerTokens } from './login.ts'
import { tellDormancy } from './notices.ts'

/** How long before the closure the player is told, and the least time between notice and closure. */
export const DORMANCY_NOTICE_DAYS = 30

type Candidate = { id: string; lastActivity: Date }

/**
 * The account's last activity: its last log-in, or its activation (or registration) before any;
 * or the end of a restriction of the player's own (a break, a self-exclusion), if later: the
 * months count from when the account could log in again.
 */
const lastActivity = sql<Date>`greatest(coalesce(${players.lastLoginAt}, ${players.activatedAt}, ${players.createdAt}), ${players.restrictedUntil})`
const lastActivityOf = (p: typeof players.$inferSelect) => {
  const since = p.lastLoginAt ?? p.activatedAt ?? p.createdAt
  return p.restrictedUntil && p.restrictedUntil > since ? p.restrictedUntil : since
}

export async function runDormancy(ctx: Context): Promise<{ warned: number; closed: number }> {
  const now = ctx.now()
  const { rules } = await getSettings(ctx.db)
  const months = rules.dormantAccountMonths
  const dormantBefore = sql`${now.toISOString()}::timestamptz - make_interval(months => ${months})`
  const noticeDays = sql`make_interval(days => ${DORMANCY_NOTICE_DAYS})`
  // Players' accounts, open, without a restriction of their own in force (told nothing meanwhile:
  // they cannot log in; a permanent one is a closure already).
  const activeAccounts = and(
    eq(players.scope, 'player'),
    eq(players.status, 'active'),
    sql`(${players.restriction} IS NULL OR ${players.restrictedUntil} <= ${now.toISOString()}::timestamptz)`,
  )

  // The month's notice: inactive for all but the last DORMANCY_NOTICE_DAYS, not told since.
  const toWarn: Candidate[] = await ctx.db
    .select({ id: players.id, lastActivity })
    .from(players)
    .where(
      and(
        activeAccounts,
        sql`${lastActivity} < ${dormantBefore} + ${noticeDays}`,
        sql`(${players.dormancyNoticeAt} IS NULL OR ${players.dormancyNoticeAt} < ${lastActivity})`,
      ),
    )
  let warned = 0
  for (const candidate of toWarn) if (await warn(ctx, candidate, { months, now, dormantBefore, noticeDays })) warned++

  // The closure: inactive for the whole time, told at least DORMANCY_NOTICE_DAYS ago.
  const toClose: Candidate[] = await ctx.db
    .select({ id: players.id, lastActivity })
    .from(players)
    .where(
      and(
        activeAccounts,
        sql`${lastActivity} < ${dormantBefore}`,
        sql`${players.dormancyNoticeAt} >= ${lastActivity}`,
        sql`${players.dormancyNoticeAt} <= ${now.toISOString()}::timestamptz - ${noticeDays}`,
      ),
    )
  let closed = 0
  for (const candidate of toClose) if (await close(ctx, candidate, { months, now, dormantBefore })) closed++
  return { warned, closed }
}

type Run = { months: number; now: Date; dormantBefore: SQL }

/** Writes the notice once (the row's update decides, whichever run gets there first) and tells the player. */
async function warn(ctx: Context, { id }: Candidate, run: Run & { noticeDays: SQL }) {
  return ctx.db.transaction(async (tx) => {
    const [player] = await tx
      .update(players)
      .set({ dormancyNoticeAt: run.now })
      .where(
        and(
          eq(players.id, id),
          eq(players.status, 'active'),
          sql`${lastActivity} < ${run.dormantBefore} + ${run.noticeDays}`,
          sql`(${players.dormancyNoticeAt} IS NULL OR ${players.dormancyNoticeAt} < ${lastActivity})`,
        ),
      )
      .returning()
    if (!player) return false
    const since = lastActivityOf(player)
    // The closure comes at the end of the months, and never sooner than the notice's days.
    const closesOn = new Date(
      Math.max(addMonths(since, run.months).getTime(), run.now.getTime() + DORMANCY_NOTICE_DAYS * 86_400_000),
    )
    await tellDormancy(ctx, tx, player, {
      stage: 'warning',
      lastActivity: since,
      closesOn,
      months: run.months,
      at: run.now,
    })
    return true
  })
}

/** Closes the account under its row lock, if it is still dormant and holds no money of the player's. */
async function close(ctx: Context, { id }: Candidate, run: Run) {
  const closed = await ctx.db.transaction(async (tx) => {
    const [player] = await tx
      .select()
      .from(players)
      .where(and(eq(players.id, id), eq(players.status, 'active'), sql`${lastActivity} < ${run.dormantBefore}`))
      .for('no key update')
    if (!player) return false
    // Its real money, locked as the wallet locks it: a credit that lands meanwhile is counted.
    const reals = await tx
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.playerId, id), eq(ledgerAccounts.kind, 'real')))
      .orderBy(ledgerAccounts.id)
      .for('update')
    const [pending] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.playerId, id), eq(payments.kind, 'withdrawal'), eq(payments.status, 'pending')))
      .limit(1)
    if (reals.some((account) => account.balance !== 0) || pending) return false
    await tx
      .update(players)
      .set({ status: 'closed', dormantClosedAt: run.now, updatedAt: run.now })
      .where(eq(players.id, id))
    await revokePlayerTokens(tx, id, run.now)
    await tellDormancy(ctx, tx, player, {
      stage: 'closed',
      lastActivity: lastActivityOf(player),
      closesOn: run.now,
      months: run.months,
      at: run.now,
    })
    return true
  })
  if (closed) await endGameSessions(ctx, { playerId: id })
  return closed
}

/** `date` plus `months` calendar months (31 January + 1 month is 28 or 29 February). */
function addMonths(date: Date, months: number) {
  const day = date.getUTCDate()
  const next = new Date(date)
  next.setUTCDate(1)
  next.setUTCMonth(next.getUTCMonth() + months)
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate()
  next.setUTCDate(Math.min(day, last))
  return next
}
