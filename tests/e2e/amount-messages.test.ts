// The amounts of the money forms' refusals in Debian Chromium, with JavaScript on and off, in
// Spanish and English: each deposit method that takes an amount (a voucher's is the voucher's
// own) and each withdrawal method, sent a too small and a too large amount, says the limit as the
// pages write money (never cents, never an empty value), once under the amount field and in the
// summary at the top of the form; with JavaScript the casino's limits are checked before sending.
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import {
  fillWithdrawalDetails,
  LOCALE_MODES,
  logInAs,
  newContext,
  skipBrowserTests,
  useSiteInChromium,
} from '../setup/browser.ts'
import { depositByCard, loggedInPlayer } from '../setup/harness.ts'
import { Browser as HttpBrowser } from '../setup/http.ts'

const env = useSiteInChromium()

async function fillCard(page: Page) {
  await page.locator('input[name="holderName"]').fill('Lucía García')
  await page.locator('input[name="cardNumber"]').fill('4242 4242 4242 4242')
  await page.locator('input[name="month"]').fill('12')
  await page.locator('input[name="year"]').fill(String(new Date().getUTCFullYear() + 2))
  await page.locator('input[name="cvv2"]').fill('123')
}

/** A catalogue text with its values, as i18next fills it. */
const fill = (text: string, ...values: string[]) =>
  values.reduce((out, value, i) => out.replace(`{{${i}}}`, value), text)

describe.skipIf(skipBrowserTests)('amounts in the money forms’ messages', () => {
  for (const { locale, javaScript } of LOCALE_MODES) {
    test(`${locale}, JavaScript ${javaScript ? 'on' : 'off'}`, async () => {
      const catalogue = resources[locale].translation.catalogue
      const prefix = locale === 'en' ? '/en' : ''
      // Money as the pages write it: '10.000,00 €' and '€10,000.00'.
      const money = (es: string, en: string) => (locale === 'es' ? `${es}\u00a0€` : `€${en}`)

      // 30 € to withdraw from.
      const { player, b } = await loggedInPlayer(env.site, HttpBrowser)
      await depositByCard(b, '30.00')
      const context = await newContext(env.browser, { javaScript, baseURL: env.site.webUrl })
      const page = await context.newPage()
      await logInAs(page, player)

      let posts = 0
      page.on('request', (request) => {
        if (request.method() === 'POST') posts++
      })

      /**
       * Sends `formId` with `amount` and answers the texts under its amount field and at its top.
       * `inBrowser`: with JavaScript the page's limits are checked as the player leaves the field,
       * before anything is sent, and the form is then not sent at all.
       */
      const refusal = async (
        path: string,
        formId: string,
        amount: string,
        fillRest: () => Promise<void>,
        inBrowser: boolean,
      ) => {
        await page.goto(`${prefix}${path}`)
        // The field's check as the player leaves it is the hydrated page's: the header's menu
        // button takes the server's <details> place once the page has hydrated.
        if (javaScript) await page.locator('header button[aria-haspopup="dialog"]').waitFor({ state: 'attached' })
        await fillRest()
        posts = 0
        const field = page.locator(`#${formId}-amount-error`)
        await page.locator('input[name="amount"]').fill(amount)
        if (javaScript && inBrowser) {
          await page.locator('input[name="amount"]').press('Tab')
          await field.waitFor()
        }
        await page.locator(`#${formId} button[type="submit"]`).click()
        await field.waitFor()
        const summary = page.locator(`#${formId} section`).filter({ has: page.getByRole('heading', { level: 2 }) })
        await summary.waitFor()
        if (javaScript) expect(posts, `${formId} ${amount} sent`).toBe(inBrowser ? 0 : 1)
        return {
          field: await field.innerText(),
          summary: await summary.innerText(),
          form: await page.locator(`#${formId}`).innerText(),
        }
      }
      const expectRefusal = (seen: Awaited<ReturnType<typeof refusal>>, message: string, what: string) => {
        expect(seen.field, what).toBe(message)
        expect(seen.summary, what).toContain(message)
        // Said once under the field (not again, without its values, beside it) and nowhere empty.
        expect(seen.form.split(message).length - 1, what).toBe(2)
        expect(seen.form, what).not.toMatch(/\s[.,]|\{\{/)
      }

      const depositRange = fill(catalogue.amount_out_of_range, money('10,00', '10.00'), money('10.000,00', '10,000.00'))
      for (const method of ['altitudepay', 'moto', 'carespay'] as const) {
        const card = method === 'carespay' ? async () => {} : () => fillCard(page)
        for (const amount of ['5', '20000']) {
          const seen = await refusal(
            `/user-management/deposit?method=${method}`,
            `deposit-${method}`,
            amount,
            card,
            true,
          )
          expectRefusal(seen, depositRange, `deposit ${method} ${amount}`)
        }
      }

      for (const method of ['bank_transfer', 'bitcoin'] as const) {
        const path = `/user-management/withdrawal?method=${method}`
        const rest = () => fillWithdrawalDetails(page, method)
        const small = await refusal(path, `withdrawal-${method}`, '5', rest, true)
        expectRefusal(small, fill(catalogue.amount_below_minimum, money('20,00', '20.00')), `withdrawal ${method} 5`)
        // More than the balance: the casino API says the most that can be withdrawn now.
        const large = await refusal(path, `withdrawal-${method}`, '5000', rest, false)
        expectRefusal(large, fill(catalogue.amount_too_big, money('30,00', '30.00')), `withdrawal ${method} 5000`)
      }
      await context.close()
    })
  }
})
