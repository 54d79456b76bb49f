import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

type Log = { info(obj: object, msg?: string): void }

/**
 * The session secret of a deployment that did not set SESSION_SECRET: generated once and kept in
 * <DATA_DIR>/session-secret (mode 0600), so sessions survive restarts. Operators running several
 * instances set SESSION_SECRET instead (all instances must share it).
 */
export function ensureSessionSecret(dataDir: string, log: Log): string {
  const file = path.join(path.resolve(dataDir), 'session-secret')
  // DATA_DIR also holds the database and e-mails: only this user may enter it. A folder owned by
  // another user cannot be changed (EPERM): it is used as it is, as the casino API does
  // (casino-api/src/files.ts ensurePrivateDir); the secret file itself is still 0600.
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  try {
    fs.chmodSync(path.dirname(file), 0o700)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error
  }
  try {
    const existing = fs.readFileSync(file, 'utf8').trim()
    if (existing.length >= 32) {
      // A file copied in or made by hand may be readable by others: whoever reads it forges sessions.
      if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600)
      return existing
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const secret = randomBytes(48).toString('base64url')
  // mode applies only when the file is created: a short or empty one left over is tightened too.
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 })
  fs.chmodSync(file, 0o600)
  log.info({ file }, 'SESSION_SECRET not set: generated a session secret and saved it')
  return secret
}
