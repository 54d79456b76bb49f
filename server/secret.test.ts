import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, expect, test, vi } from 'vitest'
import { ensureSessionSecret } from './secret.ts'

const log = { info: () => {} }
const modeOf = (p: string) => (fs.statSync(p).mode & 0o777).toString(8)
let dir: string | undefined
afterEach(() => {
  vi.restoreAllMocks()
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

test('the generated session secret is a 0600 file in a 0700 DATA_DIR, and a loose existing one is tightened', () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-secret-'))
  const dataDir = path.join(dir, 'data')
  const secret = ensureSessionSecret(dataDir, log)
  expect(secret.length).toBeGreaterThanOrEqual(32)
  expect(modeOf(dataDir)).toBe('700')
  expect(modeOf(path.join(dataDir, 'session-secret'))).toBe('600')

  fs.chmodSync(path.join(dataDir, 'session-secret'), 0o644)
  fs.chmodSync(dataDir, 0o755)
  expect(ensureSessionSecret(dataDir, log)).toBe(secret)
  expect(modeOf(dataDir)).toBe('700')
  expect(modeOf(path.join(dataDir, 'session-secret'))).toBe('600')
})

test('a DATA_DIR owned by another user (chmod answers EPERM) is used as it is, as the casino API does', () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-secret-'))
  const dataDir = path.join(dir, 'data')
  const chmodSync = fs.chmodSync
  vi.spyOn(fs, 'chmodSync').mockImplementation((target, mode) => {
    if (path.resolve(String(target)) === dataDir)
      throw Object.assign(new Error('EPERM: operation not permitted'), { code: 'EPERM' })
    chmodSync(target, mode)
  })
  const secret = ensureSessionSecret(dataDir, log)
  expect(secret.length).toBeGreaterThanOrEqual(32)
  expect(modeOf(path.join(dataDir, 'session-secret'))).toBe('600')
})
