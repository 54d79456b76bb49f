// Money in Debian Chromium, with JavaScript on and off, in Spanish and English: a card deposit
// through the 3-D Secure page, a declined card, a bank transfer, a voucher and a crypto deposit,
// withdrawals by bank and Bitcoin, a cancel, the administrator accepting, rejecting, confirming,
// minting and reporting, and the history filtered by each period; axe on each page.
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import {
  changeAdminPassword,
  expectAccessible,
  loggedInPage,
  fillWithdrawalDetails,
  LOCALE_MODES,
  newContext,
  skipBrowserTests,
  useSiteInChromium,
} from '../setup/browser.ts'
import { loggedInPlayer, wagerAsProvider } from '../setup/harness.ts'
import { Browser as HttpBrowser } from '../setup/http.ts'

const ADMIN_FIRST = 'admin-first-password-e2e'
const ADMIN_PASSWORD = 'admin-password-e2e-2026'
const env = useSiteInChromium({ adminPassword: ADMIN_FIRST })

const submit = (page: Page, formId: string) => page.locator(`#${formId} button[type="submit"]`).click()

describe.skipIf(skipBrowserTests)('money in Chromium', () => {
  beforeAll(async () => {
    if (skipBrowserTests) return
    await changeAdminPassword(env.site, ADMIN_FIRST, ADMIN_PASSWORD)
  })

  for (const { locale, javaScript } of LOCALE_MODES) {
    test(`${locale}, JavaScript ${javaScript ? 'on' : 'off'}`, async () => {
      const tr = resources[locale].translation
      const prefix = locale === 'en' ? '/en' : ''
      const money = (text: string) => (locale === 'es' ? `${text}\u00a0€` : `€${text}`)
      const { player } = await loggedInPlayer(env.site, HttpBrowser)
      const context = await newContext(env.browser, { javaScript, baseURL: env.site.webUrl })
      const errors: string[] = []
      const page = await loggedInPage(context, prefix, player.username, player.password)
      page.on('pageerror', (e) => errors.push(e.message))
      const a11y = async () => {
        if (javaScript) await expectAccessible(page)
      }

      // Deposit 40 by card through the 3-D Secure challenge, from the header's Deposit button.
      await page.getByRole('link', { name: tr.common.header.deposit, exact: true }).first().click()
      await page.waitForURL(`**${prefix}/user-management/deposit`)
      await a11y()
      await page.locator('input[name="holderName"]').fill('Lucía García')
      await page.locator('input[name="cardNumber"]').fill('4000 0000 0000 3220')
      await page.locator('input[name="month"]').fill('12')
      await page.locator('input[name="year"]').fill(String(new Date().getUTCFullYear() + 2))
      await page.locator('input[name="cvv2"]').fill('123')
      await page.locator('input[name="amount"]').fill('40')
      await submit(page, 'deposit-altitudepay')
      await page.waitForURL(`**${prefix}/threedsecure?reference=*`)
      await a11y()
      await page.getByRole('button', { name: tr.money.threeds.approve }).click()
      const complete = tr.catalogue.deposit_complete.replace('{{0}}', money(locale === 'es' ? '40,00' : '40.00'))
      await page.getByText(complete).waitFor()
      await expect
        .poll(() => page.locator('header').first().innerText())
        .toContain(money(locale === 'es' ? '40,00' : '40.00'))

      // A declined card says why and keeps nothing of the card.
      await page.goto(`${prefix}/user-management/deposit?method=moto`)
      await page.locator('input[name="holderName"]').fill('Lucía García')
      await page.locator('input[name="cardNumber"]').fill('4000000000000002')
      await page.locator('input[name="month"]').fill('12')
      await page.locator('input[name="year"]').fill(String(new Date().getUTCFullYear() + 2))
      await page.locator('input[name="cvv2"]').fill('123')
      await page.locator('input[name="amount"]').fill('15')
      await submit(page, 'deposit-moto')
      await page.getByText(tr.catalogue.wrong_card_info).first().waitFor()
      if (!javaScript) expect(await page.locator('input[name="cardNumber"]').inputValue()).toBe('')
      await a11y()
      // Another card in the same form is another payment, which goes through (the declined one is
      // over: its key is not sent again).
      await page.locator('input[name="cardNumber"]').fill('4242 4242 4242 4242')
      await page.locator('input[name="cvv2"]').fill('123')
      await submit(page, 'deposit-moto')
      await page
        .getByText(tr.catalogue.deposit_complete.replace('{{0}}', money(locale === 'es' ? '15,00' : '15.00')))
        .waitFor()

      await wagerAsProvider(env.site, player.username, 165_00, 55_00)
      const withdraw = async (method: 'bank_transfer' | 'bitcoin', amount: string) => {
        await page.goto(`${prefix}/user-management/withdrawal?method=${method}`)
        await fillWithdrawalDetails(page, method)
        await page.locator('input[name="amount"]').fill(amount)
        await submit(page, `withdrawal-${method}`)
        await page.getByText(tr.money.withdrawal.sentHeading).waitFor()
      }

      // A bank withdrawal, cancelled from the history.
      await withdraw('bank_transfer', '20')
      await a11y()
      await page.goto(`${prefix}/user-management/transactions?period=24h&type=withdrawal&status=pending`)
      await page
        .getByRole('link', { name: new RegExp(tr.money.history.detailsOrCancel) })
        .first()
        .click()
      await page.getByRole('button', { name: tr.money.detail.cancel }).click()
      await page.getByText(tr.catalogue.withdrawal_cancelled).waitFor()

      // One by Bitcoin the administrator accepts, one by bank the administrator rejects.
      await withdraw('bitcoin', '20')
      const adminContext = await newContext(env.browser, { javaScript, baseURL: env.site.webUrl })
      const admin = await loggedInPage(adminContext, prefix, 'admin', ADMIN_PASSWORD)
      await admin.goto(`${prefix}/admin/withdrawals`)
      if (javaScript) await expectAccessible(admin)
      const mine = admin.locator('section', { hasText: player.username })
      await mine.getByRole('button', { name: tr.admin.withdrawals.accept }).click()
      await admin.getByText(tr.admin.withdrawals.accepted).waitFor()
      await withdraw('bank_transfer', '20')
      await admin.goto(`${prefix}/admin/withdrawals`)
      await mine.locator('textarea[name="reason"]').fill('Titular distinto / holder differs')
      await mine.getByRole('button', { name: tr.admin.withdrawals.reject }).click()
      await admin.getByText(tr.admin.withdrawals.rejected).waitFor()

      // A bank transfer the administrator confirms; a voucher the administrator mints.
      await page.goto(`${prefix}/user-management/deposit?method=carespay`)
      await page.locator('input[name="amount"]').fill('30')
      await submit(page, 'deposit-carespay')
      const reference = (
        await page
          .getByText(/BT-[A-Z2-9]{5}-[A-Z2-9]{5}/)
          .first()
          .innerText()
      ).match(/BT-[A-Z2-9]{5}-[A-Z2-9]{5}/)?.[0]
      expect(reference).toBeTruthy()
      await admin.goto(`${prefix}/admin/deposits`)
      if (javaScript) await expectAccessible(admin)
      await admin
        .locator('section', { hasText: reference! })
        .getByRole('button', { name: tr.admin.deposits.confirm })
        .click()
      await admin.getByText(tr.admin.deposits.confirmed).waitFor()
      await admin.goto(`${prefix}/admin/vouchers`)
      await admin.locator('input[name="amount"]').fill('15')
      await admin.locator('input[name="count"]').fill('1')
      await admin.getByRole('button', { name: tr.admin.vouchers.mint }).click()
      await admin.getByText(tr.admin.vouchers.minted).waitFor()
      if (javaScript) await expectAccessible(admin)
      const code = (await admin.locator('li code').first().innerText()).match(/[A-Z2-9]{4}(-[A-Z2-9]{4}){3}/)?.[0]
      expect(code).toBeTruthy()
      await page.goto(`${prefix}/user-management/deposit?method=cashlib`)
      await page.locator('input[name="voucherCode"]').fill(code!)
      await submit(page, 'deposit-cashlib')
      await page
        .getByText(tr.catalogue.deposit_complete.replace('{{0}}', money(locale === 'es' ? '15,00' : '15.00')))
        .waitFor()

      // A Bitcoin deposit to the player's own address, reported with its confirmations.
      await page.goto(`${prefix}/user-management/deposit?method=crypto`)
      await page.getByRole('button', { name: tr.money.crypto.show }).click()
      const address = await page.locator('code').first().innerText()
      expect(address).toMatch(/^bc1q[a-z0-9]{38}$/)
      expect(await page.getByRole('img', { name: tr.money.crypto.qrAlt }).isVisible()).toBe(true)
      if (javaScript) await expectAccessible(page)
      await admin.goto(`${prefix}/admin/deposits`)
      await admin.locator('select[name="coin"]').selectOption('BTC')
      await admin.locator('input[name="address"]').fill(address)
      await admin
        .locator('input[name="txId"]')
        .fill([...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, '0')).join(''))
      await admin.locator('input[name="units"]').fill('0.0002')
      await admin.locator('input[name="confirmations"]').fill('6')
      await admin.getByRole('button', { name: tr.admin.deposits.report }).click()
      await admin.getByText(tr.admin.deposits.cryptoCredited).waitFor()

      await admin.goto(`${prefix}/admin/audit`)
      if (javaScript) await expectAccessible(admin)
      await adminContext.close()

      // The history by each period; the statuses as the player sees them.
      for (const period of ['24h', '7d', '30d', 'custom'] as const) {
        await page.goto(`${prefix}/user-management/transactions`)
        await page.locator('select[name="period"]').selectOption(period)
        if (period === 'custom') {
          const today = new Date().toISOString().slice(0, 10)
          await page.locator('input[name="from"]').fill(today)
          await page.locator('input[name="to"]').fill(today)
        }
        await page.getByRole('button', { name: tr.money.history.apply }).click()
        await page.waitForURL(`**period=${period}*`)
        const table = page.locator('table')
        for (const status of ['complete', 'cancelled', 'rejected', 'failed'] as const)
          await expect
            .poll(() => table.innerText(), { message: `${period} ${status}` })
            .toContain(tr.money.statuses[status])
        if (period === '24h') await a11y()
      }
      // 40 and 15 deposited by card, 20 paid out by Bitcoin; then 30 by bank, 15 by voucher and 17
      // (0.0002 BTC) by crypto.
      await expect
        .poll(() => page.locator('header').first().innerText())
        .toContain(money(locale === 'es' ? '97,00' : '97.00'))
      expect(errors).toEqual([])
      await context.close()
    })
  }
})
