// Games in Chromium: a visitor plays a slot for fun and is asked to play for real; a player
// with money plays roulette for real, sees the header balance change live, finds the round in
// Bet History and checks it on the provably fair page; the lobby's filters with JavaScript on
// and off; a dice roll without JavaScript; axe on the lobby, the game view and Bet History.
import { describe, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import {
  cents,
  onBoard,
  expectAccessible,
  logInAs,
  skipBrowserTests,
  useSiteInChromium,
  pageWithErrors as openPage,
} from '../setup/browser.ts'
import { depositByCard, loggedInPlayer } from '../setup/harness.ts'
import { putChips } from '../setup/roulette.ts'
import { Browser as HttpBrowser } from '../setup/http.ts'

const env = useSiteInChromium()
const es = resources.es.translation.games
const en = resources.en.translation.games

const pageWithErrors = (javaScript: boolean) => openPage(env.browser, { javaScript, baseURL: env.site.webUrl })

describe.skipIf(skipBrowserTests)('games in Chromium', () => {
  test('a visitor plays a slot for fun (es), with fun chips, and is asked to play for real', async () => {
    const { context, page, errors } = await pageWithErrors(true)
    await page.goto('/casino')
    await expectAccessible(page)
    await page.getByRole('link', { name: es.card.demo.replace('{{name}}', 'Corona de Ascuas'), exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/casino/ember-crown' && url.search === '?mode=demo')
    await expect.poll(() => page.getByText(es.view.demoBanner).isVisible()).toBe(true)
    // With JavaScript the play area can go full screen, and the button says what it will do.
    const fullscreen = page.getByRole('button', { name: es.view.fullscreen, exact: true })
    await expect.poll(() => fullscreen.count()).toBe(1)
    expect(await fullscreen.getAttribute('aria-pressed')).toBe('false')
    const frame = page.frameLocator('iframe')
    const balance = frame.locator('[aria-live="polite"]').first()
    await expect.poll(() => balance.innerText()).toContain('1000,00 Fichas')
    // The stake of a spin: the chosen bet per line times the lines (the select's label counts them).
    const lines = Number(/\((\d+) líneas?\)/.exec(await frame.locator('label[for="bet-lineBet"]').innerText())?.[1])
    const stake = Number(await frame.locator('select[name="lineBet"]').inputValue()) * lines
    expect(stake).toBeGreaterThan(0)
    const region = frame.getByRole('region', { name: es.frame.lastRound })
    const outcome = region.locator('[aria-live] > p')
    // The round's nonce (in the closed provably fair panel) counts the rounds played.
    const nonce = () => frame.locator('details dd').nth(2).textContent()
    let expected = cents('1000,00')
    for (let round = 1; round <= 10; round++) {
      const before = await nonce()
      await frame.getByRole('button', { name: es.frame.spin }).click()
      // Each round's result shows in place: the frame is not reloaded, the outcome line changes.
      await expect.poll(nonce).not.toBe(before)
      await expect.poll(() => outcome.count()).toBe(1)
      await expect.poll(() => frame.getByRole('button', { name: es.frame.spin }).isEnabled()).toBe(true)
      // The balance moves by exactly this round's win less its stake (ten rounds can end level,
      // so the test counts each one instead of expecting the chips to have moved at the end).
      const text = await outcome.innerText()
      const paid = [es.frame.won, es.frame.gotBack].some((said) => text.startsWith(said.split('{{')[0]!))
      // Only a return above the stake is shown as a win: its paylines drawn over the reels.
      const won = text.startsWith(es.frame.won.split('{{')[0]!)
      // A win's amount is counted up over the reels to the round's win; nothing is counted otherwise.
      const counted = region.locator('p[aria-hidden="true"]')
      if (won) await expect.poll(() => counted.innerText().then(cents)).toBe(cents(text))
      else expect(await counted.count(), text).toBe(0)
      if (!won) expect(await region.locator('polyline').count(), text).toBe(0)
      else if (await region.getByText(/^Línea \d/).count())
        expect(await region.locator('polyline').count()).toBeGreaterThan(0)
      expected += (paid ? cents(text) : 0) - stake
      await expect.poll(() => balance.innerText().then(cents), { message: `round ${round}: ${text}` }).toBe(expected)
    }
    // After ten rounds the game offers real play, which leads a visitor to log in.
    const prompt = frame.getByRole('complementary', { name: es.frame.promptHeading })
    await expect.poll(() => prompt.isVisible()).toBe(true)
    await prompt.getByRole('link', { name: es.view.playForReal }).click()
    await page.waitForURL((url) => url.search === '?mode=real')
    await expect.poll(() => page.getByText(es.view.realNeedsLogin).isVisible()).toBe(true)
    await expectAccessible(page)
    expect(errors).toEqual([])
    await context.close()
  })

  test("the lobby writes each game's return in the page's language, whatever the browser's own (hydration matches)", async () => {
    for (const [path, browserLocale, rtp, separator] of [
      // Spanish keeps the % apart by a no-break space (never alone on a line); English writes 96.17%.
      ['/casino', 'en-US', /^RTP \d{2}(,\d{1,2})?\u00a0%$/, ','],
      ['/en/casino', 'es-ES', /^RTP \d{2}(\.\d{1,2})?%$/, '.'],
    ] as const) {
      const { context, page, errors } = await openPage(env.browser, {
        javaScript: true,
        baseURL: env.site.webUrl,
        locale: browserLocale,
      })
      await page.goto(path)
      await page.waitForLoadState('networkidle')
      const cards = await page.locator('main article').allInnerTexts()
      const returns = cards.flatMap((text) => text.match(/RTP [\d.,]+\s?%/g) ?? [])
      expect(returns.length, path).toBeGreaterThan(10)
      for (const text of returns) expect(text, path).toMatch(rtp)
      expect(
        returns.some((text) => text.includes(separator)),
        path,
      ).toBe(true)
      // A text that differs between the server and the browser is a hydration error in the console.
      expect(errors, path).toEqual([])
      await context.close()
    }
  })

  test('a player plays roulette for real (en): the balance changes live, the round is in Bet History and checks out', async () => {
    const { player, b } = await loggedInPlayer(env.site, HttpBrowser)
    await depositByCard(b, '20.00')
    const { context, page, errors } = await pageWithErrors(true)
    await logInAs(page, player)
    await page.goto('/en/casino/european-roulette')
    const total = page.locator('header [data-balance-total]').first()
    expect(await total.innerText()).toBe('€20.00')
    await page.waitForLoadState('networkidle')
    const frame = page.frameLocator('iframe')
    await putChips(frame, '€1.00', [en.table.spots.straight.replace('{{numbers}}', '17')])
    await frame.getByRole('button', { name: en.frame.place }).click()
    // Told once the wheel has come to rest (kept hidden in its place while it turns).
    const landed = onBoard(frame, /The ball lands on (\d+)/).filter({ visible: true })
    await expect.poll(() => landed.count()).toBe(1)
    const pocket = Number((await landed.innerText()).match(/lands on (\d+)/)![1])
    const expected = pocket === 17 ? '€55.00' : '€19.00'
    // The header follows the wallet over the socket, without a reload of the page.
    await expect.poll(() => total.innerText()).toBe(expected)
    await expectAccessible(page)
    // Its headings go down one level at a time (the title, then the panel's sections), as a
    // screen reader's list of headings expects.
    const levels = await page
      .locator('main :is(h1, h2, h3, h4, h5, h6)')
      .evaluateAll((headings) => headings.map((h) => Number(h.tagName[1])))
    expect(levels.filter((level, i) => i > 0 && level > levels[i - 1]! + 1)).toEqual([])

    // Reveal the seed pair, then the round can be checked.
    await frame.getByText(en.frame.fairness).click()
    await frame.getByRole('button', { name: en.frame.rotate }).click()
    await expect.poll(() => frame.getByText(/Revealed server seed/).count()).toBe(1)

    await page.goto('/en/user-management/bet-history?period=24h')
    await expectAccessible(page)
    const row = page.locator('tbody tr', { hasText: 'European Roulette' })
    await expect.poll(() => row.count()).toBe(1)
    expect(await row.innerText()).toContain('€1.00')
    await row.getByRole('link').click()
    await page.waitForURL(/\/en\/user-management\/bet-history\/[0-9a-f-]+$/)
    await page.getByRole('link', { name: en.round.verify }).click()
    // The check of a round is the provider's page, on its origin.
    await page.waitForURL(/\/en\/provably-fair\?/)
    expect(new URL(page.url()).origin).toBe(new URL(env.site.api.providerUrl).origin)
    await expect.poll(() => page.getByText(new RegExp(`The ball lands on ${pocket} `)).count()).toBe(1)
    await expectAccessible(page)
    await expect
      .poll(() =>
        page.getByText(pocket === 17 ? 'Pays €36.00 for a stake of €1.00' : 'Pays €0.00 for a stake of €1.00').count(),
      )
      .toBe(1)
    expect(errors).toEqual([])
    await context.close()
  })

  test('the lobby filters by URL without JavaScript, and without a reload with it', async () => {
    const off = await pageWithErrors(false)
    await off.page.goto('/en/casino?category=dice')
    expect(await off.page.locator('main h3').allInnerTexts()).toEqual(['Dice'])
    await off.page.getByLabel(en.lobby.search).fill('roulette')
    await off.page.getByLabel(en.lobby.category).selectOption('')
    await off.page.getByRole('button', { name: en.lobby.apply }).click()
    await off.page.waitForURL(/q=roulette/)
    expect((await off.page.locator('main h3').allInnerTexts()).sort()).toEqual([
      'American Roulette',
      'European Roulette',
      'French Roulette',
    ])
    // A roll of the dice for fun, without JavaScript: the frame's form posts and shows the roll.
    await off.page.goto('/en/casino/dice?mode=demo')
    const frame = off.page.frameLocator('iframe')
    await frame.getByRole('button', { name: en.frame.roll }).click()
    await expect.poll(() => onBoard(frame, /Rolled \d+\.\d\d/).count()).toBe(1)
    expect(off.errors).toEqual([])
    await off.context.close()

    const on = await pageWithErrors(true)
    await on.page.goto('/en/casino')
    await on.page.waitForLoadState('networkidle')
    await on.page.evaluate(() => Object.assign(window, { notReloaded: true }))
    await on.page.getByLabel(en.lobby.category).selectOption('slots')
    await on.page.waitForURL(/category=slots/)
    await expect.poll(() => on.page.getByRole('heading', { name: '10 games' }).count()).toBe(1)
    expect(await on.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
    await expectAccessible(on.page)
    expect(on.errors).toEqual([])
    await on.context.close()
  })
})
