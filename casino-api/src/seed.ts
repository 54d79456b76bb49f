import { randomBytes } from 'node:crypto'
import type { Passwords } from './accounts/passwords.ts'
import { usernameIs } from './accounts/players.ts'
import type { Database } from './db/open.ts'
import { players } from './db/schema.ts'
import { seedSettings } from './settings.ts'

export const DEMO_USERNAME = 'demo'
export const DEMO_PASSWORD = 'demo-player-2026'

type Account = Omit<typeof players.$inferInsert, 'passwordHash' | 'ageConfirmedAt' | 'termsAcceptedAt' | 'currencyConfirmedAt'>

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

/**
 * What a fresh database needs: the default settings, an administrator and a demo player. Safe
 * to run at every start and from several instances at once: existing rows are left alone, and
 * only the instance that created an account prints its credentials (a generated admin password
 * exists nowhere else, so it is shown exactly once).
 */
export async function seed(db: Database, passwords: Passwords, options: { adminPassword?: string; now: Date; print: (line: string) => void }) {
  await seedSettings(db, options.now)

  const adminPassword = options.adminPassword || randomBytes(15).toString('base64url')
  if (await insertAccount(db, passwords, ADMIN, adminPassword, options.now)) {
    options.print(
      options.adminPassword
        ? 'Casino API: created the admin account (username admin, password from ADMIN_PASSWORD).'
        : `Casino API: created the admin account. Username: admin  Password: ${adminPassword}  (shown only now; set ADMIN_PASSWORD to choose it)`,
    )
  }
  if (await insertAccount(db, passwords, DEMO, DEMO_PASSWORD, options.now)) {
    options.print(`Casino API: created a demo player. Username: ${DEMO_USERNAME}  Password: ${DEMO_PASSWORD}`)
  }
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
