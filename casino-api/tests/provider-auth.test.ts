import { statSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { ensureProviderSecret, PROVIDER_SECRET_FILE, providerAuth } from '../src/wallet/provider-auth.ts'

let dir = ''
afterEach(() => rm(dir, { recursive: true, force: true }))

test('without PROVIDER_SECRET a secret is generated once into a 0600 file and kept; instances starting together share it', async () => {
  dir = await mkdtemp(join(tmpdir(), 'casino-provider-'))
  const lines: string[] = []
  const secrets = await Promise.all(
    Array.from({ length: 5 }, () => ensureProviderSecret(dir, undefined, (line) => lines.push(line))),
  )
  expect(new Set(secrets).size).toBe(1)
  expect(secrets[0]!.length).toBeGreaterThanOrEqual(32)
  expect(lines).toHaveLength(1)
  expect(lines[0]).not.toContain(secrets[0])
  const file = join(dir, PROVIDER_SECRET_FILE)
  expect((statSync(file).mode & 0o777).toString(8)).toBe('600')
  expect((await readFile(file, 'utf8')).trim()).toBe(secrets[0])
  expect(await ensureProviderSecret(dir, undefined, (line) => lines.push(line))).toBe(secrets[0])
  expect(lines).toHaveLength(1)

  await writeFile(file, 'short\n')
  await expect(ensureProviderSecret(dir, undefined, () => {})).rejects.toThrow(/fewer than 32 characters/)
})

test('a configured secret needs 32 characters; only the exact key opens', async () => {
  dir = await mkdtemp(join(tmpdir(), 'casino-provider-'))
  await expect(ensureProviderSecret(dir, 'too-short', () => {})).rejects.toThrow(/at least 32/)
  const secret = 'a-provider-secret-of-enough-length-123'
  expect(await ensureProviderSecret(dir, secret, () => {})).toBe(secret)
  const auth = providerAuth(secret)
  expect(auth(secret)).toBe('builtin')
  for (const key of [undefined, '', `${secret} `, secret.slice(0, -1), secret.toUpperCase()])
    expect(auth(key)).toBeNull()
})
