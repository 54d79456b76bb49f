// Hardening of the account foundation (issue 5), through the web app against the real casino
// API and database, as a browser with JavaScript off uses it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, textOf } from '../setup/http.ts'
import { newPlayer, startTestSite, testDatabases, turnOnTwoFactorOnSite, type TestSite } from '../setup/harness.ts'
import { appCode } from '#casino-api/tests/authenticator.ts'

async function registerAndActivate(site: TestSite, player = newPlayer()) {
  const b = new Browser(site.webUrl)
  expect((await b.post('/register', player)).status).toBe(200)
  const { link } = await site.lastMailTo(player.email)
  const activated = await b.post(new URL(link!).pathname, {})
  expect(textOf(activated.html)).toContain('Tu cuenta está activa.')
  return player
}

async function logIn(site: TestSite, username: string, password: string) {
  const b = new Browser(site.webUrl)
  const page = await b.post('/login', { username, password })
  expect(page.url, textOf(page.html).slice(0, 200)).toBe(`${site.webUrl}/`)
  return b
}

for (const database of testDatabases()) {
  describe(`account hardening on ${database.name}`, () => {
    let site: TestSite
    beforeAll(async () => {
      site = await startTestSite({ database })
    })
    afterAll(async () => {
      await site?.close()
    })

    test('a NUL or control character in a text field is a field error with the input kept, never a 5xx', async () => {
      const visitor = new Browser(site.webUrl)
      for (const [field, value] of [
        ['firstName', 'Lu\u0000cía'],
        ['address', 'Calle Mayor\u0000 1'],
        ['city', 'Madrid\u001b[0m'],
        ['username', 'nul\u0000user'],
        ['password', 'secret-\u0000-password'],
      ] as const) {
        const player = newPlayer({ [field]: value, ...(field === 'password' ? { confirmPassword: value } : {}) })
        const page = await visitor.post('/register', player, { follow: false })
        expect(page.status, field).toBe(400)
        expect(textOf(page.html), field).toContain(
          'Este campo contiene caracteres invisibles no permitidos. Vuelve a escribirlo.',
        )
        expect(page.html).toContain(`value="${player.email}"`)
        if (field !== 'password') expect(page.html).toContain(`value="${value}"`)
      }

      const player = await registerAndActivate(site)
      const member = await logIn(site, player.username, player.password)
      const profile = await member.post(
        '/en/user-management/profile',
        {
          email: player.email,
          phone: player.phone,
          address: 'Main\u0000Street 1',
          postalCode: '28013',
          city: 'Madrid',
          country: 'ES',
          language: 'es',
        },
        { follow: false },
      )
      expect(profile.status).toBe(400)
      expect(textOf(profile.html)).toContain(
        'This field contains invisible characters that are not allowed. Please type it again.',
      )
      expect(profile.html).toContain('value="Main\u0000Street 1"')
      // Nothing was saved, and the login form refuses a NUL in the password the same way.
      expect((await member.get('/user-management/profile')).html).toContain(`value="${player.address}"`)
      const login = await new Browser(site.webUrl).post('/login', {
        username: player.username,
        password: `${player.password}\u0000`,
      })
      expect(login.status).toBe(400)
      expect(textOf(login.html)).toContain('Este campo contiene caracteres invisibles no permitidos.')
    })

    test('a new e-mail address needs the current password, is confirmed by a link sent to it, and the old address is told', async () => {
      const player = await registerAndActivate(site)
      const b = await logIn(site, player.username, player.password)
      const newEmail = `changed.${player.username}@example.org`
      const form = {
        email: newEmail,
        phone: player.phone,
        address: player.address,
        postalCode: player.postalCode,
        city: 'Sevilla',
        country: 'ES',
        language: 'es',
      }

      const missing = await b.post('/user-management/profile', form, { follow: false })
      expect(missing.status).toBe(400)
      expect(textOf(missing.html)).toContain('Este campo es obligatorio.')
      expect(missing.html).toContain(`value="${newEmail}"`)

      const wrong = await b.post(
        '/user-management/profile',
        { ...form, currentPassword: 'not-my-password' },
        { follow: false },
      )
      expect(wrong.status).toBe(400)
      expect(textOf(wrong.html)).toContain('La contraseña actual no es correcta.')
      expect(wrong.html).toContain(`value="${newEmail}"`)
      expect(wrong.html).toContain('value="Sevilla"')
      expect(wrong.html).not.toContain('not-my-password')
      await expect(site.lastMailTo(newEmail)).rejects.toThrow(/no e-mail/)

      const asked = await b.post('/user-management/profile', { ...form, currentPassword: player.password })
      expect(asked.url).toBe(`${site.webUrl}/user-management/profile`)
      expect(textOf(asked.html)).toContain(`Te hemos enviado un enlace de confirmación a ${newEmail}.`)
      // Not changed yet; the other details are saved.
      expect(asked.html).toContain(`value="${player.email}"`)
      expect(asked.html).toContain('value="Sevilla"')

      const notice = await site.lastMailTo(player.email)
      // (The harness decodes the mail as Latin-1: only ASCII parts are compared.)
      expect(notice.text).toContain(`de tu cuenta ${player.username} a ${newEmail}. Solo cambiar`)
      expect(notice.text).toContain(newEmail)
      const { link } = await site.lastMailTo(newEmail)
      expect(link).toMatch(new RegExp(`^${site.webUrl}/confirm-email/[A-Za-z0-9_-]{43}$`))

      // Opening the link (a mail scanner, a preview) spends nothing: it shows a button.
      const shown = await new Browser(site.webUrl).get(new URL(link!).pathname)
      expect(shown.status).toBe(200)
      expect(textOf(shown.html)).toContain('Confirmar la dirección')
      const confirmed = await new Browser(site.webUrl).post(new URL(link!).pathname, {})
      expect(confirmed.status).toBe(200)
      expect(textOf(confirmed.html)).toContain('Tu dirección de correo se ha cambiado.')
      expect((await b.get('/user-management/profile')).html).toContain(`value="${newEmail}"`)

      const again = await new Browser(site.webUrl).post(new URL(link!).pathname, {})
      expect(again.status).toBe(400)
      expect(textOf(again.html)).toContain('Este enlace de confirmación no es válido, ha caducado o ya se ha usado.')
      // The English page exists too.
      expect(textOf((await new Browser(site.webUrl).get(`/en${new URL(link!).pathname}`)).html)).toContain(
        'Confirm the address',
      )
    })

    test('without SEED_DEMO there is no demo player', async () => {
      const page = await new Browser(site.webUrl).post('/login', { username: 'demo', password: 'demo-player-2026' })
      expect(page.status).toBe(400)
      expect(textOf(page.html)).toContain('El usuario o la contraseña no son correctos.')
    })
  })
}

describe('the seeded admin', () => {
  const ADMIN_FIRST_PASSWORD = 'first-admin-password-2026'
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite({ adminPassword: ADMIN_FIRST_PASSWORD })
  })
  afterAll(async () => {
    await site?.close()
  })

  test('must change its first password before anything else, with the reason on every page', async () => {
    const b = new Browser(site.webUrl)
    const landed = await b.post('/login', { username: 'admin', password: ADMIN_FIRST_PASSWORD })
    expect(landed.url).toBe(`${site.webUrl}/user-management/change-password`)
    const reason = 'Por tu seguridad, elige una contraseña nueva antes de continuar.'
    expect(textOf(landed.html)).toContain(reason)
    for (const path of ['/', '/user-management/profile', '/user-management']) {
      const page = await b.get(path)
      expect(page.url, path).toBe(`${site.webUrl}/user-management/change-password`)
      expect(textOf(page.html)).toContain(reason)
    }
    const en = await b.get('/en/user-management/profile')
    expect(en.url).toBe(`${site.webUrl}/en/user-management/change-password`)
    expect(textOf(en.html)).toContain('For your security, please choose a new password before you continue.')

    const newPassword = 'a-new-admin-password-2026'
    const changed = await b.post('/user-management/change-password', {
      oldPassword: ADMIN_FIRST_PASSWORD,
      newPassword,
      confirmPassword: newPassword,
    })
    expect(textOf(changed.html)).toContain('Tu contraseña se ha cambiado.')
    expect(textOf(changed.html)).not.toContain(reason)
    const home = await b.get('/')
    expect(home.url).toBe(`${site.webUrl}/`)
    expect(textOf(home.html)).not.toContain(reason)
    expect((await b.get('/user-management/profile')).status).toBe(200)

    // Then the back office waits for two-factor authentication (ADR 0066), with the reason.
    const refused = await b.get('/admin/withdrawals')
    expect(refused.url).toBe(`${site.webUrl}/user-management/security`)
    expect(textOf(refused.html)).toContain(
      'Los administradores deben activar la verificación en dos pasos antes de continuar.',
    )
    const secret = await turnOnTwoFactorOnSite(b, newPassword)
    expect((await b.get('/admin/withdrawals')).url).toBe(`${site.webUrl}/admin/withdrawals`)
    // A new log-in asks for the code after the password, and opens the back office with it.
    const other = new Browser(site.webUrl)
    const wrong = await other.post('/login', { username: 'admin', password: newPassword })
    expect(wrong.url).toBe(`${site.webUrl}/login/code`)
    const refusedCode = await other.post('/login/code', { code: '000000' })
    expect(refusedCode.status).toBe(400)
    expect(textOf(refusedCode.html)).toContain('Ese código no es correcto o ya se ha usado.')
    const admitted = await other.post('/login/code', { code: await appCode(secret) })
    expect(admitted.url).toBe(`${site.webUrl}/`)
    expect((await other.get('/admin/withdrawals')).status).toBe(200)
  })
})
