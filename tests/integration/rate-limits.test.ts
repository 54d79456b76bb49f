// The casino API's rate limits as a player meets them in the web app (JavaScript off): a 429
// with the catalogue message on the form, and the input kept.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, textOf } from '../setup/http.ts'
import { loggedInPlayer, newPlayer, startTestSite, testDatabases, type TestSite } from '../setup/harness.ts'

const limit = { points: 2, durationSeconds: 3600 }

for (const database of testDatabases()) {
  describe(`rate limits on ${database.name}`, () => {
    let site: TestSite
    beforeAll(async () => {
      site = await startTestSite({
        database,
        api: {
          rateLimits: {
            registration: { perIp: limit, perAccount: limit },
            passwordReset: { perIp: limit, perAccount: limit },
            voucherRedemption: { perIp: limit, perAccount: limit },
            promoCodeAttempts: { perIp: limit, perAccount: limit },
          },
        },
      })
    })
    afterAll(async () => {
      await site?.close()
    })

    test('too many forgotten-password requests: the message on the form, the input kept', async () => {
      const b = new Browser(site.webUrl, { 'x-forwarded-for': '81.46.0.1' })
      const fields = { username: 'nobody_here', email: 'nobody@example.com' }
      for (let i = 0; i < 2; i++) {
        const page = await b.post('/forgot-password', fields)
        expect(page.status).toBe(400)
        expect(textOf(page.html)).toContain('El usuario o el correo electrónico no son correctos.')
      }
      const limited = await b.post('/forgot-password', fields)
      expect(limited.status).toBe(429)
      expect(textOf(limited.html)).toContain(
        'Demasiadas solicitudes para restablecer la contraseña. Inténtalo de nuevo dentro de 60 min.',
      )
      expect(limited.html).toContain('value="nobody@example.com"')

      const english = await new Browser(site.webUrl, { 'x-forwarded-for': '81.46.0.1' }).post(
        '/en/forgot-password',
        fields,
      )
      expect(english.status).toBe(429)
      expect(textOf(english.html)).toContain('Too many password reset requests. Try again in 60 min.')
    })

    test('too many sign-ups from one address: the message on the form, the input kept', async () => {
      const b = new Browser(site.webUrl, { 'x-forwarded-for': '81.46.0.2' })
      for (let i = 0; i < 2; i++) expect((await b.post('/register', newPlayer())).status).toBe(200)
      const player = newPlayer()
      const limited = await b.post('/register', player)
      expect(limited.status).toBe(429)
      expect(textOf(limited.html)).toContain('Demasiados intentos de registro. Inténtalo de nuevo dentro de 60 min.')
      expect(limited.html).toContain(`value="${player.email}"`)
      expect(limited.html).toContain(`value="${player.city}"`)
      expect(limited.html).not.toContain(player.password)
    })

    test('too many wrong voucher codes: the message on the deposit form, the code kept', async () => {
      const { b } = await loggedInPlayer(site, Browser)
      const redeem = async (voucherCode: string) => {
        const form = await b.get('/user-management/deposit?method=cashlib')
        const actionKey = form.html.match(/name="actionKey" value="([^"]+)"/)?.[1] ?? ''
        return b.post('/user-management/deposit?method=cashlib', { method: 'cashlib', actionKey, voucherCode })
      }
      for (const code of ['WRNG-0000-0000-0001', 'WRNG-0000-0000-0002']) {
        const page = await redeem(code)
        expect(page.status).toBe(400)
        expect(textOf(page.html)).toContain('El código del cupón no es válido o ya se ha usado.')
      }
      const limited = await redeem('WRNG-0000-0000-0003')
      expect(limited.status).toBe(429)
      expect(textOf(limited.html)).toContain(
        'Demasiados códigos de cupón incorrectos. Inténtalo de nuevo dentro de 60 min.',
      )
      expect(limited.html).toContain('value="WRNG-0000-0000-0003"')
    })

    test("too many wrong bonus codes: the message on the Bonuses tab's form, the code kept", async () => {
      const { b } = await loggedInPlayer(site, Browser)
      const apply = async (code: string) => {
        const form = await b.get('/en/user-management/bonuses')
        const actionKey = form.html.match(/name="actionKey" value="([^"]+)"/)?.[1] ?? ''
        return b.post('/en/user-management/bonuses', { intent: 'bonus-code', actionKey, code })
      }
      for (const code of ['NOPE1', 'NOPE2']) {
        const page = await apply(code)
        expect(page.status).toBe(400)
        expect(textOf(page.html)).toContain('The bonus code does not exist or was already used.')
      }
      const limited = await apply('NOPE3')
      expect(limited.status).toBe(429)
      expect(textOf(limited.html)).toContain('Too many wrong promo codes. Try again in 60 min.')
      expect(limited.html).toContain('value="NOPE3"')
    })
  })
}
