import { test, expect } from 'vitest'
import type { z } from 'zod'
import {
  GetContentTemplateParams,
  GetFaqTemplateParams,
  GetPromotionTemplateParams,
  SiteContentFields,
} from './schemas.ts'

const codes = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input)
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]))
}

test('content pages are asked by slug and locale', () => {
  expect(GetContentTemplateParams.parse({ slug: 'about-us', locale: 'en' })).toEqual({ slug: 'about-us', locale: 'en' })
  expect(GetContentTemplateParams.parse({ slug: 'terms' })).toEqual({ slug: 'terms', locale: 'es' })
  expect(codes(GetContentTemplateParams, { slug: '../etc/passwd' })).toEqual({ slug: 'invalid_value' })
  expect(GetPromotionTemplateParams.parse({ locale: 'es' })).toEqual({ locale: 'es' })
  expect(GetFaqTemplateParams.parse({ section: 'payments', locale: 'en' })).toEqual({
    section: 'payments',
    locale: 'en',
  })
})

const entry = {
  kind: 'promotion',
  slug: 'welcome',
  locale: 'es',
  title: 'Bono de bienvenida',
  body: '# 100 %',
  linkUrl: '/promotion/welcome',
  published: 'on',
}

test('a site-content entry from the admin form', () => {
  expect(SiteContentFields.parse({ ...entry, order: '3', summary: '' })).toEqual({
    ...entry,
    order: 3,
    published: true,
    summary: undefined,
  })
  expect(SiteContentFields.parse({ ...entry, published: undefined }).published).toBe(false)
})

test('site-content fields answer catalogue codes', () => {
  expect(
    codes(SiteContentFields, {
      ...entry,
      kind: 'banner',
      slug: 'Welcome Bonus',
      locale: 'fr',
      title: '',
      linkUrl: 'javascript:alert(1)',
      startsAt: 'tomorrow',
    }),
  ).toEqual({
    kind: 'invalid_value',
    slug: 'invalid_value',
    locale: 'invalid_value',
    title: 'field_required',
    linkUrl: 'invalid_value',
    startsAt: 'invalid_date',
  })
  // An image comes from the site: no other host, whatever the scheme.
  for (const imageUrl of ['//evil.example/x.png', '/\\evil.example/x.png', 'https://cdn.example/x.png', 'slides/x.svg'])
    expect(codes(SiteContentFields, { ...entry, imageUrl }), imageUrl).toEqual({ imageUrl: 'invalid_value' })
  expect(codes(SiteContentFields, { ...entry, imageUrl: '/slides/welcome.svg' })).toEqual({})
})

/** Paths a browser follows to another site, or that become one when decoded or resolved on the way. */
const OFF_SITE = [
  '/\\evil.example/x',
  '/\\\\evil.example',
  '//evil.example/x',
  '///evil.example',
  '/%5Cevil.example/x',
  '/%5cevil.example',
  '/%2F/evil.example',
  '/x/%5C..%5C',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '/x\ty',
  '/x\u0000y',
  '/%09/evil.example',
  '/.//evil.example',
  '/x/../..//evil.example',
  '/x\\y',
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'http://evil.example',
  'https:/\\evil.example',
  'https:\\\\evil.example',
  'https://evil.example/\tx',
  'evil.example',
]

test("a link is a path on the site by the images' rule, or an https URL; anything else is a field error", () => {
  for (const linkUrl of OFF_SITE) {
    const r = SiteContentFields.safeParse({ ...entry, linkUrl })
    expect(r.success, JSON.stringify(linkUrl)).toBe(false)
    expect(
      r.error?.issues.map((i) => i.path.join('.')),
      JSON.stringify(linkUrl),
    ).toEqual(expect.arrayContaining(['linkUrl']))
    expect(codes(SiteContentFields, { ...entry, imageUrl: linkUrl }), JSON.stringify(linkUrl)).toHaveProperty(
      'imageUrl',
    )
  }
  for (const linkUrl of [
    '/promotion/welcome',
    '/en/casino?category=slots#top',
    '/',
    '/.well-known/x',
    '/promoción',
    'https://www.begambleaware.org/',
  ]) {
    expect(codes(SiteContentFields, { ...entry, linkUrl }), linkUrl).toEqual({})
    expect(SiteContentFields.parse({ ...entry, linkUrl }).linkUrl).toBe(linkUrl)
  }
})
