// The log-in protections as a player meets them in Debian Chromium with JavaScript on: the
// device cookie the login dialog leaves behind, and a refused username check explained beside
// the field.
import { randomBytes } from 'node:crypto'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEVICE_COOKIE } from '#app/utils/cookie-names.ts'
import { resources } from '#locales/index.ts'
import { expectAccessible, launchBrowser, newContext, skipBrowserTests } from '../setup/browser.ts'
import { newPlayer, startTestSite, type TestSite } from '../setup/harness.ts'
import { Browser as FormBrowser } from '../setup/http.ts'

const tr = resources.es.translation

describe.skipIf(skipBrowserTests)('log-in protections in Chromium', () => {
  let site: TestSite
  let browser: Browser
  beforeAll(async () => {
    site = await startTestSite({
      api: { rateLimits: { usernameCheck: { perIp: { points: 2, durationSeconds: 60 } } } },
    })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await site?.close()
  })

  test('the login dialog leaves an HttpOnly device cookie that outlives logout', async () => {
    const player = newPlayer()
    const form = new FormBrowser(site.webUrl)
    expect((await form.post('/register', player)).status).toBe(200)
    await form.post(new URL((await site.lastMailTo(player.email)).link!).pathname, {})

    const context = await newContext(browser, { javaScript: true, baseURL: site.webUrl })
    const page = await context.newPage()
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    await page.getByRole('link', { name: tr.common.header.login, exact: true }).first().click()
    const dialog = page.getByRole('dialog')
    await dialog.locator('input[name="username"]').fill(player.username)
    await dialog.locator('input[name="password"]').fill(player.password)
    await dialog.locator('button[type="submit"]').click()
    const logout = page.getByRole('button', { name: tr.common.header.logout }).first()
    await logout.waitFor()

    const device = (await context.cookies()).find((c) => c.name === DEVICE_COOKIE)
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(device!.expires * 1000 - Date.now()).toBeGreaterThan(89 * 24 * 3600_000)
    expect(await page.content()).not.toContain(device!.value)
    // Page scripts cannot read it.
    expect(await page.evaluate(() => document.cookie)).not.toContain(device!.value)

    await logout.click()
    await page.getByRole('link', { name: tr.common.header.login, exact: true }).first().waitFor()
    expect((await context.cookies()).find((c) => c.name === DEVICE_COOKIE)?.value).toBe(device!.value)
    await context.close()
  })

  test('a refused username check says why beside the field, and keeps the name', async () => {
    const context = await newContext(browser, { javaScript: true, baseURL: site.webUrl })
    const page = await context.newPage()
    await page.goto('/register')
    await page.waitForLoadState('networkidle')
    const username = page.locator('input[name="username"]')
    const note = page.locator('#' + (await username.getAttribute('id')) + '-availability')
    for (let i = 0; i < 2; i++) {
      await username.fill(`free_${randomBytes(3).toString('hex')}`)
      await username.blur()
      await note.getByText(tr.catalogue.username_available).waitFor()
    }
    const name = `free_${randomBytes(3).toString('hex')}`
    await username.fill(name)
    await username.blur()
    await note
      .getByText(/^Has comprobado demasiados nombres de usuario\. Inténtalo de nuevo dentro de \d+ s\.$/)
      .waitFor()
    expect(await username.inputValue()).toBe(name)
    expect(await username.getAttribute('aria-describedby')).toContain(
      `${await username.getAttribute('id')}-availability`,
    )
    await expectAccessible(page)
    await context.close()
  })
})
