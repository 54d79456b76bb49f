import { randomBytes } from 'node:crypto'
import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Passwords } from './accounts/passwords.ts'
import { usernameIs } from './accounts/players.ts'
import type { Database } from './db/open.ts'
import { players } from './db/schema.ts'
import { PRIVATE_FILE_MODE } from './files.ts'
import { seedContent } from './content/seed.ts'
import { seedSettings } from './site/settings.ts'
import { seedDemoMoney } from './wallet/demo.ts'

export const DEMO_USERNAME = 'demo'
export const DEMO_PASSWORD = 'demo-player-2026'

type Account = Omit<
  typeof players.$inferInsert,
  'passwordHash' | 'ageConfirmedAt' | 'termsAcceptedAt' | 'currencyConfirmedAt'
>

const ADMIN: Account = {
  username: 'admin',
  email: 'admin@casino.local',
  phone: '+10000000000',
  firstName: 'Casino',
  lastName: 'Admin',
  gender: 'male',
  birthday: '1980-01-01',
  address: '-',
  postalCode: '-',
  city: '-',
  country: 'ES',
  language: 'es',
  scope: 'admin',
  status: 'active',
}

const DEMO: Account = {
  username: DEMO_USERNAME,
  email: 'demo@casino.local',
  phone: '+10000000001',
  firstName: 'Demo',
  lastName: 'Player',
  gender: 'female',
  birthday: '1990-05-15',
  address: 'Calle Mayor 1',
  postalCode: '28013',
  city: 'Madrid',
  country: 'ES',
  language: 'es',
  scope: 'player',
  status: 'active',
}

export const ADMIN_PASSWORD_FILE = 'admin-password.txt'

export type SeedOptions = {
  /** The admin's first password; generated into `${dataDir}/admin-password.txt` without it. */
  adminPassword?: string
  /** Also create the demo player (development and `npm start` only, never in the container). */
  seedDemo?: boolean
  dataDir: string
  now: Date
  print: (line: string) => void
}

/**
 * What a fresh database needs: the default settings, the site's texts and an administrator, and the demo player
 * with sandbox money and a few played rounds when asked for. Safe to run at every start and from several instances at once: existing rows
 * are left alone. A generated admin password is never printed (stdout ends up in log files and
 * container logs): it goes into a 0600 file in the data folder, and only the file's path is
 * printed. Either way the admin must choose a new password at the first log-in.
 */
export async function seed(db: Database, passwords: Passwords, options: SeedOptions) {
  await seedSettings(db, options.now)
  await seedContent(db, options.now)

  const generated = !options.adminPassword
  const adminPassword = options.adminPassword || randomBytes(15).toString('base64url')
  if (await insertAccount(db, passwords, { ...ADMIN, passwordChangeRequired: true }, adminPassword, options.now)) {
    if (generated) {
      const file = await writePrivateFile(join(options.dataDir, ADMIN_PASSWORD_FILE), `${adminPassword}\n`)
      options.print(
        `Casino API: created the admin account (username admin). Its first password is in ${file} (readable only by this user); it must be changed at the first log-in.`,
      )
    } else {
      options.print(
        'Casino API: created the admin account (username admin, first password from ADMIN_PASSWORD; it must be changed at the first log-in).',
      )
    }
  }
  if (options.seedDemo) {
    if (await insertAccount(db, passwords, DEMO, DEMO_PASSWORD, options.now))
      options.print(
        `Casino API: created a demo player (SEED_DEMO). Username: ${DEMO_USERNAME}  Password: ${DEMO_PASSWORD}`,
      )
    // At every start, in case an earlier one stopped half-way: it moves money only once.
    const [demo] = await db.select({ id: players.id }).from(players).where(usernameIs(DEMO_USERNAME)).limit(1)
    if (demo) await seedDemoMoney(db, demo.id, options.now)
  }
}

/** Writes `content` to a new 0600 file (replacing an old one), and answers its path. */
async function writePrivateFile(file: string, content: string) {
  await rm(file, { force: true })
  await writeFile(file, content, { mode: PRIVATE_FILE_MODE, flag: 'wx' })
  return file
}

async function insertAccount(db: Database, passwords: Passwords, account: Account, password: string, now: Date) {
  const exists = await db.select({ id: players.id }).from(players).where(usernameIs(account.username)).limit(1)
  if (exists.length) return false
  const rows = await db
    .insert(players)
    .values({
      ...account,
      passwordHash: await passwords.hash(password),
      ageConfirmedAt: now,
      termsAcceptedAt: now,
      currencyConfirmedAt: now,
      activatedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: players.id })
  return rows.length > 0
}
