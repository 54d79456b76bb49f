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
const UI = join(ROOT, 'ui')
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
 * The built-in game provider (provider/) runs on a port of its own (provider/server/start.ts), and
 * the casino asks it for launches, rounds and its feed over HTTP (games/provider-client.ts); its
 * live tables' events go to its own socket. The casino API still starts it beside itself in its
 * database (`npm start` is one command): that file is the only one of casino-api/src that may
 * import provider/ (ADR 0049).
 */
const EMBEDS_PROVIDER = ['casino-api/src/server.ts']

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
 * The provider borrows nothing of the casino API's code: its data, context, session tokens,
 * router and error answers are its own or the contract's (ADR 0049). Its game client (frame/)
 * takes the house's look from ui/ and its words from the catalogues, as the site does.
 */
test('the provider imports of the casino API its contract alone, and of the site nothing but ui/', () => {
  const imports = localImports(PROVIDER)
  expect(imports.length).toBeGreaterThan(50)
  const contract = join(API, 'contract')
  const borrowed = imports.filter(
    ({ target }) =>
      target === null ||
      !(inside(PROVIDER, target) || inside(contract, target) || inside(LOCALES_DIR, target) || inside(UI, target)),
  )
  expect([...new Set(borrowed.map(named))].toSorted()).toEqual([])
})

/** ui/, the look and words both the site and the provider's game client show, depends on neither. */
test('ui/ imports nothing but the contract, the catalogues and itself', () => {
  const imports = localImports(UI)
  expect(imports.length).toBeGreaterThan(20)
  const contract = join(API, 'contract')
  const outside = imports.filter(
    ({ target }) => target === null || !(inside(UI, target) || inside(contract, target) || inside(LOCALES_DIR, target)),
  )
  expect(outside.map(named)).toEqual([])
})

/**
 * The web app shows games from the contract and frames the provider's own game client; the check
 * of a round is the provider's page too (ADR 0049, step 3): nothing of app/ imports the provider.
 */
test('app/ imports nothing of the provider', () => {
  const imports = localImports(APP)
  expect(imports.length).toBeGreaterThan(300)
  expect(imports.filter(({ target }) => target !== null && inside(PROVIDER, target)).map(named)).toEqual([])
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
