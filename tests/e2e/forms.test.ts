// Forms in Chromium: the error summary of a failed submit, the show-password toggle, what
// stays typed when only the current password was wrong, and the one-button page of an e-mailed link.
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import {
  expectAccessible,
  fillRegistration,
  newContext,
  skipBrowserTests,
  useSiteInChromium,
} from '../setup/browser.ts'
import { newPlayer } from '../setup/harness.ts'
import { Browser } from '../setup/http.ts'

const env = useSiteInChromium()
const es = resources.es.translation
const en = resources.en.translation

/** A new, active player (registered and activated over HTTP). */
async function activePlayer() {
  const player = newPlayer()
  const http = new Browser(env.site.webUrl)
  await http.post('/register', player)
  await http.post(new URL((await env.site.lastMailTo(player.email)).link!).pathname, {})
  return player
}

async function logIn(page: Page, player: { username: string; password: string }) {
  await page.goto('/login')
  await page.locator('main input[name="username"]').fill(player.username)
  await page.locator('main input[name="password"]').fill(player.password)
  await page.locator('main button[type="submit"]').click()
  await page.waitForURL((url) => url.pathname === '/')
}

describe.skipIf(skipBrowserTests)('forms in Chromium', () => {
  test('without JavaScript a failed registration has the summary at the top, with links to the fields', async () => {
    const context = await newContext(env.browser, { javaScript: false, baseURL: env.site.webUrl })
    const page = await context.newPage()
    await page.goto('/en/register')
    await page.locator('input[name="password"]').fill('short')
    await page.locator('input[name="confirmPassword"]').fill('other')
    await page.locator('main form button[type="submit"]').last().click()
    const summary = page
      .locator('main form section')
      .filter({ has: page.getByRole('heading', { level: 2 }) })
      .first()
    await summary.waitFor()
    const box = (await summary.boundingBox())!
    const firstField = (await page.locator('input[name="username"]').boundingBox())!
    expect(box.y).toBeLessThan(firstField.y)
    // In the first screen of the answer page, not far below.
    expect(box.y).toBeLessThan(900)
    const links = await summary.locator('a').evaluateAll((as) => as.map((a) => [a.getAttribute('href'), a.textContent]))
    expect(links).toContainEqual(['#register-username', `${en.auth.register.username}: ${en.catalogue.field_required}`])
    expect(links).toContainEqual([
      '#register-password',
      `${en.auth.register.password}: ${en.catalogue.password_too_short}`,
    ])
    // The mismatch is told together with the short password.
    expect(links).toContainEqual([
      '#register-confirmPassword',
      `${en.auth.register.confirmPassword}: ${en.catalogue.password_mismatch}`,
    ])
    expect(links).toContainEqual(['#register-gender', `${en.auth.register.gender}: ${en.catalogue.field_required}`])
    expect(
      await page
        .getByRole('heading', { name: en.common.errorSummary.heading_other.replace('{{count}}', String(links.length)) })
        .count(),
    ).toBe(1)
    // Every link points at something on the page.
    for (const [href] of links) expect(await page.locator(href!).count(), href!).toBe(1)
    // No password travels back; no toggle without JavaScript.
    expect(await page.locator('input[name="password"]').inputValue()).toBe('')
    expect(await page.locator('input[name="password"]').getAttribute('type')).toBe('password')
    expect(await page.getByRole('button', { name: en.common.passwordToggle.showLabel }).count()).toBe(0)
    await context.close()
  })

  test('with JavaScript the summary takes focus after a failed submit and its links focus the fields', async () => {
    const context = await newContext(env.browser, { javaScript: true, baseURL: env.site.webUrl })
    const page = await context.newPage()
    await page.goto('/register')
    await page.waitForLoadState('networkidle')
    await page.locator('main form button[type="submit"]').last().click()
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('register-summary')
    await expectAccessible(page)
    await page.locator('#register-summary ~ ul a[href="#register-city"]').click()
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('register-city')
    await page.locator('#register-summary ~ ul a[href="#register-gender"]').click()
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name))
      .toBe('gender')
    await context.close()
  })

  test('with JavaScript a field left wrong says so without asking the server (even when left before the checks loaded), and clears as it is fixed', async () => {
    const context = await newContext(env.browser, { javaScript: true, baseURL: env.site.webUrl })
    const page = await context.newPage()
    const posts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url())
    })
    await page.goto('/en/register')
    await page.waitForLoadState('networkidle')
    const email = page.locator('main input[name="email"]')
    const error = page.locator('main').getByText(en.catalogue.invalid_email, { exact: true })
    // The schemas load when the form is first used; on a slow network the field is left before
    // they arrive (every script asked for from now on takes a second).
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000))
      await route.continue()
    })
    await email.focus()
    await page.keyboard.type('not-an-address')
    await page.keyboard.press('Tab')
    expect(await error.count()).toBe(0)
    await expect.poll(() => error.count()).toBe(1)
    expect(await email.getAttribute('aria-invalid')).toBe('true')
    expect(await email.inputValue()).toBe('not-an-address')
    // Once it showed an error, the field is checked again as it changes.
    await email.fill('ana@example.com')
    await expect.poll(() => error.count()).toBe(0)
    expect(posts).toEqual([])
    await context.close()
  })

  test('a field left before the checks loaded is checked once: the username availability is asked once', async () => {
    const context = await newContext(env.browser, { javaScript: true, baseURL: env.site.webUrl })
    const page = await context.newPage()
    const checks: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST') checks.push(request.postData() ?? '')
    })
    await page.goto('/en/register')
    await page.waitForLoadState('networkidle')
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000))
      await route.continue()
    })
    // The availability answer is slower still: it is not there yet when the schemas arrive.
    await page.route('**/en/register*', async (route) => {
      if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 2500))
      await route.continue()
    })
    const schemas = page.waitForResponse((response) => /\/form-validation-[\w-]+\.js$/.test(response.url()))
    const username = page.locator('main input[name="username"]')
    await username.focus()
    await page.keyboard.type(`free_${Date.now().toString(36)}`)
    await page.keyboard.press('Tab')
    const note = page.locator(`#${await username.getAttribute('id')}-availability`)
    await note.getByText(en.catalogue.username_available).waitFor()
    // The schemas arrive a second later and check the field: no second availability request.
    await schemas
    await expect.poll(() => username.getAttribute('aria-invalid')).toBeNull()
    await page.waitForLoadState('networkidle')
    expect(checks.filter((body) => body.includes('check-username'))).toHaveLength(1)
    await context.close()
  })

  test('a taken username marks the username field', async () => {
    const player = newPlayer()
    await new Browser(env.site.webUrl).post('/register', player)
    for (const javaScript of [true, false]) {
      const context = await newContext(env.browser, { javaScript, baseURL: env.site.webUrl })
      const page = await context.newPage()
      await page.goto('/register')
      if (javaScript) await page.waitForLoadState('networkidle')
      const again = newPlayer({ username: player.username })
      await fillRegistration(page, again)
      await page.locator('main form button[type="submit"]').last().click()
      const username = page.locator('input[name="username"]')
      await expect.poll(() => username.getAttribute('aria-invalid')).toBe('true')
      await page.locator('#register-username-error').getByText(es.catalogue.username_taken).waitFor()
      await context.close()
    }
  })

  test('the show-password toggle works with the keyboard and says what it will do next', async () => {
    for (const [prefix, tr] of [
      ['/en', en],
      ['', es],
    ] as const) {
      const context = await newContext(env.browser, { javaScript: true, baseURL: env.site.webUrl })
      const page = await context.newPage()
      await page.goto(`${prefix}/login`)
      await page.waitForLoadState('networkidle')
      const password = page.locator('main input[name="password"]')
      await password.fill('my-secret')
      // The same button throughout; its name and its text change with the state.
      const toggle = page.locator('main button[aria-controls]')
      // Its accessible name, as a screen reader computes it: the button named "Show password" or "Hide password".
      const name = async () => {
        const shows = await page
          .locator('main')
          .getByRole('button', { name: tr.common.passwordToggle.showLabel, exact: true })
          .count()
        const hides = await page
          .locator('main')
          .getByRole('button', { name: tr.common.passwordToggle.hideLabel, exact: true })
          .count()
        return shows === 1 && hides === 0
          ? tr.common.passwordToggle.showLabel
          : hides === 1 && shows === 0
            ? tr.common.passwordToggle.hideLabel
            : `${shows} show, ${hides} hide`
      }
      expect(await name()).toBe(tr.common.passwordToggle.showLabel)
      expect(await toggle.textContent()).toBe(tr.common.passwordToggle.show)
      expect(await toggle.getAttribute('aria-pressed')).toBeNull()
      await password.focus()
      await page.keyboard.press('Tab')
      await expect.poll(() => toggle.evaluate((el) => el === document.activeElement)).toBe(true)
      await page.keyboard.press('Space')
      await expect.poll(() => password.getAttribute('type')).toBe('text')
      await expect.poll(name).toBe(tr.common.passwordToggle.hideLabel)
      expect(await toggle.textContent()).toBe(tr.common.passwordToggle.hide)
      await expectAccessible(page)
      await page.keyboard.press('Enter')
      await expect.poll(() => password.getAttribute('type')).toBe('password')
      await expect.poll(name).toBe(tr.common.passwordToggle.showLabel)
      expect(await toggle.textContent()).toBe(tr.common.passwordToggle.show)
      await expectAccessible(page)
      await context.close()
    }
  })

  test('change password: a wrong current password keeps the new ones with JavaScript, and says why they are empty without', async () => {
    const player = newPlayer()
    const http = new Browser(env.site.webUrl)
    await http.post('/register', player)
    await http.post(new URL((await env.site.lastMailTo(player.email)).link!).pathname, {})
    for (const javaScript of [true, false]) {
      const context = await newContext(env.browser, { javaScript, baseURL: env.site.webUrl })
      const page = await context.newPage()
      await page.goto('/login')
      await page.locator('main input[name="username"]').fill(player.username)
      await page.locator('main input[name="password"]').fill(player.password)
      await page.locator('main button[type="submit"]').click()
      await page.waitForURL((url) => url.pathname === '/')
      await page.goto('/user-management/change-password')
      if (javaScript) await page.waitForLoadState('networkidle')
      await page.locator('input[name="oldPassword"]').fill('not-my-password')
      await page.locator('input[name="newPassword"]').fill('a-brand-new-secret')
      await page.locator('input[name="confirmPassword"]').fill('a-brand-new-secret')
      await page.locator('main form button[type="submit"]').last().click()
      await page.locator('#change-password-oldPassword-error').getByText(es.catalogue.old_password_wrong).waitFor()
      expect(await page.locator('input[name="oldPassword"]').inputValue()).toBe('')
      if (javaScript) {
        expect(await page.locator('input[name="newPassword"]').inputValue()).toBe('a-brand-new-secret')
        expect(await page.locator('input[name="confirmPassword"]').inputValue()).toBe('a-brand-new-secret')
        expect(await page.getByText(es.account.password.typeAgain).count()).toBe(0)
      } else {
        expect(await page.locator('input[name="newPassword"]').inputValue()).toBe('')
        await page.getByText(es.account.password.typeAgain).waitFor()
      }
      await context.close()
    }
  })

  test('profile: a new e-mail with a wrong current password puts a summary at the top; the password field sits right after the e-mail', async () => {
    const player = await activePlayer()
    for (const javaScript of [true, false]) {
      const context = await newContext(env.browser, { javaScript, baseURL: env.site.webUrl })
      const page = await context.newPage()
      await logIn(page, player)
      await page.goto('/en/user-management/profile')
      if (javaScript) await page.waitForLoadState('networkidle')
      // The form's inputs in order: the current password comes right after the e-mail.
      const names = await page
        .locator('main form#profile')
        .evaluate((form: HTMLFormElement) =>
          Array.from(form.elements, (el) => (el as HTMLInputElement).name).filter(Boolean),
        )
      expect(names.slice(0, 2)).toEqual(['email', 'currentPassword'])
      await page.locator('input[name="email"]').fill(`new.${player.email}`)
      await page.locator('input[name="currentPassword"]').fill('not-my-password')
      await page.locator('main form#profile button[type="submit"]').click()
      await page.locator('#profile-currentPassword-error').getByText(en.catalogue.old_password_wrong).waitFor()
      const summary = page.locator('main form#profile section').filter({
        has: page.getByRole('heading', {
          level: 2,
          name: en.common.errorSummary.heading_one.replace('{{count}}', '1'),
        }),
      })
      await summary.waitFor()
      const links = await summary
        .locator('a')
        .evaluateAll((as) => as.map((a) => [a.getAttribute('href'), a.textContent]))
      expect(links).toEqual([
        ['#profile-currentPassword', `${en.account.profile.currentPassword}: ${en.catalogue.old_password_wrong}`],
      ])
      // At the top of the form, above the first field.
      expect((await summary.boundingBox())!.y).toBeLessThan(
        (await page.locator('input[name="email"]').boundingBox())!.y,
      )
      if (javaScript) {
        await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('profile-summary')
        await summary.locator('a').click()
        await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('profile-currentPassword')
      } else {
        // The answer opens at the top: on a phone the whole summary is on the first screen.
        await page.setViewportSize({ width: 390, height: 844 })
        const box = (await summary.boundingBox())!
        expect(box.y + box.height).toBeLessThan(844)
        await summary.locator('a').click()
        await page.waitForURL((url) => url.hash === '#profile-currentPassword')
      }
      // The new address stays typed and the refused password is emptied; nothing was changed.
      expect(await page.locator('input[name="email"]').inputValue()).toBe(`new.${player.email}`)
      await expect.poll(() => page.locator('input[name="currentPassword"]').inputValue()).toBe('')
      // axe runs in the page, so only with JavaScript.
      if (javaScript) await expectAccessible(page)
      await context.close()
    }
  })

  test('the e-mail change link: a GET does not spend it; with JavaScript it confirms by itself, without it the button does', async () => {
    for (const javaScript of [true, false]) {
      const player = await activePlayer()
      const http = new Browser(env.site.webUrl)
      await http.post('/login', { username: player.username, password: player.password })
      const newEmail = `new.${player.email}`
      const { phone, address, postalCode, city, country, language } = player
      await http.post('/user-management/profile', {
        email: newEmail,
        currentPassword: player.password,
        phone,
        address,
        postalCode,
        city,
        country,
        language,
      })
      const link = (await env.site.lastMailTo(newEmail)).link!
      expect(link).toContain('/confirm-email/')
      // A mail scanner opens the link: it sees only the button, and the link still works afterwards.
      const scanned = await new Browser(env.site.webUrl).get(new URL(link).pathname)
      expect(scanned.html).toContain(es.account.confirmEmail.submit)
      const context = await newContext(env.browser, { javaScript, baseURL: env.site.webUrl })
      const page = await context.newPage()
      await page.goto(link)
      if (!javaScript) await page.getByRole('button', { name: es.account.confirmEmail.submit }).click()
      await page.getByText(es.catalogue.email_changed).waitFor()
      await page.getByText(newEmail).waitFor()
      if (javaScript) await expectAccessible(page)
      // Spent: opened again, the link says so.
      await page.goto(link)
      if (!javaScript) await page.getByRole('button', { name: es.account.confirmEmail.submit }).click()
      await page.getByText(es.catalogue.email_change_invalid).waitFor()
      await context.close()
    }
  })
})
