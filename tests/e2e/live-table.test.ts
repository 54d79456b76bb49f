// The live table in Chromium: two logged-in players watching it see the same result of the same
// round at the same moment (the socket), a bet placed with JavaScript off, axe on the Live Casino
// lobby and the table's view, and the home page's game rows in both languages.
import { describe, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import {
  expectAccessible,
  listenForSound,
  logInAs,
  newContext,
  skipBrowserTests,
  soundHeard,
  useSiteInChromium,
} from '../setup/browser.ts'
import { depositByCard, loggedInPlayer } from '../setup/harness.ts'
import { Browser as HttpBrowser } from '../setup/http.ts'

// Short rounds: 8 s to bet, 1 s spin, the result on show 3 s.
const env = useSiteInChromium({
  api: { liveTables: { bettingMs: 8_000, spinMs: 1_000, resultMs: 3_000, tickMs: 100 } },
})
const en = resources.en.translation

describe.skipIf(skipBrowserTests)('the live table in Chromium', () => {
  test('two players watching the table see the same result at the same moment', async () => {
    const pages = []
    // What each page heard on the game provider's live socket (the table's client opens it).
    const heard: string[][] = [[], []]
    for (let i = 0; i < 2; i++) {
      const { player } = await loggedInPlayer(env.site, HttpBrowser)
      const context = await newContext(env.browser, { javaScript: true, baseURL: env.site.webUrl })
      const page = await context.newPage()
      page.on('websocket', (ws) => {
        if (ws.url() === `${env.site.api.providerUrl.replace(/^http/, 'ws')}/live`)
          ws.on('framereceived', ({ payload }) => heard[i]!.push(String(payload)))
      })
      await logInAs(page, player)
      await page.goto('/en/live-casino/live-roulette?mode=real')
      pages.push(page)
    }
    await expectAccessible(pages[0]!)
    const frames = pages.map((p) => p.frameLocator('iframe'))
    // Both wait until they show the same round still taking bets (one page may come up a phase
    // behind the other on a loaded machine), then for its result.
    const shown = (i: number) =>
      Promise.all([
        frames[i]!.locator('[data-phase]')
          .getAttribute('data-phase', { timeout: 1_000 })
          .catch(() => null),
        frames[i]!.locator('[data-testid="live-result"]')
          .getAttribute('data-round', { timeout: 1_000 })
          .catch(() => null),
      ])
    let round: string | null = null
    await expect
      .poll(
        async () => {
          const [[phase0, round0], [phase1, round1]] = await Promise.all([shown(0), shown(1)])
          round = phase0 === 'betting' && phase1 === 'betting' && round0 === round1 ? round0 : null
          return round
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBeTruthy()
    // What follows the wheel and the betting table stays where it was as the round moves on.
    const below = frames[0]!.locator('#live-bets')
    const placeBet = frames[0]!.getByRole('button', { name: en.games.live.placeBet })
    const before = await below.boundingBox()
    const seen = await Promise.all(
      frames.map(async (f) => {
        await f.locator('[data-phase="result"]').waitFor({ timeout: 30_000 })
        const at = Date.now()
        return {
          at,
          round: await f.locator('[data-testid="live-result"]').getAttribute('data-round'),
          text: await f.locator('[data-testid="live-result"]').innerText(),
        }
      }),
    )
    expect(seen[0]!.round).toBe(round)
    expect(seen[1]!.round).toBe(round)
    // The table is still there, closed to bets until the next round, and nothing under it moved.
    expect(await placeBet.isDisabled()).toBe(true)
    expect(await frames[0]!.getByText(en.games.live.waitNext).isVisible()).toBe(true)
    expect(await below.boundingBox()).toEqual(before)
    expect(seen[0]!.text).toBe(seen[1]!.text)
    expect(seen[0]!.text).toMatch(/The ball lands on \d+ (red|black|green)/)
    expect(Math.abs(seen[0]!.at - seen[1]!.at)).toBeLessThan(1_500)
    // Both heard the result on the provider's socket (the site's CSP lets the frame reach it).
    for (const received of heard) expect(received.some((f) => f.includes(`"live_round_result"`))).toBe(true)
    for (const p of pages) await p.context().close()
  })

  test('sound at the table: none at all through a round until switched on, then the wheel’s spin and the ball’s knock, no chime without a win', async () => {
    const { player } = await loggedInPlayer(env.site, HttpBrowser)
    const context = await newContext(env.browser, { javaScript: true, baseURL: env.site.webUrl })
    await listenForSound(context)
    const page = await context.newPage()
    await logInAs(page, player)
    await page.goto('/en/live-casino/live-roulette?mode=real')
    const frame = page.frameLocator('iframe')
    const sound = frame.getByRole('button', { name: en.games.frame.sound })
    await expect.poll(() => sound.getAttribute('aria-pressed')).toBe('false')
    const aRound = async () => {
      await frame.locator('[data-phase="betting"]').waitFor({ timeout: 30_000 })
      await frame.locator('[data-phase="result"]').waitFor({ timeout: 30_000 })
    }
    await aRound()
    expect(await soundHeard(page)).toEqual({ contexts: 0, tones: [] })
    await sound.click()
    expect(await sound.getAttribute('aria-pressed')).toBe('true')
    await aRound()
    const on = await soundHeard(page)
    expect(on.contexts).toBe(1)
    // The spin's sweep starts at 180 Hz, the knock at 140 Hz; the chime's C5 (523 Hz) is for a win only.
    const pitches = on.tones.map(Math.round)
    expect(pitches).toEqual(expect.arrayContaining([180, 140]))
    expect(pitches).not.toContain(523)
    await context.close()
  })

  test('a bet placed with JavaScript off, on the round the page shows', async () => {
    const { b } = await loggedInPlayer(env.site, HttpBrowser)
    await depositByCard(b, '20.00')
    const view = await b.get('/en/live-casino/live-roulette?mode=real')
    expect(view.status).toBe(200)
    const src = view.html.match(/<iframe[^>]+src="([^"]+)"/)?.[1]
    // The client is the provider's page, on its own origin: its forms post with that origin.
    expect(src).toMatch(new RegExp(`^${env.site.api.providerUrl}/en/game-frame/live/`))
    const client = { origin: new URL(src!).origin }
    // The page shows the phase as it stands; the form is there while bets are open. The test
    // takes a round with most of its window (8 s here) still to come: staging and placing are two
    // posts, which a loaded machine can take seconds over.
    const [before] = en.games.live.phases.betting_other.split('{{count}}')
    const secondsLeft = (html: string) => Number(html.split(before!)[1]?.match(/^\d+/)?.[0] ?? 0)
    let frame = await b.get(src!)
    const end = Date.now() + 30_000
    while (!(frame.html.includes('name="roundId"') && secondsLeft(frame.html) >= 6) && Date.now() < end)
      frame = await b.get(src!)
    const roundId = frame.html.match(/name="roundId" value="([^"]+)"/)?.[1]
    const moveId = frame.html.match(/name="moveId" value="([^"]+)"/)?.[1]
    expect(roundId).toBeTruthy()
    // Chips go on the table one post at a time (nothing is bet yet), then the bets are placed.
    const staged = await b.post(
      src!,
      { roundId: roundId!, moveId: moveId!, wheel: 'european', bet: 'red::50', chip: '50', stage: 'add:split:17-18' },
      client,
    )
    expect(staged.status).toBe(200)
    expect(staged.html).toContain('name="bet" value="red::50"')
    expect(staged.html).toContain('name="bet" value="split:17-18:50"')
    expect(staged.html).toContain(en.games.live.noBets)
    const placed = await b.post(
      src!,
      { roundId: roundId!, moveId: moveId!, bet: ['red::50', 'split:17-18:50'] },
      client,
    )
    expect(placed.status).toBe(200)
    expect(placed.html).toContain(en.games.live.betPlaced.replace('{{amount}}', '€1.00'))
    expect(placed.html).toContain(en.games.live.betLine.split(':')[0]!.replace('{{seq}}', ''))
    // In Bet History at once; its page keeps the round's seed secret until the result, then
    // links to the check of the round.
    const history = await b.get('/en/user-management/bet-history')
    expect(history.html).toContain('Live Roulette')
    const id = history.html.match(/\/en\/user-management\/bet-history\/([0-9a-f-]{36})/)?.[1]
    expect(id).toBeTruthy()
    let round = await b.get(`/en/user-management/bet-history/${id}`)
    expect(round.status).toBe(200)
    if (!round.html.includes(en.games.round.verify))
      expect(round.html).toContain(en.games.round.hiddenLive.slice(0, 30))
    const until = Date.now() + 30_000
    while (!round.html.includes(en.games.round.verify) && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      round = await b.get(`/en/user-management/bet-history/${id}`)
    }
    // Straight to the provider's check of a round, on its origin.
    const check = round.html.match(/href="(http[^"]+\/en\/provably-fair\?[^"]+)"/)?.[1]
    expect(new URL(check!.replaceAll('&amp;', '&')).origin).toBe(new URL(env.site.api.providerUrl).origin)
    expect(check).toBeTruthy()
    expect((await b.get(check!.replaceAll('&amp;', '&'))).status).toBe(200)
    // A bet on a round whose window has closed is refused with the catalogue's message.
    const late = await b.post(
      src!,
      { roundId: '00000000-0000-4000-8000-000000000000', moveId: crypto.randomUUID(), bet: 'red::100' },
      client,
    )
    expect(late.status).toBe(409)
    expect(late.html).toContain(en.catalogue.betting_closed)
  })

  test('axe on the Live Casino lobby in both languages; the header links to it', async () => {
    const context = await newContext(env.browser, { javaScript: true, baseURL: env.site.webUrl })
    const page = await context.newPage()
    for (const [path, heading] of [
      ['/en/live-casino', en.games.liveLobby.heading],
      ['/live-casino', resources.es.translation.games.liveLobby.heading],
    ] as const) {
      await page.goto(path)
      expect(await page.locator('h1').innerText()).toBe(heading)
      expect(await page.locator('main a[href$="/live-casino/live-roulette"]').count()).toBeGreaterThan(0)
      await expectAccessible(page)
    }
    expect(await page.locator(`header a[href="/live-casino"]`).count()).toBeGreaterThan(0)
    // A visitor watches the table in demo.
    await page.goto('/en/live-casino/live-roulette')
    await page.frameLocator('iframe').locator('[data-testid="live-result"]').waitFor()
    await expectAccessible(page)
    await context.close()
  })

  test('the home page shows the popular, new and live rows in Spanish and English, as links with sized lazy thumbnails', async () => {
    const b = new HttpBrowser(env.site.webUrl)
    for (const [path, rows, prefix] of [
      ['/', ['Populares', 'Novedades', 'En vivo'], ''],
      ['/en', ['Popular', 'New', 'Live'], '/en'],
    ] as const) {
      const home = await b.get(path)
      expect(home.status).toBe(200)
      const headings = [...home.html.matchAll(/<h2 id="home-row-[^"]+"[^>]*>([^<]+)<\/h2>/g)].map((m) => m[1])
      expect(headings).toEqual(rows)
      expect(home.html).toContain(`href="${prefix}/live-casino/live-roulette"`)
      expect(home.html).toContain(`href="${prefix}/casino/ember-crown"`)
      expect(home.html).toMatch(
        /<img[^>]+src="\/game-art\/live-roulette.svg"[^>]+width="240"[^>]+height="180"[^>]+loading="lazy"/,
      )
    }
  })
})
