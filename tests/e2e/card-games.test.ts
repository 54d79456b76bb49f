// The card games in Chromium, for fun (demo): blackjack and Jacks or Better, each played through a
// whole round by keyboard and clicks with JavaScript on, and by plain form posts with it off, in
// Spanish and English; the cards are named in words; axe on the game view with a round waiting
// for a move and after it (axe runs in the page, so with JavaScript on).
import { describe, expect, test } from 'vitest'
import type { FrameLocator, Page } from 'playwright-core'
import { resources } from '#locales/index.ts'
import { expectAccessible, roundResult, skipBrowserTests, useSiteInChromium, pageWithErrors } from '../setup/browser.ts'

const env = useSiteInChromium()
/** A form post reloads the game client without JavaScript: wait for it on a busy machine. */
const WAIT = { timeout: 30_000 }
const games = { es: resources.es.translation.games, en: resources.en.translation.games }
type Lang = keyof typeof games

async function open(javaScript: boolean, path: string) {
  const { context, page, errors } = await pageWithErrors(env.browser, { javaScript, baseURL: env.site.webUrl })
  await page.goto(path)
  if (javaScript) await page.waitForLoadState('networkidle')
  return { context, page, errors, frame: page.frameLocator('iframe') }
}

/** Presses a button of the game client: by the keyboard (focus and Enter) or by a click. */
async function press(page: Page, frame: FrameLocator, name: string, keyboard: boolean) {
  const button = frame.getByRole('button', { name, exact: true })
  if (keyboard) {
    await button.focus()
    await page.keyboard.press('Enter')
  } else await button.click()
}

const outcome = (lang: Lang) => roundResult(games[lang].frame)

async function playBlackjack(lang: Lang, javaScript: boolean) {
  const t = games[lang]
  const { context, page, errors, frame } = await open(
    javaScript,
    `${lang === 'en' ? '/en' : ''}/casino/blackjack?mode=demo`,
  )
  // The side panel: the rules and the payouts.
  await expect.poll(() => page.getByText(t.rules.blackjack).count(), WAIT).toBe(1)
  await expect.poll(() => page.getByRole('cell', { name: t.blackjack.pays.blackjack }).count()).toBe(1)
  await press(page, frame, t.frame.deal, javaScript)
  // The round either waits for a move (the dealer's second card face down) or ended on a blackjack.
  const stand = frame.getByRole('button', { name: t.blackjack.moves.stand, exact: true })
  const finished = frame.getByText(outcome(lang))
  await expect.poll(async () => (await stand.count()) + (await finished.count()), WAIT).toBeGreaterThan(0)
  const dealer = frame.getByRole('list', { name: t.blackjack.dealer })
  // Cards are named in words, e.g. "Ace of spades" / "As de picas".
  const named = new RegExp(
    `(${Object.values(t.cards.ranks).join('|')}) ${lang === 'es' ? 'de' : 'of'} (${Object.values(t.cards.suits).join('|')})`,
  )
  expect(await dealer.innerText()).toMatch(named)
  if ((await stand.count()) > 0) {
    expect(await dealer.innerText()).toContain(t.cards.faceDown)
    for (const move of ['hit', 'stand', 'double'] as const)
      expect(await frame.getByRole('button', { name: t.blackjack.moves[move], exact: true }).count()).toBe(1)
    if (javaScript) await expectAccessible(page)
    // One hand (the test never splits): standing ends the round.
    await press(page, frame, t.blackjack.moves.stand, javaScript)
  }
  await expect.poll(() => finished.count(), WAIT).toBe(1)
  // The dealer's cards are all face up, with the dealer's total.
  expect(await dealer.innerText()).not.toContain(t.cards.faceDown)
  expect(await frame.getByText(new RegExp(`${t.blackjack.dealer} · total \\d+`)).count()).toBe(1)
  // A new round may be dealt.
  expect(await frame.getByRole('button', { name: t.frame.deal, exact: true }).count()).toBe(1)
  if (javaScript) await expectAccessible(page)
  expect(errors).toEqual([])
  await context.close()
}

/** The line naming a card in words in a card's text. */
const cardName = (text: string) => text.split('\n').find((line) => / (of|de) /.test(line))

async function playVideoPoker(lang: Lang, javaScript: boolean) {
  const t = games[lang]
  const { context, page, errors, frame } = await open(
    javaScript,
    `${lang === 'en' ? '/en' : ''}/casino/jacks-or-better?mode=demo`,
  )
  // The side panel: the rules and the 9/6 paytable, the royal flush at × 800.
  await expect.poll(() => page.getByText(t.rules['video-poker']).count(), WAIT).toBe(1)
  const royal = page.getByRole('row', { name: new RegExp(t.videoPoker.ranks['royal-flush']) })
  expect(await royal.innerText()).toContain('× 800')
  expect(await page.getByRole('row', { name: new RegExp(t.videoPoker.ranks['full-house']) }).innerText()).toContain(
    '× 9',
  )
  await press(page, frame, t.frame.deal, javaScript)
  const holds = frame.getByRole('checkbox')
  await expect.poll(() => holds.count(), WAIT).toBe(5)
  // Each hold box is named by its card in words.
  const first = frame
    .locator('label')
    .filter({ has: frame.getByRole('checkbox') })
    .first()
  expect(await first.innerText()).toMatch(new RegExp(`${lang === 'es' ? ' de ' : ' of '}`))
  if (javaScript) await expectAccessible(page)
  // Hold the first and the third card: by the keyboard (Space) with JavaScript, by clicks without.
  for (const i of [0, 2]) {
    if (javaScript) {
      await holds.nth(i).focus()
      await page.keyboard.press('Space')
    } else await holds.nth(i).check()
  }
  const dealt = await frame.getByRole('group', { name: t.videoPoker.holdLegend }).innerText()
  await press(page, frame, t.videoPoker.draw, javaScript)
  const final = frame.getByRole('list', { name: t.videoPoker.final })
  await expect.poll(() => final.count(), WAIT).toBe(1)
  await expect.poll(() => frame.getByText(outcome(lang)).count(), WAIT).toBe(1)
  // The held cards stayed, marked held; the result names the hand or says it pays nothing.
  const items = final.getByRole('listitem')
  expect(await items.count()).toBe(5)
  const dealtCards = dealt.split('\n').filter((line) => / (of|de) /.test(line))
  expect(cardName(await items.nth(0).innerText())).toBe(dealtCards[0])
  expect(await items.nth(0).innerText()).toContain(t.videoPoker.held)
  expect(cardName(await items.nth(2).innerText())).toBe(dealtCards[2])
  const ranks = [...Object.values(t.videoPoker.ranks), t.videoPoker.nothing]
  const board = await frame.getByRole('region', { name: t.frame.lastRound }).innerText()
  expect(ranks.some((r) => board.includes(r))).toBe(true)
  expect(await frame.getByRole('checkbox').count()).toBe(0)
  if (javaScript) await expectAccessible(page)
  expect(errors).toEqual([])
  await context.close()
}

describe.skipIf(skipBrowserTests)('card games in Chromium (demo)', () => {
  test('blackjack in Spanish with JavaScript, played by the keyboard', () => playBlackjack('es', true))
  test('blackjack in English without JavaScript, played by clicks', () => playBlackjack('en', false))
  test('Jacks or Better in English with JavaScript, held and drawn by the keyboard', () => playVideoPoker('en', true))
  test('Jotas o Mejor in Spanish without JavaScript, held and drawn by clicks', () => playVideoPoker('es', false))
})
