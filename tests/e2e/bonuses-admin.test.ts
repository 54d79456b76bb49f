// The administrator's bonuses in Debian Chromium, with JavaScript on and off, in Spanish and
// English: a player's bonus granted by hand (a refused grant keeps what was typed), listed among
// the stakes above its limit, then cancelled with a reason; a template's terms edited (a refused
// edit keeps what was typed); a promo code switched off; the scheduled jobs; axe on each page (ADR 0056).
import { beforeAll, describe, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import {
  changeAdminPassword,
  expectAccessible,
  loggedInPage,
  LOCALE_MODES,
  newContext,
  skipBrowserTests,
  useSiteInChromium,
} from '../setup/browser.ts'
import { loggedInPlayer, playAsProvider } from '../setup/harness.ts'
import { Browser as HttpBrowser } from '../setup/http.ts'

const ADMIN_FIRST = 'admin-first-password-bonus-admin'
const ADMIN_PASSWORD = 'admin-password-bonus-admin-2026'
const env = useSiteInChromium({ adminPassword: ADMIN_FIRST })

describe.skipIf(skipBrowserTests)("the administrator's bonuses in Chromium", () => {
  beforeAll(async () => {
    if (skipBrowserTests) return
    await changeAdminPassword(env.site, ADMIN_FIRST, ADMIN_PASSWORD)
  })

  for (const [i, { locale, javaScript }] of LOCALE_MODES.entries()) {
    test(`${locale}, JavaScript ${javaScript ? 'on' : 'off'}`, async () => {
      const tr = resources[locale].translation
      const pb = tr.admin.playerBonuses
      const prefix = locale === 'en' ? '/en' : ''
      const { player } = await loggedInPlayer(env.site, HttpBrowser)
      const context = await newContext(env.browser, { javaScript, baseURL: env.site.webUrl })
      const admin = await loggedInPage(context, prefix, 'admin', ADMIN_PASSWORD)
      const a11y = async () => {
        if (javaScript) await expectAccessible(admin)
      }

      // The new sections are in the administration's navigation.
      await admin.goto(`${prefix}/admin/players?username=${player.username}`)
      const nav = admin.getByRole('navigation', { name: tr.admin.sectionsLabel })
      await nav.getByRole('link', { name: tr.admin.sections.bonusTemplates }).waitFor()
      await nav.getByRole('link', { name: tr.admin.sections.irregularPlay }).waitFor()
      await admin.getByRole('heading', { name: pb.heading, exact: true }).waitFor()
      await admin.getByText(pb.empty).waitFor()
      await a11y()

      // A grant whose amount is not one: refused, what was typed kept.
      await admin.getByLabel(pb.template).selectOption('bonus_code')
      await admin.getByLabel(pb.amount, { exact: true }).fill('doce')
      await admin.getByLabel(pb.reason).fill('Goodwill')
      await admin.getByRole('button', { name: pb.grant }).click()
      await admin.getByRole('alert').waitFor()
      expect(await admin.getByLabel(pb.amount, { exact: true }).inputValue()).toBe('doce')
      expect(await admin.getByLabel(pb.reason).inputValue()).toBe('Goodwill')
      await a11y()

      await admin.getByLabel(pb.amount, { exact: true }).fill('12')
      await admin.getByRole('button', { name: pb.grant }).click()
      await admin.getByText(pb.grantDone).waitFor()
      await admin.getByRole('cell', { name: pb.statuses.active, exact: true }).waitFor()
      await a11y()

      // A 5 € stake of the bonus money, above its limit (30 % of 12 €): listed as irregular play.
      await playAsProvider(env.site, player.username, { stake: 5_00, win: 0 })
      await admin.goto(`${prefix}/admin/irregular-play`)
      await admin.getByRole('heading', { name: tr.admin.irregularPlay.heading, exact: true }).waitFor()
      const row = admin.getByRole('row').filter({ hasText: player.username })
      await row.getByText('golden-sevens').waitFor()
      await a11y()
      await row.getByRole('link', { name: player.username }).click()
      await admin.getByRole('heading', { name: pb.heading, exact: true }).waitFor()

      // Cancelled with its reason.
      await admin.locator('textarea[name="reason"]').fill('Irregular play')
      await admin.getByRole('button', { name: pb.cancel }).click()
      await admin.getByText(pb.cancelDone).waitFor()
      await admin.getByRole('cell', { name: pb.statuses.cancelled, exact: true }).waitFor()
      await admin.getByRole('button', { name: pb.grant }).waitFor()
      await a11y()

      // A template's terms: the list sums them up from the fields; an edit is saved, a bad one kept.
      const bt = tr.admin.bonusTemplates
      await admin.goto(`${prefix}/admin/bonus-templates`)
      await admin.getByRole('heading', { name: bt.heading, exact: true }).waitFor()
      await a11y()
      const name = locale === 'en' ? 'Bonus code' : 'Código de bono'
      await admin.getByRole('link', { name: bt.edit.replace('{{name}}', name) }).click()
      await admin.getByRole('heading', { name, exact: true }).waitFor()
      await a11y()
      const days = String(20 + i)
      await admin.getByLabel(tr.admin.fields.validityDays).fill(days)
      await admin.getByRole('button', { name: bt.save }).click()
      await admin.getByText(bt.saved).waitFor()
      expect(await admin.getByLabel(tr.admin.fields.validityDays).inputValue()).toBe(days)
      await a11y()
      await admin.getByLabel(tr.admin.fields.wageringMultiplier).fill('0')
      await admin.getByRole('button', { name: bt.save }).click()
      await admin.getByRole('alert').waitFor()
      expect(await admin.getByLabel(tr.admin.fields.wageringMultiplier).inputValue()).toBe('0')
      await a11y()

      // A promo code switched off and its uses changed; its row says so.
      const pc = tr.admin.promoCodes
      const code = `OFF${i}${locale.toUpperCase()}${javaScript ? 'JS' : 'NOJS'}`
      await admin.goto(`${prefix}/admin/promo-codes`)
      await admin.getByLabel(pc.code).fill(code)
      await admin.getByLabel(pc.amount).fill('5')
      await admin.getByRole('button', { name: pc.create }).click()
      await admin.getByText(pc.done.replace('{{0}}', code)).waitFor()
      await admin.getByRole('link', { name: pc.editHeading.replace('{{0}}', code) }).click()
      const editing = admin.getByRole('region', { name: pc.editHeading.replace('{{0}}', code) })
      await editing.getByLabel(pc.maxUses).fill('7')
      await editing.getByLabel(pc.enabled).uncheck()
      await editing.getByRole('button', { name: pc.save }).click()
      await admin.getByText(pc.updated.replace('{{0}}', code)).waitFor()
      const codeRow = admin.getByRole('row').filter({ hasText: code })
      await codeRow.getByRole('cell', { name: pc.off, exact: true }).waitFor()
      await codeRow.getByText(pc.usedOf.replace('{{uses}}', '0').replace('{{max}}', '7')).waitFor()
      await a11y()

      // The schedules, read from the queue: each job with its cron and next run.
      await admin.goto(`${prefix}/admin/schedules`)
      await admin.getByRole('heading', { name: tr.admin.schedules.heading, exact: true }).waitFor()
      await admin.getByRole('row').filter({ hasText: 'expire_bonuses' }).waitFor()
      await a11y()
      await context.close()
    })
  }
})
