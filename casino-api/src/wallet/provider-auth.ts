/**
 * Server-to-server authentication of the game providers' wallet calls (auth 'provider'): the
 * provider sends its shared secret in the X-Provider-Key header, compared in constant time. A
 * player's bearer token never opens these calls, and the web app never makes them.
 *
 * The secret comes from PROVIDER_SECRET (at least 32 characters) or, without it, is generated
 * once into <DATA_DIR>/provider-secret.txt (0600), so it survives restarts; instances sharing
 * one PostgreSQL with data folders of their own must be given the same PROVIDER_SECRET.
 */
import { randomBytes } from 'node:crypto'
import { chmod, link, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { sharedKeyCheck } from '../../contract/shared-key.ts'
import { PRIVATE_FILE_MODE } from '../files.ts'

export const PROVIDER_SECRET_FILE = 'provider-secret.txt'
export const MIN_PROVIDER_SECRET_LENGTH = 32
/** The provider the secret belongs to: the built-in game provider. */
export const BUILTIN_PROVIDER = 'builtin'

/** Answers the provider whose key this is, or null. */
export type ProviderAuth = (key: string | undefined) => string | null

/**
 * The built-in provider's secret and each other provider's wallet key (GAME_PROVIDERS'
 * `walletKey`): a key names its provider, and the wallet moves money only on that provider's
 * games (wallet_bet checks the game's provider). Every key is compared, so the time taken does
 * not tell which one matched.
 */
export function providerAuth(secret: string, others: { id: string; walletKey?: string }[] = []): ProviderAuth {
  const keys = [{ id: BUILTIN_PROVIDER, walletKey: secret }, ...others].flatMap(({ id, walletKey }) =>
    walletKey === undefined ? [] : [{ id, isKey: sharedKeyCheck(walletKey) }],
  )
  if (new Set(keys.map((k) => k.id)).size !== keys.length || others.some((o) => o.walletKey === secret))
    throw new Error('each game provider needs a wallet key of its own, and none may be PROVIDER_SECRET')
  return (key) => {
    let provider: string | null = null
    for (const k of keys) if (k.isKey(key) && provider === null) provider = k.id
    return provider
  }
}

/**
 * The configured secret, or the one kept in the data folder, generated on first use. Instances
 * starting together on one data folder end up with the same one: the file appears whole
 * (written aside, then linked into place, which fails if another instance was first).
 */
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
  let secret = await readSecret(file)
  if (secret === null) {
    const aside = `${file}.${randomBytes(6).toString('hex')}`
    await writeFile(aside, `${randomBytes(32).toString('base64url')}\n`, { mode: PRIVATE_FILE_MODE, flag: 'wx' })
    try {
      await link(aside, file)
      print(`Casino API: generated the game providers' wallet secret into ${file} (readable only by this user).`)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    } finally {
      await rm(aside, { force: true })
    }
    secret = await readSecret(file)
  }
  if (!secret || secret.length < MIN_PROVIDER_SECRET_LENGTH)
    throw new Error(
      `${file} holds fewer than ${MIN_PROVIDER_SECRET_LENGTH} characters: remove it to generate a new secret, or set PROVIDER_SECRET`,
    )
  // A file copied in or made by hand may be readable by others: whoever reads it moves money.
  await chmod(file, PRIVATE_FILE_MODE)
  return secret
}

async function readSecret(file: string) {
  return readFile(file, 'utf8').then(
    (text) => text.trim(),
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null
      throw error
    },
  )
}
