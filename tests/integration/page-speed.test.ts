// What keeps the first paint independent of further requests (ADR 0023): the site's stylesheet
// inline under the CSP nonce, no stylesheet links, no module preloads ahead of the content, and
// no image preloads for the language menu's flags.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startTestSite, type TestSite } from '../setup/harness.ts'

let site: TestSite
beforeAll(async () => {
  site = await startTestSite()
})
afterAll(async () => {
  await site?.close()
})

test('every page carries the whole stylesheet inline and links none', async () => {
  for (const path of ['/', '/en/register', '/login']) {
    const res = await fetch(site.webUrl + path)
    expect(res.status, path).toBe(200)
    const nonce = res.headers.get('content-security-policy')?.match(/style-src[^;]*'nonce-([^']+)'/)?.[1]
    expect(nonce, path).toBeTruthy()
    const html = await res.text()
    const head = html.slice(0, html.indexOf('</head>'))
    const style = head.match(/<style\b[^>]*>([\s\S]*?)<\/style>/)
    expect(style?.[0], path).toContain(`nonce="${nonce}"`)
    // Every rule in a cascade layer, the layers first named in their order (ADR 0014).
    const layers = [...(style?.[1] ?? '').matchAll(/@layer ([a-z, ]+)[;{]/g)].flatMap((m) => m[1]!.split(/,\s*/))
    expect([...new Set(layers)], path).toEqual(['theme', 'base', 'ui', 'components', 'pages'])
    expect(head, path).not.toMatch(/rel="stylesheet"/)
    expect(head, path).not.toMatch(/rel="modulepreload"/)
    expect(head, path).not.toMatch(/rel="preload" as="image"/)
    // The scripts still load: React Router's module script at the end of the body.
    expect(html.slice(html.indexOf('</head>')), path).toMatch(/<script[^>]+type="module"/)
  }
})
