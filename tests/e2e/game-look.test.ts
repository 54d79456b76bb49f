// A slot's look and pace in Chromium (issue 24): the reels spin from the click and come to rest
// on the server's screen, drawn with the title's symbol art and named for screen readers; a
// round lasts at least the minimum duration (the game server's setting, on here), with the
// result, balance and session line kept still until the reels stop; reduced motion turns the
// spin into a fade of the same length; without JavaScript the same art shows the round's end.
import type { FrameLocator, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import { calls, GAME_SESSION_HEADER } from '#casino-api/contract/index.ts'
import { SYMBOL_NAMES } from '#ui/slot-symbol.tsx'
import { expectAccessible, pageWithErrors, skipBrowserTests, useSiteInChromium } from '../setup/browser.ts'

const MIN_MS = 2500
const env = useSiteInChromium({ api: { slotMinRoundMs: MIN_MS } })
type Games = (typeof resources)['en']['translation']['games']

/** The names the frame must show, reel by reel, for the last round of the frame's game session (asked of the provider). */
async function serverScreen(page: Page, t: Games) {
  const src = await page.locator('iframe').getAttribute('src')
  const token = new URL(src!, env.site.webUrl).pathname.split('/').pop()!
  const res = await fetch(env.site.api.providerUrl + calls.game_open.path, {
    method: calls.game_open.method,
    headers: { [GAME_SESSION_HEADER]: token, 'content-type': 'application/json' },
    body: '{}',
  })
  const game = (await res.json()) as {
    minRoundMs: number
    symbols: Record<string, { glyph: keyof typeof SYMBOL_NAMES }>
    recentRounds: { view: { spins: { screen: string[][] }[] } }[]
  }
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

describe.skipIf(skipBrowserTests)('a slot in Chromium', () => {
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
})
