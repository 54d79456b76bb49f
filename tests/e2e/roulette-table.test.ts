// The roulette betting table in Chromium, as a player uses it: several bets on one spin (numbers,
// a line between them, an even chance), undo, the total, the bets kept for the next spin and
// cleared; in both languages, with and without JavaScript, on a desktop and a phone's width.
import { describe, expect, test } from 'vitest'
import { isRed } from '#provider/games/engines/layouts.ts'
import { resources } from '#locales/index.ts'
import {
  onBoard,
  expectAccessible,
  LOCALE_MODES,
  pageWithErrors,
  skipBrowserTests,
  useSiteInChromium,
} from '../setup/browser.ts'
import { putChips } from '../setup/roulette.ts'

const env = useSiteInChromium()
/** Demo chips, written as the page's language writes numbers. */
const chips = (n: string) => `${n} Fichas`

describe.skipIf(skipBrowserTests)('the roulette betting table', () => {
  for (const { locale, javaScript } of LOCALE_MODES)
    test(`${locale}, JavaScript ${javaScript ? 'on' : 'off'}: four chips, one undone, one spin pays each bet`, async () => {
      const tr = resources[locale].translation.games
      const spot = (type: keyof typeof tr.table.spots, numbers = '') =>
        tr.table.spots[type].replace('{{numbers}}', numbers)
      // Each language at both widths; axe (JavaScript on) at both.
      const width = javaScript === (locale === 'es') ? 390 : 1280
      const { context, page, errors } = await pageWithErrors(env.browser, {
        javaScript,
        baseURL: env.site.webUrl,
        viewport: { width, height: 844 },
      })
      await page.goto(`${locale === 'en' ? '/en' : ''}/casino/european-roulette?mode=demo`)
      const frame = page.frameLocator('iframe')
      const balance = () => frame.locator('[aria-live="polite"]').first().innerText()
      await expect.poll(balance).toMatch(locale === 'en' ? /1,000\.00/ : /1\.?000,00/)

      await putChips(frame, chips(locale === 'en' ? '1.00' : '1,00'), [
        spot('straight', '17'),
        spot('split', '17-18'),
        spot('red'),
        spot('corner', '1-2-4-5'),
      ])
      await frame.getByRole('button', { name: tr.table.undo }).click()
      const total = frame.locator('output').first()
      await expect
        .poll(() => total.innerText())
        .toBe(
          tr.table.total_other
            .replace('{{amount}}', chips(locale === 'en' ? '3.00' : '3,00'))
            .replace('{{count}}', '3'),
        )
      // The spot keeps its chips in its name, for a screen reader.
      await expect
        .poll(() => frame.getByRole('button', { name: new RegExp(`^${spot('split', '17-18')}: `) }).count())
        .toBe(1)
      if (javaScript) await expectAccessible(page)

      await frame.getByRole('button', { name: tr.frame.place, exact: true }).click()
      // Told once the wheel has come to rest (kept hidden in its place while it turns).
      const landed = onBoard(frame, locale === 'en' ? /The ball lands on (\d+)/ : /La bola cae en el (\d+)/).filter({
        visible: true,
      })
      await expect.poll(() => landed.count()).toBe(1)
      const pocket = Number((await landed.innerText()).match(/(\d+)/)![1])
      // 1 on 17 pays 36, 1 on 17-18 pays 18, 1 on red pays 2: each bet of the spin was played.
      const won = (pocket === 17 ? 36 : 0) + ([17, 18].includes(pocket) ? 18 : 0) + (isRed(pocket) ? 2 : 0)
      const after = 1000 - 3 + won
      // The board lists each bet of the spin with what it brought back.
      const money = (n: number) => chips(n.toFixed(2).replace('.', locale === 'en' ? '.' : ','))
      const line = (name: string, back: number) =>
        tr.table.betReturn.replace('{{spot}}', name).replace('{{stake}}', money(1)).replace('{{returned}}', money(back))
      for (const [name, back] of [
        [spot('straight', '17'), pocket === 17 ? 36 : 0],
        [spot('split', '17-18'), [17, 18].includes(pocket) ? 18 : 0],
        [spot('red'), isRed(pocket) ? 2 : 0],
      ] as const)
        await expect.poll(() => frame.getByText(line(name, back), { exact: true }).count()).toBe(1)
      // (Spanish pages may write 1000 without its grouping mark.)
      const written = after.toLocaleString(locale === 'en' ? 'en-US' : 'de-DE', { minimumFractionDigits: 2 })
      await expect
        .poll(async () => (await balance()).replace(/(\d)\.(\d{3},)/, '$1$2'))
        .toContain(written.replace(/^(\d)\.(\d{3},)/, '$1$2'))
      // The bets stay on the table for the next spin, until cleared.
      expect(await total.innerText()).toContain(chips(locale === 'en' ? '3.00' : '3,00'))
      await frame.getByRole('button', { name: tr.table.clear }).click()
      await expect
        .poll(() => total.innerText())
        .toBe(
          tr.table.total_other
            .replace('{{amount}}', chips(locale === 'en' ? '0.00' : '0,00'))
            .replace('{{count}}', '0'),
        )
      expect(errors).toEqual([])
      await context.close()
    })

  test('a spin without chips, and a chip past the round limit, are refused with what is wrong (JavaScript off)', async () => {
    const tr = resources.en.translation.games
    const { context, page } = await pageWithErrors(env.browser, { javaScript: false, baseURL: env.site.webUrl })
    await page.goto('/en/casino/european-roulette?mode=demo')
    const frame = page.frameLocator('iframe')
    // A spin with no chips on the table says what is missing.
    await frame.getByRole('button', { name: tr.frame.place, exact: true }).click()
    await expect
      .poll(() => frame.getByRole('alert').innerText())
      .toBe(resources.en.translation.catalogue.no_chips_placed)
    await putChips(frame, '500.00 Fichas', [tr.table.spots.red])
    await frame.getByRole('button', { name: tr.table.spots.black, exact: true }).click()
    await expect
      .poll(() => frame.getByRole('alert').innerText())
      .toBe(tr.table.overLimit.replace('{{max}}', '500.00 Fichas'))
    expect(await frame.locator('output').first().innerText()).toContain('500.00 Fichas on 1 spot')
    await context.close()
  })

  for (const [width, right] of [
    [1280, '20'],
    [390, '18'],
  ] as const)
    test(`with JavaScript the table is one tab stop that the arrow keys walk (${width} px)`, async () => {
      const tr = resources.en.translation.games
      const { context, page, errors } = await pageWithErrors(env.browser, {
        javaScript: true,
        baseURL: env.site.webUrl,
        viewport: { width, height: 844 },
      })
      await page.goto('/en/casino/european-roulette?mode=demo')
      const frame = page.frameLocator('iframe')
      const spots = frame.locator('button[value^="add:"]')
      await expect.poll(() => spots.evaluateAll((b) => b.filter((x) => x.tabIndex === 0).length)).toBe(1)
      const focused = () => frame.locator(':focus').getAttribute('aria-label')
      await frame
        .getByRole('button', { name: tr.table.spots.straight.replace('{{numbers}}', '17'), exact: true })
        .focus()
      // Across the screen 17's right neighbour is 20, down it 18; the line between them comes first.
      await page.keyboard.press('ArrowRight')
      expect(await focused()).toMatch(/^Split 17-/)
      await page.keyboard.press('ArrowRight')
      expect(await focused()).toBe(tr.table.spots.straight.replace('{{numbers}}', right))
      // The spot in focus is the table's one tab stop, and Enter puts a chip on it.
      expect(
        await spots.evaluateAll((b) => b.filter((x) => x.tabIndex === 0).map((x) => x.getAttribute('value'))),
      ).toEqual([`add:straight:${right}`])
      await page.keyboard.press('Enter')
      await expect.poll(focused).toMatch(new RegExp(`^Straight up ${right}: `))
      expect(errors).toEqual([])
      await context.close()
    })
})
