/**
 * The site-content calls: the front calls players read (content pages, promotions, the FAQ, the
 * home carousel's slides), rendered from Markdown to sanitized HTML with the settings' numbers
 * (render.ts), and the administrator's calls that list, create, change, preview and remove the
 * entries. Each admin change writes its admin_audit row in the same database transaction. The
 * links players get keep to the contract's rule (content/links.ts) even for an entry saved before
 * it: one that does not is served as no link.
 */
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm'
import type { adminCalls, contentCalls, Locale, SiteContent } from '../../contract/index.ts'
import { contentLink } from '../../contract/content/links.ts'
import type { CallInput, Context, DomainHandlers } from '../context.ts'
import { isUniqueViolation, isUuid } from '../db/errors.ts'
import type { Queryable } from '../db/open.ts'
import { siteContent } from '../db/schema.ts'
import { ApiError } from '../http/errors.ts'
import { audit } from '../payments/admin-handlers.ts'
import { getSettings } from '../site/settings.ts'
import { renderMarkdown, renderText, ruleValues } from './render.ts'

type ContentAdminCalls = Pick<
  typeof adminCalls,
  'get_site_content' | 'create_site_content' | 'update_template' | 'remove_site_content' | 'preview_site_content'
>

type Row = typeof siteContent.$inferSelect
type Fields = CallInput<'create_site_content'>['params']

const adminOf = (input: Pick<CallInput<'get_site_content'>, 'session'>) => {
  if (input.session?.scope !== 'admin') throw new ApiError(403, 'forbidden')
  return input.session.playerId
}

const iso = (d: Date | null) => (d ? d.toISOString() : null)

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

/** Published, and (for promotions and slides) within its dates. */
const visible = (kind: Row['kind'], locale: Locale, now: Date) =>
  and(
    eq(siteContent.kind, kind),
    eq(siteContent.locale, locale),
    eq(siteContent.published, true),
    or(isNull(siteContent.startsAt), lte(siteContent.startsAt, now)),
    or(isNull(siteContent.endsAt), gt(siteContent.endsAt, now)),
  )

const inOrder = [asc(siteContent.sortOrder), asc(siteContent.slug)]

async function valuesFor(ctx: Context, locale: Locale) {
  return ruleValues(await getSettings(ctx.db), locale)
}

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

export const contentHandlers: DomainHandlers<typeof contentCalls> = {
  get_content_template: async (ctx, { params }) => {
    const [row] = await ctx.db
      .select()
      .from(siteContent)
      .where(and(visible('page', params.locale, ctx.now()), eq(siteContent.slug, params.slug)))
      .limit(1)
    if (!row) throw new ApiError(404, 'not_found')
    const values = await valuesFor(ctx, params.locale)
    return {
      slug: row.slug,
      locale: row.locale,
      title: renderText(row.title, values),
      summary: row.summary === null ? null : renderText(row.summary, values),
      html: renderMarkdown(row.body, values),
      updatedAt: row.updatedAt.toISOString(),
    }
  },

  get_promotion_template: async (ctx, { params }) => {
    const rows = await ctx.db
      .select()
      .from(siteContent)
      .where(
        and(
          visible('promotion', params.locale, ctx.now()),
          params.slug ? eq(siteContent.slug, params.slug) : undefined,
        ),
      )
      .orderBy(...inOrder)
    if (params.slug && rows.length === 0) throw new ApiError(404, 'not_found')
    const values = await valuesFor(ctx, params.locale)
    return {
      items: rows.map((row) => ({
        slug: row.slug,
        locale: row.locale,
        title: renderText(row.title, values),
        summary: row.summary === null ? null : renderText(row.summary, values),
        html: renderMarkdown(row.body, values),
        updatedAt: row.updatedAt.toISOString(),
        imageUrl: row.imageUrl,
        linkUrl: contentLink(row.linkUrl),
        startsAt: iso(row.startsAt),
        endsAt: iso(row.endsAt),
      })),
    }
  },

  get_faq_template: async (ctx, { params }) => {
    const rows = await ctx.db
      .select()
      .from(siteContent)
      .where(visible('faq', params.locale, ctx.now()))
      .orderBy(...inOrder)
    const sections = rows.filter((r) => r.section === null)
    if (params.section && !sections.some((s) => s.slug === params.section)) throw new ApiError(404, 'not_found')
    const values = await valuesFor(ctx, params.locale)
    const shown = params.section ? sections.filter((s) => s.slug === params.section) : sections
    return {
      sections: sections.map((s) => ({ slug: s.slug, title: renderText(s.title, values) })),
      items: shown.map((s) => ({
        slug: s.slug,
        title: renderText(s.title, values),
        items: rows
          .filter((q) => q.section === s.slug)
          .map((q) => ({ slug: q.slug, question: renderText(q.title, values), html: renderMarkdown(q.body, values) })),
      })),
    }
  },

  get_sliders: async (ctx, { params }) => {
    const rows = await ctx.db
      .select()
      .from(siteContent)
      .where(and(visible('slider', params.locale, ctx.now()), sql`${siteContent.imageUrl} is not null`))
      .orderBy(...inOrder)
    const values = await valuesFor(ctx, params.locale)
    return {
      items: rows.map((row) => ({
        slug: row.slug,
        title: renderText(row.title, values),
        summary: row.summary === null ? null : renderText(row.summary, values),
        imageUrl: row.imageUrl!,
        linkUrl: contentLink(row.linkUrl),
      })),
    }
  },
}

export const contentAdminHandlers: DomainHandlers<ContentAdminCalls> = {
  get_site_content: async (ctx, input) => {
    adminOf(input)
    const rows = await ctx.db
      .select()
      .from(siteContent)
      .orderBy(asc(siteContent.kind), asc(siteContent.locale), asc(siteContent.sortOrder), asc(siteContent.slug))
    return { items: rows.map(siteContentOf) }
  },

  create_site_content: async (ctx, input) => {
    const adminId = adminOf(input)
    const at = ctx.now()
    try {
      const row = await ctx.db.transaction(async (tx) => {
        await checkEntry(tx, input.params)
        const [created] = await tx
          .insert(siteContent)
          .values({ ...columnsOf(input.params, at), createdAt: at })
          .returning()
        await audit(tx, { adminId, action: 'content_created', target: created!.id, details: described(created!), at })
        return created!
      })
      return { ok: true, message: 'content_saved', content: siteContentOf(row) }
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError(409, 'slug_taken', { fields: { slug: ['slug_taken'] } })
      throw error
    }
  },

  update_template: async (ctx, input) => {
    const adminId = adminOf(input)
    const { id, ...fields } = input.params
    if (!isUuid(id)) throw new ApiError(404, 'not_found')
    const at = ctx.now()
    try {
      const row = await ctx.db.transaction(async (tx) => {
        const [before] = await tx.select().from(siteContent).where(eq(siteContent.id, id)).for('update')
        if (!before) throw new ApiError(404, 'not_found')
        await checkEntry(tx, fields)
        const [after] = await tx
          .update(siteContent)
          .set(columnsOf(fields, at))
          .where(eq(siteContent.id, id))
          .returning()
        // A FAQ section renamed takes its questions along.
        if (before.kind === 'faq' && before.section === null && after!.slug !== before.slug)
          await tx
            .update(siteContent)
            .set({ section: after!.slug, updatedAt: at })
            .where(
              and(
                eq(siteContent.kind, 'faq'),
                eq(siteContent.locale, before.locale),
                eq(siteContent.section, before.slug),
              ),
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
      return { ok: true, message: 'content_saved', content: siteContentOf(row) }
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError(409, 'slug_taken', { fields: { slug: ['slug_taken'] } })
      throw error
    }
  },

  remove_site_content: async (ctx, input) => {
    const adminId = adminOf(input)
    const { id } = input.params
    if (!isUuid(id)) throw new ApiError(404, 'not_found')
    const at = ctx.now()
    await ctx.db.transaction(async (tx) => {
      const [removed] = await tx.delete(siteContent).where(eq(siteContent.id, id)).returning()
      if (!removed) throw new ApiError(404, 'not_found')
      await audit(tx, { adminId, action: 'content_removed', target: id, details: described(removed), at })
    })
    return { ok: true, message: 'content_removed', id }
  },

  preview_site_content: async (ctx, input) => {
    adminOf(input)
    return { html: renderMarkdown(input.params.body ?? '', await valuesFor(ctx, input.params.locale)) }
  },
}
