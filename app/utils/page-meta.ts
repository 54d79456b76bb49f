export type PageMeta = { title: string; description: string }

/** The meta tags of a route whose loader returned `{ meta: pageMeta(...) }`. */
export function metaTags(meta: PageMeta | undefined) {
  if (!meta) return []
  return [{ title: meta.title }, { name: 'description', content: meta.description }]
}
