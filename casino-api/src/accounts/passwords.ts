import { randomBytes } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'

export type PasswordHashing = {
  /** KiB */
  memoryCost: number
  timeCost: number
  parallelism: number
}

/** OWASP's first argon2id configuration: 19 MiB, 2 iterations, 1 lane. */
export const DEFAULT_PASSWORD_HASHING: PasswordHashing = { memoryCost: 19456, timeCost: 2, parallelism: 1 }

// Algorithm.Argon2id of @node-rs/argon2 is an ambient const enum, which type stripping cannot read.
const ARGON2ID = 2

export type Passwords = {
  hash(password: string): Promise<string>
  /** Constant cost whether or not there is a stored hash: without one it checks a dummy hash. */
  verify(storedHash: string | null, password: string): Promise<boolean>
  /** Whether a stored hash was made with other parameters than today's (rehash after log-in). */
  isOutdated(storedHash: string): boolean
}

export async function createPasswords(params: PasswordHashing = DEFAULT_PASSWORD_HASHING): Promise<Passwords> {
  const options = {
    algorithm: ARGON2ID,
    memoryCost: params.memoryCost,
    timeCost: params.timeCost,
    parallelism: params.parallelism,
  }
  const prefix = `$argon2id$v=19$m=${params.memoryCost},t=${params.timeCost},p=${params.parallelism}$`
  const hashPassword = (password: string) => hash(password, options as Parameters<typeof hash>[1])
  // Verified when the username is unknown, so that the answer takes as long as for a known one.
  const dummyHash = await hashPassword(randomBytes(24).toString('base64url'))
  return {
    hash: hashPassword,
    async verify(storedHash, password) {
      try {
        const ok = await verify(storedHash ?? dummyHash, password)
        return storedHash !== null && ok
      } catch {
        return false
      }
    },
    isOutdated: (storedHash) => !storedHash.startsWith(prefix),
  }
}
