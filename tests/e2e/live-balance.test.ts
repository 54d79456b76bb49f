// The header's balance follows the player's money live in Chromium: a deposit made in another
// session of the same player shows without a reload, and real and bonus appear on keyboard focus.
import { describe, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import { expectAccessible, newContext, skipBrowserTests, useSiteInChromium } from '../setup/browser.ts'
import { loggedInPlayer } from '../setup/harness.ts'
import { Browser as HttpBrowser } from '../setup/http.ts'

const env = useSiteInChromium()

describe.skipIf(skipBrowserTests)('live balance in Chromium', () => {
  test('a deposit elsewhere changes the header within seconds, without a reload', async () => {
    const { player, b: elsewhere } = await loggedInPlayer(env.site, HttpBrowser)
    const context = await newContext(env.browser, { javaScript: true, baseURL: env.site.webUrl })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text())
    })
    await page.goto('/en/login')
    await page.locator('main input[name="username"]').fill(player.username)
    await page.locator('main input[name="password"]').fill(player.password)
    await page.locator('main form button[type="submit"]').click()
    await page.waitForURL((url) => url.pathname === '/en' || url.pathname === '/en/')
    const total = page.locator('header [data-balance-total]').first()
    expect(await total.innerText()).toBe('€0.00')
    // A mark on the page: a reload would wipe it.
    await page.evaluate(() => Object.assign(window, { notReloaded: true }))
    await page.waitForLoadState('networkidle')

    const form = await elsewhere.get('/en/user-management/deposit?method=moto')
    await elsewhere.post('/en/user-management/deposit?method=moto', {
      method: 'moto',
      actionKey: form.html.match(/name="actionKey" value="([^"]+)"/)?.[1] ?? '',
      holderName: 'Lucía García',
      cardNumber: '4242424242424242',
      month: '12',
      year: '2099',
      cvv2: '123',
      amount: '64.50',
    })
    await expect.poll(() => total.innerText(), { timeout: 10_000 }).toBe('€64.50')
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)

    // Real money and bonus on keyboard focus.
    const link = page.locator('header a:has([data-balance-total])').first()
    await link.focus()
    const detail = resources.en.translation.common.header.balanceDetail
      .replace('{{real}}', '€64.50')
      .replace('{{bonus}}', '€0.00')
    await expect.poll(() => page.getByText(detail).first().isVisible()).toBe(true)
    await expectAccessible(page)
    expect(errors).toEqual([])
    await context.close()
  })
})
