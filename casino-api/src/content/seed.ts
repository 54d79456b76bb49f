/**
 * The site's first texts (texts-es.ts, texts-en.ts): written once per entry. An entry the
 * administrator changed is never overwritten, and one they removed is not brought back at the
 * next start: the keys already seeded are remembered in the settings table ('seededContent'),
 * so a later release can still add entries of its own. Safe from several instances at once.
 */
import { eq } from 'drizzle-orm'
import type { ContentKind, Locale } from '../../contract/index.ts'
import type { Database } from '../db/open.ts'
import { settings, siteContent } from '../db/schema.ts'
import { EN } from './texts-en.ts'
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

export async function seedContent(db: Database, now: Date) {
  await db.transaction(async (tx) => {
    await tx.insert(settings).values({ key: SEEDED_KEY, value: [], updatedAt: now }).onConflictDoNothing()
    const [row] = await tx.select().from(settings).where(eq(settings.key, SEEDED_KEY)).for('update')
    const done = new Set(Array.isArray(row?.value) ? (row.value as string[]) : [])
    const missing = (Object.entries(SEEDED_CONTENT) as [Locale, SeedEntry[]][]).flatMap(([locale, entries]) =>
      entries.filter((e) => !done.has(keyOf(locale, e))).map((e) => ({ locale, e })),
    )
    if (missing.length === 0) return
    await tx
      .insert(siteContent)
      .values(
        missing.map(({ locale, e }) => ({
          kind: e.kind,
          slug: e.slug,
          locale,
          title: e.title,
          summary: e.summary ?? null,
          body: e.body,
          section: e.section ?? null,
          imageUrl: e.imageUrl ?? null,
          linkUrl: e.linkUrl ?? null,
          sortOrder: e.order ?? 0,
          published: true,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing()
    for (const { locale, e } of missing) done.add(keyOf(locale, e))
    await tx
      .update(settings)
      .set({ value: [...done].sort(), updatedAt: now })
      .where(eq(settings.key, SEEDED_KEY))
  })
}
