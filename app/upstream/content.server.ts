import type { z } from 'zod'
import { type Calls, calls, type Locale, type ParamsIn } from '#contract'
import { getRequestInfo } from '#app/middleware/context.ts'
import { clearPageCache } from '#app/middleware/page-cache.ts'
import { createBackOff, createCache, type Cache } from './cache.server.ts'
import { getSiteSettings } from './site.server.ts'
import { callUpstream, isUpstreamUnavailable, upstreamUnavailable, type UpstreamArgs } from './client.server.ts'

/**
 * The site's content as the casino API renders it (sanitized HTML with the settings' numbers),
 * kept in memory for five minutes per call, language and page, so content pages cost no
 * upstream call most of the time. The admin editor clears these caches when it saves or removes
 * an entry (clearContentCaches), so the administrator sees the change at once. Another web
 * instance sees it when its copy of the settings (a minute) brings another content version: it
 * then drops its copies too. While the casino API is down, the last copy is shown.
 */
const CONTENT_TTL_MS = 5 * 60_000

const upstreamDown = createBackOff(10_000)

type ContentCall = 'get_content_template' | 'get_promotion_template' | 'get_faq_template' | 'get_sliders'
/** A 404 is remembered too (as `missing`), so an unknown page costs one call per TTL. */
type Cached<N extends ContentCall> = { found: true; data: z.output<Calls[N]['answer']> } | { found: false }

const caches = {
  get_content_template: createCache<Cached<'get_content_template'>>({
    ttlMs: CONTENT_TTL_MS,
    maxEntries: 500,
    backOff: upstreamDown,
  }),
  get_promotion_template: createCache<Cached<'get_promotion_template'>>({
    ttlMs: CONTENT_TTL_MS,
    maxEntries: 500,
    backOff: upstreamDown,
  }),
  get_faq_template: createCache<Cached<'get_faq_template'>>({
    ttlMs: CONTENT_TTL_MS,
    maxEntries: 200,
    backOff: upstreamDown,
  }),
  get_sliders: createCache<Cached<'get_sliders'>>({ ttlMs: CONTENT_TTL_MS, maxEntries: 10, backOff: upstreamDown }),
} satisfies { [N in ContentCall]: Cache<Cached<N>> }

/** The content version each casino API's settings carried last time (see GetSettingAnswer). */
const seenVersions = new Map<string, string>()

/** An edit made through another web server: this one's copies go once the settings say so. */
async function dropCopiesOfOlderContent(args: UpstreamArgs, upstreamUrl: string) {
  const version = (await getSiteSettings(args))?.contentVersion
  if (version === undefined || seenVersions.get(upstreamUrl) === version) return
  if (seenVersions.has(upstreamUrl)) clearContentCaches()
  seenVersions.set(upstreamUrl, version)
}

/**
 * The call's answer, or null when the casino API has no such entry (404); an outage with
 * nothing cached is the page's 502.
 */
async function read<N extends ContentCall>(
  args: UpstreamArgs,
  name: N,
  params: ParamsIn<Calls[N]> & { locale: Locale },
): Promise<z.output<Calls[N]['answer']> | null> {
  // A slug from the URL that no entry can have (the contract's rule) is not found, without a call.
  if (!calls[name].params.safeParse(params).success) return null
  const { upstreamUrl } = getRequestInfo(args.context)
  await dropCopiesOfOlderContent(args, upstreamUrl)
  const cache = caches[name] as unknown as Cache<Cached<N>>
  const key = `${upstreamUrl} ${name} ${JSON.stringify(params)}`
  const cached = await cache.get(
    key,
    async () => {
      const result = await callUpstream(args, name, params, { shared: true })
      if (result.ok) return { found: true, data: result.data } as Cached<N>
      if (result.status === 404) return { found: false } as Cached<N>
      if (result.status >= 500) throw upstreamUnavailable()
      return null
    },
    upstreamUrl,
  )
  if (!cached) throw upstreamUnavailable()
  return cached.found ? cached.data : null
}

export const getContentPage = (args: UpstreamArgs, slug: string, locale: Locale) =>
  read(args, 'get_content_template', { slug, locale })

export const getPromotions = (args: UpstreamArgs, locale: Locale, slug?: string) =>
  read(args, 'get_promotion_template', slug ? { slug, locale } : { locale })

export const getFaq = (args: UpstreamArgs, locale: Locale, section?: string) =>
  read(args, 'get_faq_template', section ? { section, locale } : { locale })

/** The home carousel's slides; none while the casino API cannot be reached (the home page still renders). */
export async function getSlides(args: UpstreamArgs, locale: Locale) {
  try {
    return (await read(args, 'get_sliders', { locale }))?.items ?? []
  } catch (error) {
    if (isUpstreamUnavailable(error)) return []
    throw error
  }
}

/** After an administrator's change: every content read goes to the casino API again. */
export function clearContentCaches() {
  for (const cache of Object.values(caches)) cache.clear()
  // The home shows the slides: its kept copies go too.
  clearPageCache()
}
