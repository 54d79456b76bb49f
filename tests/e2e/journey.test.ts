// A player's first visit in Debian Chromium, with JavaScript on and off, in Spanish and English:
// register → activate (e-mailed link) → log in → profile → change password → log out.
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import {
  expectAccessible,
  fillRegistration,
  LOCALE_MODES,
  newContext,
  skipBrowserTests,
  useSiteInChromium,
} from '../setup/browser.ts'
import { newPlayer } from '../setup/harness.ts'

const env = useSiteInChromium()

/** Checks axe only with JavaScript on: axe runs as a script in the page (the markup is the same). */
async function checkA11y(page: Page, javaScript: boolean) {
  if (javaScript) await expectAccessible(page)
}

describe.skipIf(skipBrowserTests)('the player journey in Chromium', () => {
  for (const { locale, javaScript } of LOCALE_MODES) {
    test(`${locale}, JavaScript ${javaScript ? 'on' : 'off'}`, async () => {
      const tr = resources[locale].translation
      const prefix = locale === 'en' ? '/en' : ''
      const context = await newContext(env.browser, { javaScript, baseURL: env.site.webUrl })
      const page = await context.newPage()
      const errors: string[] = []
      page.on('pageerror', (e) => errors.push(e.message))
      const player = newPlayer({ language: locale })

      // home
      await page.goto(`${prefix}/`)
      expect(await page.locator('html').getAttribute('lang')).toBe(locale)
      await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBeGreaterThan(0)
      await checkA11y(page, javaScript)

      // register
      await page.getByRole('link', { name: tr.common.header.register, exact: true }).first().click()
      await page.waitForURL(`**${prefix}/register`)
      await checkA11y(page, javaScript)
      await fillRegistration(page, player)
      await page.locator('main form button[type="submit"]').last().click()
      await page.getByText(tr.catalogue.player_created).waitFor()

      // activate from the e-mailed link
      const { link } = await env.site.lastMailTo(player.email)
      expect(link).toContain(`${prefix}/activate/`)
      await page.goto(link!)
      if (!javaScript) await page.getByRole('button', { name: tr.auth.activate.submit }).click()
      await page.getByText(tr.catalogue.account_activated).waitFor()
      await checkA11y(page, javaScript)

      // log in: a modal over the page with JavaScript, the login page without
      await page.goto(`${prefix}/`)
      if (javaScript) await page.waitForLoadState('networkidle')
      await page.getByRole('link', { name: tr.common.header.login, exact: true }).first().click()
      if (javaScript) {
        const dialog = page.getByRole('dialog')
        await dialog.waitFor()
        await checkA11y(page, javaScript)
        await dialog.locator('input[name="username"]').fill(player.username)
        await dialog.locator('input[name="password"]').fill('not-the-password')
        await dialog.locator('button[type="submit"]').click()
        await dialog.getByText(tr.catalogue.wrong_credentials).waitFor()
        await dialog.locator('input[name="password"]').fill(player.password)
        await dialog.locator('button[type="submit"]').click()
      } else {
        await page.waitForURL(`**${prefix}/login`)
        await page.locator('main input[name="username"]').fill(player.username)
        await page.locator('main input[name="password"]').fill(player.password)
        await page.locator('main button[type="submit"]').click()
      }
      await page.waitForURL((url) => url.pathname === (prefix || '/'))
      await page.getByRole('button', { name: tr.common.header.logout }).first().waitFor()
      expect(await page.content()).toContain(player.username)

      // profile
      await page.goto(`${prefix}/user-management/profile`)
      await expect.poll(() => page.locator('input[name="email"]').inputValue()).toBe(player.email)
      await checkA11y(page, javaScript)
      await page.locator('input[name="city"]').fill('Sevilla')
      await page.locator('main form button[type="submit"]').last().click()
      await page.getByText(tr.catalogue.profile_updated).first().waitFor()
      await expect.poll(() => page.locator('input[name="city"]').inputValue()).toBe('Sevilla')

      // change password
      await page.getByRole('link', { name: tr.account.tabs.changePassword }).click()
      await page.waitForURL(`**${prefix}/user-management/change-password`)
      await checkA11y(page, javaScript)
      const newPassword = `${player.password}-2`
      await page.locator('input[name="oldPassword"]').fill(player.password)
      await page.locator('input[name="newPassword"]').fill(newPassword)
      await page.locator('input[name="confirmPassword"]').fill(newPassword)
      await page.locator('main form button[type="submit"]').last().click()
      await page.getByText(tr.catalogue.password_changed).first().waitFor()

      // log out → the start page, as a visitor again
      await page.getByRole('button', { name: tr.common.header.logout }).first().click()
      await page.waitForURL((url) => url.pathname === (prefix || '/'))
      await page.getByRole('link', { name: tr.common.header.login, exact: true }).first().waitFor()
      await page.goto(`${prefix}/user-management/profile`)
      await page.waitForURL((url) => url.pathname === (prefix || '/'))

      expect(errors).toEqual([])
      await context.close()
    })
  }

  test('the language dropdown goes to the same page in the other language, and back', async () => {
    for (const javaScript of [true, false]) {
      const context = await newContext(env.browser, { javaScript, baseURL: env.site.webUrl })
      const page = await context.newPage()
      await page.goto('/register')
      await page.locator('summary:visible').filter({ hasText: 'ES' }).first().click()
      await page.getByRole('link', { name: 'English' }).first().click()
      await page.waitForURL('**/en/register')
      expect(await page.locator('html').getAttribute('lang')).toBe('en')
      await page.getByRole('heading', { name: resources.en.translation.auth.register.heading }).waitFor()
      const cookies = await context.cookies()
      const lng = cookies.find((c) => c.name === 'lng')
      expect(lng?.value).toBe('en')
      expect(lng!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600)
      await page.locator('summary:visible').filter({ hasText: 'EN' }).first().click()
      await page.getByRole('link', { name: 'Español' }).first().click()
      await page.waitForURL((url) => url.pathname === '/register')
      expect(await page.locator('html').getAttribute('lang')).toBe('es')
      await context.close()
    }
  })

  test('an unknown address shows the 404 page with a link home, in both languages', async () => {
    const context = await newContext(env.browser, { javaScript: true, baseURL: env.site.webUrl })
    const page = await context.newPage()
    for (const [path, locale, home] of [
      ['/no-such-page', 'es', '/'],
      ['/en/no-such-page', 'en', '/en'],
    ] as const) {
      const response = await page.goto(path)
      expect(response?.status()).toBe(404)
      await page.getByText(resources[locale].translation.catalogue.not_found).first().waitFor()
      await expectAccessible(page)
      const links = await page.locator('main a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))
      expect(links).toContain(home)
    }
    await context.close()
  })

  test('the login, restriction and password pages pass axe in both themes', async () => {
    const context = await newContext(env.browser, { javaScript: true, baseURL: env.site.webUrl })
    const page = await context.newPage()
    for (const path of [
      '/login',
      '/en/forgot-password',
      '/restriction',
      '/reset-password/not-a-valid-token-0000',
      '/en/activate/not-a-valid-token-0000',
    ]) {
      await page.goto(path)
      await expectAccessible(page)
    }
    await context.addCookies([{ name: 'theme', value: 'light', url: env.site.webUrl }])
    for (const path of ['/', '/en/register', '/login']) {
      await page.goto(path)
      await expectAccessible(page)
    }
    await context.close()
  })
})
