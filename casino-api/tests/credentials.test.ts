import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, vi } from 'vitest'
import { calls } from '../contract/index.ts'
import { ADMIN_PASSWORD, backends, login, startTestApi, useApis } from './helpers.ts'

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
