import { chmod, mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'

// Each test starts PGlite (one or two times): slow on a busy machine, so a generous limit.
const PGLITE_STARTS = { timeout: 180_000 }
import { startCasinoApi } from '../src/server.ts'
import { FAST_HASHING, newPlayer, startTestApi, WEB_URL } from './helpers.ts'

/** Every path under `dir` (itself included) whose mode lets group or others in, with its mode. */
async function openToOthers(dir: string) {
  const found: string[] = []
  const check = async (path: string) => {
    const mode = (await stat(path)).mode & 0o777
    if (mode & 0o077) found.push(`${path} ${mode.toString(8)}`)
  }
  await check(dir)
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }))
    await check(join(entry.parentPath, entry.name))
  return found
}

const modeOf = async (path: string) => ((await stat(path)).mode & 0o777).toString(8)

test(
  'DATA_DIR, the PGlite database and the e-mails are private to the service user (0700 folders, 0600 files)',
  PGLITE_STARTS,
  async () => {
    const api = await startTestApi('pglite')
    try {
      expect(await modeOf(api.dataDir)).toBe('700')
      expect(await modeOf(join(api.dataDir, 'db'))).toBe('700')
      expect(await openToOthers(join(api.dataDir, 'db'))).toEqual([])

      // A registration writes an e-mail holding a live activation link.
      const player = newPlayer()
      await api.ok('register_player', player)
      // It is written by the mail job, after the answer.
      await api.mailSettled()
      const mailDir = join(api.dataDir, 'mail')
      expect(await modeOf(mailDir)).toBe('700')
      const mails = (await readdir(mailDir)).filter((f) => f.endsWith('.eml'))
      expect(mails).toHaveLength(1)
      expect(await modeOf(join(mailDir, mails[0]!))).toBe('600')
    } finally {
      await api.close()
    }
  },
)

test('a data folder left open to others is closed again at start, database files included', PGLITE_STARTS, async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'casino-api-files-'))
  const options = {
    port: 0,
    dataDir,
    webUrl: WEB_URL,
    logger: false,
    passwordHashing: FAST_HASHING,
    adminPassword: 'admin-pass-1234',
  }
  try {
    await (await startCasinoApi(options)).close()
    expect(await openToOthers(dataDir)).toEqual([])
    // An operator's copy or a careless chmod -R opens everything up...
    await chmod(dataDir, 0o777)
    await chmod(join(dataDir, 'db'), 0o755)
    await chmod(join(dataDir, 'db', 'PG_VERSION'), 0o666)
    // ...and the next start closes it again.
    const api = await startCasinoApi(options)
    expect(await openToOthers(dataDir)).toEqual([])
    await api.close()
    expect(await openToOthers(dataDir)).toEqual([])
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
})
