// Loyalty points in Debian Chromium, with JavaScript on and off, in Spanish and English (ADR 0054):
// real stakes through the provider wallet earn points; the Loyalty Points tab shows them with the
// level and the progress to the next, refuses more points than held (the input kept), then
// redeems points into a loyalty bonus the Bonuses tab shows; the deposit page offers the points as
// a method whose form goes to the tab; axe on each state (with JavaScript: axe runs in the page).
import { describe, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import { formatNumber } from '#casino-api/contract/format.ts'
import {
  expectAccessible,
  LOCALE_MODES,
  loggedInPage,
  newContext,
  skipBrowserTests,
  useSiteInChromium,
} from '../setup/browser.ts'
import { depositByCard, loggedInPlayer, playAsProvider } from '../setup/harness.ts'
import { Browser as HttpBrowser } from '../setup/http.ts'

const env = useSiteInChromium()

describe.skipIf(skipBrowserTests)('loyalty points in Chromium', () => {
  for (const { locale, javaScript } of LOCALE_MODES) {
    test(`${locale}, JavaScript ${javaScript ? 'on' : 'off'}`, async () => {
      const tr = resources[locale].translation
      const prefix = locale === 'en' ? '/en' : ''
      const { player, b } = await loggedInPlayer(env.site, HttpBrowser)
      expect((await depositByCard(b, '200.00')).status).toBe(200)
      // 150 € staked and lost on a slot: 10 points a euro, 1,500 points.
      await playAsProvider(env.site, player.username, { stake: 150_00, win: 0 })

      const context = await newContext(env.browser, { javaScript, baseURL: env.site.webUrl })
      const errors: string[] = []
      const page = await loggedInPage(context, prefix, player.username, player.password)
      page.on('pageerror', (e) => errors.push(e.message))
      const a11y = async () => {
        if (javaScript) await expectAccessible(page)
      }
      const n = (value: number) => formatNumber(value, locale)

      await page.goto(`${prefix}/user-management`)
      await page
        .getByRole('navigation', { name: tr.account.tabs.label })
        .getByRole('link', { name: tr.account.tabs.loyalty })
        .click()
      await page.getByRole('heading', { level: 2, name: tr.account.loyalty.heading }).waitFor()
      expect(new URL(page.url()).pathname).toBe(`${prefix}/user-management/loyalty-points`)
      const details = page.locator('section[aria-labelledby="loyalty-balance-heading"] dl')
      await expect.poll(() => details.textContent()).toContain(n(1500))
      // Bronze (0) to Silver (2,000): 1,500 of the way.
      const progress = page.locator('progress')
      expect(await progress.getAttribute('max')).toBe('2000')
      expect(await progress.getAttribute('value')).toBe('1500')
      await page.getByText(tr.account.loyalty.reasons.wager).waitFor()
      await a11y()

      // More points than held: refused under the field, the input kept.
      const points = page.getByRole('textbox', { name: tr.account.loyalty.redeemPoints })
      expect(await points.inputValue()).toBe('1500')
      await points.fill('99999')
      await page.getByRole('button', { name: tr.account.loyalty.redeem }).click()
      await page.locator('#loyalty-redeem').getByText(tr.catalogue.not_enough_loyalty_points).waitFor()
      expect(await points.inputValue()).toBe('99999')
      await a11y()

      // 1,000 points redeemed: a 1 € loyalty bonus, 500 points left.
      await points.fill('1000')
      await page.getByRole('button', { name: tr.account.loyalty.redeem }).click()
      await page.getByText(tr.catalogue.loyalty_bonus_added).waitFor()
      await expect.poll(() => details.textContent()).toContain(n(500))
      await page
        .getByText(tr.account.loyalty.reasons.redeem.replace('{{bonus}}', locale === 'es' ? '1,00\u00a0€' : '€1.00'))
        .waitFor()
      await a11y()

      await page.goto(`${prefix}/user-management/bonuses`)
      await page.getByText(locale === 'es' ? 'Bono de fidelidad' : 'Loyalty bonus', { exact: true }).waitFor()

      // The deposit page offers the points as a method: its form is the tab's, sent to the tab.
      await page.goto(`${prefix}/user-management/deposit`)
      await page
        .getByRole('navigation', { name: tr.money.deposit.methodsLabel })
        .getByRole('link', { name: tr.money.methods.loyalty })
        .click()
      await page
        .getByText(
          // Below the minimum, the page says from how many points they can be redeemed.
          tr.money.deposit.loyaltyIntroBelow.replace('{{points}}', n(500)).replace('{{min}}', n(1000)),
        )
        .waitFor()
      await a11y()
      const fromDeposit = page.getByRole('textbox', { name: tr.account.loyalty.redeemPoints })
      await fromDeposit.fill('500')
      await page.getByRole('button', { name: tr.account.loyalty.redeem }).click()
      await page
        .locator('#loyalty-redeem')
        .getByText(tr.catalogue.loyalty_redeem_below_minimum.replace('{{0}}', n(1000)))
        .waitFor()
      expect(new URL(page.url()).pathname).toBe(`${prefix}/user-management/loyalty-points`)
      expect(await fromDeposit.inputValue()).toBe('500')
      await a11y()
      expect(errors).toEqual([])
      await context.close()
    })
  }
})
