import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, test, vi } from 'vitest'
import { ensurePrivateDir, makeTreePrivate } from '../src/files.ts'

// A DATA_DIR owned by another user (a mounted volume): chmod answers EPERM. Root never gets
// EPERM, so chmod is replaced here.
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>()
  return { ...actual, chmod: vi.fn(actual.chmod) }
})

const eperm = () => Object.assign(new Error('EPERM: operation not permitted'), { code: 'EPERM' })
let dir: string | undefined
afterEach(async () => {
  vi.mocked(fsp.chmod).mockReset()
  if (dir) await fsp.rm(dir, { recursive: true, force: true })
})

test('a data folder that cannot be chmod-ed (EPERM) is used as it is, by ensurePrivateDir and makeTreePrivate alike', async () => {
  dir = await fsp.mkdtemp(join(tmpdir(), 'casino-eperm-'))
  await fsp.writeFile(join(dir, 'file'), 'x')
  vi.mocked(fsp.chmod).mockRejectedValue(eperm())
  await expect(ensurePrivateDir(join(dir, 'data'))).resolves.toBeUndefined()
  await expect(makeTreePrivate(dir)).resolves.toBeUndefined()
  // Other failures still count.
  vi.mocked(fsp.chmod).mockRejectedValue(Object.assign(new Error('EIO'), { code: 'EIO' }))
  await expect(ensurePrivateDir(dir)).rejects.toThrow('EIO')
})
