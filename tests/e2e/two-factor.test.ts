// Two-factor authentication in Chromium (issue 23; ADR 0066), JavaScript on and off, in Spanish at
// a desktop's width and in English at a phone's: turned on from the Security tab (the QR code, the
// key, the first code, the recovery codes shown once), then a log-in that asks for the code after
// the password (a wrong code said on the form, the right one lets the player in), a recovery code
// instead of the app's, and the header's log-in dialog taking the player to the code page. axe on
// the tab and on the code page.
import { describe, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import { appCode } from '#casino-api/tests/authenticator.ts'
import {
  expectAccessible,
  newContext,
  openAccountTab,
  PLAYER_VIEWS,
  skipBrowserTests,
  useSiteInChromium,
} from '../setup/browser.ts'
import { loggedInPlayer } from '../setup/harness.ts'
import { Browser as HttpBrowser } from '../setup/http.ts'

const env = useSiteInChromium()
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000 })

for (const { javaScript, locale, width, prefix } of PLAYER_VIEWS) {
  const tr = resources[locale].translation
  const security = tr.account.security
  describe.skipIf(skipBrowserTests)(
    `two-factor authentication in Chromium (JavaScript ${javaScript ? 'on' : 'off'}, ${locale})`,
    () => {
      test('turned on from the Security tab, it asks for a code at the next log-in; a recovery code works once', async () => {
        const { player } = await loggedInPlayer(env.site, HttpBrowser)
        const { context, page } = await openAccountTab(env, player, {
          javaScript,
          width,
          locale,
          tab: tr.account.tabs.security,
          path: '/user-management/security',
        })
        const panel = page.getByRole('region', { name: security.twoFactor, exact: true })
        await poll(() => panel.innerText()).toContain(security.off)
        if (javaScript) await expectAccessible(page)

        // A wrong password: said, nothing started.
        await panel.getByLabel(security.password).fill('not-my-password')
        await panel.getByRole('button', { name: security.start.submit }).click()
        await poll(() => panel.innerText()).toContain(tr.catalogue.old_password_wrong)
        await panel.getByLabel(security.password).fill(player.password)
        await panel.getByRole('button', { name: security.start.submit }).click()

        // The QR code and the key; a wrong first code is said under the field.
        await panel.getByRole('img', { name: security.qrAlt }).waitFor()
        const secret = (await panel.locator('code').innerText()).replaceAll(' ', '')
        expect(secret).toMatch(/^[A-Z2-7]{32}$/)
        await panel.getByLabel(security.code).fill('000000')
        await panel.getByRole('button', { name: security.confirm.submit }).click()
        await poll(() => panel.innerText()).toContain(tr.catalogue.two_factor_code_invalid)
        await panel.getByLabel(security.code).fill(await appCode(secret, env.site))
        await panel.getByRole('button', { name: security.confirm.submit }).click()

        const codes = page.getByRole('list', { name: security.codesHeading })
        await codes.waitFor()
        const recovery = await codes.getByRole('listitem').allInnerTexts()
        expect(recovery).toHaveLength(10)
        await poll(() => panel.innerText()).toContain(tr.catalogue.two_factor_enabled)
        if (javaScript) await expectAccessible(page)
        await page.screenshot({ path: `/tmp/two-factor-${locale}-${javaScript ? 'js' : 'nojs'}.png`, fullPage: true })
        await context.close()

        // The next log-in: the password, then the code page.
        const again = await newContext(env.browser, {
          javaScript,
          baseURL: env.site.webUrl,
          viewport: { width, height: 900 },
        })
        const login = await again.newPage()
        await login.goto(`${prefix}/login`)
        await login.locator('main input[name="username"]').fill(player.username)
        await login.locator('main input[name="password"]').fill(player.password)
        await login.locator('main form button[type="submit"]').click()
        await login.waitForURL(`**${prefix}/login/code`)
        await login.getByRole('heading', { name: tr.common.loginCode.title }).waitFor()
        if (javaScript) await expectAccessible(login)
        await login.getByLabel(tr.common.loginCode.code).fill('123456')
        await login.getByRole('button', { name: tr.common.loginCode.submit }).click()
        await poll(() => login.locator('main').innerText()).toContain(tr.catalogue.two_factor_code_invalid)
        await login.getByLabel(tr.common.loginCode.code).fill(await appCode(secret, env.site))
        await login.getByRole('button', { name: tr.common.loginCode.submit }).click()
        await login.waitForURL((url) => !url.pathname.endsWith('/login/code'))
        expect(new URL(login.url()).pathname).toBe(prefix || '/')
        await login.goto(`${prefix}/user-management/security`)
        await poll(() => login.locator('main').innerText()).toContain(security.onSince.split(' {{')[0]!)
        await again.close()

        // A recovery code instead of the app's, once: a second browser that uses it again is refused.
        for (const attempt of ['first', 'again'] as const) {
          const lost = await newContext(env.browser, { javaScript, baseURL: env.site.webUrl })
          const phoneless = await lost.newPage()
          await phoneless.goto(`${prefix}/login`)
          await phoneless.locator('main input[name="username"]').fill(player.username)
          await phoneless.locator('main input[name="password"]').fill(player.password)
          await phoneless.locator('main form button[type="submit"]').click()
          await phoneless.waitForURL(`**${prefix}/login/code`)
          await phoneless.getByLabel(tr.common.loginCode.code).fill(recovery[0]!)
          await phoneless.getByRole('button', { name: tr.common.loginCode.submit }).click()
          if (attempt === 'first') await phoneless.waitForURL((url) => !url.pathname.endsWith('/login/code'))
          else await poll(() => phoneless.locator('main').innerText()).toContain(tr.catalogue.two_factor_code_invalid)
          await lost.close()
        }
      })
    },
  )
}

describe.skipIf(skipBrowserTests)('the log-in dialog with two-factor authentication', () => {
  test('goes on to the code page, and the code lets the player in', async () => {
    const { player, b } = await loggedInPlayer(env.site, HttpBrowser)
    const tr = resources.es.translation
    await b.post('/user-management/security', { intent: 'start', password: player.password })
    const key = /<code[^>]*>([A-Z2-7 ]{32,})<\/code>/.exec((await b.get('/user-management/security')).html)?.[1]
    const secret = key!.replaceAll(' ', '')
    await b.post('/user-management/security', { intent: 'confirm', code: await appCode(secret, env.site) })

    const context = await newContext(env.browser, { javaScript: true, baseURL: env.site.webUrl })
    const page = await context.newPage()
    await page.goto('/')
    await page.getByRole('link', { name: tr.common.header.login, exact: true }).first().click()
    const dialog = page.getByRole('dialog')
    await dialog.locator('input[name="username"]').fill(player.username)
    await dialog.locator('input[name="password"]').fill(player.password)
    await dialog.locator('button[type="submit"]').click()
    await page.waitForURL('**/login/code')
    await page.getByLabel(tr.common.loginCode.code).fill(await appCode(secret, env.site))
    await page.getByRole('button', { name: tr.common.loginCode.submit }).click()
    await page.getByRole('button', { name: tr.common.header.logout }).first().waitFor()
    await context.close()
  })
})
