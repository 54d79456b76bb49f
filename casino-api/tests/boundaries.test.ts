/**
 * The casino API stands on its own: nothing under casino-api/ (sources, contract, tests) imports
 * the web app's files (app/, locales/, server/) or anything else outside the folder; only
 * packages. The web app imports the contract, never the other way round.
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

/**
 * The built-in game provider (games/) writes its catalogue feed's rules and tables in the words
 * its game frame uses, which are still in locales/ beside the frame (app/routes/games/): it may
 * read the catalogues, until the frame and its texts move into the provider (ADR 0045).
 */
const PROVIDER = join(API, 'games')
const LOCALES_DIR = join(ROOT, 'locales')
const providerReadsLocales = (file: string, target: string) =>
  !relative(PROVIDER, file).startsWith('..') && !relative(LOCALES_DIR, target).startsWith('..')

test('casino-api/ imports nothing from outside it: not app/, locales/ or server/', () => {
  const files = sourceFiles(API)
  expect(files.length).toBeGreaterThan(50)
  const outside: string[] = []
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    for (const { fileName: specifier } of importedFiles) {
      const local = specifier.startsWith('.') || specifier.startsWith('/')
      if (!local && !specifier.startsWith('#')) continue
      const target = local ? resolve(dirname(file), specifier) : subpathTarget(specifier)
      if (target === null || (relative(API, target).startsWith('..') && !providerReadsLocales(file, target)))
        outside.push(`${relative(ROOT, file)} imports ${specifier}`)
    }
  }
  expect(outside).toEqual([])
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
