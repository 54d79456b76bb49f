// `npm run bench:bundle`: the gzip size of the JavaScript the home, register and Casino lobby pages
// load before they are interactive, and the lobby's beside the home's (target: at most 1.2 x); then
// each kind of game frame's (the provider's game client, its symbol and table art drawn in that
// JavaScript and its stylesheet), beside the lobby's. From the production build: the modules the server-rendered page imports
// (its module script: the entry and the routes' modules; modulepreload links, if any) and every
// module those import statically, followed through the files. Dynamic `import()`s inside the
// files (lazy dialogs, the other language's texts) load later and are not counted.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { buildAll } from './build-stamp.ts'

if (!existsSync('build/server/index.js')) {
  const status = buildAll(process.cwd())
  if (status !== 0) process.exit(status)
}
/** The modules a built file imports statically (`import … from "./x.js"`, `import "./x.js"`, `export … from`). */
function staticImports(url: string, root = 'build/client'): string[] {
  const code = readFileSync(join(root, url), 'utf8')
  const dir = url.slice(0, url.lastIndexOf('/') + 1)
  return [...code.matchAll(/(?:\bimport|\bfrom)\s*["'](\.\/[^"']+\.js)["']/g)].map((m) => dir + m[1]!.slice(2))
}

/** The lobby's first-load JavaScript against the home page's (the games issue). */
const LOBBY_TARGET = 1.2
const gzipOf = new Map<string, number>()

const { startTestSite } = await import('#tests/setup/harness.ts')
const site = await startTestSite()
try {
  /** A page's first-load JavaScript (and its stylesheets, for a game frame), in bytes raw and gzip. */
  const measure = async (page: string, root: string) => {
    const html = await (await fetch(page)).text()
    const urls = new Set<string>()
    for (const m of html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)) urls.add(m[1]!)
    for (const m of html.matchAll(/(?:import\(?|from)\s*"(\/assets\/[^"]+\.js)"/g)) urls.add(m[1]!)
    for (const url of urls) for (const imported of staticImports(url, root)) urls.add(imported)
    const sizes = (files: Iterable<string>) => {
      let raw = 0
      let gz = 0
      for (const file of files) {
        const bytes = readFileSync(join(root, file))
        raw += bytes.length
        gz += gzipSync(bytes, { level: 9 }).length
      }
      return { raw, gz }
    }
    // Its stylesheets: linked, or written into the page (the game client inlines its own).
    const css = new Set([...html.matchAll(/<link[^>]+href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1]!))
    const inline = [...html.matchAll(/<style[^>]*>([^<]*)<\/style>/g)].map((m) => m[1]!).join('')
    return {
      files: urls.size,
      ...sizes(urls),
      css: sizes(css).gz + (inline ? gzipSync(inline, { level: 9 }).length : 0),
    }
  }
  for (const [page, path] of [
    ['home', '/'],
    ['home', '/en'],
    ['register', '/register'],
    ['register', '/en/register'],
    ['lobby', '/casino'],
    ['lobby', '/en/casino'],
  ] as const) {
    const { files, raw, gz } = await measure(site.webUrl + path, 'build/client')
    gzipOf.set(path, gz)
    console.log(
      `${page.padEnd(8)} ${path.padEnd(12)}: ${files} JavaScript files, ${(raw / 1024).toFixed(1)} KiB raw, ${(gz / 1024).toFixed(1)} KiB gzip`,
    )
  }
  // The game frames (issue 24): one title of each look, launched for fun as a visitor would.
  const { calls } = await import('#casino-api/contract/index.ts')
  for (const gameId of ['ember-crown', 'european-roulette', 'blackjack', 'lucky-clover', 'live-roulette']) {
    const launch = gameId.startsWith('live-') ? calls.get_live_game_url : calls.get_game_url
    const answer = await fetch(site.apiUrl + launch.path, {
      method: launch.method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ gameId, mode: 'demo', language: 'en' }),
    })
    const { url } = (await answer.json()) as { url?: string }
    if (!url) throw new Error(`${gameId}: no launch (${answer.status})`)
    const { files, gz, css } = await measure(url, 'build/provider-frame/client')
    console.log(
      `frame    ${gameId.padEnd(18)}: ${files} JavaScript files, ${(gz / 1024).toFixed(1)} KiB gzip (${(gz / gzipOf.get('/en/casino')!).toFixed(2)} x the lobby's), CSS ${(css / 1024).toFixed(1)} KiB gzip`,
    )
  }
  for (const [lobby, home] of [
    ['/casino', '/'],
    ['/en/casino', '/en'],
  ] as const) {
    const ratio = gzipOf.get(lobby)! / gzipOf.get(home)!
    console.log(
      `lobby ${lobby} / home ${home}: ${ratio.toFixed(2)} x (target at most ${LOBBY_TARGET} x: ${ratio <= LOBBY_TARGET ? 'met' : 'MISSED'})`,
    )
  }
} finally {
  await site.close()
}
