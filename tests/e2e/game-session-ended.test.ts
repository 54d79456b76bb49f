// A real-money game open in one tab stakes nothing once the player logs out in another: its next
// move shows that the game session has ended, in the player's language, with and without
// JavaScript, and the balance does not move.
import { expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import { putChips } from '../setup/roulette.ts'
import { expectAccessible, logInAs, pageWithErrors, skipBrowserTests, useSiteInChromium } from '../setup/browser.ts'
import { depositByCard, loggedInPlayer } from '../setup/harness.ts'
import { Browser as HttpBrowser } from '../setup/http.ts'

const env = useSiteInChromium()

for (const { javaScript, locale } of [
  { javaScript: true, locale: 'es' },
  { javaScript: false, locale: 'en' },
] as const) {
  test.skipIf(skipBrowserTests)(
    `${locale}, JavaScript ${javaScript ? 'on' : 'off'}: a move in a game left open after logging out elsewhere shows the session has ended`,
    async () => {
      const tr = resources[locale].translation
      const prefix = locale === 'en' ? '/en' : ''
      const { player, b } = await loggedInPlayer(env.site, HttpBrowser)
      await depositByCard(b, '20.00')
      const { context, page, errors } = await pageWithErrors(env.browser, { javaScript, baseURL: env.site.webUrl })
      await logInAs(page, player)
      await page.goto(`${prefix}/casino/european-roulette?mode=real`)
      const frame = page.frameLocator('iframe')
      await expect.poll(() => frame.locator('[aria-live="polite"]').first().innerText()).toMatch(/20[.,]00/)
      await putChips(frame, locale === 'en' ? '€1.00' : '1,00 €', [tr.games.table.spots.red])

      // Another tab of the same browser logs out.
      const other = await context.newPage()
      await other.goto(`${prefix}/`)
      await other.getByRole('button', { name: tr.common.header.logout }).first().click()
      await other.getByRole('link', { name: tr.common.header.login }).first().waitFor()

      await frame.getByRole('button', { name: tr.games.frame.place, exact: true }).click()
      await frame.getByText(tr.games.frame.expired).waitFor()
      // The client is on the provider's origin: its link goes back to the casino's lobby.
      await expect(frame.getByRole('link', { name: tr.games.frame.lobby }).getAttribute('href')).resolves.toBe(
        `${env.site.webUrl}${prefix}/casino`,
      )
      if (javaScript) await expectAccessible(page)

      // Nothing was staked: logged in again, the balance is the deposit.
      await logInAs(other, player)
      await other.goto('/en/user-management/profile')
      await expect.poll(() => other.getByRole('banner').innerText()).toMatch(/20\.00/)
      // The frame's document answers 410 Gone, which the browser reports in its console.
      expect(errors.filter((e) => !e.includes('status of 410'))).toEqual([])
      await context.close()
    },
  )
}
