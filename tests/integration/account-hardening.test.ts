// Hardening of the account foundation (issue 5), through the web app against the real casino
// API and database, as a browser with JavaScript off uses it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, textOf } from '../setup/http.ts'
import { newPlayer, startTestSite, testDatabases, type TestSite } from '../setup/harness.ts'

async function registerAndActivate(site: TestSite, player = newPlayer()) {
  const b = new Browser(site.webUrl)
  expect((await b.post('/register', player)).status).toBe(200)
  const { link } = site.lastMailTo(player.email)
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
        expect(textOf(page.html), field).toContain('Este campo contiene caracteres invisibles no permitidos. Vuelve a escribirlo.')
        expect(page.html).toContain(`value="${player.email}"`)
        if (field !== 'password') expect(page.html).toContain(`value="${value}"`)
      }

      const player = await registerAndActivate(site)
      const member = await logIn(site, player.username, player.password)
      const profile = await member.post(
        '/en/user-management/profile',
        { email: player.email, phone: player.phone, address: 'Main\u0000Street 1', postalCode: '28013', city: 'Madrid', country: 'ES', language: 'es' },
        { follow: false },
      )
      expect(profile.status).toBe(400)
      expect(textOf(profile.html)).toContain('This field contains invisible characters that are not allowed. Please type it again.')
      expect(profile.html).toContain('value="Main\u0000Street 1"')
      // Nothing was saved, and the login form refuses a NUL in the password the same way.
      expect((await member.get('/user-management/profile')).html).toContain(`value="${player.address}"`)
      const login = await new Browser(site.webUrl).post('/login', { username: player.username, password: `${player.password}\u0000` })
      expect(login.status).toBe(400)
      expect(textOf(login.html)).toContain('Este campo contiene caracteres invisibles no permitidos.')
    })
  })
}
