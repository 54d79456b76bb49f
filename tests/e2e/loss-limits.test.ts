// The Loss limits tab in Chromium (issue 23; ADR 0064), JavaScript on and off, in Spanish at a
// desktop's width and in English at a phone's: a limit that is not a number comes back with the
// text kept; a limit set holds at once, and the game's client on the provider's origin refuses the
// stake that, lost, would pass it, saying the limit and what is left; the tab then shows the loss
// of the day. axe on the tab with JavaScript.
import { describe, expect, test } from 'vitest'
import { formatMoney } from '#casino-api/contract/format.ts'
import { resources } from '#locales/index.ts'
import {
  expectAccessible,
  openAccountTab,
  skipBrowserTests,
  useSiteInChromium,
  PLAYER_VIEWS,
  roundResult,
} from '../setup/browser.ts'
import { depositByCard, loggedInPlayer } from '../setup/harness.ts'
import { Browser as HttpBrowser } from '../setup/http.ts'

const env = useSiteInChromium()

for (const { javaScript, locale, width, prefix } of PLAYER_VIEWS) {
  const tr = resources[locale].translation
  const eur = (cents: number) => formatMoney(cents, 'EUR', locale)
  describe.skipIf(skipBrowserTests)(
    `loss limits in Chromium (JavaScript ${javaScript ? 'on' : 'off'}, ${locale})`,
    () => {
      test('a daily loss limit holds at once, and the game refuses the stake past it', async () => {
        const { player, b } = await loggedInPlayer(env.site, HttpBrowser)
        await depositByCard(b, '20.00')
        const { context, page } = await openAccountTab(env, player, {
          javaScript,
          width,
          locale,
          tab: tr.account.tabs.lossLimits,
          path: '/user-management/loss-limits',
        })
        await page.getByRole('heading', { level: 2, name: tr.account.lossLimits.heading }).waitFor()
        await page.getByText(tr.account.lossLimits.counted).waitFor()
        if (javaScript) await expectAccessible(page)
        const daily = page.locator('form#loss-limit-day')
        const amount = daily.getByLabel(tr.account.limits.periods.day.amount)
        const block = page.getByRole('region', { name: tr.account.limits.periods.day.heading })

        // Not a number: said under the field, the text kept.
        await amount.fill('fifty')
        await daily.getByRole('button', { name: tr.account.limits.set }).click()
        await expect.poll(() => daily.innerText()).toContain(tr.catalogue.invalid_number)
        expect(await amount.inputValue()).toBe('fifty')

        // 1.50 a day, at once.
        await amount.fill(locale === 'es' ? '1,50' : '1.50')
        await daily.getByRole('button', { name: tr.account.limits.set }).click()
        await page.getByText(tr.catalogue.loss_limit_set).first().waitFor()
        await expect.poll(() => block.innerText()).toContain(eur(1_50))

        // A 2 € drop in Star Drop would pass it: the game's client says so, with what is left.
        await page.goto(`${prefix}/casino/star-drop?mode=real`)
        const frame = page.frameLocator('iframe')
        await frame.getByLabel(tr.games.frame.stake).selectOption('200')
        await frame.getByRole('button', { name: tr.games.frame.drop, exact: true }).click()
        const refusal = tr.catalogue.loss_limit_day.replace('{{0}}', eur(1_50)).replace('{{1}}', eur(1_50))
        await frame.getByText(refusal.split('{{2}}')[0]!).first().waitFor()

        // 1 € is within it, and the tab then counts what the round lost.
        await frame.getByLabel(tr.games.frame.stake).selectOption('100')
        await frame.getByRole('button', { name: tr.games.frame.drop, exact: true }).click()
        const outcome = frame.getByText(roundResult(tr.games.frame)).first()
        await outcome.waitFor()
        const said = await outcome.innerText()
        const won = said === tr.games.frame.lost ? 0 : Number(said.replace(/\D/g, ''))
        await page.goto(`${prefix}/user-management/loss-limits`)
        const lost = block.locator('div', { hasText: tr.account.lossLimits.used }).locator('dd')
        expect(await lost.innerText()).toBe(eur(Math.max(0, 1_00 - won)))
        await context.close()
      })
    },
  )
}
