/**
 * Server-to-server authentication of the game providers' wallet calls (auth 'provider'): the
 * provider sends its shared secret in the X-Provider-Key header, compared in constant time. A
 * player's bearer token never opens these calls, and the web app never makes them.
 *
 * The secret comes from PROVIDER_SECRET (at least 32 characters) or, without it, is generated
 * once into <DATA_DIR>/provider-secret.txt (0600), so it survives restarts; instances sharing
 * one PostgreSQL with data folders of their own must be given the same PROVIDER_SECRET.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { chmod, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { PRIVATE_FILE_MODE } from '../files.ts'

export const PROVIDER_SECRET_FILE = 'provider-secret.txt'
export const MIN_PROVIDER_SECRET_LENGTH = 32
/** The provider the secret belongs to: the built-in game provider (one secret, one provider). */
export const BUILTIN_PROVIDER = 'builtin'

/** Answers the provider whose key this is, or null. */
export type ProviderAuth = (key: string | undefined) => string | null

export function providerAuth(secret: string): ProviderAuth {
  // Digests have one length whatever was sent, as timingSafeEqual needs, and tell nothing of it.
  const expected = createHash('sha256').update(secret).digest()
  return (key) => {
    if (!key) return null
    const given = createHash('sha256').update(key).digest()
    return timingSafeEqual(given, expected) ? BUILTIN_PROVIDER : null
  }
}

/** The configured secret, or the one kept in the data folder (generated on first use). */
export async function ensureProviderSecret(
  dataDir: string,
  configured: string | undefined,
  print: (line: string) => void,
): Promise<string> {
  if (configured !== undefined) {
    if (configured.length < MIN_PROVIDER_SECRET_LENGTH)
      throw new Error(`PROVIDER_SECRET must have at least ${MIN_PROVIDER_SECRET_LENGTH} characters`)
    return configured
  }
  const file = join(dataDir, PROVIDER_SECRET_FILE)
  const existing = await readFile(file, 'utf8').then(
    (text) => text.trim(),
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null
      throw error
    },
  )
  if (existing && existing.length >= MIN_PROVIDER_SECRET_LENGTH) {
    await chmod(file, PRIVATE_FILE_MODE)
    return existing
  }
  const secret = randomBytes(32).toString('base64url')
  await writeFile(file, `${secret}\n`, { mode: PRIVATE_FILE_MODE })
  await chmod(file, PRIVATE_FILE_MODE)
  print(`Casino API: generated the game providers' wallet secret into ${file} (readable only by this user).`)
  return secret
}
