/**
 * The scheduled bonuses (ADR 0055): the Monday cashback, the Wednesday bonus and the monthly
 * bonus, granted by the hourly job 'scheduled_bonuses' on their day in the casino's time zone
 * (the setting `timeZone`) for the period before: the previous ISO week (Monday to Monday) or the
 * previous month. Each (template, period, player) is decided once: a row of
 * scheduled_bonus_grants written under the player's row lock in the transaction that grants the
 * bonus (bonuses/service.ts grantIn) or skips it (another bonus active), so reruns of the job, two
 * instances and restarts grant once. The player finds a mailbox message either way, told live to
 * their sockets (mailbox_message, and balance_changed from the ledger).
 */
import { asc, eq, inArray, sql } from 'drizzle-orm'
import { formatMoney, partsOf, type Currency, type Locale } from '../../contract/index.ts'
import type { Database, Queryable } from '../db/open.ts'
import { bonusTemplates, playerBonuses, scheduledBonusGrants } from '../db/schema.ts'
import { writeMailboxMessage } from '../mailbox/messages.ts'
import { scheduledBonusMessage } from '../mailbox/texts.ts'
import { getSettings } from '../site/settings.ts'
import { grantIn, type BonusTemplateRow } from './service.ts'

export const SCHEDULED_TYPES = ['weekly_cashback', 'weekly_bonus', 'monthly_bonus'] as const
export type ScheduledType = (typeof SCHEDULED_TYPES)[number]

/** A period in the casino's time zone: [from, to). */
export type Period = { key: string; from: Date; to: Date }

const DAY_MS = 86_400_000
const pad = (n: number) => String(n).padStart(2, '0')

/** The instant the calendar day y-m-d (m 1-12) starts in `timeZone`. */
export function zonedMidnight(y: number, m: number, d: number, timeZone: string) {
  const wall = Date.UTC(y, m - 1, d)
  // The zone's offset at an instant: its wall clock there minus the instant.
  const offset = (at: number) => {
    const p = partsOf(new Date(at), timeZone)
    return Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!) - Math.floor(at / 1000) * 1000
  }
  const guess = wall - offset(wall)
  return new Date(wall - offset(guess))
}

/** The calendar day of `at` in `timeZone`, with its ISO weekday (1 Monday … 7 Sunday). */
export function localDay(at: Date, timeZone: string) {
  const p = partsOf(at, timeZone)
  const [y, m, d] = [+p.year!, +p.month!, +p.day!]
  return { y, m, d, weekday: ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1 }
}

/** The ISO week (Monday 00:00 to the next Monday 00:00 in `timeZone`) holding the day y-m-d. */
export function isoWeek(y: number, m: number, d: number, timeZone: string): Period {
  const day = Date.UTC(y, m - 1, d)
  const monday = new Date(day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS)
  const next = new Date(monday.getTime() + 7 * DAY_MS)
  // The ISO week's year is its Thursday's; its number counts Thursdays from that year's first.
  const thursday = new Date(monday.getTime() + 3 * DAY_MS)
  const year = thursday.getUTCFullYear()
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY_MS / 7) + 1
  const at = (date: Date) => zonedMidnight(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), timeZone)
  return { key: `${year}-W${pad(week)}`, from: at(monday), to: at(next) }
}

/** The month y-m (1-12) in `timeZone`. */
export function month(y: number, m: number, timeZone: string): Period {
  const [ny, nm] = m === 12 ? [y + 1, 1] : [y, m + 1]
  return { key: `${y}-${pad(m)}`, from: zonedMidnight(y, m, 1, timeZone), to: zonedMidnight(ny, nm, 1, timeZone) }
}

/**
 * The schedules' calendar: each template's day and the period it pays for. Null when `type` is
 * not due on the day of `at`.
 */
export function duePeriod(type: ScheduledType, at: Date, timeZone: string): Period | null {
  const today = localDay(at, timeZone)
  if (type === 'monthly_bonus') {
    if (today.d !== 1) return null
    return today.m === 1 ? month(today.y - 1, 12, timeZone) : month(today.y, today.m - 1, timeZone)
  }
  if (today.weekday !== (type === 'weekly_cashback' ? 1 : 3)) return null
  const weekAgo = new Date(Date.UTC(today.y, today.m - 1, today.d) - 7 * DAY_MS)
  return isoWeek(weekAgo.getUTCFullYear(), weekAgo.getUTCMonth() + 1, weekAgo.getUTCDate(), timeZone)
}

/** The scheduled templates the job grants now (the promotions page): enabled, with a figure. */
export async function grantedTemplates(db: Queryable): Promise<BonusTemplateRow[]> {
  const rows = await db
    .select()
    .from(bonusTemplates)
    .where(inArray(bonusTemplates.type, [...SCHEDULED_TYPES]))
    .orderBy(asc(bonusTemplates.type))
  return rows.filter((t) => t.enabled && (t.percent !== null || t.amount !== null))
}

type Candidate = { playerId: string; currency: Currency; language: Locale; base: number }

/**
 * The players a period's bonus is for, with its base in cents: active accounts, not on a break nor
 * excluded at `at` (ADR 0060: no marketing reaches them, not even the mailbox's word), whose net
 * real-money loss in the period (stakes minus wins, rollbacks and released held winnings on the
 * real balance) is positive, for the cashback; whose completed deposits in the period add up to
 * something, for the Wednesday and the monthly bonus.
 */
async function candidates(db: Database, type: ScheduledType, period: Period, at: Date): Promise<Candidate[]> {
  const kinds = type === 'weekly_cashback' ? ['bet', 'win', 'rollback', 'winnings_release'] : ['deposit']
  const sign = type === 'weekly_cashback' ? -1 : 1
  const result = (await db.execute(sql`
    SELECT p.id AS "playerId", p.currency::text AS currency, p.language::text AS language,
           ${sign} * sum(po.amount) AS base
      FROM ledger_transactions t
      JOIN players p ON p.id = t.player_id AND p.status = 'active'
                   AND (p.restriction IS NULL OR p.restricted_until <= ${at.toISOString()})
      JOIN ledger_postings po ON po.transaction_id = t.id
      JOIN ledger_accounts a ON a.id = po.account_id AND a.player_id = p.id AND a.kind = 'real'
                            AND a.currency = p.currency
     WHERE t.kind IN (${sql.join(
       kinds.map((k) => sql`${k}`),
       sql`, `,
     )})
       AND t.created_at >= ${period.from.toISOString()} AND t.created_at < ${period.to.toISOString()}
     GROUP BY p.id, p.currency, p.language
    HAVING ${sign} * sum(po.amount) > 0
     ORDER BY p.id`)) as unknown as { rows: (Omit<Candidate, 'base'> & { base: string | number })[] }
  return result.rows.map((r) => ({ ...r, base: Number(r.base) }))
}

/**
 * What a base earns on a template: a percentage template its percent of the base up to its
 * maximum, a fixed one its amount; nothing below the template's minimum (`min_deposit`, read as
 * the base's minimum) or when the template is off.
 */
export function scheduledAmount(template: BonusTemplateRow, base: number) {
  if (!template.enabled || base <= 0) return 0
  if (template.minDeposit !== null && base < template.minDeposit) return 0
  if (template.percent !== null) {
    const amount = Math.floor((base * template.percent) / 100)
    return template.maxBonus === null ? amount : Math.min(amount, template.maxBonus)
  }
  return template.amount ?? 0
}

export type ScheduledOutcome = { granted: number; skipped: number; decidedBefore: number }

/**
 * Grants `type`'s bonus for `period` to every player it is for, each in a transaction of their
 * own under their row lock: a (template, period, player) already decided is left as it is; a
 * player with another active bonus is skipped, and told so. Safe to run again, at once on
 * several instances, or after a restart: each player is decided once.
 */
export async function grantScheduledBonuses(
  db: Database,
  type: ScheduledType,
  period: Period,
  at: Date,
): Promise<ScheduledOutcome> {
  const outcome: ScheduledOutcome = { granted: 0, skipped: 0, decidedBefore: 0 }
  const [template] = await db.select().from(bonusTemplates).where(eq(bonusTemplates.type, type))
  if (!template?.enabled) return outcome
  const { timeZone } = await getSettings(db)
  for (const c of await candidates(db, type, period, at)) {
    const amount = scheduledAmount(template, c.base)
    if (amount <= 0) continue
    const decided = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1 FROM players WHERE id = ${c.playerId} FOR UPDATE`)
      const [claimed] = await tx
        .insert(scheduledBonusGrants)
        .values({ type, period: period.key, playerId: c.playerId, amount, decidedAt: at })
        .onConflictDoNothing()
        .returning({ type: scheduledBonusGrants.type })
      if (!claimed) return 'before' as const
      const [active] = await tx
        .select({ id: playerBonuses.id })
        .from(playerBonuses)
        .where(sql`${playerBonuses.playerId} = ${c.playerId} AND ${playerBonuses.status} = 'active'`)
      let granted = false
      if (!active) {
        const bonus = await grantIn(tx as unknown as Database, {
          playerId: c.playerId,
          currency: c.currency,
          template,
          amount,
          deposit: null,
          sourceKey: `${type}:${period.key}:${c.playerId}`,
          at,
        })
        await tx
          .update(scheduledBonusGrants)
          .set({ playerBonusId: bonus.id })
          .where(
            sql`${scheduledBonusGrants.type} = ${type} AND ${scheduledBonusGrants.period} = ${period.key}
              AND ${scheduledBonusGrants.playerId} = ${c.playerId}`,
          )
        granted = true
      }
      const text = scheduledBonusMessage(c.language, {
        name: c.language === 'en' ? template.nameEn : template.nameEs,
        amount: formatMoney(amount, c.currency, c.language),
        from: period.from,
        lastDay: new Date(period.to.getTime() - 1),
        timeZone,
        granted,
        multiple: template.wageringMultiplier,
        days: template.validityDays,
      })
      await writeMailboxMessage(tx, {
        playerId: c.playerId,
        category: 'bonus',
        ...text,
        source: `bonus:${type}:${period.key}`,
        at,
      })
      return granted ? ('granted' as const) : ('skipped' as const)
    })
    if (decided === 'granted') outcome.granted++
    else if (decided === 'skipped') outcome.skipped++
    else outcome.decidedBefore++
  }
  return outcome
}

/**
 * The hourly job's pass: each scheduled template due today in the casino's time zone, for its
 * period. Every hour of the day runs it (a missed hour, all instances down, is caught up by the
 * next); the players decided by an earlier hour are left as they are. `types`: only these (tests).
 */
export async function runDueScheduledBonuses(
  db: Database,
  at: Date,
  types: readonly ScheduledType[] = SCHEDULED_TYPES,
) {
  const { timeZone } = await getSettings(db)
  const done: Partial<Record<ScheduledType, ScheduledOutcome & { period: string }>> = {}
  for (const type of types) {
    const period = duePeriod(type, at, timeZone)
    if (period) done[type] = { period: period.key, ...(await grantScheduledBonuses(db, type, period, at)) }
  }
  return done
}
