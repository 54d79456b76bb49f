// Every game of the catalogue in Chromium: played for fun by a visitor with JavaScript, one round
// each; and played for real without JavaScript (the game frame's forms) by a player with money,
// after which Bet History lists a round of every game and adds up to the header's balance. (The
// live table has its own test: live-table.test.ts.)
import type { FrameLocator } from 'playwright-core'
import { expect, test } from 'vitest'
import { CATALOG } from '#provider/games/catalog.ts'
import type { AnyEngine } from '#provider/games/engine.ts'
import { resources } from '#locales/index.ts'
import { putChips } from '../setup/roulette.ts'
import { logInAs, onBoard, pageWithErrors, roundResult, skipBrowserTests, useSiteInChromium } from '../setup/browser.ts'
import { readBetHistory } from '../setup/bet-history.ts'
import { depositByCard, loggedInPlayer } from '../setup/harness.ts'
import { Browser as HttpBrowser } from '../setup/http.ts'

const env = useSiteInChromium()
const g = resources.en.translation.games
/** Waits on a condition, generously: the machine may be busy. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000 })

const press = (frame: FrameLocator, name: string | RegExp) =>
  frame.getByRole('button', { name, exact: typeof name === 'string' }).click()

/** One round of each kind of game, from its first move to its end, as a player would play it. */
const ROUNDS: Partial<Record<AnyEngine['kind'], (frame: FrameLocator) => Promise<unknown>>> = {
  slots: (f) => press(f, g.frame.spin),
  roulette: async (f) => {
    // One euro, or one fun chip.
    await putChips(f, /^(€1\.00|1\.00 Fichas)$/, [g.table.spots.red])
    await press(f, g.frame.place)
  },
  dice: (f) => press(f, g.frame.roll),
  blackjack: async (f) => {
    await press(f, g.frame.deal)
    const stand = f.getByRole('button', { name: g.blackjack.moves.stand, exact: true })
    // A blackjack ends the round at the deal; otherwise the player stands.
    await poll(async () => (await stand.count()) + (await outcome(f).count())).toBeGreaterThan(0)
    if ((await stand.count()) > 0) await stand.click()
  },
  'video-poker': async (f) => {
    await press(f, g.frame.deal)
    await poll(() => f.getByRole('checkbox').count()).toBe(5)
    await press(f, g.videoPoker.draw)
  },
  baccarat: async (f) => {
    await f.getByRole('radio', { name: g.baccarat.sides.banker }).check()
    await press(f, g.frame.deal)
  },
  'andar-bahar': async (f) => {
    await f.getByRole('radio', { name: g.andarBahar.sides.andar }).check()
    await press(f, g.frame.deal)
  },
  'hi-lo': async (f) => {
    await press(f, g.frame.deal)
    const higher = f.getByRole('button', { name: new RegExp(`^${g.hiLo.higher}`) })
    const lower = f.getByRole('button', { name: new RegExp(`^${g.hiLo.lower}`) })
    await poll(() => higher.count()).toBe(1)
    await ((await higher.isEnabled()) ? higher : lower).click()
    // A right guess waits for the cash-out; a wrong one ends the round.
    const cashout = f.getByRole('button', { name: new RegExp(`^${g.hiLo.cashout.split('{{')[0]!.trim()} (€)?\\d`) })
    const lost = onBoard(f, g.hiLo.lost.split('{{')[0]!.trim())
    await poll(async () => (await lost.count()) + (await cashout.count())).toBe(1)
    if ((await cashout.count()) === 1) await cashout.click()
  },
  'sic-bo': async (f) => {
    await f.locator('#bet-sicbo-1').selectOption('small')
    await press(f, g.frame.roll)
  },
  keno: async (f) => {
    for (const n of ['8', '64']) await f.getByRole('checkbox', { name: n, exact: true }).check()
    await press(f, g.frame.draw)
  },
  scratch: async (f) => {
    await f.getByLabel(g.scratch.price).selectOption('100')
    await press(f, g.frame.scratch)
  },
  plinko: async (f) => {
    await f.getByLabel(g.frame.stake).selectOption('100')
    await press(f, g.frame.drop)
  },
}

/** The line that ends a round: a win or no win (hi-lo's wrong guess says so in its own words). */
const outcome = (frame: FrameLocator) =>
  frame.getByText(roundResult(g.frame, `${g.hiLo.lost.split('{{')[0]!.trim()}.*`))

/** The catalogue's games but the live table; a new kind of game needs its round above. */
const GAMES = CATALOG.filter((game) => !game.live)

test('every kind of game in the catalogue has its round here', () => {
  expect(GAMES.filter((game) => !ROUNDS[game.engine.kind]).map((game) => game.id)).toEqual([])
})

test.skipIf(skipBrowserTests)(
  'every game of the catalogue plays a round for fun (en, JavaScript on), with fun chips and no account',
  async () => {
    const { context, page, errors } = await pageWithErrors(env.browser, { javaScript: true, baseURL: env.site.webUrl })
    for (const game of GAMES) {
      await page.goto(`/en/casino/${game.id}?mode=demo`)
      const frame = page.frameLocator('iframe')
      await poll(() => frame.locator('[aria-live="polite"]').first().innerText()).toContain('Fichas')
      await ROUNDS[game.engine.kind]!(frame)
      await poll(() => outcome(frame).count()).toBeGreaterThan(0)
    }
    expect(errors).toEqual([])
    await context.close()
  },
)

test.skipIf(skipBrowserTests)(
  'every game of the catalogue plays a round for real (en, JavaScript off), and Bet History adds up to the wallet',
  async () => {
    const { player, b } = await loggedInPlayer(env.site, HttpBrowser)
    await depositByCard(b, '200.00')
    const { context, page, errors } = await pageWithErrors(env.browser, { javaScript: false, baseURL: env.site.webUrl })
    await logInAs(page, player)
    for (const game of GAMES) {
      await page.goto(`/en/casino/${game.id}?mode=real`)
      const frame = page.frameLocator('iframe')
      // Real money, not fun chips.
      await poll(() => frame.locator('[aria-live="polite"]').first().innerText()).toMatch(/€\d/)
      await ROUNDS[game.engine.kind]!(frame)
      await poll(() => outcome(frame).count()).toBeGreaterThan(0)
    }
    // Bet History, page after page: a round of every game.
    const history = await readBetHistory(page, '/en', GAMES.length)
    expect([...new Set(history.games)].sort()).toEqual(GAMES.map((game) => game.name.en).sort())
    expect(history.balance).toBe(20_000 + history.net)
    expect(errors).toEqual([])
    await context.close()
  },
)
