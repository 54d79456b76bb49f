/**
 * The administrator's changes to site content, each with its admin_audit row in the same
 * database transaction (content/handlers.ts answers the calls).
 */
import { and, eq, isNull } from 'drizzle-orm'
import type { ParamsOf, Calls, SiteContent } from '../../contract/index.ts'
import type { Database, Queryable } from '../db/open.ts'
import { siteContent } from '../db/schema.ts'
import { ApiError } from '../../contract/errors.ts'
import { audit } from '../payments/audit.ts'

export type Row = typeof siteContent.$inferSelect
export type Fields = ParamsOf<Calls['create_site_content']>

export const iso = (d: Date | null) => (d ? d.toISOString() : null)

export const siteContentOf = (row: Row): SiteContent => ({
  id: row.id,
  kind: row.kind,
  slug: row.slug,
  locale: row.locale,
  title: row.title,
  summary: row.summary,
  body: row.body,
  section: row.section,
  imageUrl: row.imageUrl,
  linkUrl: row.linkUrl,
  order: row.sortOrder,
  published: row.published,
  startsAt: iso(row.startsAt),
  endsAt: iso(row.endsAt),
  updatedAt: row.updatedAt.toISOString(),
})

/** The row's columns from the admin form's fields (a section only for FAQ questions). */
function columnsOf(fields: Fields, now: Date) {
  return {
    kind: fields.kind,
    slug: fields.slug,
    locale: fields.locale,
    title: fields.title,
    summary: fields.summary ?? null,
    body: fields.body ?? '',
    section: fields.kind === 'faq' ? (fields.section ?? null) : null,
    imageUrl: fields.imageUrl ?? null,
    linkUrl: fields.linkUrl ?? null,
    sortOrder: fields.order ?? 0,
    published: fields.published ?? false,
    startsAt: fields.startsAt ? new Date(fields.startsAt) : null,
    endsAt: fields.endsAt ? new Date(fields.endsAt) : null,
    updatedAt: now,
  }
}

/** What the contract cannot see alone: dates in order, a slide's image, a question's section. */
async function checkEntry(db: Queryable, fields: Fields) {
  if (fields.startsAt && fields.endsAt && new Date(fields.endsAt) <= new Date(fields.startsAt))
    throw new ApiError(400, 'invalid_value', { fields: { endsAt: ['invalid_date'] } })
  if (fields.kind === 'slider' && !fields.imageUrl)
    throw new ApiError(400, 'invalid_value', { fields: { imageUrl: ['field_required'] } })
  if (fields.kind === 'faq' && fields.section) {
    if (fields.section === fields.slug)
      throw new ApiError(400, 'invalid_value', { fields: { section: ['invalid_value'] } })
    const [section] = await db
      .select({ id: siteContent.id })
      .from(siteContent)
      .where(
        and(
          eq(siteContent.kind, 'faq'),
          eq(siteContent.locale, fields.locale),
          eq(siteContent.slug, fields.section),
          isNull(siteContent.section),
        ),
      )
      .limit(1)
    if (!section) throw new ApiError(400, 'invalid_value', { fields: { section: ['invalid_value'] } })
  }
}

const described = (row: Row) => ({ kind: row.kind, slug: row.slug, locale: row.locale, title: row.title })

/** A new entry. */
export async function createEntry(db: Database, adminId: string, fields: Fields, at: Date) {
  return db.transaction(async (tx) => {
    await checkEntry(tx, fields)
    const [created] = await tx
      .insert(siteContent)
      .values({ ...columnsOf(fields, at), createdAt: at })
      .returning()
    await audit(tx, { adminId, action: 'content_created', target: created!.id, details: described(created!), at })
    return created!
  })
}

/** An entry changed; a FAQ section renamed takes its questions along. */
export async function updateEntry(db: Database, adminId: string, id: string, fields: Fields, at: Date) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(siteContent).where(eq(siteContent.id, id)).for('update')
    if (!before) throw new ApiError(404, 'not_found')
    await checkEntry(tx, fields)
    const [after] = await tx.update(siteContent).set(columnsOf(fields, at)).where(eq(siteContent.id, id)).returning()
    // A FAQ section renamed takes its questions along.
    if (before.kind === 'faq' && before.section === null && after!.slug !== before.slug)
      await tx
        .update(siteContent)
        .set({ section: after!.slug, updatedAt: at })
        .where(
          and(eq(siteContent.kind, 'faq'), eq(siteContent.locale, before.locale), eq(siteContent.section, before.slug)),
        )
    const was = siteContentOf(before)
    const is = siteContentOf(after!)
    const changed = (Object.keys(is) as (keyof SiteContent)[]).filter(
      (key) => key !== 'updatedAt' && JSON.stringify(was[key]) !== JSON.stringify(is[key]),
    )
    await audit(tx, {
      adminId,
      action: 'content_updated',
      target: id,
      details: { ...described(after!), changed },
      at,
    })
    return after!
  })
}

/** An entry removed. */
export async function removeEntry(db: Database, adminId: string, id: string, at: Date) {
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(siteContent).where(eq(siteContent.id, id)).returning()
    if (!removed) throw new ApiError(404, 'not_found')
    await audit(tx, { adminId, action: 'content_removed', target: id, details: described(removed), at })
  })
}
