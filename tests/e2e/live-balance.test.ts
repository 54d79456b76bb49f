// The header's balance follows the player's money live in Chromium: a deposit made in another
// session of the same player shows without a reload, and real and bonus appear on keyboard focus.
import { describe, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import { expectAccessible, logInAs, newContext, skipBrowserTests, useSiteInChromium } from '../setup/browser.ts'
import { depositByCard, loggedInPlayer } from '../setup/harness.ts'
import { Browser as HttpBrowser } from '../setup/http.ts'

const ADMIN_FIRST = 'admin-first-password-live'
const env = useSiteInChromium({ adminPassword: ADMIN_FIRST })

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

    await depositByCard(elsewhere, '64.50')
    await expect.poll(() => total.innerText()).toBe('€64.50')
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

  test('a page whose socket is refused (its session is gone) asks the server once and stops trying', async () => {
    const { player, b } = await loggedInPlayer(env.site, HttpBrowser)
    const context = await newContext(env.browser, { javaScript: true, baseURL: env.site.webUrl })
    const page = await context.newPage()
    // The pages are rendered for the player, but the socket's upgrade carries no session (here the
    // session cookie is kept for the English pages only, and /ws is not one): /ws refuses it with 401.
    await context.addCookies([
      {
        name: 'casino',
        value: b.cookies.get('casino')!,
        domain: new URL(env.site.webUrl).hostname,
        path: '/en',
        httpOnly: true,
      },
    ])
    const sockets: string[] = []
    page.on('websocket', (ws) => sockets.push(ws.url()))
    const probes: number[] = []
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/ws') probes.push(response.status())
    })
    await page.clock.install()
    await page.goto('/en/user-management/profile')
    expect(await page.locator('main').innerText()).toContain(player.username)
    await expect.poll(() => probes, { timeout: 20_000 }).toEqual([401])
    await page.evaluate(() => Object.assign(window, { notReloaded: true }))
    // Parts of the page that start watching later (here the account's balance, after a visit to
    // the lobby) do not open a refused socket again.
    await page.locator('header a[href="/en/casino"]').first().click()
    await page.waitForURL('**/en/casino')
    await page.locator('header a:has([data-balance-total])').first().click()
    await page.waitForURL('**/en/user-management/**')
    await expect.poll(() => page.locator('main h1').count()).toBeGreaterThan(0)
    // Two minutes of the page's clock: a client that retried would have reopened the socket
    // several times (1 s, 2 s, 4 s … with its back-off).
    await page.clock.runFor(120_000)
    await page.evaluate(() => document.readyState)
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
    expect(sockets).toHaveLength(1)
    expect(probes).toEqual([401])
    await context.close()
  })

  test('a bank transfer the administrator confirms turns complete in the open history, without a reload', async () => {
    const { player, b } = await loggedInPlayer(env.site, HttpBrowser)
    const form = await b.get('/en/user-management/deposit?method=carespay')
    const bank = await b.post('/en/user-management/deposit?method=carespay', {
      method: 'carespay',
      actionKey: form.html.match(/name="actionKey" value="([^"]+)"/)?.[1] ?? '',
      amount: '75',
    })
    const reference = bank.html.match(/BT-[A-Z2-9]{5}-[A-Z2-9]{5}/)?.[0]
    expect(reference).toBeTruthy()

    const context = await newContext(env.browser, { javaScript: true, baseURL: env.site.webUrl })
    const page = await context.newPage()
    await logInAs(page, player)
    await page.goto('/en/user-management/transactions?period=24h')
    const row = page.locator('tr', { hasText: reference! })
    await expect.poll(() => row.innerText()).toContain(resources.en.translation.money.statuses.pending)
    await page.evaluate(() => Object.assign(window, { notReloaded: true }))
    await page.waitForLoadState('networkidle')

    const admin = new HttpBrowser(env.site.webUrl)
    await admin.post('/login', { username: 'admin', password: ADMIN_FIRST })
    await admin.post('/user-management/change-password', {
      oldPassword: ADMIN_FIRST,
      newPassword: 'admin-live-password-2026',
      confirmPassword: 'admin-live-password-2026',
    })
    const confirmed = await admin.post('/admin/deposits', { intent: 'confirm', reference: reference!, amount: '75' })
    expect(confirmed.status).toBe(200)
    await expect.poll(() => row.innerText()).toContain(resources.en.translation.money.statuses.complete)
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
    await context.close()
  })
})
