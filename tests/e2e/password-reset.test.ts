// A forgotten password in Debian Chromium, with JavaScript on and off, in Spanish and English: the
// player asks for the link, opens it from the e-mail, chooses a new password, lands on the login
// page being told it worked, and logs in with the new password.
import { describe, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import { expectAccessible, LOCALE_MODES, newContext, skipBrowserTests, useSiteInChromium } from '../setup/browser.ts'
import { loggedInPlayer } from '../setup/harness.ts'
import { Browser as HttpBrowser } from '../setup/http.ts'

const env = useSiteInChromium()

describe.skipIf(skipBrowserTests)('password reset in Chromium', () => {
  for (const { locale, javaScript } of LOCALE_MODES) {
    test(`${locale}, JavaScript ${javaScript ? 'on' : 'off'}`, async () => {
      const tr = resources[locale].translation
      const prefix = locale === 'en' ? '/en' : ''
      const { player } = await loggedInPlayer(env.site, HttpBrowser)
      const context = await newContext(env.browser, { javaScript, baseURL: env.site.webUrl })
      const page = await context.newPage()

      await page.goto(`${prefix}/forgot-password`)
      await page.locator('main input[name="username"]').fill(player.username)
      await page.locator('main input[name="email"]').fill(player.email)
      await page.locator('main form button[type="submit"]').click()
      await expect.poll(async () => (await env.site.lastMailTo(player.email)).link ?? '').toMatch(/\/reset-password\//)
      // The link leads to the page in the language the player asked in.
      const resetPath = new URL((await env.site.lastMailTo(player.email)).link!).pathname
      expect(resetPath.startsWith(`${prefix}/reset-password/`)).toBe(true)
      await page.goto(resetPath)

      const newPassword = 'Brand-new-secret-2026'
      await page.locator('main input[name="password"]').fill(newPassword)
      await page.locator('main input[name="confirmPassword"]').fill(newPassword)
      await page.locator('main form button[type="submit"]').click()
      await page.waitForURL((url) => url.pathname === `${prefix}/login`)
      await page.getByRole('status').getByText(tr.catalogue.password_reset_done).waitFor()
      if (javaScript) await expectAccessible(page)

      await page.locator('main input[name="username"]').fill(player.username)
      await page.locator('main input[name="password"]').fill(newPassword)
      await page.locator('main form button[type="submit"]').click()
      await page.waitForURL((url) => !url.pathname.endsWith('/login'))
      await page.locator('header [data-balance-total]').first().waitFor()
      await context.close()
    })
  }
})
