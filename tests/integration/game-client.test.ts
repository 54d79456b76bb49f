// The built-in provider's game client is the provider's own page (ADR 0049, step 3): served from
// its origin, framed by the casino's site alone, moved only by forms of its own origin, its files
// cached for a year; the site no longer serves it, and its CSP frames the provider's origin.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import { Browser } from '../setup/http.ts'
import { startTestSite, type TestSite } from '../setup/harness.ts'

const en = resources.en.translation
let site: TestSite
beforeAll(async () => {
  site = await startTestSite()
})
afterAll(async () => {
  await site?.close()
})

/** A game's view for fun, and the address of its client in the view's iframe. */
async function clientOf(path: string) {
  const view = await new Browser(site.webUrl).get(path)
  expect(view.status).toBe(200)
  const src = /<iframe[^>]*src="([^"]+)"/.exec(view.html)?.[1]?.replaceAll('&amp;', '&')
  return { view, src: new URL(src!) }
}

test("the client is on the provider's origin, framed by the site alone, and the site's CSP frames that origin", async () => {
  const { view, src } = await clientOf('/en/casino/dice?mode=demo')
  const provider = new URL(site.api.providerUrl).origin
  expect(src.origin).toBe(provider)
  expect(view.headers.get('content-security-policy')).toMatch(new RegExp(`frame-src ${provider}[;\\s]`))
  // The panel links straight to the provider's check of a round.
  expect(view.html).toContain(`href="${provider}/en/provably-fair"`)

  const page = await fetch(src)
  expect(page.status).toBe(200)
  const policy = page.headers.get('content-security-policy') ?? ''
  expect(policy).toContain(`frame-ancestors ${new URL(site.webUrl).origin}`)
  expect(policy).toMatch(/script-src 'self' 'nonce-[\w+/=]+'/)
  expect(page.headers.get('referrer-policy')).toBe('same-origin')
  expect(page.headers.get('cache-control')).toBe('no-store')
  const html = await page.text()
  expect(html).toContain('<h1')
  expect(html).toContain('Dice')
  // Its content before its code: its stylesheet written into its head under the nonce (a linked
  // one let the framed client paint unstyled first), no module preloads; not for search engines.
  const head = html.slice(0, html.indexOf('</head>'))
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1]
  expect(policy).toContain(`style-src 'self' 'nonce-${nonce}'`)
  expect(head).toMatch(new RegExp(`<style[^>]*nonce="${nonce!.replace(/[+/=]/g, '\\$&')}"`))
  expect(head).not.toContain('rel="stylesheet"')
  expect(head).not.toContain('rel="modulepreload"')
  expect(head).toContain('<meta name="robots" content="noindex"/>')
  // No cookie is set by the client, and none of the casino's is read (another origin).
  expect(page.headers.get('set-cookie')).toBeNull()

  // Its files: from its origin, kept a year, sent compressed to a browser that takes it.
  const asset = /\/assets\/entry\.client-[\w-]+\.js/.exec(html)?.[0]
  const file = await fetch(provider + asset, { headers: { 'accept-encoding': 'br' } })
  expect(file.status).toBe(200)
  expect(file.headers.get('content-type')).toContain('text/javascript')
  expect(file.headers.get('cache-control')).toContain('immutable')
  expect(file.headers.get('content-encoding')).toBe('br')
  expect((await file.text()).length).toBeGreaterThan(1000)
  expect((await fetch(`${provider}/assets/..%2F..%2Fpackage.json`)).status).toBe(404)

  // The site serves no game client any more.
  expect((await fetch(`${site.webUrl}${src.pathname}`)).status).toBe(404)
})

test('a move posted from another origin, or with no origin, is refused; from its own it plays', async () => {
  const { src } = await clientOf('/en/casino/dice?mode=demo')
  const html = await (await fetch(src)).text()
  const moveId = /name="moveId" value="([^"]+)"/.exec(html)?.[1]
  const form = { engine: 'dice', moveId: moveId!, intent: 'play', stake: '100', target: '50.00', side: 'over' }
  const post = (origin?: string) =>
    fetch(src, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) },
      body: new URLSearchParams(form),
      redirect: 'manual',
    })
  expect((await post(site.webUrl)).status).toBe(403)
  expect((await post('null')).status).toBe(403)
  expect((await post()).status).toBe(403)
  const played = await post(src.origin)
  expect(played.status).toBe(200)
  expect(await played.text()).toMatch(/Rolled \d+\.\d\d/)
  // A body past the forms' limit is refused before it is read.
  const huge = await fetch(src, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: src.origin },
    body: `stake=${'1'.repeat(70 * 1024)}`,
  })
  expect(huge.status).toBe(413)
  expect(await huge.text()).toBe(en.catalogue.validation_failed)
})

test('a spin that gives back no more than its stake is not called a win (no losses disguised as wins)', async () => {
  const { src } = await clientOf('/en/casino/european-roulette?mode=demo')
  let html = await (await fetch(src)).text()
  // One chip on red and one on black: any red or black pocket pays back the two chips staked, no more.
  for (let spin = 0; spin < 6; spin++) {
    const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(html)?.[1] ?? ''
    const body = new URLSearchParams({ engine: field('engine'), moveId: field('moveId'), intent: 'play' })
    body.append('bet', 'red::100')
    body.append('bet', 'black::100')
    const played = await fetch(src, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: src.origin },
      body,
    })
    expect(played.status).toBe(200)
    html = await played.text()
    const text = html.replace(/<[^>]+>/g, ' ')
    expect(text).not.toContain(en.games.frame.won.split(' {{')[0])
    if (text.includes(en.games.frame.lost)) continue // the zero: nothing back
    expect(text).toContain(en.games.frame.gotBack.split(' {{')[0])
    // The session's time and net result (the zeros before this spin cost two chips each).
    expect(text).toMatch(new RegExp(`This session: 0 min, net (0\\.00|-${2 * spin}\\.00) Fichas`))
    return
  }
  throw new Error('six zeros in a row')
})

test("a client whose session is unknown says the session ended, with the casino's lobby", async () => {
  const { src } = await clientOf('/casino/dice?mode=demo')
  const unknown = new URL(src)
  unknown.pathname = `/en/game-frame/${'x'.repeat(43)}`
  const page = await fetch(unknown)
  expect(page.status).toBe(410)
  const html = await page.text()
  expect(html).toContain(en.games.frame.expired)
  expect(html).toContain(`href="${site.webUrl}/en/casino"`)
})

test("the check of a round is the provider's page: the site's link sends the visitor there with the round", async () => {
  const provider = new URL(site.api.providerUrl).origin
  const sent = await fetch(`${site.webUrl}/en/provably-fair?game=dice&serverSeed=abc&clientSeed=x%20y&nonce=3`, {
    redirect: 'manual',
  })
  expect(sent.status).toBe(302)
  const to = new URL(sent.headers.get('location')!)
  expect(to.origin).toBe(provider)
  expect(to.pathname).toBe('/en/provably-fair')
  expect(Object.fromEntries(to.searchParams)).toEqual({
    game: 'dice',
    serverSeed: 'abc',
    clientSeed: 'x y',
    nonce: '3',
  })
  expect(
    new URL((await fetch(`${site.webUrl}/provably-fair`, { redirect: 'manual' })).headers.get('location')!).pathname,
  ).toBe('/provably-fair')

  const page = await fetch(to)
  expect(page.status).toBe(200)
  const html = await page.text()
  expect(html).toContain(`<title>${en.games.fair.title}</title>`)
  // A page to find: described, and not kept from search engines as a game client is.
  expect(html).toContain(`<meta name="description" content="${en.games.fair.intro.replaceAll('"', '&quot;')}"/>`)
  expect(html).not.toContain('noindex')
  expect(html).toContain(`href="${site.webUrl}/en"`)
  expect(html).toContain('value="x y"')
  // What a visitor types is shown as text, never as markup.
  const hostile = await (
    await fetch(`${provider}/provably-fair?clientSeed=${encodeURIComponent('"><script>alert(1)</script>')}`)
  ).text()
  expect(hostile).not.toContain('<script>alert(1)</script>')
})
