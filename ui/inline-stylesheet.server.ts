import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { EntryContext } from 'react-router'

type Manifest = EntryContext['manifest']

const inlined = new WeakMap<Manifest, { css: string; manifest: Manifest } | null>()

/**
 * The site's one stylesheet (vite.config.ts: `cssCodeSplit: false`), written into every page's
 * head instead of linked: a linked stylesheet blocks the first paint for a round trip, and on a
 * phone's network that round trip was most of the time to the first paint. The whole site's CSS
 * is a few kilobytes compressed, and the cascade layers (ADR 0014) keep the order of its rules
 * irrelevant. React Router renders it (`criticalCss`: a `<style>` carrying the CSP nonce) and,
 * with the stylesheet taken out of the manifest, neither links it on the server nor in the
 * browser (where the hydration leaves the `<style>` in place).
 *
 * Production only: the development server injects each module's CSS itself. When the file
 * cannot be read (a build laid out differently), the page links the stylesheet as before.
 */
export function withInlineStylesheet(context: EntryContext): EntryContext {
  if (!import.meta.env.PROD) return context
  let entry = inlined.get(context.manifest)
  if (entry === undefined) {
    entry = read(context.manifest)
    inlined.set(context.manifest, entry)
  }
  return entry ? { ...context, criticalCss: entry.css, manifest: entry.manifest } : context
}

function read(manifest: Manifest) {
  const hrefs = new Set(Object.values(manifest.routes).flatMap((route) => route?.css ?? []))
  if (hrefs.size === 0) return null
  // This module runs from build/server/index.js; the browser's files are in build/client.
  const clientDir = new URL('../client/', import.meta.url)
  let css = ''
  try {
    for (const href of hrefs)
      css += readFileSync(fileURLToPath(new URL(`.${href.split(/[?#]/)[0]}`, clientDir)), 'utf8')
  } catch {
    return null
  }
  const routes = Object.fromEntries(
    Object.entries(manifest.routes).map(([id, route]) => [id, route && { ...route, css: [] }]),
  ) as Manifest['routes']
  return { css, manifest: { ...manifest, routes } }
}
