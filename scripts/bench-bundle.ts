// `npm run bench:bundle`: the gzip size of the JavaScript the home, register and Casino lobby pages
// load before they are interactive, and the lobby's beside the home's (target: at most 1.2 x), from the production build: the modules the server-rendered page imports
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
function staticImports(url: string): string[] {
  const code = readFileSync(join('build/client', url), 'utf8')
  const dir = url.slice(0, url.lastIndexOf('/') + 1)
  return [...code.matchAll(/(?:\bimport|\bfrom)\s*["'](\.\/[^"']+\.js)["']/g)].map((m) => dir + m[1]!.slice(2))
}

/** The lobby's first-load JavaScript against the home page's (the games issue). */
const LOBBY_TARGET = 1.2
const gzipOf = new Map<string, number>()

const { startTestSite } = await import('#tests/setup/harness.ts')
const site = await startTestSite()
try {
  for (const [page, path] of [
    ['home', '/'],
    ['home', '/en'],
    ['register', '/register'],
    ['register', '/en/register'],
    ['lobby', '/casino'],
    ['lobby', '/en/casino'],
  ] as const) {
    const html = await (await fetch(site.webUrl + path)).text()
    const urls = new Set<string>()
    for (const m of html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)) urls.add(m[1]!)
    for (const m of html.matchAll(/(?:import\(?|from)\s*"(\/assets\/[^"]+\.js)"/g)) urls.add(m[1]!)
    for (const url of urls) for (const imported of staticImports(url)) urls.add(imported)
    let raw = 0
    let gz = 0
    for (const url of urls) {
      const file = readFileSync(join('build/client', url))
      raw += file.length
      gz += gzipSync(file, { level: 9 }).length
    }
    gzipOf.set(path, gz)
    console.log(
      `${page.padEnd(8)} ${path.padEnd(12)}: ${urls.size} JavaScript files, ${(raw / 1024).toFixed(1)} KiB raw, ${(gz / 1024).toFixed(1)} KiB gzip`,
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
