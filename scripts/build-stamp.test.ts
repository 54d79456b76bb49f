import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { staleBuildReason, writeBuildStamp } from './build-stamp.ts'

let root: string
afterEach(() => rmSync(root, { recursive: true, force: true }))

function project() {
  root = mkdtempSync(join(tmpdir(), 'casino-stamp-'))
  mkdirSync(join(root, 'app/routes'), { recursive: true })
  mkdirSync(join(root, 'build/server'), { recursive: true })
  mkdirSync(join(root, 'build/provider-frame/server'), { recursive: true })
  writeFileSync(join(root, 'build/provider-frame/server/index.js'), '')
  writeFileSync(join(root, 'app/routes/home.tsx'), 'export default 1\n')
  writeFileSync(join(root, 'package-lock.json'), '{}\n')
  return root
}

test('no build, or a build without a stamp, is stale', () => {
  project()
  rmSync(join(root, 'build'), { recursive: true })
  expect(staleBuildReason(root)).toBe('no build found')
  mkdirSync(join(root, 'build/server'), { recursive: true })
  writeFileSync(join(root, 'build/server/index.js'), '')
  // The provider's game client is built with the site: one without the other is no build.
  expect(staleBuildReason(root)).toBe("the game client's build is missing")
  mkdirSync(join(root, 'build/provider-frame/server'), { recursive: true })
  writeFileSync(join(root, 'build/provider-frame/server/index.js'), '')
  expect(staleBuildReason(root)).toBe('the build has no record of its sources')
})

test('a build is current until a source, the lock file or a new file changes (as after a git pull)', () => {
  project()
  writeFileSync(join(root, 'build/server/index.js'), '')
  writeBuildStamp(root)
  expect(staleBuildReason(root)).toBeNull()
  writeFileSync(join(root, 'app/routes/home.tsx'), 'export default 2\n')
  expect(staleBuildReason(root)).toBe('the sources changed since the last build')
  writeBuildStamp(root)
  writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3}\n')
  expect(staleBuildReason(root)).not.toBeNull()
  writeBuildStamp(root)
  // The game client's sources count too.
  mkdirSync(join(root, 'provider/frame/app'), { recursive: true })
  writeFileSync(join(root, 'provider/frame/app/root.tsx'), 'export default 1\n')
  expect(staleBuildReason(root)).toBe('the sources changed since the last build')
  writeBuildStamp(root)
  mkdirSync(join(root, 'locales/en'), { recursive: true })
  writeFileSync(join(root, 'locales/en/common.ts'), 'export default {}\n')
  expect(staleBuildReason(root)).not.toBeNull()
})
