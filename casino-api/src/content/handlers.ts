/**
 * The site-content calls: the front calls players read (content pages, promotions, the FAQ, the
 * home carousel's slides), rendered from Markdown to sanitized HTML with the settings' numbers
 * (render.ts), and the administrator's calls that list, create, change, preview and remove the
 * entries (each change and its admin_audit row in one database transaction: entries.ts). The
 * links players get keep to the contract's rule (content/links.ts) even for an entry saved before
 * it: one that does not is served as no link.
 */
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm'
import type { adminCalls, contentCalls, Locale } from '../../contract/index.ts'
import { contentLink } from '../../contract/content/links.ts'
import type { CallInput, Context, DomainHandlers } from '../context.ts'
import { isUniqueViolation, isUuid } from '../db/errors.ts'
import { siteContent } from '../db/schema.ts'
import { ApiError } from '../../contract/errors.ts'
import { getSettings } from '../site/settings.ts'
import { createEntry, iso, removeEntry, siteContentOf, updateEntry, type Row } from './entries.ts'
import { renderMarkdown, renderText, ruleValues } from './render.ts'

type ContentAdminCalls = Pick<
  typeof adminCalls,
  'get_site_content' | 'create_site_content' | 'update_template' | 'remove_site_content' | 'preview_site_content'
>

const adminOf = (input: Pick<CallInput<'get_site_content'>, 'session'>) => {
  if (input.session?.scope !== 'admin') throw new ApiError(403, 'forbidden')
  return input.session.playerId
}

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
      const row = await createEntry(ctx.db, adminId, input.params, at)
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
      const row = await updateEntry(ctx.db, adminId, id, fields, at)
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
    await removeEntry(ctx.db, adminId, id, at)
    return { ok: true, message: 'content_removed', id }
  },

  preview_site_content: async (ctx, input) => {
    adminOf(input)
    return { html: renderMarkdown(input.params.body ?? '', await valuesFor(ctx, input.params.locale)) }
  },
}
