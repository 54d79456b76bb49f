// What a player sees in Chromium beyond the journey: style precedence that does not depend on
// the order chunks load, nothing under the fixed header or the toast, a whole focus ring, the
// header's items on a phone, and an account tab's error inside the account's frame.
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import { expectAccessible, newContext, pageWithErrors, skipBrowserTests, useSiteInChromium } from '../setup/browser.ts'
import { startFaultProxy } from '../setup/fault-proxy.ts'
import { depositByCard, loggedInPlayer, newPlayer, type TestSite } from '../setup/harness.ts'
import { Browser } from '../setup/http.ts'

const env = useSiteInChromium()
const es = resources.es.translation
const en = resources.en.translation

async function activePlayer(site: TestSite) {
  const player = newPlayer()
  const b = new Browser(site.webUrl)
  await b.post('/register', player)
  await b.post(new URL((await site.lastMailTo(player.email)).link!).pathname, {})
  return player
}

async function logInByForm(page: Page, username: string, password: string) {
  await page.goto('/login')
  await page.locator('main input[name="username"]').fill(username)
  await page.locator('main input[name="password"]').fill(password)
  await page.locator('main button[type="submit"]').click()
  await page.waitForURL((url) => url.pathname === '/')
}

const padding = (locator: Locator) =>
  locator.evaluate((el) => {
    const style = getComputedStyle(el)
    return { top: style.paddingTop, bottom: style.paddingBottom, left: style.paddingLeft }
  })

function overlap(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

async function phone(javaScript = true): Promise<BrowserContext> {
  const context = await env.browser.newContext({
    javaScriptEnabled: javaScript,
    baseURL: env.site.webUrl,
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  })
  context.setDefaultTimeout(15_000)
  return context
}

describe.skipIf(skipBrowserTests)('layout in Chromium', () => {
  test('the home keeps its padding after the lazily loaded login dialog opened and closed, and after logging in through it', async () => {
    const player = await activePlayer(env.site)
    const context = await newContext(env.browser, { javaScript: true, baseURL: env.site.webUrl })
    const page = await context.newPage()
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    const heroInner = page.locator('section[aria-labelledby="home-heading"] > div')
    const blocks = page.locator('section[aria-labelledby="home-blocks"]')
    const before = { hero: await padding(heroInner), blocks: await padding(blocks) }
    expect(before.hero.top).toBe('72px')
    expect(before.blocks.top).toBe('48px')

    // The hero's "I already have an account" opens the same dialog as the header's "Log in".
    await page.getByRole('link', { name: es.home.hero.login }).click()
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    // The dialog's chunk brought its stylesheet (with the shared rules again).
    await expect.poll(() => page.evaluate(() => document.styleSheets.length)).toBeGreaterThan(0)
    await expect.poll(() => padding(heroInner)).toEqual(before.hero)
    await dialog.getByRole('button', { name: es.common.login.close }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(await padding(heroInner)).toEqual(before.hero)
    expect(await padding(blocks)).toEqual(before.blocks)
    expect(page.url()).toBe(`${env.site.webUrl}/`)

    await page.getByRole('link', { name: es.common.header.login, exact: true }).first().click()
    await dialog.locator('input[name="username"]').fill(player.username)
    await dialog.locator('input[name="password"]').fill(player.password)
    await dialog.locator('button[type="submit"]').click()
    await page.getByRole('button', { name: es.common.header.logout }).first().waitFor()
    expect(await padding(heroInner)).toEqual(before.hero)
    expect(await padding(blocks)).toEqual(before.blocks)
    await context.close()
  })

  test('a protected page opened while logged out lands home with a notice whose "Log in" opens the dialog', async () => {
    const context = await newContext(env.browser, { javaScript: true, baseURL: env.site.webUrl })
    const page = await context.newPage()
    await page.goto('/user-management/profile')
    expect(new URL(page.url()).pathname).toBe('/')
    const toast = page.getByRole('status').filter({ hasText: es.catalogue.login_required })
    await toast.waitFor()
    await page.waitForLoadState('networkidle')
    await toast.getByRole('link', { name: es.common.header.login }).click()
    await page.getByRole('dialog').waitFor()
    expect(new URL(page.url()).pathname).toBe('/')
    await context.close()
  })

  test('the light theme still applies over the layered styles', async () => {
    const context = await newContext(env.browser, { javaScript: true, baseURL: env.site.webUrl })
    await context.addCookies([{ name: 'theme', value: 'light', url: env.site.webUrl }])
    const page = await context.newPage()
    await page.goto('/')
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(247, 245, 239)')
    await context.close()
  })

  test('without JavaScript the hero and header "Log in" both go to /login', async () => {
    const context = await newContext(env.browser, { javaScript: false, baseURL: env.site.webUrl })
    const page = await context.newPage()
    await page.goto('/en')
    expect(await page.getByRole('link', { name: resources.en.translation.home.hero.login }).getAttribute('href')).toBe(
      '/en/login',
    )
    expect(
      await page
        .getByRole('link', { name: resources.en.translation.common.header.login, exact: true })
        .first()
        .getAttribute('href'),
    ).toBe('/en/login')
    await context.close()
  })

  test('the restriction card is below the fixed header', async () => {
    const context = await newContext(env.browser, { javaScript: true, baseURL: env.site.webUrl })
    const page = await context.newPage()
    await page.goto('/restriction')
    const header = (await page.locator('header').first().boundingBox())!
    const card = (await page.locator('main h1').boundingBox())!
    expect(card.y).toBeGreaterThanOrEqual(header.y + header.height)
    expect(overlap(header, (await page.locator('main > div > div').first().boundingBox())!)).toBe(false)
    await context.close()
  })

  test('the account tabs show their whole focus ring; the success toast does not cover the balance', async () => {
    const player = await activePlayer(env.site)
    for (const width of [1280, 390]) {
      const context = await env.browser.newContext({
        baseURL: env.site.webUrl,
        viewport: { width, height: 844 },
        serviceWorkers: 'block',
      })
      context.setDefaultTimeout(15_000)
      const page = await context.newPage()
      await logInByForm(page, player.username, player.password)
      await page.goto('/user-management/profile')

      const tab = page.getByRole('link', { name: es.account.tabs.changePassword })
      await tab.focus()
      await page.keyboard.press('Shift+Tab')
      await page.keyboard.press('Tab')
      await expect.poll(() => tab.evaluate((el) => el.matches(':focus-visible'))).toBe(true)
      // The ring (outline plus offset) must lie inside the scrolling tab row that clips it.
      const ring = await tab.evaluate((el) => {
        const style = getComputedStyle(el)
        const reach = Number.parseFloat(style.outlineWidth) + Number.parseFloat(style.outlineOffset)
        const box = el.getBoundingClientRect()
        const clip = el.closest('nav')!.getBoundingClientRect()
        return {
          style: style.outlineStyle,
          width: Number.parseFloat(style.outlineWidth),
          inside:
            box.top - reach >= clip.top && box.bottom + reach <= clip.bottom && box.left - reach >= clip.left - 0.5,
        }
      })
      expect(ring).toEqual({ style: 'solid', width: 3, inside: true })

      await page.locator('input[name="city"]').fill('Sevilla')
      await page.locator('main form button[type="submit"]').last().click()
      const toast = page.getByRole('status').filter({ hasText: es.catalogue.profile_updated })
      await toast.waitFor()
      await expect
        .poll(async () =>
          overlap(
            (await toast.boundingBox())!,
            (await page.locator('section[aria-labelledby="balance-heading"]').boundingBox())!,
          ),
        )
        .toBe(false)
      await context.close()
    }
  })

  test('on a phone the header offers Log in and Register; logged in, "My account" is there once', async () => {
    const player = await activePlayer(env.site)
    for (const javaScript of [true, false]) {
      const context = await phone(javaScript)
      const page = await context.newPage()
      await page.goto('/')
      const header = page.locator('header').first()
      await header.getByRole('link', { name: es.common.header.login, exact: true }).waitFor({ state: 'visible' })
      await header.getByRole('link', { name: es.common.header.register, exact: true }).waitFor({ state: 'visible' })
      const login = (await header.getByRole('link', { name: es.common.header.login, exact: true }).boundingBox())!
      const register = (await header.getByRole('link', { name: es.common.header.register, exact: true }).boundingBox())!
      expect(register.x + register.width).toBeLessThanOrEqual(390)
      expect(overlap(login, register)).toBe(false)
      await context.close()
    }
    for (const width of [1280, 390]) {
      const context = await env.browser.newContext({
        baseURL: env.site.webUrl,
        viewport: { width, height: 844 },
        serviceWorkers: 'block',
      })
      const page = await context.newPage()
      await logInByForm(page, player.username, player.password)
      const visible = await page
        .locator('header')
        .first()
        .getByRole('link', { name: es.common.nav.account, exact: true })
        .evaluateAll((links) => links.filter((a) => (a as HTMLElement).offsetParent !== null).length)
      expect(visible, `${width}px`).toBeLessThanOrEqual(1)
      await context.close()
    }
  })

  test("the phone's menu: a <details> without JavaScript, a dialog with it, the links working in both, and hydration without errors", async () => {
    const menuLink = (scope: Locator) => scope.getByRole('link', { name: es.content.nav.faq, exact: true })
    // Without JavaScript the menu is the server's <details>: its panel holds the links.
    const plain = await phone(false)
    const noScript = await plain.newPage()
    await noScript.goto('/')
    const menu = noScript.locator('header details').filter({
      has: noScript.getByLabel(es.common.nav.openMenu, { exact: true }),
    })
    await menu.locator(':scope > summary').click()
    await menuLink(menu).click()
    await noScript.waitForURL((url) => url.pathname === '/faq')
    await plain.close()

    // With JavaScript, the panel of the server's <details> is left as it is while the page
    // hydrates, then a modal dialog takes its place: no hydration error, one copy of the links.
    const { context, page, errors } = await pageWithErrors(env.browser, {
      javaScript: true,
      baseURL: env.site.webUrl,
      viewport: { width: 390, height: 844 },
    })
    await page.goto('/')
    const open = page.getByRole('button', { name: es.common.nav.openMenu, exact: true })
    await open.click()
    const dialog = page.getByRole('dialog', { name: es.common.nav.menu })
    await expect.poll(() => dialog.isVisible()).toBe(true)
    const serverMenu = `header details:has(> summary[aria-label="${es.common.nav.openMenu}"])`
    expect(await page.locator(serverMenu).count()).toBe(0)
    await expectAccessible(page)
    // Each page is linked once in the menu (Promotions is both a section and a content page).
    const targets = await dialog
      .getByRole('navigation')
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    expect(targets.length).toBeGreaterThan(10)
    expect(new Set(targets).size).toBe(targets.length)
    // Escape closes it and gives the focus back to the menu button.
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.isVisible()).toBe(false)
    expect(await open.evaluate((button) => button === document.activeElement)).toBe(true)
    // A link in it navigates in the page (no reload) and closes it.
    await open.click()
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true))
    await menuLink(dialog).click()
    await page.waitForURL((url) => url.pathname === '/faq')
    await expect.poll(() => dialog.isVisible()).toBe(false)
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
    expect(errors).toEqual([])
    await context.close()
  })

  test("the footer stays as the server wrote it: its links are followed in the page, and it shows the account's link once the player logs in", async () => {
    const player = await activePlayer(env.site)
    const { context, page, errors } = await pageWithErrors(env.browser, { javaScript: true, baseURL: env.site.webUrl })
    await page.goto('/login')
    await page.locator('header button[aria-haspopup="dialog"]').waitFor({ state: 'attached' })
    const footer = page.getByRole('contentinfo')
    // React hydrated none of the footer's links: they carry none of its fiber properties.
    const byReact = () =>
      footer
        .getByRole('link')
        .first()
        .evaluate((link) => Object.keys(link).some((key) => key.startsWith('__reactFiber')))
    expect(await byReact()).toBe(false)
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true))
    await footer.getByRole('link', { name: es.content.nav.faq, exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/faq')
    await expect.poll(() => page.locator('main h1').innerText()).toBe(es.content.faq.title)
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
    // Logged out: Log in and Register; logging in (in the page, no reload) puts My account there.
    expect(await footer.getByRole('link', { name: es.common.header.login, exact: true }).count()).toBe(1)
    await footer.getByRole('link', { name: es.common.header.login, exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/login')
    await page.locator('main input[name="username"]').fill(player.username)
    await page.locator('main input[name="password"]').fill(player.password)
    await page.locator('main button[type="submit"]').click()
    await page.waitForURL((url) => url.pathname === '/')
    await expect.poll(() => footer.getByRole('link', { name: es.common.nav.account, exact: true }).count()).toBe(1)
    expect(await footer.getByRole('link', { name: es.common.header.login, exact: true }).count()).toBe(0)
    expect(await byReact()).toBe(true)
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
    // The footer React renders now is followed by the router as well.
    await footer.getByRole('link', { name: es.content.nav.faq, exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/faq')
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
    await expectAccessible(page)
    expect(errors).toEqual([])
    await context.close()
  })

  test("no page loads ICU's number data while it hydrates: money and numbers are written without Intl, in both languages", async () => {
    const player = await activePlayer(env.site)
    const cases: [path: string, loggedIn: boolean][] = [
      ['/login', false],
      ['/', false],
      ['/en/casino', false],
      // The game view writes its return to player and its paytable's multipliers.
      ['/casino/classic-keno', false],
      ['/en/casino/hi-lo', false],
      // The header shows the player's balance; the history writes amounts and dates.
      ['/faq', true],
      ['/en/user-management/transactions', true],
      // Points, a level's thresholds and the history's points.
      ['/user-management/loyalty-points', true],
    ]
    for (const [path, loggedIn] of cases) {
      const { context, page, errors } = await pageWithErrors(env.browser, {
        javaScript: true,
        baseURL: env.site.webUrl,
        viewport: { width: 390, height: 844 },
      })
      if (loggedIn) await logInByForm(page, player.username, player.password)
      // Counts what would load ICU's number data, from the page's first script on.
      await page.addInitScript(() => {
        const counted = window as unknown as { numberFormats: number }
        counted.numberFormats = 0
        Intl.NumberFormat = new Proxy(Intl.NumberFormat, {
          construct(target, args) {
            counted.numberFormats += 1
            return Reflect.construct(target, args) as object
          },
        })
        const toLocaleString = Number.prototype.toLocaleString
        // oxlint-disable-next-line no-extend-native -- counts the calls, then does what it did
        Number.prototype.toLocaleString = function (this: number, ...args) {
          counted.numberFormats += 1
          return toLocaleString.apply(this, args)
        }
      })
      await page.goto(path)
      // The menu button replaces the server's <details> once the page has hydrated.
      await page.locator('header button[aria-haspopup="dialog"]').waitFor()
      // The game view's client hydrates in its frame, on the same main thread: counted too.
      await page.waitForLoadState('networkidle')
      if (path.includes('/casino/')) expect(page.frames().length).toBe(2)
      let made = 0
      for (const frame of page.frames())
        made += await frame.evaluate(() => (window as unknown as { numberFormats: number }).numberFormats)
      expect(made, `number formats made while ${path}${loggedIn ? ' (logged in)' : ''} hydrated`).toBe(0)
      if (loggedIn)
        expect(await page.locator('header [data-balance-total]').first().innerText()).toMatch(
          path.startsWith('/en') ? /^€\d[\d,]*\.\d\d$/ : /^\d[\d.]*,\d\d\u00a0€$/,
        )
      expect(errors).toEqual([])
      await context.close()
    }
  })

  test('on a phone, logged in with a four-figure balance, the header keeps the mailbox and Deposit on screen the history does not widen the page, and facts keep room for their values', async () => {
    const { player, b } = await loggedInPlayer(env.site, Browser)
    await depositByCard(b, '5000.00')
    for (const [prefix, tr] of [
      ['', es],
      ['/en', en],
    ] as const) {
      const context = await phone(true)
      const page = await context.newPage()
      await logInByForm(page, player.username, player.password)
      await page.goto(`${prefix}/`)
      const header = page.locator('header').first()
      const deposit = header.getByRole('link', { name: tr.common.header.deposit, exact: true })
      await deposit.waitFor({ state: 'visible' })
      const box = (await deposit.boundingBox())!
      expect(box.x + box.width, prefix || '/').toBeLessThanOrEqual(390)
      // Nothing in the header runs off the screen sideways.
      expect(await header.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
      // Nor does the history's table (its deposit row) widen the page: it scrolls in its own box.
      await page.goto(`${prefix}/user-management/transactions`)
      await page.locator('main table').waitFor()
      expect(await page.evaluate(() => document.documentElement.scrollWidth), prefix || '/').toBeLessThanOrEqual(390)
      // The withdrawal's facts: a label takes at most half the width, its value the rest.
      await page.goto(`${prefix}/user-management/withdrawal`)
      const narrowest = await page.evaluate(() =>
        Math.min(
          ...[...document.querySelectorAll('main dl')]
            .filter((dl) => getComputedStyle(dl).display === 'grid')
            .map((dl) => dl.querySelector('dd')!.getBoundingClientRect().width / dl.getBoundingClientRect().width),
        ),
      )
      expect(narrowest, prefix || '/').toBeGreaterThanOrEqual(0.4)
      await context.close()
    }
  })

  test('on a desktop, logged in with a five-figure balance, every item of the header is on one line and on screen, in both languages', async () => {
    const { player, b } = await loggedInPlayer(env.site, Browser)
    await depositByCard(b, '12345.67')
    for (const [prefix, tr] of [
      ['', es],
      ['/en', en],
    ] as const) {
      const context = await env.browser.newContext({
        baseURL: env.site.webUrl,
        viewport: { width: 1440, height: 900 },
        serviceWorkers: 'block',
      })
      const page = await context.newPage()
      await logInByForm(page, player.username, player.password)
      for (const width of [1440, 1280, 1215, 1100, 990]) {
        await page.setViewportSize({ width, height: 900 })
        await page.goto(`${prefix}/casino`)
        const header = page.locator('header').first()
        const where = `${prefix || '/'} at ${width}px`
        // Nothing runs off the header's bar sideways, and no link breaks onto a second line.
        expect(await header.locator('> div').evaluate((el) => el.scrollWidth <= el.clientWidth), where).toBe(true)
        // A text on two lines has two boxes (a badge beside a link is not its text).
        const wrapped = await header.locator('a, button').evaluateAll((items) =>
          items
            .filter((el) => (el as HTMLElement).offsetParent !== null)
            .flatMap((el) =>
              [...el.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim()),
            )
            .filter((text) => {
              const range = document.createRange()
              range.selectNodeContents(text)
              return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size > 1
            })
            .map((text) => text.textContent),
        )
        expect(wrapped, where).toEqual([])
        const deposit = header.getByRole('link', { name: tr.common.header.deposit, exact: true })
        const box = (await deposit.boundingBox())!
        expect(box.x + box.width, where).toBeLessThanOrEqual(width)
        // The account is reachable from the header at every width: its navigation, or the menu.
        const account = header.getByRole('link', { name: tr.common.nav.account, exact: true })
        // The menu is a <details> until the page has hydrated, a button after.
        const menu = header.locator(`[aria-label="${tr.common.nav.openMenu}"]`).first()
        expect((await account.isVisible()) || (await menu.isVisible()), where).toBe(true)
      }
      await context.close()
    }
  })

  test("a tab whose casino API call fails shows the error in the tab's place; the account's tabs and balance stay", async () => {
    const player = await activePlayer(env.site)
    const context = await newContext(env.browser, { javaScript: true, baseURL: env.site.webUrl })
    const page = await context.newPage()
    await logInByForm(page, player.username, player.password)
    await page.goto('/user-management/profile')
    await page.waitForLoadState('networkidle')
    const balance = page.locator('section[aria-labelledby="balance-heading"]')
    const tabs = page.getByRole('navigation', { name: es.account.tabs.label })
    await balance.waitFor()

    // From here the player call (the tab's loader asks for the player) no longer reaches the casino API.
    const proxy = await startFaultProxy(env.site.apiUrl)
    env.site.setUpstream(proxy.url)
    try {
      proxy.fail('/front/auth/player')
      await tabs.getByRole('link', { name: es.account.tabs.changePassword }).click()
      const panelError = page.getByRole('heading', { level: 2, name: es.common.errors.title })
      await panelError.waitFor()
      expect(proxy.seen.some((s) => s.path.startsWith('/front/auth/player') && !s.forwarded)).toBe(true)
      await expect.poll(() => page.locator('main').textContent()).toContain(es.catalogue.upstream_unavailable)
      expect(await balance.isVisible()).toBe(true)
      expect(await balance.textContent()).toContain(es.account.balance.total)
      expect(await tabs.getByRole('link').count()).toBe(15)
      expect(await page.getByRole('heading', { level: 1, name: es.account.heading }).isVisible()).toBe(true)
      expect(new URL(page.url()).pathname).toBe('/user-management/change-password')
    } finally {
      env.site.setUpstream(env.site.apiUrl)
      await proxy.close()
      await context.close()
    }
  })
})
