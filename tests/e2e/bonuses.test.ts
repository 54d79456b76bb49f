// Bonuses in Debian Chromium, with JavaScript on and off, in Spanish and English: the deposit form's
// claim box and promo-code field, the withdrawal's confirmation with an active bonus, the Bonuses tab's progress and its
// forfeit in two steps, then a bonus code applied there (an unknown one refused under the field);
// axe on each page (with JavaScript: axe runs in the page).
import { beforeAll, describe, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import {
  expectAccessible,
  fillWithdrawalDetails,
  LOCALE_MODES,
  loggedInPage,
  newContext,
  skipBrowserTests,
  useSiteInChromium,
} from '../setup/browser.ts'
import { createBonusCode, loggedInAdmin, loggedInPlayer } from '../setup/harness.ts'
import { Browser as HttpBrowser } from '../setup/http.ts'

const ADMIN_FIRST = 'admin-first-password-bonuses'
const env = useSiteInChromium({ adminPassword: ADMIN_FIRST })

describe.skipIf(skipBrowserTests)('bonuses in Chromium', () => {
  beforeAll(async () => {
    if (skipBrowserTests) return
    // A no-deposit code of 10 € each player of these tests applies on the Bonuses tab.
    const admin = await loggedInAdmin(env.site, HttpBrowser, ADMIN_FIRST, 'admin-password-bonuses-2026')
    expect(await createBonusCode(admin, 'REGALO10', '10')).toBe(200)
  })

  for (const { locale, javaScript } of LOCALE_MODES) {
    test(`${locale}, JavaScript ${javaScript ? 'on' : 'off'}`, async () => {
      const tr = resources[locale].translation
      const prefix = locale === 'en' ? '/en' : ''
      const { player } = await loggedInPlayer(env.site, HttpBrowser)
      const context = await newContext(env.browser, { javaScript, baseURL: env.site.webUrl })
      const errors: string[] = []
      const page = await loggedInPage(context, prefix, player.username, player.password)
      page.on('pageerror', (e) => errors.push(e.message))
      const a11y = async () => {
        if (javaScript) await expectAccessible(page)
      }

      // A card deposit of 20 € claiming the welcome bonus the form offers; first with a promo
      // code that does not exist, refused under its field with the rest kept (but the card's
      // number and CVV2, never sent back).
      await page.goto(`${prefix}/user-management/deposit?method=moto`)
      const claim = page.locator('input[name="claimBonus"]')
      await claim.waitFor()
      await a11y()
      const promoCode = page.getByLabel(tr.money.deposit.promoCode)
      const typeCard = async () => {
        await page.locator('input[name="cardNumber"]').fill('4242 4242 4242 4242')
        await page.locator('input[name="cvv2"]').fill('123')
      }
      await page.locator('input[name="holderName"]').fill('Lucía García')
      await typeCard()
      await page.locator('input[name="month"]').fill('12')
      await page.locator('input[name="year"]').fill(String(new Date().getUTCFullYear() + 2))
      await page.locator('input[name="amount"]').fill('20')
      await promoCode.fill('NO-SUCH-CODE')
      await page.locator('#deposit-moto button[type="submit"]').click()
      await page.getByText(tr.catalogue.invalid_promo_code).first().waitFor()
      expect(await promoCode.inputValue()).toBe('NO-SUCH-CODE')
      expect(await page.locator('input[name="amount"]').inputValue()).toBe('20')
      await a11y()
      await promoCode.fill('')
      await typeCard()
      await claim.check()
      await page.locator('#deposit-moto button[type="submit"]').click()
      const money = (text: string) => (locale === 'es' ? `${text}\u00a0€` : `€${text}`)
      await page
        .getByText(tr.catalogue.deposit_complete.replace('{{0}}', money(locale === 'es' ? '20,00' : '20.00')))
        .waitFor()

      // The withdrawal page tells of the bonus and carries the confirmation box.
      await page.goto(`${prefix}/user-management/withdrawal`)
      await page.getByRole('heading', { name: tr.money.withdrawal.bonusHeading }).waitFor()
      await page.getByLabel(tr.money.withdrawal.forfeitConfirm).waitFor()
      await a11y()
      // Sent without the box ticked, the casino API asks; the input is kept.
      await fillWithdrawalDetails(page, 'bank_transfer')
      await page.locator('input[name="amount"]').fill('20')
      await page.locator('#withdrawal-bank_transfer button[type="submit"]').click()
      await page.getByText(tr.catalogue.bonus_forfeit_required).first().waitFor()
      expect(await page.locator('input[name="amount"]').inputValue()).toBe('20')
      await a11y()

      // The Bonuses tab: the progress bar, then the forfeit asked and confirmed.
      await page.goto(`${prefix}/user-management/bonuses`)
      const progress = page.locator('progress')
      await progress.waitFor()
      expect(await progress.getAttribute('max')).toBe('6000')
      expect(await progress.getAttribute('value')).toBe('0')
      await a11y()
      await page.getByRole('link', { name: tr.account.bonuses.forfeit }).click()
      await page.getByRole('button', { name: tr.account.bonuses.confirm }).waitFor()
      await a11y()
      await page.getByRole('button', { name: tr.account.bonuses.confirm }).click()
      await page.getByText(tr.catalogue.bonus_forfeited).waitFor()
      await page.getByText(tr.account.bonuses.noActive).waitFor()
      await page.getByText(tr.account.bonuses.statuses.forfeited, { exact: true }).waitFor()
      await a11y()

      // No bonus active: the bonus code form. An unknown code is refused under the field, kept.
      const code = page.getByRole('textbox', { name: tr.account.bonuses.code, exact: true })
      await code.fill('NOEXISTE')
      await page.getByRole('button', { name: tr.account.bonuses.codeApply }).click()
      await page.locator('#bonus-code').getByText(tr.catalogue.bonus_code_invalid).waitFor()
      expect(await code.inputValue()).toBe('NOEXISTE')
      await a11y()
      await code.fill('regalo10')
      await page.getByRole('button', { name: tr.account.bonuses.codeApply }).click()
      await page.getByText(tr.catalogue.bonus_code_applied).waitFor()
      await page.getByText(tr.account.bonuses.codeLater).waitFor()
      expect(await page.locator('progress').getAttribute('max')).toBe('3000')
      expect(await page.locator('input[name="code"]').count()).toBe(0)
      await a11y()
      expect(errors).toEqual([])
      await context.close()
    })
  }
})
