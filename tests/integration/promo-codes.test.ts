// The administrator's promo codes page with JavaScript off, against the real casino API: a code
// created by the form (a refused one keeps what was typed), listed, audited, and given at
// registration: a no-deposit code is bonus money once the account is activated.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, textOf } from '../setup/http.ts'
import {
  loggedInAdmin,
  loggedInPlayer,
  newPlayer,
  startTestSite,
  testDatabases,
  type TestSite,
} from '../setup/harness.ts'

const ADMIN_FIRST = 'admin-first-password-2026'
const ADMIN_PASSWORD = 'admin-changed-password-2026'

for (const database of testDatabases()) {
  describe(`promo codes on ${database.name}`, () => {
    let site: TestSite
    let admin: Browser
    beforeAll(async () => {
      site = await startTestSite({ database, adminPassword: ADMIN_FIRST })
      admin = await loggedInAdmin(site, Browser, ADMIN_FIRST, ADMIN_PASSWORD)
    })
    afterAll(async () => {
      await site?.close()
    })

    test('only the admin scope opens the page; a player gets 403', async () => {
      const { b } = await loggedInPlayer(site, Browser)
      expect((await b.get('/admin/promo-codes')).status).toBe(403)
      expect((await b.post('/admin/promo-codes', { code: 'NOPE', bonusType: 'bonus_code', maxUses: '1' })).status).toBe(
        403,
      )
    })

    test('the form creates a code, lists it, keeps what was typed when refused; the code works at registration', async () => {
      const page = await admin.get('/admin/promo-codes')
      expect(page.status).toBe(200)
      expect(textOf(page.html)).toContain('Todavía no hay códigos promocionales.')

      const created = await admin.post('/admin/promo-codes', {
        code: 'hola15',
        bonusType: 'bonus_code',
        amount: '15,00',
        maxUses: '2',
        validFrom: '',
        validUntil: '2999-12-31',
      })
      expect(created.status).toBe(200)
      const text = textOf(created.html)
      expect(text).toContain('Se ha creado el código promocional HOLA15.')
      expect(text).toContain('HOLA15')
      expect(text).toContain('Bono sin depósito · 15,00 €')
      expect(text).toContain('0 de 2')

      // The same code in another case: refused under its field, the form kept.
      const taken = await admin.post('/admin/promo-codes', {
        code: 'Hola15',
        bonusType: 'welcome_deposit',
        amount: '',
        maxUses: '7',
        validFrom: '',
        validUntil: '',
      })
      expect(taken.status).toBe(409)
      expect(textOf(taken.html)).toContain('Este código promocional ya existe.')
      expect(taken.html).toContain('value="Hola15"')
      expect(taken.html).toContain('value="7"')
      expect(taken.html).toMatch(/<option value="welcome_deposit" selected/)

      // A no-deposit code without its amount, a date that is not one.
      const noAmount = await admin.post('/admin/promo-codes', {
        code: 'SINIMPORTE',
        bonusType: 'bonus_code',
        amount: '',
        maxUses: '1',
        validFrom: 'mañana',
        validUntil: '',
      })
      expect(noAmount.status).toBe(400)
      expect(noAmount.html).toContain('value="SINIMPORTE"')

      // Registration with the code: credited at activation as bonus money.
      const player = newPlayer({ promoCode: 'hola15' })
      const b = new Browser(site.webUrl)
      await b.post('/register', player)
      const { link } = await site.lastMailTo(player.email)
      await b.post(new URL(link!).pathname, {})
      await b.post('/login', { username: player.username, password: player.password })
      const account = await b.get('/user-management/profile')
      expect(textOf(account.html)).toMatch(/Bono\s*15,00\s€/)
      const listed = await admin.get('/admin/promo-codes')
      expect(textOf(listed.html)).toContain('1 de 2')

      // Its second and last use goes to another registration; a third is told it is used.
      await new Browser(site.webUrl).post('/register', newPlayer({ promoCode: 'HOLA15' }))
      const used = await new Browser(site.webUrl).post('/register', newPlayer({ promoCode: 'Hola15' }))
      expect(used.status).toBe(400)
      expect(textOf(used.html)).toContain('El código de bono no existe o ya se ha usado.')
      expect(used.html).toContain('value="Hola15"')
      expect(textOf((await admin.get('/admin/promo-codes')).html)).toContain('2 de 2')

      // An unknown code at registration is refused under its field.
      const refused = await new Browser(site.webUrl).post(
        '/en/register',
        newPlayer({ language: 'en', promoCode: 'NOPE' }),
      )
      expect(refused.status).toBe(400)
      expect(textOf(refused.html)).toContain('This promo code is not valid.')

      const audit = await admin.get('/admin/audit')
      expect(textOf(audit.html)).toContain('Creó un código promocional')
    })
  })
}
