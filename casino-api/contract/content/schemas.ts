import { z } from 'zod'
import { Id, Locale, LOCALES, Timestamp } from '../common.ts'
import { DEFAULT_LOCALE } from '../locales.ts'
import { checkbox, isPrintableText, optionalText, required } from '../rules.ts'
import { isSitePath, isWebLink } from './links.ts'

/**
 * Site content is one table of entries keyed by kind, slug and locale. Administrators write
 * markdown; the front calls answer sanitized HTML.
 * - page: legal and help texts (terms, privacy, about-us, refund, responsible …)
 * - promotion: the promotion pages
 * - faq: an entry without `section` is a FAQ section; entries with `section` are its questions
 * - slider: the home carousel
 */
export const CONTENT_KINDS = ['page', 'promotion', 'faq', 'slider'] as const
export const ContentKind = z.enum(CONTENT_KINDS, { error: 'invalid_value' })
export type ContentKind = z.infer<typeof ContentKind>

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const slug = () => required(80).regex(SLUG_PATTERN, 'invalid_value')

/**
 * A path on the site ('/promotion/welcome', the same rule as an image's) or an https URL; absent
 * when empty.
 */
export const optionalLink = () =>
  optionalText(500).refine((v) => v === undefined || isSitePath(v) || isWebLink(v), 'invalid_value')

/**
 * An image's address: a path on the site ('/slides/welcome.svg'), never another host. The pages'
 * CSP loads images from the site alone, and an image from elsewhere would tell that host about
 * every visitor of the home page.
 */
export const optionalImagePath = () =>
  optionalText(500).refine((v) => v === undefined || isSitePath(v), 'invalid_value')

const optionalTimestamp = () =>
  optionalText(40).refine(
    (v) => v === undefined || z.iso.datetime({ offset: true }).safeParse(v).success,
    'invalid_date',
  )

const localeParam = () => Locale.catch(DEFAULT_LOCALE)

// ---- front: what players read ---------------------------------------------------------

export const ContentTemplate = z.object({
  slug: z.string(),
  locale: Locale,
  title: z.string(),
  summary: z.string().nullable(),
  /** Sanitized HTML rendered from the administrator's markdown. */
  html: z.string(),
  updatedAt: Timestamp,
})
export type ContentTemplate = z.infer<typeof ContentTemplate>

export const GetContentTemplateParams = z.object({ slug: slug(), locale: localeParam() })
export const GetContentTemplateAnswer = ContentTemplate

export const PromotionTemplate = ContentTemplate.extend({
  imageUrl: z.string().nullable(),
  linkUrl: z.string().nullable(),
  startsAt: Timestamp.nullable(),
  endsAt: Timestamp.nullable(),
})
export type PromotionTemplate = z.infer<typeof PromotionTemplate>

/** Without a slug: every running promotion, in display order; with one: that promotion only. */
export const GetPromotionTemplateParams = z.object({ slug: slug().optional(), locale: localeParam() })
export const GetPromotionTemplateAnswer = z.object({ items: z.array(PromotionTemplate) })

export const FaqSection = z.object({
  slug: z.string(),
  title: z.string(),
  items: z.array(z.object({ slug: z.string(), question: z.string(), html: z.string() })),
})
export type FaqSection = z.infer<typeof FaqSection>

/** /faq shows every section, /faq/{id} one section (the sidebar still lists them all). */
export const GetFaqTemplateParams = z.object({ section: slug().optional(), locale: localeParam() })
export const GetFaqTemplateAnswer = z.object({
  sections: z.array(FaqSection.pick({ slug: true, title: true })),
  items: z.array(FaqSection),
})

export const Slide = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string().nullable(),
  imageUrl: z.string(),
  linkUrl: z.string().nullable(),
})
export type Slide = z.infer<typeof Slide>

export const GetSlidersParams = z.object({ locale: localeParam() })
export const GetSlidersAnswer = z.object({ items: z.array(Slide) })

// ---- admin: what administrators write -------------------------------------------------

export const SiteContent = z.object({
  id: Id,
  kind: ContentKind,
  slug: z.string(),
  locale: Locale,
  title: z.string(),
  summary: z.string().nullable(),
  /** Markdown. */
  body: z.string(),
  section: z.string().nullable(),
  imageUrl: z.string().nullable(),
  linkUrl: z.string().nullable(),
  order: z.number().int(),
  published: z.boolean(),
  startsAt: Timestamp.nullable(),
  endsAt: Timestamp.nullable(),
  updatedAt: Timestamp,
})
export type SiteContent = z.infer<typeof SiteContent>

/** The whole entry is sent on create and on update, so a form is the same for both. */
export const SiteContentFields = z.object({
  kind: ContentKind,
  slug: slug(),
  locale: z.enum(LOCALES, { error: 'invalid_value' }),
  title: required(200),
  summary: optionalText(500, { multiline: true }),
  body: z
    .string()
    .refine((v) => isPrintableText(v, { multiline: true }), 'invalid_characters')
    .max(100_000, 'invalid_value')
    .default(''),
  section: slug().optional(),
  imageUrl: optionalImagePath(),
  linkUrl: optionalLink(),
  order: z.coerce
    .number({ error: 'invalid_number' })
    .int('invalid_number')
    .min(0, 'invalid_number')
    .max(10_000, 'invalid_number')
    .default(0),
  published: checkbox(),
  startsAt: optionalTimestamp(),
  endsAt: optionalTimestamp(),
})
