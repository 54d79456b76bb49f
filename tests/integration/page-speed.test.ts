// What keeps the first paint independent of further requests (ADR 0023): the site's stylesheet
// inline under the CSP nonce, no stylesheet links, no module preloads ahead of the content, and
// no image preloads for the language menu's flags; and no schema library (zod) in the scripts a
// page starts with (forms load it on first use, app/components/schema-form.ts).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startTestSite, type TestSite } from '../setup/harness.ts'

let site: TestSite
beforeAll(async () => {
  site = await startTestSite()
})
afterAll(async () => {
  await site?.close()
})

test('every page carries the whole stylesheet inline and links none', async () => {
  for (const path of ['/', '/en/register', '/login']) {
    const res = await fetch(site.webUrl + path)
    expect(res.status, path).toBe(200)
    const nonce = res.headers.get('content-security-policy')?.match(/style-src[^;]*'nonce-([^']+)'/)?.[1]
    expect(nonce, path).toBeTruthy()
    const html = await res.text()
    const head = html.slice(0, html.indexOf('</head>'))
    const style = head.match(/<style\b[^>]*>([\s\S]*?)<\/style>/)
    expect(style?.[0], path).toContain(`nonce="${nonce}"`)
    // Every rule in a cascade layer, the layers first named in their order (ADR 0014).
    const layers = [...(style?.[1] ?? '').matchAll(/@layer ([a-z, ]+)[;{]/g)].flatMap((m) => m[1]!.split(/,\s*/))
    expect([...new Set(layers)], path).toEqual(['theme', 'base', 'ui', 'components', 'pages'])
    expect(head, path).not.toMatch(/rel="stylesheet"/)
    expect(head, path).not.toMatch(/rel="modulepreload"/)
    expect(head, path).not.toMatch(/rel="preload" as="image"/)
    // The scripts still load: React Router's module script at the end of the body.
    expect(html.slice(html.indexOf('</head>')), path).toMatch(/<script[^>]+type="module"/)
  }
})

type Manifest = {
  entry: { module: string; imports: string[] }
  routes: Record<string, { module: string; imports?: string[] }>
}

/**
 * The scripts a page runs as it starts: React Router's entry and the page's route modules, with
 * every module they import statically (from the build's manifest), each with its text. A path is
 * the site's; a game client's URL is on its provider's origin, which serves its files.
 */
async function startupScripts(path: string) {
  const { origin } = new URL(path, site.webUrl)
  const html = await (await fetch(new URL(path, site.webUrl))).text()
  const manifestUrl = html.match(/\/assets\/manifest-[\w-]+\.js/)?.[0]
  expect(manifestUrl, path).toBeTruthy()
  const manifestJs = await (await fetch(origin + manifestUrl)).text()
  const manifest = JSON.parse(
    manifestJs.replace(/^window\.__reactRouterManifest=/, '').replace(/;\s*$/, ''),
  ) as Manifest
  const routeModules = [...html.matchAll(/import \* as route\d+ from "([^"]+)"/g)].map((m) => m[1])
  const files = new Set([manifest.entry.module, ...manifest.entry.imports])
  for (const route of Object.values(manifest.routes))
    if (routeModules.includes(route.module))
      for (const file of [route.module, ...(route.imports ?? [])]) files.add(file)
  return Promise.all([...files].map(async (file) => ({ file, text: await (await fetch(origin + file)).text() })))
}

test('form, lobby and game pages and the game clients start without the schema library: forms load it when used', async () => {
  // The marker this test looks for is still in the build (in the chunk forms load on first use).
  const assets = join(import.meta.dirname, '../../build/client/assets')
  const withZod = readdirSync(assets).filter(
    (f) => f.endsWith('.js') && readFileSync(join(assets, f), 'utf8').includes('ZodError'),
  )
  expect(withZod.length).toBeGreaterThan(0)
  // The game clients (the iframes of a game's page): a board is drawn from the tables' layouts.
  const clients = []
  for (const game of ['european-roulette', 'sic-bo', 'classic-keno', 'punto-banco']) {
    const html = await (await fetch(`${site.webUrl}/casino/${game}?mode=demo`)).text()
    const src = html.match(/<iframe[^>]+src="([^"]+)"/)?.[1]
    expect(src, game).toMatch(new RegExp(`^${site.api.providerUrl}/game-frame/`))
    clients.push(src!)
  }
  for (const path of [
    '/en/register',
    '/login',
    '/forgot-password',
    '/contact-us',
    '/casino',
    '/casino/european-roulette',
    ...clients,
  ]) {
    const scripts = await startupScripts(path)
    // The entry, the root and the page's own module at least.
    expect(scripts.length, path).toBeGreaterThan(4)
    expect(
      scripts.filter((s) => s.text.includes('ZodError')).map((s) => s.file),
      path,
    ).toEqual([])
  }
})
