import { inArray, sql } from 'drizzle-orm'
import { SITE_TIME_ZONE, SiteSettings, type EditableSiteSettings } from '../../contract/index.ts'
import type { Database, Queryable } from '../db/open.ts'
import { settings, siteContent } from '../db/schema.ts'
import { audit } from '../payments/audit.ts'

/** Defaults seeded at first start; limits from the specification's point 9, in cents; the texts' rules from points 5 and 9. */
export const DEFAULT_SETTINGS: SiteSettings = {
  siteName: 'Casino',
  siteAccess: true,
  countryBlackList: null,
  ipBlackList: null,
  currency: 'EUR',
  currencyLabel: 'Fichas',
  limits: {
    minDeposit: 10_00,
    maxDeposit: 10_000_00,
    minWithdrawal: 20_00,
    maxWithdrawalPerMonth: 50_000_00,
    maxNetWinningsPerDay: 5_000_00,
    extraVerificationAbove: 2_500_00,
    wageringMultiplier: 3,
    unwageredWithdrawalFeePercent: 10,
  },
  rules: {
    minimumAge: 18,
    kycDeadlineDays: 30,
    kycFileTypes: ['PNG', 'JPEG', 'GIF'],
    kycMaxFileMegabytes: 5,
    kycProofMaxAgeMonths: 3,
    refundWindowHours: 24,
    refundMisuseDays: 30,
    bonusCashOutMaxMultiplier: 50,
    irregularPlayPercent: 30,
    betComplaintDays: 30,
    gameComplaintWeeks: 12,
    limitedAccountWithdrawalPercent: 10,
    selfExclusionMaxDays: 30,
    dormantAccountMonths: 12,
    privacyAnswerMonths: 1,
  },
  supportEmail: 'support@casino.local',
  withdrawalCancellation: true,
  timeZone: SITE_TIME_ZONE,
}

const KEYS = Object.keys(DEFAULT_SETTINGS) as (keyof SiteSettings)[]

/** Adds the rows that are missing; never changes a stored value. */
export async function seedSettings(db: Queryable, now: Date) {
  await db
    .insert(settings)
    .values(KEYS.map((key) => ({ key, value: DEFAULT_SETTINGS[key], updatedAt: now })))
    .onConflictDoNothing()
}

/** The stored settings, each missing key filled from the defaults, checked against the contract. */
export async function getSettings(db: Queryable): Promise<SiteSettings> {
  const rows = await db.select().from(settings).where(inArray(settings.key, KEYS))
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]))
  return SiteSettings.parse({ ...DEFAULT_SETTINGS, ...stored })
}

/**
 * What the site's rendered content depends on, as one value: the number of content entries and
 * the last change of an entry or of a setting (the texts quote the settings). An entry created,
 * edited or removed, or a setting changed, gives another value.
 */
export async function getContentVersion(db: Queryable): Promise<string> {
  const result = (await db.execute(sql`
    select (select count(*)::int from ${siteContent}) as entries,
           (select max(${siteContent.updatedAt})::text from ${siteContent}) as content,
           (select max(${settings.updatedAt})::text from ${settings}) as settings`)) as unknown as {
    rows: { entries: number; content: string | null; settings: string | null }[]
  }
  const row = result.rows[0]
  return `${row?.entries ?? 0}/${row?.content ?? ''}/${row?.settings ?? ''}`
}

export async function setSetting<K extends keyof SiteSettings>(
  db: Queryable,
  key: K,
  value: SiteSettings[K],
  now: Date,
) {
  await db
    .insert(settings)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } })
}

/** The settings the administrator's settings page edits (site/admin-handlers.ts). */
const EDITABLE = ['siteAccess', 'countryBlackList', 'ipBlackList', 'withdrawalCancellation', 'timeZone'] as const

export const editable = (all: EditableSiteSettings): EditableSiteSettings => ({
  siteAccess: all.siteAccess,
  countryBlackList: all.countryBlackList,
  ipBlackList: all.ipBlackList,
  withdrawalCancellation: all.withdrawalCancellation,
  timeZone: all.timeZone,
})

/** A save of the page's settings; without `timeZone` (a caller older than it) the stored one stays. */
export type EditableSave = Omit<EditableSiteSettings, 'timeZone'> & { timeZone?: string }

/**
 * Replaces the settings the settings page edits, audited. Two administrators saving at once: the
 * save locks the settings' rows (select ... for update) before it reads the values it replaces,
 * so the saves run one after the other and each audit row holds the values that were really
 * there before it. The last save wins, as a save sends every value of the page. A save that
 * changes nothing writes nothing and no audit row, so a form sent twice is one change.
 */
export async function saveEditableSettings(
  db: Database,
  adminId: string,
  save: EditableSave,
  at: Date,
): Promise<EditableSiteSettings> {
  return db.transaction(async (tx) => {
    // Rows missing (a database older than a setting) are added first, so every one is locked.
    await seedSettings(tx, at)
    await tx
      .select({ key: settings.key })
      .from(settings)
      .where(inArray(settings.key, [...EDITABLE]))
      .for('update')
    const before = editable(await getSettings(tx))
    const after = editable({ ...save, timeZone: save.timeZone ?? before.timeZone })
    const changed = EDITABLE.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    if (!changed.length) return after
    for (const key of changed) await setSetting(tx, key, after[key] as never, at)
    await audit(tx, {
      adminId,
      action: 'settings_updated',
      target: null,
      details: {
        changed,
        before: Object.fromEntries(changed.map((key) => [key, before[key]])),
        after: Object.fromEntries(changed.map((key) => [key, after[key]])),
      },
      at,
    })
    return after
  })
}
