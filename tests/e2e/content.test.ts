// The content pages in Chromium: axe on every page in both languages (JavaScript on), the pages
// readable without JavaScript, the home carousel scrolled by keyboard, and the administrator who
// previews and saves a change in the editor and sees it on the site.
import { describe, expect, test } from 'vitest'
import {
  changeAdminPassword,
  expectAccessible,
  logInAs,
  newContext,
  skipBrowserTests,
  useSiteInChromium,
} from '../setup/browser.ts'
import { CONTENT_PATHS } from '../setup/content-paths.ts'

const ADMIN_FIRST = 'admin-first-password-e2e'
const ADMIN_PASSWORD = 'admin-changed-password-e2e'
const env = useSiteInChromium({ adminPassword: ADMIN_FIRST })

describe.skipIf(skipBrowserTests)('content pages in Chromium', () => {
  // One test per language: some thirty pages with axe each take minutes on a loaded machine.
  for (const prefix of ['', '/en']) {
    test(`every content page in ${prefix ? 'English' : 'Spanish'} has no serious or critical accessibility issue`, async () => {
      const context = await newContext(env.browser, { javaScript: true, baseURL: env.site.webUrl })
      const page = await context.newPage()
      for (const path of ['', ...CONTENT_PATHS]) {
        const url = `${prefix}${path}` || '/'
        const response = await page.goto(url)
        expect(response?.status(), url).toBe(200)
        await expect.poll(() => page.locator('h1').count()).toBe(1)
        await expectAccessible(page)
      }
      await context.close()
    })
  }

  test('without JavaScript the FAQ sidebar works as links, and the promotions list the deposit bonuses', async () => {
    const context = await newContext(env.browser, { javaScript: false, baseURL: env.site.webUrl })
    const page = await context.newPage()
    await page.goto('/en/faq')
    await page.getByRole('navigation', { name: 'Topics' }).getByRole('link', { name: 'Payments' }).click()
    await page.waitForURL('**/en/faq/payments')
    await expect.poll(() => page.locator('main h2').allTextContents()).toEqual(['Payments'])
    expect(await page.locator('nav[aria-label="Topics"] [aria-current="page"]').textContent()).toBe('Payments')
    // No content promotion is seeded (issue 19, point 12); the deposit bonuses the casino API
    // grants are listed in its templates' figures.
    await page.goto('/promotion')
    await expect.poll(() => page.locator('main').textContent()).toContain('Bonos por depósito')
    expect(await page.locator('main').textContent()).toMatch(/El 100 % del depósito, hasta 200,00\s€\./)
    expect(await page.locator('main').textContent()).not.toContain('Ahora mismo no hay promociones en marcha.')
    expect(await page.getByRole('link', { name: /Ver la promoción/ }).count()).toBe(0)
    await context.close()
  })

  test('the home carousel shows the slides, each a link, and scrolls to the one focused', async () => {
    const context = await newContext(env.browser, { javaScript: true, baseURL: env.site.webUrl })
    const page = await context.newPage()
    await page.goto('/en')
    const carousel = page.locator('[aria-roledescription="carousel"] ul')
    await expect.poll(() => carousel.locator('li').count()).toBe(3)
    // Every slide is a link, reached by the keyboard: focusing the third, out of view, scrolls the row to it.
    expect(await carousel.getByRole('link').count()).toBe(3)
    await page.getByRole('link', { name: /Live roulette/ }).focus()
    await expect.poll(() => carousel.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0)
    await page.getByRole('link', { name: /Live roulette/ }).click()
    await page.waitForURL('**/en/live-casino')
    await context.close()
  })

  test('the administrator previews a change, saves it and sees it on the site', async () => {
    await changeAdminPassword(env.site, ADMIN_FIRST, ADMIN_PASSWORD)
    const context = await newContext(env.browser, { javaScript: true, baseURL: env.site.webUrl })
    const page = await context.newPage()
    await logInAs(page, { username: 'admin', password: ADMIN_PASSWORD })
    await page.goto('/en/admin/content?kind=page&locale=en')
    await expectAccessible(page)
    await page.locator('table').getByRole('link', { name: 'About us', exact: true }).click()
    await page.waitForURL(/\/en\/admin\/content\/[0-9a-f-]{36}$/)
    await expectAccessible(page)
    const body = page.getByLabel('Text (Markdown)')
    await body.fill(`${await body.inputValue()}\n\n## Our team\n\nA small team answers from {{supportEmail}}.`)
    await page.getByRole('button', { name: 'Preview' }).click()
    await expect.poll(() => page.getByRole('heading', { name: 'Our team' }).count()).toBe(1)
    await page.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => page.getByText('The content was saved.').count()).toBeGreaterThan(0)
    await page.goto('/en/about-us')
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Our team' }).count()).toBe(1)
    expect(await page.getByText('A small team answers from support@casino.local.').count()).toBe(1)
    await context.close()
  })
})
