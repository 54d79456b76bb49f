// The administrator's promo codes page in Debian Chromium, with JavaScript on and off, in Spanish
// and English: a code created through the form shows in the list, a refused one keeps what was
// typed; axe on the page (ADR 0053).
import { beforeAll, describe, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import {
  changeAdminPassword,
  expectAccessible,
  loggedInPage,
  LOCALE_MODES,
  newContext,
  skipBrowserTests,
  useSiteInChromium,
} from '../setup/browser.ts'

const ADMIN_FIRST = 'admin-first-password-promo'
const ADMIN_PASSWORD = 'admin-password-promo-2026'
const env = useSiteInChromium({ adminPassword: ADMIN_FIRST })

describe.skipIf(skipBrowserTests)('promo codes in Chromium', () => {
  beforeAll(async () => {
    if (skipBrowserTests) return
    await changeAdminPassword(env.site, ADMIN_FIRST, ADMIN_PASSWORD)
  })

  for (const [i, { locale, javaScript }] of LOCALE_MODES.entries()) {
    test(`${locale}, JavaScript ${javaScript ? 'on' : 'off'}: a code is created and listed; a duplicate is refused with the form kept`, async () => {
      const tr = resources[locale].translation
      const prefix = locale === 'en' ? '/en' : ''
      const context = await newContext(env.browser, { javaScript, baseURL: env.site.webUrl })
      const admin = await loggedInPage(context, prefix, 'admin', ADMIN_PASSWORD)
      await admin.goto(`${prefix}/admin/promo-codes`)
      await admin.getByRole('heading', { name: tr.admin.promoCodes.heading, exact: true }).waitFor()
      if (javaScript) await expectAccessible(admin)

      const code = `E2E${i}${locale.toUpperCase()}${javaScript ? 'JS' : 'NOJS'}`
      await admin.getByLabel(tr.admin.promoCodes.code).fill(code.toLowerCase())
      await admin.getByLabel(tr.admin.promoCodes.bonusType).selectOption('bonus_code')
      await admin.getByLabel(tr.admin.promoCodes.amount).fill('5')
      await admin.getByLabel(tr.admin.promoCodes.maxUses).fill('3')
      await admin.getByRole('button', { name: tr.admin.promoCodes.create }).click()
      await admin.getByText(tr.admin.promoCodes.done.replace('{{0}}', code)).waitFor()
      await admin.locator('table code', { hasText: code }).waitFor()
      if (javaScript) await expectAccessible(admin)

      // The same code again: refused, what was typed kept.
      await admin.getByLabel(tr.admin.promoCodes.code).fill(code)
      await admin.getByLabel(tr.admin.promoCodes.bonusType).selectOption('welcome_deposit')
      await admin.getByLabel(tr.admin.promoCodes.amount).fill('')
      await admin.getByLabel(tr.admin.promoCodes.maxUses).fill('9')
      await admin.getByRole('button', { name: tr.admin.promoCodes.create }).click()
      await admin.getByRole('alert').filter({ hasText: tr.catalogue.promo_code_taken }).waitFor()
      expect(await admin.getByLabel(tr.admin.promoCodes.code).inputValue()).toBe(code)
      expect(await admin.getByLabel(tr.admin.promoCodes.maxUses).inputValue()).toBe('9')
      if (javaScript) await expectAccessible(admin)
      await context.close()
    })
  }
})
