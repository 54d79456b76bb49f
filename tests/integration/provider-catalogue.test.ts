// The web app shows a game only from the casino API's contract (ADR 0045): a second provider's
// game, synced from its catalogue feed over HTTP and known to no code of the web app, is listed
// with its thumbnail, drawn from its art, and its page names it (it was a 404 before).
import { afterAll, beforeAll, expect, test } from 'vitest'
import { acmeFortune, startFeedServer } from '#casino-api/tests/feed-fixture.ts'
import { resources } from '#locales/index.ts'
import { Browser, textOf } from '../setup/http.ts'
import { startTestSite, type TestSite } from '../setup/harness.ts'

let feed: Awaited<ReturnType<typeof startFeedServer>>
let site: TestSite
beforeAll(async () => {
  feed = await startFeedServer({ games: [acmeFortune] })
  site = await startTestSite({ api: { gameProviders: [{ id: 'acme', feedUrl: feed.url }] } })
})
afterAll(async () => {
  await site?.close()
  await feed?.close()
})

test("a second provider's game is in the lobby with the thumbnail of its art", async () => {
  const b = new Browser(site.webUrl)
  const lobby = await b.get('/en/casino?provider=acme')
  expect(lobby.status).toBe(200)
  expect(textOf(lobby.html)).toContain('Acme Fortune')
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

test("a second provider's game, which has no launch yet, says it is unavailable instead of failing", async () => {
  const page = await new Browser(site.webUrl).get('/casino/acme-fortune')
  expect(page.status).toBe(200)
  expect(textOf(page.html)).toContain(resources.es.translation.games.view.unavailable)
})
