/**
 * The site's first texts (texts-es.ts, texts-en.ts): written once per entry. An entry the
 * administrator changed is never overwritten, and one they removed is not brought back at the
 * next start: the keys already seeded are remembered in the settings table ('seededContent'),
 * so a later release can still add entries of its own. A release that rewrites or withdraws a
 * seeded text lists the old version's fingerprint in retired.ts: a row still exactly as that
 * version wrote it is brought up to date (or removed), an edited one is left alone. Safe from
 * several instances at once.
 */
import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { ContentKind, Locale } from '../../contract/index.ts'
import type { Database, Queryable } from '../db/open.ts'
import { settings, siteContent } from '../db/schema.ts'
import { EN } from './texts-en.ts'
import { RETIRED_SEED } from './retired.ts'
import { ES } from './texts-es.ts'

export type SeedEntry = {
  kind: ContentKind
  slug: string
  title: string
  summary?: string
  body: string
  section?: string
  imageUrl?: string
  linkUrl?: string
  order?: number
}

export const SEEDED_CONTENT: Record<Locale, SeedEntry[]> = { es: ES, en: EN }

const SEEDED_KEY = 'seededContent'
const keyOf = (locale: Locale, e: Pick<SeedEntry, 'kind' | 'slug'>) => `${e.kind}/${e.slug}/${locale}`

/** The columns a seed entry writes, as stored. */
export const seedColumns = (e: SeedEntry) => ({
  title: e.title,
  summary: e.summary ?? null,
  body: e.body,
  section: e.section ?? null,
  imageUrl: e.imageUrl ?? null,
  linkUrl: e.linkUrl ?? null,
  sortOrder: e.order ?? 0,
})

type SeededColumns = ReturnType<typeof seedColumns>

/** What identifies a text as written by a release: the columns it writes, nothing an editor adds. */
export function seedFingerprint(row: SeededColumns) {
  const { title, summary, body, section, imageUrl, linkUrl, sortOrder } = row
  const columns = [title, summary, body, section, imageUrl, linkUrl, sortOrder]
  return createHash('sha256').update(JSON.stringify(columns)).digest('hex')
}

export async function seedContent(db: Database, now: Date) {
  await db.transaction(async (tx) => {
    await tx.insert(settings).values({ key: SEEDED_KEY, value: [], updatedAt: now }).onConflictDoNothing()
    const [row] = await tx.select().from(settings).where(eq(settings.key, SEEDED_KEY)).for('update')
    const done = new Set(Array.isArray(row?.value) ? (row.value as string[]) : [])
    const withdrawn = await refreshRetired(tx, now)
    for (const key of withdrawn) done.delete(key)
    const missing = (Object.entries(SEEDED_CONTENT) as [Locale, SeedEntry[]][]).flatMap(([locale, entries]) =>
      entries.filter((e) => !done.has(keyOf(locale, e))).map((e) => ({ locale, e })),
    )
    if (missing.length === 0 && withdrawn.length === 0) return
    if (missing.length > 0) {
      await tx
        .insert(siteContent)
        .values(
          missing.map(({ locale, e }) => ({
            kind: e.kind,
            slug: e.slug,
            locale,
            ...seedColumns(e),
            published: true,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflictDoNothing()
    }
    for (const { locale, e } of missing) done.add(keyOf(locale, e))
    await tx
      .update(settings)
      .set({ value: [...done].sort(), updatedAt: now })
      .where(eq(settings.key, SEEDED_KEY))
  })
}

/**
 * Rows still exactly as an earlier release seeded them, where this release rewrote or withdrew
 * the text (retired.ts): rewritten ones take the new text, withdrawn ones are removed and their
 * keys returned, to be forgotten. A row with dates of its own was scheduled by an operator and
 * counts as edited, like any changed column.
 */
async function refreshRetired(tx: Queryable, now: Date) {
  const withdrawn: string[] = []
  const current = new Map(
    (Object.entries(SEEDED_CONTENT) as [Locale, SeedEntry[]][]).flatMap(([locale, entries]) =>
      entries.map((e) => [keyOf(locale, e), e] as const),
    ),
  )
  for (const row of await tx.select().from(siteContent)) {
    const key = keyOf(row.locale, row)
    const retired = RETIRED_SEED[key]
    if (!retired?.includes(seedFingerprint(row)) || row.startsAt || row.endsAt) continue
    const replacement = current.get(key)
    if (replacement) {
      await tx
        .update(siteContent)
        .set({ ...seedColumns(replacement), updatedAt: now })
        .where(eq(siteContent.id, row.id))
    } else {
      await tx.delete(siteContent).where(eq(siteContent.id, row.id))
      withdrawn.push(key)
    }
  }
  return withdrawn
}
