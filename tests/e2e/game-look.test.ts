// The games' look and pace in Chromium (issue 24). A slot: the reels spin from the click and come to rest
// on the server's screen, drawn with the title's symbol art and named for screen readers; a
// round lasts at least the minimum duration (the game server's setting, on here), with the
// result, balance and session line kept still until the reels stop; reduced motion turns the
// spin into a fade of the same length; without JavaScript the same art shows the round's end;
// sound stays off (no audio at all) until the player switches it on, and the choice is remembered.
// Roulette: the wheel turns and lands with the server's pocket under the ball, the last results
// in a strip of coloured numbers. Star Drop's ball rests in the server's slot; keno's drawn
// numbers are the server's.
import type { FrameLocator, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import { calls, GAME_SESSION_HEADER } from '#casino-api/contract/index.ts'
import { SYMBOL_NAMES } from '#ui/slot-symbol.tsx'
import { rankOf, suitOf } from '#provider/games/cards.ts'
import type { BlackjackView } from '#provider/games/engines/blackjack.ts'
import { putChips } from '../setup/roulette.ts'
import {
  cents,
  expectAccessible,
  listenForSound,
  onBoard,
  pageWithErrors,
  roundResult,
  skipBrowserTests,
  soundHeard,
  useSiteInChromium,
} from '../setup/browser.ts'

const MIN_MS = 2500
const env = useSiteInChromium({ api: { slotMinRoundMs: MIN_MS } })
type Games = (typeof resources)['en']['translation']['games']

/** The page's game session as the provider tells it (game_open): its last rounds' views first. */
async function serverGame<View>(page: Page) {
  const src = await page.locator('iframe').getAttribute('src')
  const token = new URL(src!, env.site.webUrl).pathname.split('/').pop()!
  const res = await fetch(env.site.api.providerUrl + calls.game_open.path, {
    method: calls.game_open.method,
    headers: { [GAME_SESSION_HEADER]: token, 'content-type': 'application/json' },
    body: '{}',
  })
  return (await res.json()) as {
    minRoundMs: number
    symbols: Record<string, { glyph: keyof typeof SYMBOL_NAMES }>
    recentRounds: { stake: number; view: View }[]
  }
}

/** Waits until the frame tells a round's outcome (the round at rest). */
const roundAtRest = (frame: FrameLocator, t: Games) =>
  expect
    .poll(() => frame.getByRole('region', { name: t.frame.lastRound }).locator('[aria-live] > p').count(), {
      timeout: 15_000,
    })
    .toBe(1)

/** The names the frame must show, reel by reel, for the last round of the frame's game session (asked of the provider). */
async function serverScreen(page: Page, t: Games) {
  const game = await serverGame<{ spins: { screen: string[][] }[] }>(page)
  expect(game.minRoundMs).toBe(MIN_MS)
  return game.recentRounds[0]!.view.spins[0]!.screen.map((column) =>
    column.map((symbol) => t.symbols[SYMBOL_NAMES[game.symbols[symbol]!.glyph]]),
  )
}

/** The symbols' names the frame (a framed one, or the frame's page) shows, reel by reel. */
const shownScreen = (frame: FrameLocator | Page, t: Games, reels: number) =>
  Promise.all(
    Array.from({ length: reels }, (_, i) =>
      frame
        .getByRole('list', { name: t.frame.reel.replace('{{n}}', String(i + 1)) })
        .getByRole('img')
        .evaluateAll((art) => art.map((a) => a.getAttribute('aria-label'))),
    ),
  )

/** Spins once with JavaScript and answers how long the round took and how a spinning reel moved. */
async function spinWithScript(page: Page, t: Games) {
  const frame = page.frameLocator('iframe')
  const spin = frame.getByRole('button', { name: t.frame.spin })
  const region = frame.getByRole('region', { name: t.frame.lastRound })
  const balance = frame.locator('[aria-live="polite"]').first()
  await expect.poll(() => spin.isEnabled()).toBe(true)
  const before = await balance.innerText()
  const started = Date.now()
  await spin.click()
  // The reels run while the round is under way; nothing of its outcome shows yet.
  await expect.poll(() => region.getAttribute('aria-busy')).toBe('true')
  const strip = region.locator('ul[aria-busy="true"] > li').first()
  const transform = await strip.evaluate((el) => getComputedStyle(el).transform)
  expect(await spin.isEnabled()).toBe(false)
  expect(await balance.innerText()).toBe(before)
  expect(await region.locator('[aria-live] > p').count()).toBe(0)
  await expect.poll(() => region.locator('[aria-live] > p').count(), { timeout: 15_000 }).toBe(1)
  const took = Date.now() - started
  expect(await region.getAttribute('aria-busy')).toBe('false')
  return { took, transform }
}

describe.skipIf(skipBrowserTests)('a slot and a roulette wheel in Chromium', () => {
  test('with motion (en, 1280 px): the reels spin at least the minimum duration and stop on the round the server played, in the title’s art', async () => {
    const t = resources.en.translation.games
    const { context, page, errors } = await pageWithErrors(env.browser, { javaScript: true, baseURL: env.site.webUrl })
    await page.goto('/en/casino/ember-crown?mode=demo')
    for (let round = 0; round < 2; round++) {
      const { took, transform } = await spinWithScript(page, t)
      expect(took).toBeGreaterThanOrEqual(MIN_MS)
      // A spinning reel's strip moves (a translation), it does not just fade.
      expect(transform).toMatch(/^matrix/)
      const expected = await serverScreen(page, t)
      expect(await shownScreen(page.frameLocator('iframe'), t, expected.length)).toEqual(expected)
    }
    await expectAccessible(page)
    expect(errors).toEqual([])
    await context.close()
  })

  test('with reduced motion (es, 390 px): the reels fade instead of running, for the same minimum duration, and stop on the server’s round', async () => {
    const t = resources.es.translation.games
    const { context, page, errors } = await pageWithErrors(env.browser, {
      javaScript: true,
      baseURL: env.site.webUrl,
      viewport: { width: 390, height: 844 },
      reducedMotion: 'reduce',
    })
    await page.goto('/casino/golden-sevens?mode=demo')
    const { took, transform } = await spinWithScript(page, t)
    expect(took).toBeGreaterThanOrEqual(MIN_MS)
    expect(transform).toBe('none')
    const expected = await serverScreen(page, t)
    expect(await shownScreen(page.frameLocator('iframe'), t, expected.length)).toEqual(expected)
    // The reels fit a phone's width.
    const box = await page.frameLocator('iframe').getByRole('list', { name: 'Rodillo 3' }).boundingBox()
    expect(box!.x + box!.width).toBeLessThanOrEqual(390)
    await expectAccessible(page)
    expect(errors).toEqual([])
    await context.close()
  })

  test('without JavaScript (en): the same art shows the round’s end, and a second spin comes no sooner than the minimum duration', async () => {
    const t = resources.en.translation.games
    const { context, page } = await pageWithErrors(env.browser, { javaScript: false, baseURL: env.site.webUrl })
    await page.goto('/en/casino/aurora-wolves?mode=demo')
    // The frame is a page of its own without JavaScript's full screen: open it where it is.
    const src = await page.locator('iframe').getAttribute('src')
    const frame = await context.newPage()
    await frame.goto(new URL(src!, env.site.webUrl).href)
    // No sound without the page's script: its switch keeps its place but is neither seen nor reached.
    expect(await frame.getByRole('button', { name: t.frame.sound }).count()).toBe(0)
    const spin = frame.getByRole('button', { name: t.frame.spin })
    const started = Date.now()
    await spin.click()
    await frame.waitForLoadState()
    await spin.click()
    await frame.waitForLoadState()
    expect(Date.now() - started).toBeGreaterThanOrEqual(MIN_MS)
    const expected = await serverScreen(page, t)
    expect(await shownScreen(frame, t, expected.length)).toEqual(expected)
    await context.close()
  })

  test('sound is off until switched on, then plays the spin and the reels (and a chime only for a return above the stake), and is remembered', async () => {
    const t = resources.en.translation.games
    const { context, page, errors } = await pageWithErrors(env.browser, { javaScript: true, baseURL: env.site.webUrl })
    await listenForSound(context)
    const heard = () => soundHeard(page)
    await page.goto('/en/casino/ember-crown?mode=demo')
    const frame = page.frameLocator('iframe')
    const sound = frame.getByRole('button', { name: t.frame.sound })
    expect(await sound.getAttribute('aria-pressed')).toBe('false')
    await spinWithScript(page, t)
    expect(await heard()).toEqual({ contexts: 0, tones: [] })

    await sound.click()
    expect(await sound.getAttribute('aria-pressed')).toBe('true')
    await spinWithScript(page, t)
    const on = await heard()
    expect(on.contexts).toBe(1)
    // The spin's sweep and a knock as each of the five reels stops, at least.
    expect(on.tones.length).toBeGreaterThanOrEqual(6)
    const said = await frame.locator('[aria-live] > p').innerText()
    const chime = on.tones.filter((f) => Math.round(f) === 523)
    expect(chime.length, said).toBe(said.startsWith(t.frame.won.split('{{')[0]!) ? 1 : 0)

    // Remembered after a reload; switched off, nothing more plays.
    await page.reload()
    await expect.poll(() => sound.getAttribute('aria-pressed')).toBe('true')
    await expectAccessible(page)
    await sound.click()
    expect(await sound.getAttribute('aria-pressed')).toBe('false')
    await spinWithScript(page, t)
    expect((await heard()).tones).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  for (const { locale, width, reducedMotion } of [
    { locale: 'en', width: 1280, reducedMotion: 'no-preference' },
    { locale: 'es', width: 390, reducedMotion: 'reduce' },
  ] as const)
    test(`roulette (${locale}, ${width} px, ${reducedMotion === 'reduce' ? 'reduced motion' : 'motion'}): the wheel comes to rest with the server's pocket under the ball`, async () => {
      const t = resources[locale].translation.games
      const { context, page, errors } = await pageWithErrors(env.browser, {
        javaScript: true,
        baseURL: env.site.webUrl,
        viewport: { width, height: 900 },
        reducedMotion,
      })
      await page.goto(`${locale === 'en' ? '/en' : ''}/casino/european-roulette?mode=demo`)
      const frame = page.frameLocator('iframe')
      const region = frame.getByRole('region', { name: t.frame.lastRound })
      // The wheel's turning drawing (its pockets and numbers).
      const wheel = region.locator('svg[data-rotor]')
      // The chip stays on the table from one spin to the next.
      await putChips(frame, locale === 'en' ? '1.00 Fichas' : '1,00 Fichas', [t.table.spots.red])
      for (let round = 0; round < 2; round++) {
        const started = Date.now()
        await frame.getByRole('button', { name: t.frame.place }).click()
        await expect.poll(() => region.getAttribute('aria-busy')).toBe('true')
        // The wheel is in the frame's view as it turns (on a phone the player pressed the button
        // under the table, scrolled below the wheel).
        await expect
          .poll(() =>
            wheel.evaluate(
              (svg) => svg.getBoundingClientRect().top >= 0 && svg.getBoundingClientRect().bottom <= innerHeight,
            ),
          )
          .toBe(true)
        // The wheel turns (a rotation), or with reduced motion only fades.
        const turning = await wheel.evaluate((svg) => getComputedStyle(svg).transform)
        if (reducedMotion === 'reduce') expect(turning).toBe('none')
        else expect(turning).toMatch(/^matrix/)
        await roundAtRest(frame, t)
        // It turns at least a second and a half, then lands.
        expect(Date.now() - started).toBeGreaterThanOrEqual(3700)
        // Its words come with the rest (their text as laid out, once Chromium has drawn them).
        const words = onBoard(frame, t.frame.pocket.split('{{')[0]!)
        await expect.poll(() => words.innerText()).toMatch(/\d+\s+\S+$/)
        const said = await words.innerText()
        const pocket = /(\d+)\s+\S+$/.exec(said)![1]!
        // A screen reader hears the same words, then the outcome, from the live region.
        const lead = t.frame.pocket.split('{{')[0]!
        expect(await region.locator('[aria-live]').textContent()).toMatch(
          new RegExp(`^${said.slice(said.indexOf(lead))}\\. (${roundResult(t.frame).source.slice(1, -1)})$`),
        )
        // The number drawn nearest the top of the wheel, under the ball, is the server's pocket.
        const top = await wheel
          .locator('text')
          .evaluateAll(
            (texts) =>
              texts
                .map((text) => ({ y: text.getBoundingClientRect().top, n: text.textContent }))
                .toSorted((a, b) => a.y - b.y)[0]!.n,
          )
        expect(top, said).toBe(pocket)
        // The last results start with it.
        const strip = region.getByRole('list', { name: resources[locale].translation.games.live.history })
        expect(await strip.locator('li').first().locator('[aria-hidden]').innerText()).toBe(pocket)
      }
      await expectAccessible(page)
      expect(errors).toEqual([])
      await context.close()
    })

  test("Star Drop (en, motion) and keno (es, reduced motion): the ball rests in the server's slot, the drawn numbers are the server's", async () => {
    const { context, page, errors } = await pageWithErrors(env.browser, { javaScript: true, baseURL: env.site.webUrl })
    const en = resources.en.translation.games
    await page.goto('/en/casino/star-drop?mode=demo')
    const frame = page.frameLocator('iframe')
    const region = frame.getByRole('region', { name: en.frame.lastRound })
    await frame.getByRole('button', { name: en.frame.drop }).click()
    await expect.poll(() => region.locator('[aria-live] > p').count(), { timeout: 15_000 }).toBe(1)
    const slot = Number(/(\d+) of 13/.exec(await onBoard(frame, /^It lands in slot/).innerText())![1])
    // The ball's last position is over that slot (13 slots across the board, half a gap apart).
    const ball = await region.locator('svg circle[r="2.6"]').evaluate((c) => Number(c.getAttribute('cx')))
    expect(ball).toBeCloseTo(50 + (2 * (slot - 1) - 12) * (45 / 12), 5)
    await context.close()

    const es = resources.es.translation.games
    const reduced = await pageWithErrors(env.browser, {
      javaScript: true,
      baseURL: env.site.webUrl,
      reducedMotion: 'reduce',
    })
    await reduced.page.goto('/casino/classic-keno?mode=demo')
    const keno = reduced.page.frameLocator('iframe')
    for (const n of [3, 17, 42, 66, 79]) await keno.getByRole('checkbox', { name: String(n), exact: true }).check()
    await keno.getByRole('button', { name: es.frame.draw, exact: true }).click()
    const board = keno.getByRole('region', { name: es.frame.lastRound })
    await expect.poll(() => board.locator('[aria-live] > p').count(), { timeout: 15_000 }).toBe(1)
    // Told once the draw is at rest (kept hidden in its place while the numbers come).
    const said = await board
      .getByText(new RegExp(`^${es.keno.drawn.split('{{')[0]}`))
      .filter({ visible: true })
      .innerText()
    const drawn = said.replace(/^\D+/, '').replace(/\.$/, '').split(', ').map(Number)
    expect(drawn).toHaveLength(20)
    // The numbers marked as drawn on the grid are those.
    const marked = await board
      .locator('ul[aria-hidden] li')
      .evaluateAll((cells) =>
        cells.filter((c) => getComputedStyle(c).fontWeight === '700').map((c) => Number(c.textContent)),
      )
    expect(marked.toSorted((a, b) => a - b)).toEqual(drawn)
    expect(errors.concat(reduced.errors)).toEqual([])
    await reduced.context.close()
  })

  test('blackjack (es, 1280 px, motion), dice (en, 390 px, reduced motion) and the scratch card (en, 1280 px): the frame shows the server’s round', async () => {
    // Blackjack: the dealer's and the player's cards, named, are the round's, and its stake lies on the felt.
    const es = resources.es.translation.games
    const cardName = (card: number) =>
      es.cards.name
        .replace('{{rank}}', es.cards.ranks[`r${rankOf(card)}` as keyof typeof es.cards.ranks])
        .replace('{{suit}}', es.cards.suits[suitOf(card)])
    const table = await pageWithErrors(env.browser, { javaScript: true, baseURL: env.site.webUrl })
    await table.page.goto('/casino/blackjack?mode=demo')
    const felt = table.page.frameLocator('iframe')
    await felt.getByRole('button', { name: es.frame.deal, exact: true }).click()
    const stand = felt.getByRole('button', { name: es.blackjack.moves.stand, exact: true })
    const region = felt.getByRole('region', { name: es.frame.lastRound })
    await expect
      .poll(async () => (await stand.count()) + (await region.locator('[aria-live] > p').count()), { timeout: 15_000 })
      .toBeGreaterThan(0)
    if ((await stand.count()) > 0) await stand.click()
    await roundAtRest(felt, es)
    const { recentRounds } = await serverGame<BlackjackView>(table.page)
    const round = recentRounds[0]!
    const shownCards = (name: string) =>
      felt.getByRole('list', { name, exact: true }).getByRole('listitem').locator('.visually-hidden').allTextContents()
    expect(await shownCards(es.blackjack.dealer)).toEqual(round.view.dealer.map((c) => cardName(c!)))
    if (round.view.hands.length === 1)
      expect(await shownCards(es.blackjack.hand)).toEqual(round.view.hands[0]!.cards.map(cardName))
    const stake = await felt.locator('select[name="stake"] option:checked').innerText()
    expect(cents(stake)).toBe(round.stake)
    expect(await felt.getByText(es.frame.stakeOnTable.replace('{{amount}}', stake), { exact: true }).count()).toBe(1)
    await expectAccessible(table.page)
    expect(table.errors).toEqual([])
    await table.context.close()

    // Dice, with reduced motion: the roll told is the round's.
    const en = resources.en.translation.games
    const dice = await pageWithErrors(env.browser, {
      javaScript: true,
      baseURL: env.site.webUrl,
      viewport: { width: 390, height: 844 },
      reducedMotion: 'reduce',
    })
    await dice.page.goto('/en/casino/dice?mode=demo')
    const die = dice.page.frameLocator('iframe')
    await die.getByRole('button', { name: en.frame.roll, exact: true }).click()
    await roundAtRest(die, en)
    const rolled = (await serverGame<{ roll: number }>(dice.page)).recentRounds[0]!.view.roll
    expect(await onBoard(die, new RegExp(`^${en.frame.rolled.split('{{')[0]}`)).innerText()).toContain(
      en.frame.rolled.replace('{{roll}}', (rolled / 100).toFixed(2)),
    )
    expect(dice.errors).toEqual([])
    await dice.context.close()

    // The scratch card: its nine squares, uncovered one by one, are the round's card.
    const scratch = await pageWithErrors(env.browser, { javaScript: true, baseURL: env.site.webUrl })
    await scratch.page.goto('/en/casino/lucky-clover?mode=demo')
    const card = scratch.page.frameLocator('iframe')
    await card.getByRole('button', { name: en.frame.scratch, exact: true }).click()
    await roundAtRest(card, en)
    const squares = card.getByRole('list', { name: en.scratch.card }).getByRole('listitem')
    const view = (await serverGame<{ card: string[] }>(scratch.page)).recentRounds[0]!.view
    const names = await squares.allTextContents()
    expect(names).toHaveLength(9)
    // Each square's art, then its name for screen readers.
    names.forEach((text, i) =>
      expect(text.endsWith(en.scratch.symbols[view.card[i] as keyof typeof en.scratch.symbols]), text).toBe(true),
    )
    expect(scratch.errors).toEqual([])
    await scratch.context.close()
  })
})
