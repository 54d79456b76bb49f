// The web app against the real casino API and a real database, as a browser with JavaScript
// off uses it: plain form posts, redirects, cookies.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openSession } from '#app/utils/session.server.ts'
import { DEVICE_COOKIE } from '#app/utils/cookie-names.ts'
import { Browser, textOf, type Page } from '../setup/http.ts'
import { newPlayer, startTestSite, TEST_SESSION_SECRET, testDatabases, type TestSite } from '../setup/harness.ts'

const SESSION_COOKIE = 'casino'

async function registerAndActivate(site: TestSite, player = newPlayer()) {
  const b = new Browser(site.webUrl)
  const registered = await b.post('/register', player)
  expect(registered.status).toBe(200)
  expect(textOf(registered.html)).toContain('Tu cuenta está creada.')
  const { link } = await site.lastMailTo(player.email)
  expect(link).toMatch(new RegExp(`^${site.webUrl}/activate/[A-Za-z0-9_-]{20,}$`))
  const activated = await b.post(new URL(link!).pathname, {})
  expect(textOf(activated.html)).toContain('Tu cuenta está activa.')
  return player
}

async function logIn(site: TestSite, username: string, password: string) {
  const b = new Browser(site.webUrl)
  const page = await b.post('/login', { username, password })
  return { b, page }
}

for (const database of testDatabases()) {
  describe(`accounts on ${database.name}`, () => {
    let site: TestSite
    beforeAll(async () => {
      site = await startTestSite({ database })
    })
    afterAll(async () => {
      await site?.close()
    })

    test('register → activate → log in → profile → change password → log out', async () => {
      const player = await registerAndActivate(site)

      const { b, page: home } = await logIn(site, player.username, player.password)
      expect(home.url).toBe(`${site.webUrl}/`)
      expect(textOf(home.html)).toContain(player.username)

      const profile = await b.get('/user-management/profile')
      expect(profile.status).toBe(200)
      expect(profile.html).toContain(player.email)

      const newPassword = `${player.password}-new`
      const changed = await b.post('/user-management/change-password', {
        oldPassword: player.password,
        newPassword,
        confirmPassword: newPassword,
      })
      expect(textOf(changed.html)).toContain('Tu contraseña se ha cambiado.')

      const out = await b.post('/logout', {})
      expect(out.url).toBe(`${site.webUrl}/`)
      expect(b.cookies.has(SESSION_COOKIE)).toBe(false)
      const guarded = await b.get('/user-management/profile', false)
      expect(guarded.status).toBe(302)
      expect(guarded.headers.get('location')).toBe('/')

      const withOld = await logIn(site, player.username, player.password)
      expect(withOld.page.status).toBe(400)
      expect(textOf(withOld.page.html)).toContain('El usuario o la contraseña no son correctos.')
      const withNew = await logIn(site, player.username, newPassword)
      expect(withNew.page.url).toBe(`${site.webUrl}/`)
    })

    test('a log-in names the one before it, once as a notice and on the profile, in each language', async () => {
      const player = await registerAndActivate(site)
      const { b: first, page: firstHome } = await logIn(site, player.username, player.password)
      // The first log-in has none before it.
      expect(textOf(firstHome.html)).not.toContain('Tu acceso anterior')
      expect(textOf((await first.get('/user-management/profile')).html)).toContain(
        'Acceso anterior Ninguno: esta sesión es tu primer acceso.',
      )

      const second = new Browser(site.webUrl)
      const secondHome = await second.post('/en/login', { username: player.username, password: player.password })
      expect(secondHome.url).toBe(`${site.webUrl}/en`)
      const when = /\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}:\d{2}/.source
      expect(textOf(secondHome.html)).toMatch(
        new RegExp(
          `Your previous log-in: ${when}, from [^.]*127\\.0\\.0\\.1\\)?\\. If it was not you, change your password\\.`,
        ),
      )
      // The notice is shown once; the profile keeps saying it, in the page's language.
      expect(textOf((await second.get('/en')).html)).not.toContain('Your previous log-in')
      expect(textOf((await second.get('/en/user-management/profile')).html)).toMatch(
        new RegExp(`Previous log-in ${when}, from .*127\\.0\\.0\\.1`),
      )
      expect(textOf((await second.get('/user-management/profile')).html)).toMatch(
        new RegExp(`Acceso anterior ${when}, desde .*127\\.0\\.0\\.1`),
      )
      // The first session's own previous log-in is still none.
      expect(textOf((await first.get('/user-management/profile')).html)).toContain(
        'Acceso anterior Ninguno: esta sesión es tu primer acceso.',
      )
    })

    test('the sessions page lists the devices signed in, and signs another one out, in each language', async () => {
      const player = await registerAndActivate(site)
      const PHONE =
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile/15E148 Safari/604.1'
      const DESKTOP =
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
      const desk = new Browser(site.webUrl, { 'user-agent': DESKTOP })
      await desk.post('/login', { username: player.username, password: player.password })
      const phone = new Browser(site.webUrl, { 'user-agent': PHONE })
      await phone.post('/en/login', { username: player.username, password: player.password })

      const page = await desk.get('/user-management/sessions')
      expect(page.status).toBe(200)
      const text = textOf(page.html)
      // This device first and marked, then the phone, each with its place and times.
      expect(text).toMatch(/Sesiones abiertas .*Chrome en Windows Este dispositivo Lugar .*127\.0\.0\.1.*Safari en iOS/)
      expect(text).toContain('Cerrar todas las demás sesiones')
      expect(textOf((await phone.get('/en/user-management/sessions')).html)).toMatch(
        /Signed-in sessions .*Safari on iOS This device .*Chrome on Windows .*Sign out all other sessions/,
      )

      // The phone's session, signed out from the desktop with the page's form.
      const phoneId = /name="sessionId" value="([0-9a-f-]{36})"/.exec(page.html)![1]!
      const ended = await desk.post('/user-management/sessions', { intent: 'end', sessionId: phoneId })
      expect(ended.url).toBe(`${site.webUrl}/user-management/sessions`)
      expect(textOf(ended.html)).toContain('Se ha cerrado esa sesión.')
      expect(textOf(ended.html)).not.toContain('Safari en iOS')
      expect(textOf(ended.html)).toContain('No tienes la sesión iniciada en ningún otro dispositivo.')
      // The phone is signed out at its next page.
      const guarded = await phone.get('/en/user-management/profile', false)
      expect(guarded.status).toBe(302)
      // Sent again (another tab), or with another player's or a made-up id: nothing is ended.
      const again = await desk.post('/user-management/sessions', { intent: 'end', sessionId: phoneId })
      expect(textOf(again.html)).toContain('Esa sesión ya no está abierta.')
      const hostile = await desk.post('/user-management/sessions', { intent: 'end', sessionId: "x' or 1=1 --" })
      expect(hostile.status).toBe(200)
      expect((await desk.get('/user-management/profile')).html).toContain(player.email)
    })

    test('the English pages run the same journey in English', async () => {
      const player = newPlayer({ language: 'en' })
      const b = new Browser(site.webUrl)
      const registered = await b.post('/en/register', player)
      expect(textOf(registered.html)).toContain('Your account has been created.')
      const { link } = await site.lastMailTo(player.email)
      expect(link).toMatch(new RegExp(`^${site.webUrl}/en/activate/`))
      const activated = await b.post(new URL(link!).pathname, {})
      expect(textOf(activated.html)).toContain('Your account is active.')
      const home = await b.post('/en/login', { username: player.username, password: player.password })
      expect(home.url).toBe(`${site.webUrl}/en`)
      const wrong = await b.post('/en/user-management/change-password', {
        oldPassword: 'not-my-password',
        newPassword: 'whatever-123',
        confirmPassword: 'whatever-123',
      })
      expect(wrong.status).toBe(400)
      expect(textOf(wrong.html)).toContain('The current password is wrong.')
    })

    test('an unknown promo code is refused under its field, the form kept', async () => {
      const player = newPlayer({ language: 'en', promoCode: 'WELCOME100' })
      const refused = await new Browser(site.webUrl).post('/en/register', player)
      expect(refused.status).toBe(400)
      expect(textOf(refused.html)).toContain('This promo code is not valid.')
      expect(refused.html).toContain('value="WELCOME100"')
      expect(refused.html).toContain(`value="${player.username}"`)
      // No activation mail: no account was made.
      await expect(site.lastMailTo(player.email)).rejects.toThrow()
    })

    test('the fifth wrong current password signs the player out and says why, in their language', async () => {
      const player = await registerAndActivate(site)
      const { b } = await logIn(site, player.username, player.password)
      const guess = (n: number) =>
        b.post('/en/user-management/change-password', {
          oldPassword: `not-my-password-${n}`,
          newPassword: 'whatever-123',
          confirmPassword: 'whatever-123',
        })
      for (let n = 1; n < 5; n++) expect((await guess(n)).status).toBe(400)
      const fifth = await guess(5)
      expect(fifth.url).toBe(`${site.webUrl}/en`)
      expect(textOf(fifth.html)).toContain(
        'The current password was entered wrong too many times, so you have been logged out for your safety.',
      )
      const after = await b.get('/en/user-management/change-password')
      expect(after.url).toBe(`${site.webUrl}/en`)
      expect(textOf(after.html)).toContain('Please log in to see that page.')
    })

    test('each duplicate gets its own message, and the input is kept', async () => {
      const first = newPlayer()
      expect((await new Browser(site.webUrl).post('/register', first)).status).toBe(200)

      const cases: { field: Record<string, string>; message: string }[] = [
        { field: { username: first.username }, message: 'Este nombre de usuario ya está en uso.' },
        { field: { email: first.email }, message: 'Ya existe una cuenta con este correo electrónico.' },
        { field: { phone: first.phone }, message: 'Ya existe una cuenta con este número de teléfono.' },
      ]
      for (const { field, message } of cases) {
        const again = newPlayer(field)
        const page = await new Browser(site.webUrl).post('/register', again)
        expect(page.status).toBe(409)
        expect(textOf(page.html)).toContain(message)
        expect(page.html).toContain(`value="${again.city}"`)
        expect(page.html).toContain(`value="${again.email}"`)
      }
    })

    test("an attacker's wrong passwords slow the account down; the player's device cookie still gets in", async () => {
      const player = await registerAndActivate(site)
      const own = await logIn(site, player.username, player.password)
      expect(own.page.url).toBe(`${site.webUrl}/`)
      const deviceCookie = own.page.setCookies.find((c) => c.startsWith(`${DEVICE_COOKIE}=`))
      expect(deviceCookie).toMatch(/; Max-Age=7776000/i)
      expect(deviceCookie).toMatch(/; HttpOnly/i)
      expect(deviceCookie).toMatch(/; SameSite=Lax/i)
      expect(deviceCookie).toMatch(/; Path=\//i)
      const device = own.b.cookies.get(DEVICE_COOKIE)!
      expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/)
      // The token is never in a page, and the device cookie outlives the session.
      await own.b.get('/user-management/profile')
      await own.b.post('/logout', {})
      expect(own.b.cookies.has(SESSION_COOKIE)).toBe(false)
      expect(own.b.cookies.get(DEVICE_COOKIE)).toBe(device)
      for (const chunk of own.b.transcript) expect(chunk.replace(deviceCookie!, '').includes(device)).toBe(false)

      // The attacker, from ever new addresses, waits out each wait until it is counted in minutes.
      let last: Page | undefined
      for (let i = 0; i < 20; i++) {
        last = await new Browser(site.webUrl, { 'x-forwarded-for': `81.45.1.${i}` }).post('/login', {
          username: player.username,
          password: `guess-${i}`,
        })
        if (last.status === 400) {
          expect(textOf(last.html)).toContain('El usuario o la contraseña no son correctos.')
          continue
        }
        expect(last.status).toBe(429)
        const seconds = /Inténtalo de nuevo dentro de (\d+) s o restablece tu contraseña/.exec(textOf(last.html))?.[1]
        if (!seconds) break
        site.advance(Number(seconds) * 1000)
      }
      expect(textOf(last!.html)).toMatch(
        /Demasiados intentos fallidos en esta cuenta\. Inténtalo de nuevo en \d+ minutos/,
      )
      expect(last!.html).toContain(`value="${player.username}"`)
      // Even the right password waits, without the device cookie...
      const right = await new Browser(site.webUrl, { 'x-forwarded-for': '81.45.2.1' }).post('/login', {
        username: player.username,
        password: player.password,
      })
      expect(right.status).toBe(429)
      // ...and gets in with it, which hands the browser a new device token.
      const back = await own.b.post('/login', { username: player.username, password: player.password })
      expect(back.url).toBe(`${site.webUrl}/`)
      expect(textOf(back.html)).toContain(player.username)
      expect(own.b.cookies.get(DEVICE_COOKIE)).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(own.b.cookies.get(DEVICE_COOKIE)).not.toBe(device)
    })

    test('a token revoked upstream signs the player out at the next page', async () => {
      const player = await registerAndActivate(site)
      const laptop = await logIn(site, player.username, player.password)
      const phone = await logIn(site, player.username, player.password)
      const newPassword = `${player.password}-2`
      // changing the password on the laptop revokes every other token of the player
      await laptop.b.post('/user-management/change-password', {
        oldPassword: player.password,
        newPassword,
        confirmPassword: newPassword,
      })
      const page = await phone.b.get('/user-management/profile', false)
      expect(page.status).toBe(302)
      expect(page.headers.get('location')).toBe('/')
      // The session kept holds no token, only the notice for the start page, and its marker (which
      // has the browser's router reload the header after a navigation in the page).
      const sealed = phone.b.cookies.get(SESSION_COOKIE)
      expect(sealed).toBeTruthy()
      expect(openSession(decodeURIComponent(sealed!), [TEST_SESSION_SECRET]).get('token')).toBeUndefined()
      expect(phone.b.cookies.get('flash')).toBe('1')
      // A request of the same page that left before that answer came (a link the browser
      // prefetched on hover, then the click) arrives with the new session: it has no token to
      // end, and the notice stays for the start page.
      const late = await phone.b.get('/user-management/deposit', false)
      expect(late.status).toBe(302)
      expect(phone.b.cookies.get('flash')).toBe('1')
      const home = await phone.b.get('/')
      expect(textOf(home.html)).toContain('Tu sesión ha terminado. Vuelve a iniciar sesión.')
      expect((await phone.b.get('/user-management/profile', false)).status).toBe(302)
      expect((await laptop.b.get('/user-management/profile')).status).toBe(200)
    })

    test('the bearer token never reaches the browser', async () => {
      const player = await registerAndActivate(site)
      const { b } = await logIn(site, player.username, player.password)
      await b.get('/user-management/profile')
      await b.get('/en/user-management/change-password')
      await b.get('/')
      const sealed = b.cookies.get(SESSION_COOKIE)
      expect(sealed).toBeTruthy()
      const opened = openSession(decodeURIComponent(sealed!), [TEST_SESSION_SECRET])
      const token = opened.get('token')
      expect(token).toMatch(/^[A-Za-z0-9_-]{22,}$/)
      for (const chunk of b.transcript) expect(chunk.includes(token!)).toBe(false)
      expect(sealed!.includes(token!)).toBe(false)
      const sessionCookies = b.receivedCookies.filter((c) => c.startsWith(`${SESSION_COOKIE}=`))
      expect(sessionCookies.length).toBeGreaterThan(0)
      for (const c of sessionCookies) expect(c).toMatch(/HttpOnly/i)
      for (const cookie of b.receivedCookies.filter((c) => !/HttpOnly/i.test(c)))
        expect(cookie.includes(token!)).toBe(false)
    })

    test('a cross-site form post is refused and changes nothing', async () => {
      const player = await registerAndActivate(site)
      const { b } = await logIn(site, player.username, player.password)
      const evil = await b.post(
        '/user-management/change-password',
        { oldPassword: player.password, newPassword: 'hacked-password', confirmPassword: 'hacked-password' },
        { origin: 'https://evil.example', follow: false },
      )
      expect(evil.status).toBe(403)
      const stillWorks = await logIn(site, player.username, player.password)
      expect(stillWorks.page.url).toBe(`${site.webUrl}/`)
      const crossSite = await new Browser(site.webUrl, { 'sec-fetch-site': 'cross-site' }).request(
        '/login',
        {
          method: 'POST',
          body: new URLSearchParams({ username: player.username, password: player.password }),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
        false,
      )
      expect(crossSite.status).toBe(403)
    })

    describe('garbage in every form gives 400 with messages, never a 500', () => {
      let visitor: Browser
      let member: Browser
      beforeAll(async () => {
        const player = await registerAndActivate(site)
        visitor = new Browser(site.webUrl)
        ;({ b: member } = await logIn(site, player.username, player.password))
      })
      const junk: [string, Record<string, string | string[]>][] = [
        ['nothing', {}],
        ['a repeated username and an empty password', { username: ['a', 'b'], password: '' }],
        [
          'oversized and impossible values',
          { email: 'x'.repeat(10_000), phone: '☃☃☃', birthday: '2099-99-99', gender: 'robot', country: '<script>' },
        ],
        [
          'prototype keys and passwords that do not match',
          { oldPassword: '', newPassword: '1', confirmPassword: '2', __proto__: 'x', 'constructor[prototype]': 'y' },
        ],
      ]
      const forms = [
        { who: 'visitor', path: '/login' },
        { who: 'visitor', path: '/en/login' },
        { who: 'visitor', path: '/register' },
        { who: 'visitor', path: '/forgot-password' },
        { who: 'visitor', path: '/reset-password/not-a-real-token-123456' },
        { who: 'member', path: '/user-management/profile' },
        { who: 'member', path: '/user-management/change-password' },
      ] as const
      const cases = forms.flatMap(({ who, path }) => junk.map(([what, fields]) => ({ who, path, what, fields })))
      test.for(cases)('$path ($who): $what', async ({ who, path, fields }) => {
        const b = who === 'visitor' ? visitor : member
        const page = await b.post(path, fields, { follow: false })
        expect(page.status, `${path} ${JSON.stringify(fields).slice(0, 80)}`).toBe(400)
        expect(textOf(page.html), path).toMatch(
          /Este campo es obligatorio|This field is required|Introduce una dirección de correo electrónico válida|Revisa este valor|no coinciden|al menos 8|Usa de 3 a 32|Este enlace no es válido/,
        )
        expect(page.html).not.toMatch(/at .*\.(ts|js):\d+/)
      })
    })
  })
}
