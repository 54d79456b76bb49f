// The web app shows a game only from the casino API's contract (ADR 0045): a second provider's
// game, synced from its catalogue feed over HTTP and known to no code of the web app, is listed
// with its thumbnail, drawn from its art, and its page names it (it was a 404 before). Launched at
// the provider's own launch call (ADR 0049), its client opens in the game view from the provider's
// origin, which the site's CSP names (GAME_FRAME_ORIGINS); one on an origin not listed is unavailable.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { acmeFortune, startOtherProvider } from '#casino-api/tests/feed-fixture.ts'
import { resources } from '#locales/index.ts'
import { Browser, textOf } from '../setup/http.ts'
import { loggedInPlayer, startTestSite, type TestSite } from '../setup/harness.ts'

let acme: Awaited<ReturnType<typeof startOtherProvider>>
// A provider whose frame origin the operator did not list in GAME_FRAME_ORIGINS.
let stray: Awaited<ReturnType<typeof startOtherProvider>>
let site: TestSite
beforeAll(async () => {
  acme = await startOtherProvider([acmeFortune])
  stray = await startOtherProvider([{ ...acmeFortune, id: 'stray-stars', names: { es: 'Estrellas', en: 'Stars' } }])
  site = await startTestSite({
    api: {
      gameProviders: [
        { id: 'acme', name: 'Acme Gaming', feedUrl: acme.feedUrl, launchUrl: acme.launchUrl },
        { id: 'stray', feedUrl: stray.feedUrl, launchUrl: stray.launchUrl },
      ],
    },
    web: { gameFrameOrigins: [acme.origin] },
  })
})
afterAll(async () => {
  await site?.close()
  await acme?.close()
  await stray?.close()
})

test("a second provider's game is in the lobby with the thumbnail of its art", async () => {
  const b = new Browser(site.webUrl)
  const lobby = await b.get('/en/casino?provider=acme')
  expect(lobby.status).toBe(200)
  expect(textOf(lobby.html)).toContain('Acme Fortune')
  // The provider by the name the casino gives it, in the filter and on the game's card.
  expect(textOf(lobby.html)).toMatch(/Acme Gaming\s*\(\s*1\s*\)/)
  expect(textOf(lobby.html)).toMatch(/Acme Gaming\s*·\s*Slots/)
  expect(lobby.html).toContain('/game-art/acme-fortune.svg')
  const art = await fetch(`${site.webUrl}/game-art/acme-fortune.svg`)
  expect(art.status).toBe(200)
  expect(art.headers.get('content-type')).toContain('image/svg+xml')
  const svg = await art.text()
  // Its emblem, its two hues and its symbols in their tones' colours.
  expect(svg).toContain(`>${acmeFortune.art.emblem}</text>`)
  expect(svg).toContain('hsl(12 55% 28%)')
  expect(svg).toContain('fill="#9fe7ff"')
  expect((await fetch(`${site.webUrl}/game-art/no-such-game.svg`)).status).toBe(404)
})

test("a second provider's game page for real play asks a visitor to log in, under the game's name", async () => {
  const b = new Browser(site.webUrl)
  const page = await b.get('/casino/acme-fortune?mode=real')
  expect(page.status).toBe(200)
  expect(page.html).toMatch(/<h1[^>]*>Fortuna Acme<\/h1>/)
  expect(textOf(page.html)).toContain(resources.es.translation.games.view.realNeedsLogin)
  expect((await b.get('/casino/no-such-game?mode=real')).status).toBe(404)
})

test("a second provider's game opens in the game view from its own origin, which the CSP lets the page frame", async () => {
  const { b } = await loggedInPlayer(site, Browser)
  for (const [path, language] of [
    ['/casino/acme-fortune?mode=real', 'es'],
    ['/en/casino/acme-fortune?mode=demo', 'en'],
  ] as const) {
    const page = await b.get(path)
    expect(page.status).toBe(200)
    const frame = /<iframe[^>]*src="([^"]+)"/.exec(page.html)?.[1]?.replaceAll('&amp;', '&')
    expect(new URL(frame!).origin).toBe(acme.origin)
    // Its scripts run on its own origin; it navigates the casino's page only on the player's click.
    const sandbox = /<iframe[^>]*sandbox="([^"]+)"/.exec(page.html)?.[1]?.split(' ')
    expect(sandbox).toContain('allow-top-navigation-by-user-activation')
    expect(sandbox).not.toContain('allow-top-navigation')
    expect(acme.launches.at(-1)?.params).toMatchObject({ gameId: 'acme-fortune', language })
    // The built-in provider's origin and the listed ones: the site frames no page of its own.
    expect(page.headers.get('content-security-policy')).toContain(
      `frame-src ${new URL(site.api.providerUrl).origin} ${acme.origin}`,
    )
    // The panel: the provider's rules and the game's limits; the seeds and rounds are its client's.
    const text = textOf(page.html)
    expect(text).toContain(acmeFortune.rules[language])
    expect(text).toContain(language === 'es' ? '0,20 €' : '€0.20')
    expect(page.html).not.toContain(resources[language].translation.games.view.serverSeedHash)
  }
})

test('a game whose client is on an origin the site does not list is unavailable, not a frame the browser blocks', async () => {
  const { b } = await loggedInPlayer(site, Browser)
  const page = await b.get('/en/casino/stray-stars?mode=real')
  expect(page.status).toBe(200)
  expect(textOf(page.html)).toContain(resources.en.translation.games.view.unavailable)
  expect(page.html).not.toContain('<iframe')
  expect(stray.launches).toHaveLength(1)
})
