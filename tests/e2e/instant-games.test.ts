// The one-move games in Chromium: sic bo, keno, the Lucky Clover scratch card and Star Drop, each
// opened for fun by a visitor and played with JavaScript on (es or en) and off (the other
// language), by keyboard where it matters; their rules, paytables and documented returns in the
// game view's panel; a keno draw with no numbers refused with its message; axe on each game view;
// then a player with money plays each of them for real, and Bet History adds up to the wallet;
// and three real dice rolls show in the game view's 'your last rounds' without a reload.
import type { FrameLocator, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import {
  expectAccessible,
  logInAs,
  onBoard,
  roundResult,
  skipBrowserTests,
  useSiteInChromium,
  pageWithErrors,
} from '../setup/browser.ts'
import { readBetHistory } from '../setup/bet-history.ts'
import { depositByCard, loggedInPlayer } from '../setup/harness.ts'
import { Browser as HttpBrowser } from '../setup/http.ts'

const env = useSiteInChromium()
/** Waits on a condition, generously: the machine may be busy. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000 })
const words = { es: resources.es.translation, en: resources.en.translation }
type Lang = keyof typeof words

async function openDemo(javaScript: boolean, lang: Lang, gameId: string) {
  const { context, page, errors } = await pageWithErrors(env.browser, { javaScript, baseURL: env.site.webUrl })
  await page.goto(`${lang === 'es' ? '' : '/en'}/casino/${gameId}?mode=demo`)
  if (javaScript) await page.waitForLoadState('networkidle')
  const frame = page.frameLocator('iframe')
  const balance = frame.locator('[aria-live="polite"]').first()
  await poll(() => balance.innerText()).toContain(lang === 'es' ? '1000,00 Fichas' : '1,000.00 Fichas')
  return { context, page, frame, balance, errors, g: words[lang].games }
}

/** The round's outcome line: a win, money back or no win, in the page's language. */
const outcome = (frame: FrameLocator, lang: Lang) => frame.getByText(roundResult(words[lang].games.frame))

/** The panel shows the game's rules and a paytable with the given cells. */
async function expectPanel(page: Page, rules: string, cells: string[]) {
  await poll(() => page.getByText(rules).isVisible()).toBe(true)
  const table = page.locator('details table').first()
  for (const cell of cells) expect(await table.innerText()).toContain(cell)
}

/** Sends the frame's bet form by keyboard: focus on its play button and Enter. */
async function pressPlay(frame: FrameLocator, name: string) {
  const button = frame.getByRole('button', { name, exact: true })
  await button.focus()
  await button.press('Enter')
}

describe.skipIf(skipBrowserTests)('one-move games in Chromium', () => {
  for (const [javaScript, lang] of [
    [true, 'es'],
    [false, 'en'],
  ] as const) {
    test(`sic bo: three bets in one round (JavaScript ${javaScript ? 'on' : 'off'}, ${lang})`, async () => {
      const { context, page, frame, balance, errors, g } = await openDemo(javaScript, lang, 'sic-bo')
      await expectPanel(page, g.rules['sic-bo'], [
        g.sicBo.options.small,
        '97,22 %'.replace(',', lang === 'es' ? ',' : '.'),
      ])
      await frame.locator('#bet-sicbo-1').selectOption('big')
      await frame.locator('#bet-amount1').selectOption('100')
      await frame.locator('#bet-sicbo-2').selectOption('total:10')
      await frame.locator('#bet-amount2').selectOption('50')
      await frame.locator('#bet-sicbo-3').selectOption('combo:1-6')
      await frame.locator('#bet-amount3').selectOption('20')
      await pressPlay(frame, g.frame.roll)
      const rolled = onBoard(frame, lang === 'es' ? /^Dados: \d, \d, \d, total \d+/ : /^Dice: \d, \d, \d, total \d+/)
      await poll(() => rolled.count()).toBe(1)
      const [a, b, c] = (await rolled.innerText()).match(/\d/g)!.map(Number) as [number, number, number]
      const total = a + b + c
      const triple = a === b && b === c
      const won =
        (!triple && total >= 11 ? 200 : 0) +
        (total === 10 ? 350 : 0) +
        ([a, b, c].includes(1) && [a, b, c].includes(6) ? 120 : 0)
      // Staked 1.70 of 1000.00 fun chips; the balance shows what the three bets returned.
      const expected = ((100_000 - 170 + won) / 100).toLocaleString(lang, { minimumFractionDigits: 2 })
      await poll(() => balance.innerText()).toContain(`${expected} Fichas`)
      await poll(() => outcome(frame, lang).count()).toBe(1)
      if (javaScript) await expectAccessible(page)
      expect(errors).toEqual([])
      await context.close()
    })
  }

  for (const [javaScript, lang] of [
    [true, 'en'],
    [false, 'es'],
  ] as const) {
    test(`keno: marked numbers and a quick pick (JavaScript ${javaScript ? 'on' : 'off'}, ${lang})`, async () => {
      const { context, page, frame, errors, g } = await openDemo(javaScript, lang, 'classic-keno')
      // The panel lists every spot count's return; the lowest, 8 spots, is the game's figure.
      await expectPanel(page, g.rules.keno, [
        lang === 'es' ? '94,33 %' : '94.33 %',
        lang === 'es' ? '95,00 %' : '95.00 %',
      ])
      // Nothing marked: the draw is refused with its message, nothing is staked.
      await pressPlay(frame, g.frame.draw)
      await poll(() => frame.getByRole('alert').innerText()).toContain(words[lang].catalogue.keno_spots_required)
      for (const n of ['7', '23', '80']) await frame.getByRole('checkbox', { name: n, exact: true }).check()
      await pressPlay(frame, g.frame.draw)
      // Told once the draw is over (kept hidden in its place meanwhile).
      const hits = onBoard(
        frame,
        lang === 'es' ? /de tus 3 números \(7, 23, 80\)/ : /of your 3 numbers \(7, 23, 80\)/,
      ).filter({ visible: true })
      await poll(() => hits.count()).toBe(1)
      await expect
        .poll(() =>
          frame
            .getByText(lang === 'es' ? /^Han salido: (\d+, ){19}\d+\.$/ : /^Drawn: (\d+, ){19}\d+\.$/)
            .filter({ visible: true })
            .count(),
        )
        .toBe(1)
      await poll(() => outcome(frame, lang).count()).toBe(1)
      // A quick pick of 4 numbers plays 4 numbers chosen by the round's stream.
      await frame.getByLabel(g.keno.quickCount).selectOption('4')
      await frame.getByRole('button', { name: g.keno.quick }).click()
      await poll(() =>
        onBoard(frame, lang === 'es' ? /de tus 4 números/ : /of your 4 numbers/)
          .filter({ visible: true })
          .count(),
      ).toBe(1)
      if (javaScript) await expectAccessible(page)
      // The refused draw's answer (400) is the only error the console shows.
      expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([])
      await context.close()
    })
  }

  for (const [javaScript, lang] of [
    [true, 'es'],
    [false, 'en'],
  ] as const) {
    test(`scratch cards: a card of nine squares, read out (JavaScript ${javaScript ? 'on' : 'off'}, ${lang})`, async () => {
      const { context, page, frame, balance, errors, g } = await openDemo(javaScript, lang, 'lucky-clover')
      await expectPanel(page, g.rules.scratch, [
        `★ ${g.scratch.symbols.star}`,
        '1000'.replace('1000', lang === 'es' ? '× 1000' : '× 1,000'),
      ])
      // The card lies covered before the first round; the round scratches its nine squares off.
      const card = frame.getByRole('list', { name: g.scratch.card })
      await poll(() => card.getByText(g.scratch.covered).count()).toBe(9)
      await frame.getByLabel(g.scratch.price).selectOption('100')
      await pressPlay(frame, g.frame.scratch)
      await poll(() => card.getAttribute('aria-busy')).toBe('false')
      await poll(() => card.getByText(g.scratch.covered).count()).toBe(0)
      expect(await card.getByRole('listitem').count()).toBe(9)
      const names = (await card.getByRole('listitem').allTextContents()).map((text) =>
        Object.values(g.scratch.symbols).find((name) => text.endsWith(name))!,
      )
      const counts = names.reduce<Record<string, number>>((c, n) => ({ ...c, [n]: (c[n] ?? 0) + 1 }), {})
      const three = Object.entries(counts).filter(([, n]) => n >= 3)
      expect(three.length).toBeLessThanOrEqual(1)
      const line = onBoard(
        frame,
        three.length ? new RegExp(`^${g.scratch.three.split(' ')[0]} ${three[0]![0]}: × [\\d.,]+$`) : g.scratch.none,
      )
      await poll(() => line.count()).toBe(1)
      if (three.length === 0)
        await poll(() => balance.innerText()).toContain(lang === 'es' ? '999,00 Fichas' : '999.00 Fichas')
      if (javaScript) await expectAccessible(page)
      expect(errors).toEqual([])
      await context.close()
    })
  }

  for (const [javaScript, lang] of [
    [true, 'en'],
    [false, 'es'],
  ] as const) {
    test(`Star Drop: the ball's path in words and its slot (JavaScript ${javaScript ? 'on' : 'off'}, ${lang})`, async () => {
      const { context, page, frame, balance, errors, g } = await openDemo(javaScript, lang, 'star-drop')
      await expectPanel(page, g.rules.plinko, [g.plinko.risks.high, lang === 'es' ? '99,12 %' : '99.12 %'])
      await frame.getByLabel(g.frame.stake).selectOption('100')
      await frame.getByRole('radio', { name: g.plinko.risks.high }).check()
      await pressPlay(frame, g.frame.drop)
      // Told once the ball has landed (kept hidden in its place while it falls).
      const landed = frame
        .getByText(
          lang === 'es' ? /^Cae en la casilla (\d+) de 13: × ([\d,]+)$/ : /^It lands in slot (\d+) of 13: × ([\d.]+)$/,
        )
        .filter({ visible: true })
      await poll(() => landed.count()).toBe(1)
      // The multiple in the page's language: a decimal comma in Spanish.
      const [, slot, written] = (await landed.innerText()).match(/(\d+) (?:of|de) 13: × ([\d.,]+)/)!
      const times = written!.replace(',', '.')
      const path = await frame.getByText(lang === 'es' ? /^La bola rebota/ : /^The ball bounces/).innerText()
      const rights = (path.match(lang === 'es' ? /derecha/g : /right/g) ?? []).length
      expect(Number(slot)).toBe(rights + 1)
      const expected = ((100_000 - 100 + Math.floor(100 * Number(times))) / 100).toLocaleString(lang, {
        minimumFractionDigits: 2,
      })
      await poll(() => balance.innerText()).toContain(`${expected} Fichas`)
      if (javaScript) await expectAccessible(page)
      expect(errors).toEqual([])
      await context.close()
    })
  }
})

test.skipIf(skipBrowserTests)(
  'a player plays each one-move game for real (es, JavaScript off): Bet History lists every round and adds up to the wallet',
  async () => {
    const { player, b } = await loggedInPlayer(env.site, HttpBrowser)
    await depositByCard(b, '20.00')
    const { context, page, errors } = await pageWithErrors(env.browser, { javaScript: false, baseURL: env.site.webUrl })
    await logInAs(page, player)
    const g = words.es.games
    const rounds: [string, string, (frame: FrameLocator) => Promise<unknown>, string][] = [
      ['sic-bo', 'Sic Bo', (f) => f.locator('#bet-sicbo-1').selectOption('big'), g.frame.roll],
      [
        'classic-keno',
        'Keno Clásico',
        async (f) => {
          for (const n of ['5', '40']) await f.getByRole('checkbox', { name: n, exact: true }).check()
        },
        g.frame.draw,
      ],
      [
        'lucky-clover',
        'Trébol de la Suerte',
        (f) => f.getByLabel(g.scratch.price).selectOption('100'),
        g.frame.scratch,
      ],
      ['star-drop', 'Lluvia de Estrellas', (f) => f.getByLabel(g.frame.stake).selectOption('100'), g.frame.drop],
    ]
    for (const [gameId, , setUp, button] of rounds) {
      await page.goto(`/casino/${gameId}?mode=real`)
      const frame = page.frameLocator('iframe')
      // Real money, not fun chips.
      await poll(() => frame.locator('[aria-live="polite"]').first().innerText()).toMatch(/\d,\d\d\s€/)
      await setUp(frame)
      await pressPlay(frame, button)
      await poll(() => outcome(frame, 'es').count()).toBe(1)
    }
    const history = await readBetHistory(page, '', rounds.length)
    for (const [, name] of rounds) expect(history.games.filter((game) => game === name)).toHaveLength(1)
    expect(history.balance).toBe(2_000 + history.net)
    expect(errors).toEqual([])
    await context.close()
  },
)

describe.skipIf(skipBrowserTests)("the game view's last rounds follow play", () => {
  for (const lang of ['es', 'en'] as const) {
    test(`three real dice rolls are listed in the panel without a reload (${lang})`, async () => {
      const { player, b } = await loggedInPlayer(env.site, HttpBrowser)
      await depositByCard(b, '20.00')
      const { context, page, errors } = await pageWithErrors(env.browser, {
        javaScript: true,
        baseURL: env.site.webUrl,
      })
      await logInAs(page, player)
      const g = words[lang].games
      await page.goto(`${lang === 'es' ? '' : '/en'}/casino/dice?mode=real`)
      await page.waitForLoadState('networkidle')
      const frame = page.frameLocator('iframe')
      await poll(() => frame.locator('[aria-live="polite"]').first().innerText()).toMatch(/\d[.,]\d\d/)
      const panel = page.locator('details')
      await poll(() => panel.getByText(g.view.noRounds).count()).toBe(1)
      // A mark on the game view's document: a reload would drop it.
      await page.evaluate(() => Object.assign(window, { notReloaded: true }))
      const rows = panel.getByRole('listitem')
      const stake = new RegExp(`^#\\d+: ${g.view.roundLine.split(' {{')[0]} `)
      for (const played of [1, 2, 3]) {
        const roll = frame.getByRole('button', { name: g.frame.roll, exact: true })
        await poll(() => roll.isEnabled()).toBe(true)
        await roll.click()
        await poll(() => rows.count()).toBe(played)
      }
      for (const row of await rows.all()) expect(await row.innerText()).toMatch(stake)
      expect(await panel.getByText(g.view.noRounds).count()).toBe(0)
      expect(await page.evaluate(() => 'notReloaded' in window)).toBe(true)
      expect(errors).toEqual([])
      await context.close()
    })
  }

  test('without JavaScript the game client lists the rounds it plays (en)', async () => {
    const { player, b } = await loggedInPlayer(env.site, HttpBrowser)
    await depositByCard(b, '20.00')
    const { context, page } = await pageWithErrors(env.browser, { javaScript: false, baseURL: env.site.webUrl })
    await logInAs(page, player)
    await page.goto('/en/casino/dice?mode=real')
    const g = words.en.games
    const frame = page.frameLocator('iframe')
    const list = frame.getByRole('region', { name: g.view.recent })
    await poll(() => list.getByText(g.view.noRounds).count()).toBe(1)
    for (const played of [1, 2]) {
      await frame.getByRole('button', { name: g.frame.roll, exact: true }).click()
      await poll(() => list.getByRole('listitem').count()).toBe(played)
    }
    expect(await list.getByRole('listitem').first().innerText()).toMatch(/^#\d+: /)
    await context.close()
  })
})
