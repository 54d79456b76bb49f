import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, vi } from 'vitest'
import { calls } from '../contract/index.ts'
import {
  ADMIN_PASSWORD,
  activePlayer,
  backends,
  login,
  mailedToken,
  startTestApi,
  turnOnTwoFactor,
  useApis,
} from './helpers.ts'

const api = useApis()

test.for(backends)(
  'the seeded admin must change its first password: until then only player, logout and the password change answer [%s]',
  async (backend) => {
    const a = api(backend)
    const token = await login(a, 'admin', ADMIN_PASSWORD)
    expect(await a.ok('player', {}, { token })).toMatchObject({ username: 'admin', passwordChangeRequired: true })
    for (const name of ['get_player_profile', 'get_player_balance', 'update_profile', 'player_send_message'] as const) {
      const refused = await a.fail(name, {}, 403, { token })
      expect(refused, name).toMatchObject({
        code: 'password_change_required',
        message: 'For your security, please choose a new password before you continue.',
      })
    }
    await a.ok('get_setting', {}, { token })
    await a.ok('geolocation', {}, { token })
    // The same password again is a change too, but the old one must be right.
    expect(
      (
        await a.fail(
          'update_player_password',
          { oldPassword: 'wrong-password', newPassword: 'a-new-admin-password' },
          400,
          { token },
        )
      ).code,
    ).toBe('old_password_wrong')
    await a.ok(
      'update_player_password',
      { oldPassword: ADMIN_PASSWORD, newPassword: 'a-new-admin-password' },
      { token },
    )
    expect(await a.ok('player', {}, { token })).toMatchObject({ passwordChangeRequired: false })
    await a.ok('get_player_profile', {}, { token })
    // Other calls are refused by the flag, not by the route: a player never sees it.
    expect(calls.get_player_profile.auth).toBe('player')
  },
)

test.for(backends)(
  'without SEED_DEMO there is no demo player, and a generated admin password is only in the file [%s]',
  { timeout: 180_000 },
  async (backend) => {
    const print = vi.spyOn(console, 'log').mockImplementation(() => {})
    const a = await startTestApi(backend, { adminPassword: undefined })
    try {
      expect((await a.fail('login', { username: 'demo', password: 'demo-player-2026' }, 400)).code).toBe(
        'wrong_credentials',
      )
      const password = readFileSync(join(a.dataDir, 'admin-password.txt'), 'utf8').trim()
      const printed = print.mock.calls.map((c) => c.map(String).join(' ')).join('\n')
      expect(printed).toContain('admin-password.txt')
      expect(printed).not.toContain(password)
      const token = await login(a, 'admin', password)
      expect(await a.ok('player', {}, { token })).toMatchObject({ passwordChangeRequired: true })
    } finally {
      print.mockRestore()
      await a.close()
    }
  },
)

test.for(backends)(
  'the admin cannot clear the first-password flag with the same password, and the generated password file goes once it is changed [%s]',
  { timeout: 180_000 },
  async (backend) => {
    const print = vi.spyOn(console, 'log').mockImplementation(() => {})
    const a = await startTestApi(backend, { adminPassword: undefined })
    try {
      const file = join(a.dataDir, 'admin-password.txt')
      const password = readFileSync(file, 'utf8').trim()
      const token = await login(a, 'admin', password)
      const same = await a.fail('update_player_password', { oldPassword: password, newPassword: password }, 400, {
        token,
      })
      expect(same).toMatchObject({
        code: 'password_unchanged',
        message: 'The new password must be different from the current one.',
        fields: { newPassword: ['password_unchanged'] },
      })
      expect(await a.ok('player', {}, { token })).toMatchObject({ passwordChangeRequired: true })
      expect(existsSync(file)).toBe(true)

      await a.ok('update_player_password', { oldPassword: password, newPassword: 'a-new-admin-password' }, { token })
      expect(await a.ok('player', {}, { token })).toMatchObject({ passwordChangeRequired: false })
      // The file held a live credential until now; nobody needs it any more.
      expect(existsSync(file)).toBe(false)
    } finally {
      print.mockRestore()
      await a.close()
    }
  },
)

test.for(backends)(
  "the administrator's own password changes are in the audit log: who, when, from which address, never the password [%s]",
  { timeout: 180_000 },
  async (backend) => {
    // A casino API of its own: the admin of the file's shared one has changed its password already.
    const a = await startTestApi(backend)
    try {
      const token = await login(a, 'admin', ADMIN_PASSWORD)
      const admin = await a.ok('player', {}, { token })
      await a.ok(
        'update_player_password',
        { oldPassword: ADMIN_PASSWORD, newPassword: 'an-admin-password-2026' },
        { token, ip: '203.0.113.7' },
      )
      // A player's password change is the player's business, not an administrator's act.
      const player = await activePlayer(a)
      await a.ok(
        'update_player_password',
        { oldPassword: player.params.password, newPassword: 'a-players-new-password' },
        { token: player.token },
      )
      await a.ok('reset_player_password', { username: 'admin', email: 'admin@casino.local', language: 'en' })
      const { token: link } = await mailedToken(a, 'admin@casino.local', '/reset-password/')
      await a.ok('confirm_password_reset', { token: link, password: 'a-reset-admin-password' }, { ip: '198.51.100.4' })

      const fresh = await login(a, 'admin', 'a-reset-admin-password')
      await turnOnTwoFactor(a, fresh, 'a-reset-admin-password')
      const { items } = await a.ok('get_admin_audit', {}, { token: fresh })
      const own = items.filter((entry) => entry.target === admin.id)
      expect(own).toMatchObject([
        { admin: 'admin', action: 'two_factor_on' },
        { admin: 'admin', action: 'reset_own_password', details: { ip: '198.51.100.4' } },
        { admin: 'admin', action: 'change_own_password', details: { ip: '203.0.113.7' } },
      ])
      for (const entry of own) expect(Date.now() - Date.parse(entry.createdAt)).toBeLessThan(60_000)
      expect(items.map((entry) => entry.target)).not.toContain(player.playerId)
      const logged = JSON.stringify(items)
      for (const secret of [
        ADMIN_PASSWORD,
        'an-admin-password-2026',
        'a-reset-admin-password',
        'a-players-new-password',
      ])
        expect(logged).not.toContain(secret)
    } finally {
      await a.close()
    }
  },
)
