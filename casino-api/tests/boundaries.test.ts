/**
 * The casino API stands on its own: nothing under casino-api/ (sources, contract, tests) imports
 * the web app's files (app/, locales/, server/); outside its folder it imports only the built-in
 * game provider it embeds (provider/), in the files listed below. The web app imports the
 * contract, never the other way round.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { expect, test } from 'vitest'

const API = resolve(import.meta.dirname, '..')
const ROOT = resolve(API, '..')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path)
    return /\.(ts|tsx|mts|cts)$/.test(entry.name) ? [path] : []
  })
}

/** Where a package.json subpath import ('#name', '#name/*') points; null when none matches. */
function subpathTarget(specifier: string): string | null {
  const { imports = {} } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    imports?: Record<string, unknown>
  }
  for (const [key, value] of Object.entries(imports)) {
    const target = typeof value === 'string' ? value : null
    if (!target) continue
    if (key === specifier) return resolve(ROOT, target)
    const [prefix, suffix = ''] = key.split('*')
    if (key.includes('*') && specifier.startsWith(prefix!) && specifier.endsWith(suffix))
      return resolve(ROOT, target.replace('*', specifier.slice(prefix!.length, specifier.length - suffix.length)))
  }
  return null
}

const PROVIDER = join(ROOT, 'provider')
const LOCALES_DIR = join(ROOT, 'locales')
const APP = join(ROOT, 'app')
const inside = (dir: string, file: string) => !relative(dir, file).startsWith('..')

/** Every local import of the files under `dir`: the importing file and the file it names (null: no such import). */
function localImports(dir: string) {
  return sourceFiles(dir).flatMap((file) =>
    ts
      .preProcessFile(readFileSync(file, 'utf8'), true, true)
      .importedFiles.map(({ fileName: specifier }) => specifier)
      .filter((specifier) => specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('#'))
      .map((specifier) => ({
        file,
        specifier,
        target: specifier.startsWith('#') ? subpathTarget(specifier) : resolve(dirname(file), specifier),
      })),
  )
}
const named = ({ file, target }: { file: string; target: string | null }) =>
  `${relative(ROOT, file)} -> ${target === null ? '?' : relative(ROOT, target)}`

/**
 * The built-in game provider (provider/) is still embedded in the casino API's process: the API
 * mounts its game server's calls, starts its live tables and hands its sessions to the sockets
 * (the bet history asks it for a player's rounds over HTTP: games/provider-client.ts).
 * These files are where it does, and the only ones of casino-api/src that may import provider/;
 * the list shrinks to nothing once the provider runs as a service of its own (ADR 0049).
 */
const EMBEDS_PROVIDER = [
  'casino-api/src/context.ts',
  'casino-api/src/server.ts',
  'casino-api/src/http/app.ts',
  'casino-api/src/realtime/socket.ts',
  'casino-api/src/games/handlers.ts',
]

test('casino-api/ imports nothing from outside it but the embedded provider, in the files that embed it', () => {
  const imports = localImports(API)
  expect(imports.length).toBeGreaterThan(300)
  const outside = imports.filter(({ file, target }) => {
    if (target === null) return true
    if (inside(API, target)) return false
    // The casino API's tests play the embedded provider's games and compute what they must pay.
    if (inside(PROVIDER, target))
      return !inside(join(API, 'tests'), file) && !EMBEDS_PROVIDER.includes(relative(ROOT, file))
    return true
  })
  expect(outside.map(named)).toEqual([])
})

/**
 * What the provider still borrows of the casino API's code: the error answer its calls refuse
 * with, which the API's router writes. Its data is its own (its schema, provider/server/db/), and
 * so are its context (provider/server/context.ts), its session tokens and its metrics hook. Each
 * entry is a step of ADR 0049; none may be added.
 */
const PROVIDER_BORROWS = [
  'provider/server/game-server.ts -> casino-api/src/http/errors.ts',
  'provider/server/live.ts -> casino-api/src/http/errors.ts',
  'provider/server/sessions.ts -> casino-api/src/http/errors.ts',
  'provider/server/wallet-client.ts -> casino-api/src/http/errors.ts',
]

test('the provider imports of the casino API its contract and, until it runs on its own, only what it borrows today', () => {
  const imports = localImports(PROVIDER)
  expect(imports.length).toBeGreaterThan(50)
  const contract = join(API, 'contract')
  const borrowed = imports.filter(
    ({ target }) =>
      target === null || !(inside(PROVIDER, target) || inside(contract, target) || inside(LOCALES_DIR, target)),
  )
  expect([...new Set(borrowed.map(named))].toSorted()).toEqual(PROVIDER_BORROWS)
})

/**
 * The web app shows games from the contract; only the game frame's boards and the verification
 * page still import the provider's layouts and math, until the frame is served by the provider.
 */
test("app/ imports the provider only in the game frame's boards and the verification page", () => {
  const frame = [join(APP, 'routes/games/boards'), join(APP, 'routes/games/provably-fair.tsx')]
  const imports = localImports(APP).filter(({ target }) => target !== null && inside(PROVIDER, target))
  expect(imports.length).toBeGreaterThan(5)
  const elsewhere = imports.filter(({ file }) => !frame.some((place) => inside(place, file) || place === file))
  expect(elsewhere.map(named)).toEqual([])
  expect(imports.filter(({ target }) => !inside(join(PROVIDER, 'games'), target!)).map(named)).toEqual([])
})

// The web server hands PROVIDER_SECRET to the embedded casino API it starts (like ADMIN_PASSWORD);
// what it must never do is use it: no call, path or key header of the provider wallet.
test("the web app never makes the game providers' wallet calls: no call name, path or key header of theirs in app/ or server/", async () => {
  const { providerWalletCalls, PROVIDER_KEY_HEADER } = await import('../contract/index.ts')
  const needles = [
    ...Object.keys(providerWalletCalls),
    ...Object.values(providerWalletCalls).map((call) => call.path),
    PROVIDER_KEY_HEADER.toLowerCase(),
    'providerWalletCalls',
  ]
  const files = ['app', 'server'].flatMap((dir) => sourceFiles(join(ROOT, dir)))
  expect(files.length).toBeGreaterThan(20)
  const found = files.flatMap((file) => {
    const text = readFileSync(file, 'utf8').toLowerCase()
    return needles.filter((n) => text.includes(n.toLowerCase())).map((n) => `${relative(ROOT, file)}: ${n}`)
  })
  expect(found).toEqual([])
})

// A handler maps a call to a service function and its answer; the service opens the database
// transaction, so what a call locks and writes is found in one place (ADR 0041).
test('no handler opens a database transaction: db.transaction(...) is in the services, never in a handlers.ts', () => {
  const handlers = sourceFiles(join(API, 'src')).filter((file) => file.endsWith('handlers.ts'))
  expect(handlers.length).toBeGreaterThan(8)
  const opening = handlers.filter((file) => /\.transaction\(/.test(readFileSync(file, 'utf8')))
  expect(opening.map((file) => relative(ROOT, file))).toEqual([])
})
