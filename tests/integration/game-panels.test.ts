// Every game's page as a visitor opens it for fun, in Spanish and in English, without JavaScript:
// the panel shows the game's rules, a paytable and the return, never a heading with nothing under
// it; and a round's result reads in the page's language (a roll of the dice with a decimal comma
// in Spanish, a point in English).
import { afterAll, beforeAll, expect, test } from 'vitest'
import { CATALOG } from '#provider/games/catalog.ts'
import { resources } from '#locales/index.ts'
import { Browser, textOf } from '../setup/http.ts'
import { startTestSite, type TestSite } from '../setup/harness.ts'

const words = { es: resources.es.translation.games, en: resources.en.translation.games }
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

let site: TestSite
beforeAll(async () => {
  site = await startTestSite()
})
afterAll(async () => {
  await site?.close()
})

/** A game's page for fun: the live table under the live casino, the others under the casino. */
const gamePath = (lang: 'es' | 'en', game: (typeof CATALOG)[number]) =>
  `${lang === 'es' ? '' : '/en'}/${game.live ? 'live-casino' : 'casino'}/${game.id}?mode=demo`

for (const lang of ['es', 'en'] as const) {
  test(`every game's panel shows its rules, a paytable and its return (${lang})`, async () => {
    const g = words[lang]
    const b = new Browser(site.webUrl)
    for (const game of CATALOG) {
      const page = await b.get(gamePath(lang, game))
      expect(page.status, game.id).toBe(200)
      const start = page.html.indexOf(`<summary>${g.view.panel}</summary>`)
      expect(start, `${game.id}: panel`).toBeGreaterThan(0)
      const panel = page.html.slice(start, page.html.indexOf('</details>', start))
      const rules = panel.match(new RegExp(`<h2>${escape(g.view.rules)}</h2><p>([^<]*)</p>`))?.[1] ?? ''
      expect(textOf(rules).trim(), `${game.id}: rules`).not.toBe('')
      // A table with rows of figures: a paytable or each bet's return.
      const cells = [...panel.matchAll(/<td>([^<]*)<\/td>/g)].map((m) => textOf(m[1]!).trim())
      expect(cells.length, `${game.id}: paytable`).toBeGreaterThan(0)
      expect(
        cells.filter((c) => c === ''),
        `${game.id}: empty cells`,
      ).toEqual([])
      // The return, with the page's decimal separator and two decimals.
      const rtp = panel.match(new RegExp(`<dt>${escape(g.view.rtp)}</dt><dd>(.*?)</dd>`))?.[1] ?? ''
      expect(textOf(rtp).trim(), `${game.id}: return`).toMatch(lang === 'es' ? /^\d{2},\d\d %$/ : /^\d{2}\.\d\d %$/)
    }
  })

  test(`a roll of the dice reads in the page's language (${lang})`, async () => {
    const b = new Browser(site.webUrl)
    const view = await b.get(`${lang === 'es' ? '' : '/en'}/casino/dice?mode=demo`)
    const frame = view.html.match(/<iframe[^>]+src="([^"]+)"/)?.[1]
    expect(frame).toBeTruthy()
    const client = await b.get(frame!)
    const moveId = client.html.match(/name="moveId" value="([^"]+)"/)?.[1]
    expect(moveId).toBeTruthy()
    // The target's field is written in the page's language too, and posted as it is.
    const target = client.html.match(/<input[^>]*name="target"[^>]*value="([^"]+)"/)?.[1]
    expect(target).toBe(lang === 'es' ? '50,00' : '50.00')
    // Under 50.00 wins on 5 000 of the 10 001 rolls and pays × 1.9801.
    // The client is the provider's page: its form posts with the provider's origin.
    const played = await b.post(
      frame!,
      { engine: 'dice', moveId: moveId!, stake: '100', target: target!, side: 'under', intent: 'play' },
      { origin: new URL(frame!).origin },
    )
    expect(played.status).toBe(200)
    const rolled = escape(words[lang].frame.rolled).replace(escape('{{roll}}'), '(\\S+)')
    const line = textOf(played.html).match(new RegExp(`${rolled} · × (\\S+)`))
    expect(line, textOf(played.html)).toBeTruthy()
    const [, roll, multiplier] = line!
    if (lang === 'es') {
      expect(roll).toMatch(/^\d{1,3},\d\d$/)
      expect(multiplier).toBe('1,9801')
    } else {
      expect(roll).toMatch(/^\d{1,3}\.\d\d$/)
      expect(multiplier).toBe('1.9801')
    }
  })
}
