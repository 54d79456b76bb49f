/**
 * The data folder holds the database (PGlite) and, without SMTP, every e-mail sent, with live
 * activation and reset links: only the service's own user may read or write any of it. Folders
 * are 0700 and files 0600, set explicitly rather than left to the umask.
 */
import { chmod, lstat, mkdir, readdir } from 'node:fs/promises'
import { join } from 'node:path'

export const PRIVATE_DIR_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600

/**
 * Creates `dir` (and missing parents) and makes it 0700, also when it existed already. A folder
 * owned by another user cannot be changed (EPERM): it is used as it is, the files still are 0600.
 */
export async function ensurePrivateDir(dir: string) {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
  await chmodUnlessForeign(dir, PRIVATE_DIR_MODE)
}

/** chmod, except that a path owned by another user (EPERM) is left as it is. */
async function chmodUnlessForeign(path: string, mode: number) {
  await chmod(path, mode).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPERM') throw error
  })
}

/**
 * Makes every folder below `dir` 0700 and every file 0600 (symbolic links are left alone).
 * PGlite writes its files as 0666 whatever the umask; its folder being 0700 already keeps other
 * users out, and this takes the bits off the files themselves, after opening and at closing.
 */
export async function makeTreePrivate(dir: string) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  for (const entry of entries) {
    const path = join(entry.parentPath, entry.name)
    const stat = await lstat(path).catch(() => null)
    if (!stat || stat.isSymbolicLink()) continue
    const wanted = stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE
    if ((stat.mode & 0o777) !== wanted) await chmod(path, wanted).catch(() => {})
  }
  await chmodUnlessForeign(dir, PRIVATE_DIR_MODE)
}
