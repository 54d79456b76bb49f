// The Deposit limits tab in Chromium (issue 23; ADR 0061), JavaScript on and off,
// in Spanish at a desktop's width and in English at a phone's: a limit that is not a number comes
// back with the text kept; a limit set holds at once and the deposit page refuses what would pass
// it, saying what is left; a raise waits 24 hours, cannot be confirmed before, and is confirmed
// once the casino API's clock has moved past them. axe on the tab and the deposit page with
// JavaScript.
import { describe, expect, test } from 'vitest'
import { formatMoney } from '#casino-api/contract/format.ts'
import { resources } from '#locales/index.ts'
import {
  expectAccessible,
  logInAs,
  openAccountTab,
  skipBrowserTests,
  useSiteInChromium,
  PLAYER_VIEWS,
} from '../setup/browser.ts'
import { activatedPlayer } from '../setup/harness.ts'
import { Browser as HttpBrowser } from '../setup/http.ts'

const env = useSiteInChromium()
/** A catalogue text up to its first value: what the page shows whatever the figures. */
const before = (text: string) => text.split('{{')[0]!

for (const { javaScript, locale, width, prefix } of PLAYER_VIEWS) {
  const tr = resources[locale].translation
  const eur = (cents: number) => formatMoney(cents, 'EUR', locale)
  describe.skipIf(skipBrowserTests)(
    `deposit limits in Chromium (JavaScript ${javaScript ? 'on' : 'off'}, ${locale})`,
    () => {
      test('a daily limit holds at once and refuses the deposit past it; a raise waits 24 hours', async () => {
        const { player } = await activatedPlayer(env.site, HttpBrowser)
        const { context, page } = await openAccountTab(env, player, {
          javaScript,
          width,
          locale,
          tab: tr.account.tabs.limits,
          path: '/user-management/deposit-limits',
        })
        await page.getByRole('heading', { level: 2, name: tr.account.limits.heading }).waitFor()
        if (javaScript) await expectAccessible(page)
        const daily = page.locator('form#deposit-limit-day')
        const amount = daily.getByLabel(tr.account.limits.periods.day.amount)
        const block = page.getByRole('region', { name: tr.account.limits.periods.day.heading })

        // Not a number: said under the field, the text kept.
        await amount.fill('fifty')
        await daily.getByRole('button', { name: tr.account.limits.set }).click()
        await expect.poll(() => daily.innerText()).toContain(tr.catalogue.invalid_number)
        expect(await amount.inputValue()).toBe('fifty')

        // 50 a day, at once.
        await amount.fill('50')
        await daily.getByRole('button', { name: tr.account.limits.set }).click()
        await page.getByText(tr.catalogue.deposit_limit_set).first().waitFor()
        await expect.poll(() => block.innerText()).toContain(eur(50_00))

        // The deposit page refuses 60, naming the limit and what is left, with the amount kept.
        await page.goto(`${prefix}/user-management/deposit?method=moto`)
        await page.locator('input[name="holderName"]').fill('Lucía García')
        await page.locator('input[name="cardNumber"]').fill('4242 4242 4242 4242')
        await page.locator('input[name="cvv2"]').fill('123')
        await page.locator('input[name="month"]').fill('12')
        await page.locator('input[name="year"]').fill(String(new Date().getUTCFullYear() + 2))
        await page.locator('input[name="amount"]').fill('60')
        await page.locator('#deposit-moto button[type="submit"]').click()
        const refusal = tr.catalogue.deposit_limit_day.replace('{{0}}', eur(50_00)).replace('{{1}}', eur(50_00))
        await page.getByText(refusal.split('{{2}}')[0]!).first().waitFor()
        expect(await page.locator('input[name="amount"]').inputValue()).toBe('60')
        if (javaScript) await expectAccessible(page)
        // What is left goes through; then the limit is used up, and the crypto page gives no address.
        await page.locator('input[name="cardNumber"]').fill('4242 4242 4242 4242')
        await page.locator('input[name="cvv2"]').fill('123')
        await page.locator('input[name="amount"]').fill('50')
        await page.locator('#deposit-moto button[type="submit"]').click()
        await page
          .getByText(tr.catalogue.deposit_complete.replace('{{0}}', eur(50_00)))
          .first()
          .waitFor()
        await page.goto(`${prefix}/user-management/deposit?method=crypto&coin=BTC`)
        const usedUp = tr.catalogue.deposit_limit_day.replace('{{0}}', eur(50_00)).replace('{{1}}', eur(0))
        await page
          .getByRole('alert')
          .filter({ hasText: usedUp.split('{{2}}')[0]! })
          .waitFor()
        expect(await page.locator('main code').count()).toBe(0)
        if (javaScript) await expectAccessible(page)

        // A raise to 200 waits: the old limit holds, and the confirmation is not offered yet.
        await page.goto(`${prefix}/user-management/deposit-limits`)
        await daily.getByLabel(tr.account.limits.periods.day.amount).fill('200')
        await daily.getByRole('button', { name: tr.account.limits.set }).click()
        await page.getByText(before(tr.catalogue.deposit_limit_change_waits)).first().waitFor()
        await expect
          .poll(() => block.innerText())
          .toContain(tr.account.limits.pendingRaise.replace('{{amount}}', eur(200_00)).split('{{from}}')[0])
        expect(await block.getByRole('button', { name: tr.account.limits.confirm }).count()).toBe(0)
        if (javaScript) await expectAccessible(page)

        // A day later the player confirms it, and it holds.
        // (Its log-in has expired by then: the player logs in again.)
        env.site.advance(24 * 3600_000 + 60_000)
        await context.clearCookies()
        await logInAs(page, player)
        await page.goto(`${prefix}/user-management/deposit-limits`)
        await block.getByRole('button', { name: tr.account.limits.confirm }).click()
        await page.getByText(tr.catalogue.deposit_limit_confirmed).first().waitFor()
        await expect.poll(() => block.innerText()).toContain(eur(200_00))
        expect(await block.getByRole('button', { name: tr.account.limits.cancel }).count()).toBe(0)

        // Removing it waits as well, and can be dropped.
        await block.getByRole('button', { name: tr.account.limits.remove }).click()
        await page.getByText(before(tr.catalogue.deposit_limit_change_waits)).first().waitFor()
        await block.getByRole('button', { name: tr.account.limits.cancel }).click()
        await page.getByText(tr.catalogue.deposit_limit_change_dropped).first().waitFor()
        await expect.poll(() => block.innerText()).toContain(eur(200_00))
        await context.close()
      })
    },
  )
}
