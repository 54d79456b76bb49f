// The safer-gambling tab in Chromium (issue 23; ADR 0060), JavaScript on and off, in Spanish and
// English, at a desktop's width and a phone's: a wrong password keeps the player's choice and says
// why; confirmed, the break starts at once, the player is signed out with the end told, and the
// log-in says until when. axe on the tab with JavaScript.
import { describe, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import {
  expectAccessible,
  openAccountTab,
  skipBrowserTests,
  useSiteInChromium,
  PLAYER_VIEWS,
} from '../setup/browser.ts'
import { loggedInPlayer } from '../setup/harness.ts'
import { Browser as HttpBrowser } from '../setup/http.ts'

const env = useSiteInChromium()
/** A catalogue text up to its value: what the page shows whatever the date. */
const before = (text: string) => text.split('{{0}}')[0]!

for (const { javaScript, locale, width, prefix } of PLAYER_VIEWS) {
  const tr = resources[locale].translation
  describe.skipIf(skipBrowserTests)(
    `safer gambling in Chromium (JavaScript ${javaScript ? 'on' : 'off'}, ${locale})`,
    () => {
      test('the player takes a two-day break: signed out at once, the log-in says until when', async () => {
        const { player, b: otherDevice } = await loggedInPlayer(env.site, HttpBrowser)
        const { context, page } = await openAccountTab(env, player, {
          javaScript,
          width,
          locale,
          tab: tr.account.tabs.restrictions,
          path: '/user-management/responsible-gaming',
        })
        await page.getByRole('heading', { level: 2, name: tr.account.restrictions.heading }).waitFor()
        if (javaScript) await expectAccessible(page)

        const form = page.locator('form#restrict-time_out')
        await form.getByLabel(tr.account.restrictions.period).selectOption('2d')
        await form.getByLabel(tr.account.restrictions.password).fill('not-my-password')
        await form.getByLabel(tr.account.restrictions.time_out.understood).check()
        await form.getByRole('button', { name: tr.account.restrictions.time_out.submit }).click()
        // Refused: said by the field, the choice kept, nothing changed.
        await expect.poll(() => form.innerText()).toContain(tr.catalogue.old_password_wrong)
        expect(await form.getByLabel(tr.account.restrictions.period).inputValue()).toBe('2d')
        expect((await otherDevice.get('/user-management/profile', false)).status).toBe(200)

        await form.getByLabel(tr.account.restrictions.password).fill(player.password)
        if (!(await form.getByLabel(tr.account.restrictions.time_out.understood).isChecked()))
          await form.getByLabel(tr.account.restrictions.time_out.understood).check()
        await form.getByRole('button', { name: tr.account.restrictions.time_out.submit }).click()
        await page.waitForURL((url) => !url.pathname.includes('/user-management'))
        // Signed out here and on the other device, told until when.
        await expect.poll(() => page.locator('body').innerText()).toContain(before(tr.catalogue.account_timed_out))
        expect((await otherDevice.get('/user-management/profile', false)).status).toBe(302)
        await page.goto(`${prefix}/user-management/profile`)
        await page.waitForURL((url) => !url.pathname.includes('/user-management'))

        // The log-in refuses the right password, saying until when (in two days).
        await page.goto(`${prefix}/login`)
        await page.locator('main input[name="username"]').fill(player.username)
        await page.locator('main input[name="password"]').fill(player.password)
        await page.locator('main form button[type="submit"]').click()
        await expect.poll(() => page.locator('main').innerText()).toContain(before(tr.catalogue.account_timed_out))
        const shown = (await page.locator('main').innerText()).match(/\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}:\d{2}/)
        expect(shown).not.toBeNull()
        const [date, time] = shown![0].split(' ')
        const until = Date.parse(`${date!.replaceAll('.', '-')}T${time}+01:00`)
        expect(Math.abs(until - (Date.now() + 2 * 24 * 3600_000))).toBeLessThan(3 * 3600_000)
        await context.close()
      })
    },
  )
}
