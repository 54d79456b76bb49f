// The card games in Chromium, played for fun: baccarat, andar bahar and hi-lo (a guess, then a
// cash-out when it wins), in Spanish and in English; the cards are
// named in words for screen readers; axe on each game with its round on the board.
import type { FrameLocator, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import {
  expectAccessible,
  onBoard,
  roundResult,
  skipBrowserTests,
  useSiteInChromium,
  pageWithErrors,
} from '../setup/browser.ts'

const env = useSiteInChromium()
const texts = { es: resources.es.translation.games, en: resources.en.translation.games }
type Lang = keyof typeof texts

/** A poll that waits long enough for a busy machine (it ends as soon as the condition holds). */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 })
/** The start of a message, before its first placeholder. */
const lead = (message: string) => message.split('{{')[0]!.trim()
const anyOf = (messages: string[]) => new RegExp(messages.map((m) => lead(m).replace(/[()?.*+]/g, '\\$&')).join('|'))
const SUITS = { es: /de (picas|corazones|diamantes|tréboles)/, en: /of (spades|hearts|diamonds|clubs)/ }

async function openDemo(javaScript: boolean, lang: Lang, gameId: string) {
  const { context, page, errors } = await pageWithErrors(env.browser, { javaScript, baseURL: env.site.webUrl })
  await page.goto(`${lang === 'en' ? '/en' : ''}/casino/${gameId}?mode=demo`)
  return { context, page, errors, frame: page.frameLocator('iframe') }
}

async function deal(frame: FrameLocator, lang: Lang) {
  await frame.getByRole('button', { name: texts[lang].frame.deal, exact: true }).click()
}

async function playBaccarat(page: Page, frame: FrameLocator, lang: Lang) {
  const t = texts[lang]
  // The panel beside the game lists the three bets' returns.
  for (const side of ['player', 'banker', 'tie'] as const)
    expect(await page.getByText(t.baccarat.sides[side], { exact: true }).count()).toBe(1)
  await frame.getByRole('radio', { name: t.baccarat.sides.player }).check()
  const stake = await frame.locator('select[name="stake"] option:checked').innerText()
  await deal(frame, lang)
  await poll(() => onBoard(frame, anyOf(Object.values(t.baccarat.winner))).count()).toBe(1)
  // The coup's stake lies on the felt as chips, with its amount.
  expect(await frame.getByText(t.frame.stakeOnTable.replace('{{amount}}', stake), { exact: true }).count()).toBe(1)
  expect(
    await frame.getByRole('list', { name: t.baccarat.player, exact: true }).getByRole('listitem').count(),
  ).toBeGreaterThanOrEqual(2)
  expect(await frame.getByText(SUITS[lang]).count()).toBeGreaterThanOrEqual(4)
}

async function playAndarBahar(frame: FrameLocator, lang: Lang) {
  const t = texts[lang]
  await frame.getByRole('radio', { name: t.andarBahar.sides.bahar }).check()
  await deal(frame, lang)
  await poll(() => onBoard(frame, anyOf(Object.values(t.andarBahar.winner))).count()).toBe(1)
  expect(await frame.getByRole('list', { name: t.andarBahar.joker, exact: true }).getByText(SUITS[lang]).count()).toBe(
    1,
  )
  expect(
    await frame.getByRole('list', { name: t.andarBahar.andar, exact: true }).getByRole('listitem').count(),
  ).toBeGreaterThanOrEqual(1)
}

/** A hi-lo round: deal, guess the side offered (the likelier when both are), cash out if it won. */
async function playHiLo(page: Page, frame: FrameLocator, lang: Lang, javaScript: boolean) {
  const t = texts[lang]
  await deal(frame, lang)
  const higher = frame.getByRole('button', { name: new RegExp(`^${t.hiLo.higher}`) })
  const lower = frame.getByRole('button', { name: new RegExp(`^${t.hiLo.lower}`) })
  await poll(() => higher.count()).toBe(1)
  // While the round waits, the cash-out is there but cannot be used yet, and the deck stays hidden.
  expect(await frame.getByRole('button', { name: t.hiLo.cashoutLater }).isDisabled()).toBe(true)
  expect(await frame.getByRole('list', { name: t.hiLo.cards }).getByRole('listitem').count()).toBe(1)
  if (javaScript) await expectAccessible(page)
  const chance = async (button: typeof higher) =>
    (await button.isEnabled()) ? Number(/([\d.,]+) %/.exec(await button.innerText())![1]!.replace(',', '.')) : -1
  const guess = (await chance(higher)) >= (await chance(lower)) ? higher : lower
  await guess.click()
  const cashout = frame.getByRole('button', { name: new RegExp(`^${lead(t.hiLo.cashout)} \\d`) })
  const lost = onBoard(frame, lead(t.hiLo.lost))
  await poll(async () => (await lost.count()) + (await cashout.count())).toBe(1)
  expect(await frame.getByRole('list', { name: t.hiLo.cards }).getByRole('listitem').count()).toBe(2)
  if ((await lost.count()) === 1) return 'lost'
  await cashout.click()
  await poll(() => onBoard(frame, lead(t.hiLo.cashed)).count()).toBe(1)
  // A cash-out of a low stake can round down to the stake itself: then it is money back, not a win.
  await poll(() => frame.getByText(roundResult(t.frame)).count()).toBe(1)
  return 'cashed'
}

describe.skipIf(skipBrowserTests)('card games in Chromium', () => {
  for (const [lang, javaScript] of [
    ['es', true],
    ['en', false],
  ] as const) {
    const how = javaScript ? 'with JavaScript' : 'without JavaScript'
    test(`baccarat and andar bahar for fun (${lang}, ${how}): a coup and a deal, cards named in words`, async () => {
      const baccarat = await openDemo(javaScript, lang, 'punto-banco')
      await playBaccarat(baccarat.page, baccarat.frame, lang)
      // axe needs the page's JavaScript; the same pages are checked with it on.
      if (javaScript) await expectAccessible(baccarat.page)
      expect(baccarat.errors).toEqual([])
      await baccarat.context.close()

      const andarBahar = await openDemo(javaScript, lang, 'andar-bahar')
      await playAndarBahar(andarBahar.frame, lang)
      if (javaScript) await expectAccessible(andarBahar.page)
      expect(andarBahar.errors).toEqual([])
      await andarBahar.context.close()
    })

    test(`hi-lo for fun (${lang}, ${how}): deal, guess with a button, cash out a correct guess`, async () => {
      const { context, page, frame, errors } = await openDemo(javaScript, lang, 'hi-lo')
      // Rounds until one guess wins and is cashed out (the likelier side wins more often than not).
      const results: string[] = []
      while (!results.includes('cashed') && results.length < 20)
        results.push(await playHiLo(page, frame, lang, javaScript))
      expect(results.at(-1)).toBe('cashed')
      // The next round can be dealt again.
      await poll(() => frame.getByRole('button', { name: texts[lang].frame.deal, exact: true }).count()).toBe(1)
      if (javaScript) await expectAccessible(page)
      expect(errors).toEqual([])
      await context.close()
    })
  }
})
