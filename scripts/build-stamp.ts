// Which sources a build was made from: a hash of everything `react-router build` reads, written
// to build/sources.sha256 after a build. `npm start` rebuilds when the hash of the sources on disk
// differs (after a `git pull`, a checkout, an `npm install`), so it never serves a stale build.
// `node scripts/build-stamp.ts` (npm run build) makes both builds and writes their stamp.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * What the builds are made of: the web app's and the built-in provider's game client's (the casino
 * API and the provider's server run from their sources and need no build).
 */
export const BUILD_INPUTS = [
  'app',
  'ui',
  'provider/frame',
  'provider/games',
  'locales',
  'casino-api/contract',
  'public',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'react-router.config.ts',
  'tsconfig.json',
]

const STAMP = 'build/sources.sha256'

function filesUnder(root: string, relative: string): string[] {
  const full = path.join(root, relative)
  if (!existsSync(full)) return []
  if (!statSync(full).isDirectory()) return [relative]
  return readdirSync(full)
    .filter((name) => name !== 'node_modules' && name !== '.react-router' && !name.startsWith('.'))
    .flatMap((name) => filesUnder(root, path.join(relative, name)))
}

/** A hash of the names and contents of the build's inputs. */
export function sourcesHash(root: string): string {
  const hash = createHash('sha256')
  for (const file of BUILD_INPUTS.flatMap((input) => filesUnder(root, input)).sort()) {
    hash.update(`${file.split(path.sep).join('/')}\0`)
    hash.update(readFileSync(path.join(root, file)))
    hash.update('\0')
  }
  return hash.digest('hex')
}

/** Why the build in `root` cannot be served as it is, or null when it matches the sources. */
export function staleBuildReason(root: string): string | null {
  if (!existsSync(path.join(root, 'build/server/index.js'))) return 'no build found'
  if (!existsSync(path.join(root, 'build/provider-frame/server/index.js'))) return "the game client's build is missing"
  const stamp = path.join(root, STAMP)
  if (!existsSync(stamp)) return 'the build has no record of its sources'
  if (readFileSync(stamp, 'utf8').trim() !== sourcesHash(root)) return 'the sources changed since the last build'
  return null
}

export function writeBuildStamp(root: string) {
  writeFileSync(path.join(root, STAMP), `${sourcesHash(root)}\n`)
}

/**
 * Both builds: the web app (build/client, build/server) and the built-in provider's game client
 * (build/provider-frame, which the provider serves on its origin), then the stamp. The exit
 * status of the first that fails, or 0.
 */
export function buildAll(root: string): number {
  for (const args of [['build'], ['build', 'provider/frame']]) {
    const r = spawnSync('react-router', args, { stdio: 'inherit', cwd: root })
    if (r.status !== 0) return r.status ?? 1
  }
  writeBuildStamp(root)
  return 0
}

// `npm run build`.
if (import.meta.main) process.exit(buildAll(process.cwd()))
