// Geo-blocking switched on from the administration in Chromium: the administrator blacklists the
// country that this test's loopback visitors count as (GEO_LOCAL_COUNTRY), a visitor's next page
// is /restriction, and once the country is removed the visitor sees the site again. A wrong line
// in the ip blacklist is refused with the form kept. Spanish with JavaScript, English without;
// axe on the settings page.
import { beforeAll, describe, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import {
  changeAdminPassword,
  expectAccessible,
  logInAs,
  newContext,
  skipBrowserTests,
  useSiteInChromium,
} from '../setup/browser.ts'

const ADMIN_FIRST = 'admin-first-password-geo'
const ADMIN_PASSWORD = 'admin-password-geo-2026'
/** Andorra: what 127.0.0.1 counts as on this test's casino API. */
const LOCAL_COUNTRY = 'AD'
const env = useSiteInChromium({ adminPassword: ADMIN_FIRST, api: { geoLocalCountry: LOCAL_COUNTRY } })

describe.skipIf(skipBrowserTests)('geo-blocking from the settings page', () => {
  beforeAll(async () => {
    if (skipBrowserTests) return
    await changeAdminPassword(env.site, ADMIN_FIRST, ADMIN_PASSWORD)
  })

  for (const { locale, javaScript } of [
    { locale: 'es', javaScript: true },
    { locale: 'en', javaScript: false },
  ] as const) {
    test(`${locale}, JavaScript ${javaScript ? 'on' : 'off'}`, async () => {
      const tr = resources[locale].translation
      const prefix = locale === 'en' ? '/en' : ''
      // The administrator comes through the web server's trusted proxy from a Spanish address,
      // so blacklisting the loopback country keeps the visitor out, not the administrator.
      const adminContext = await newContext(env.browser, { javaScript, baseURL: env.site.webUrl })
      await adminContext.setExtraHTTPHeaders({ 'x-forwarded-for': '81.45.0.1' })
      const admin = await adminContext.newPage()
      await logInAs(admin, { username: 'admin', password: ADMIN_PASSWORD })
      const visitorContext = await newContext(env.browser, { javaScript, baseURL: env.site.webUrl })
      const visitor = await visitorContext.newPage()
      await visitor.goto(`${prefix}/`)
      expect(new URL(visitor.url()).pathname).toBe(`${prefix}/`)

      await admin.goto(`${prefix}/admin`)
      await admin.getByRole('link', { name: tr.admin.settings.section, exact: true }).click()
      await admin.waitForURL(`**${prefix}/admin/settings`)
      await admin.getByRole('heading', { name: tr.admin.settings.heading }).waitFor()
      if (javaScript) await expectAccessible(admin)

      // Named in the page's language, with its code.
      const andorraName = new Intl.DisplayNames([locale], { type: 'region' }).of(LOCAL_COUNTRY)!
      const andorra = admin
        .getByRole('group', { name: tr.admin.settings.countries })
        .getByRole('checkbox', { name: `${andorraName} (${LOCAL_COUNTRY})` })
      const ips = admin.getByLabel(tr.admin.settings.ips)
      /** Saves the form and waits for the casino's answer to this post (with JavaScript or without). */
      const save = () =>
        Promise.all([
          admin.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/admin/settings')),
          admin.getByRole('button', { name: tr.admin.settings.save }).click(),
        ])
      // Beside the name, the country's flag: a picture that loads (a flag emoji is two letters or
      // empty boxes on Windows and without an emoji font).
      const flag = admin.locator(`label[for="country-${LOCAL_COUNTRY}"] img`)
      await flag.scrollIntoViewIfNeeded()
      await expect.poll(() => flag.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
      // A line that is no address or range: refused, nothing saved, the form as it was sent.
      await andorra.check()
      await ips.fill('203.0.113.0/24\nnot-an-address')
      await admin.getByRole('button', { name: tr.admin.settings.save }).click()
      await admin.getByText(tr.catalogue.invalid_ip_range).waitFor()
      await admin.getByText(tr.admin.settings.badLines.replace('{{list}}', 'not-an-address')).waitFor()
      expect(await andorra.isChecked()).toBe(true)
      expect(await ips.inputValue()).toBe('203.0.113.0/24\nnot-an-address')
      await visitor.goto(`${prefix}/`)
      expect(new URL(visitor.url()).pathname).toBe(`${prefix}/`)

      await ips.fill('203.0.113.0/24')
      await save()
      await admin.getByText(tr.catalogue.settings_saved).waitFor()
      expect(await andorra.isChecked()).toBe(true)
      if (javaScript) await expectAccessible(admin)

      // The visitor's next page is the restriction page, naming the country.
      await visitor.goto(`${prefix}/`)
      await visitor.waitForURL(`**${prefix}/restriction`)
      await visitor.getByText(tr.catalogue.country_restricted).first().waitFor()
      await visitor.getByText(tr.common.restriction.detected.replace('{{country}}', andorraName)).waitFor()

      // Removed again: the visitor browses the site.
      await andorra.uncheck()
      await ips.fill('')
      // The answer of this save, not the message the last one left on the page.
      await save()
      await admin.getByText(tr.catalogue.settings_saved).waitFor()
      expect(await andorra.isChecked()).toBe(false)
      await visitor.goto(`${prefix}/`)
      expect(new URL(visitor.url()).pathname).toBe(`${prefix}/`)
      await visitor.goto(`${prefix}/login`)
      expect(new URL(visitor.url()).pathname).toBe(`${prefix}/login`)

      // Both saves are in the audit log.
      await admin.goto(`${prefix}/admin/audit`)
      await expect
        .poll(() => admin.getByText(tr.admin.audit.actions.settings_updated).count())
        .toBeGreaterThanOrEqual(2)
      await adminContext.close()
      await visitorContext.close()
    })
  }
})
