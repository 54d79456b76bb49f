// The header's balance follows the player's money live in Chromium: a deposit made in another
// session of the same player shows without a reload, and real and bonus appear on keyboard focus.
import { describe, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import { expectAccessible, logInAs, newContext, skipBrowserTests, useSiteInChromium } from '../setup/browser.ts'
import { depositByCard, loggedInAdmin, loggedInPlayer } from '../setup/harness.ts'
import { Browser as HttpBrowser } from '../setup/http.ts'

const ADMIN_FIRST = 'admin-first-password-live'
const env = useSiteInChromium({ adminPassword: ADMIN_FIRST })

/** Puts a session cookie of the site into the browser, for the pages under `path` only. */
function sessionCookie(value: string, path: string) {
  return { name: 'casino', value, domain: new URL(env.site.webUrl).hostname, path, httpOnly: true }
}

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

  test('a deposit elsewhere shows in the header of the open transaction history, and stays after the page reloads its data', async () => {
    const { player, b: elsewhere } = await loggedInPlayer(env.site, HttpBrowser)
    await depositByCard(elsewhere, '430.00')
    const context = await newContext(env.browser, { javaScript: true, baseURL: env.site.webUrl })
    const page = await context.newPage()
    await logInAs(page, player)
    await page.goto('/en/user-management/transactions')
    const header = page.locator('header [data-balance-total]').first()
    const rows = page.locator('main tbody tr')
    await expect.poll(() => header.innerText()).toBe('€430.00')
    await expect.poll(() => rows.count()).toBe(1)
    await page.evaluate(() => Object.assign(window, { notReloaded: true }))
    await page.waitForLoadState('networkidle')

    // The deposit's new status has the page load its data again (the table lists it): the root's
    // balance, not loaded again, is older than the one the socket told, and must not come back.
    await depositByCard(elsewhere, '10.00')
    await expect
      .poll(async () => ((await rows.count()) === 2 ? header.innerText() : 'table not updated'))
      .toBe('€440.00')
    await page.waitForLoadState('networkidle')
    expect(await header.innerText()).toBe('€440.00')
    expect(await page.locator('main dl').first().innerText()).toContain('€440.00')
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
    await context.close()
  })

  test('a page whose socket is refused (its session is gone) asks the server once and stops trying', async () => {
    const { player, b } = await loggedInPlayer(env.site, HttpBrowser)
    const context = await newContext(env.browser, { javaScript: true, baseURL: env.site.webUrl })
    const page = await context.newPage()
    // The pages are rendered for the player, but the socket's upgrade carries no session (here the
    // session cookie is kept for the English pages only, and /ws is not one): /ws refuses it with 401.
    await context.addCookies([sessionCookie(b.cookies.get('casino')!, '/en')])
    const sockets: string[] = []
    page.on('websocket', (ws) => sockets.push(ws.url()))
    const asked: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/ws') asked.push(request.method())
    })
    const probes: number[] = []
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/ws') probes.push(response.status())
    })
    // The page's question (a plain GET of /ws, the socket having closed unopened) is held until
    // the page has gone to the lobby and back to the account.
    const { promise: answered, resolve: answer } = Promise.withResolvers<void>()
    await page.route('**/ws', async (route) => {
      await answered
      await route.continue()
    })
    const lobbyAndBack = async () => {
      await page.locator('header a[href="/en/casino"]').first().click()
      await page.waitForURL('**/en/casino')
      await page.locator('header a:has([data-balance-total])').first().click()
      await page.waitForURL('**/en/user-management/**')
      await page.locator('main h1').first().waitFor()
    }
    await page.clock.install()
    await page.goto('/en/user-management/profile')
    expect(await page.locator('main').innerText()).toContain(player.username)
    await expect.poll(() => asked, { timeout: 20_000 }).toEqual(['GET'])
    await page.evaluate(() => Object.assign(window, { notReloaded: true }))
    // While the page waits for the answer (up to 30 s, its probe's limit: the navigations below
    // take a few seconds even on a loaded machine), the parts that start watching (the header's,
    // loaded after hydration; the account's balance, mounted again) open no socket of their own.
    await lobbyAndBack()
    expect(sockets).toHaveLength(1)
    answer()
    await expect.poll(() => probes).toEqual([401])
    // Refused: nor do they afterwards.
    await lobbyAndBack()
    // Two minutes of the page's clock: a client that retried would have reopened the socket
    // several times (1 s, 2 s, 4 s … with its back-off).
    await page.clock.runFor(120_000)
    await page.evaluate(() => document.readyState)
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
    expect(sockets).toHaveLength(1)
    expect(asked).toEqual(['GET'])
    expect(probes).toEqual([401])

    // The session now reaches /ws too; the next answer the server gives for the player (a form
    // sent in the page: the root's data is loaded again) has the page try its socket again, and
    // it opens.
    await context.addCookies([sessionCookie(b.cookies.get('casino')!, '/')])
    await page.clock.resume()
    await page.locator('nav a[href="/en/user-management/profile"]').first().click()
    await page.waitForURL('**/en/user-management/profile')
    await page.locator('form#profile button[type="submit"]').click()
    await expect.poll(() => sockets).toHaveLength(2)
    expect(asked).toEqual(['GET'])
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
    await context.close()
  })

  test('a player whose session ended elsewhere logs in again in the same page: the live balance comes back', async () => {
    const { player, b: elsewhere } = await loggedInPlayer(env.site, HttpBrowser)
    const context = await newContext(env.browser, { javaScript: true, baseURL: env.site.webUrl })
    const page = await context.newPage()
    // This page's own session (the other one changes the password below).
    const own = new HttpBrowser(env.site.webUrl)
    await own.post('/login', { username: player.username, password: player.password })
    await context.addCookies([sessionCookie(own.cookies.get('casino')!, '/')])
    const sockets: string[] = []
    page.on('websocket', (ws) => sockets.push(ws.url()))
    await page.goto('/en/user-management/profile')
    await expect.poll(() => sockets.length).toBe(1)
    await page.evaluate(() => Object.assign(window, { notReloaded: true }))

    // A password change in the other session revokes this one: its socket is closed (4401).
    const newPassword = 'Another-password-2026'
    const changed = await elsewhere.post('/en/user-management/change-password', {
      oldPassword: player.password,
      newPassword,
      confirmPassword: newPassword,
    })
    expect(changed.status).toBe(200)
    // The next account page sends the player to the start page, in this page, which says why and
    // shows the header of a visitor (not the name and balance it had).
    await page.locator('nav a[href="/en/user-management/deposit"]').first().click()
    await page.waitForURL((url) => url.pathname === '/en')
    await page.getByText(resources.en.translation.catalogue.unauthorized).waitFor()
    expect(await page.locator('header [data-balance-total]').count()).toBe(0)
    const logIn = page.getByRole('link', { name: resources.en.translation.common.header.login, exact: true }).first()
    await logIn.waitFor()
    // Logging in again in the login dialog, without leaving the page.
    await logIn.click()
    const dialog = page.getByRole('dialog')
    await dialog.locator('input[name="username"]').fill(player.username)
    await dialog.locator('input[name="password"]').fill(newPassword)
    await dialog.locator('button[type="submit"]').click()
    await page.locator('header [data-balance-total]').first().waitFor()
    await expect.poll(() => sockets.length).toBe(2)

    await depositByCard(elsewhere, '12.00')
    await expect.poll(() => page.locator('header [data-balance-total]').first().innerText()).toBe('€12.00')
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
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

    const admin = await loggedInAdmin(env.site, HttpBrowser, ADMIN_FIRST, 'admin-live-password-2026')
    const confirmed = await admin.post('/admin/deposits', { intent: 'confirm', reference: reference!, amount: '75' })
    expect(confirmed.status).toBe(200)
    await expect.poll(() => row.innerText()).toContain(resources.en.translation.money.statuses.complete)
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
    await context.close()
  })
})
