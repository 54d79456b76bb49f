// What an attacker can send the web server without a browser: hostile paths, huge or chunked
// bodies, other content types and methods, a forged Host header. Every answer stays on the
// site, is a 4xx (never a 500), and the server keeps answering afterwards.
import { connect } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { bodyLimitOf, FORM_BODY_LIMIT_BYTES, UPLOAD_BODY_LIMIT_BYTES } from '#server/requests.ts'
import { Browser, textOf } from '../setup/http.ts'
import { startTestSite, type TestSite } from '../setup/harness.ts'

let site: TestSite
let origin: string
beforeAll(async () => {
  site = await startTestSite()
  origin = new URL(site.webUrl).origin
})
afterAll(async () => {
  await site?.close()
})

/** One raw HTTP/1.1 exchange (fetch would normalise the path): the status line, headers and body. */
function raw(
  head: string,
  body: (write: (chunk: string) => void) => void = () => {},
): Promise<{ status: number; headers: string; body: string }> {
  const { hostname, port } = new URL(site.webUrl)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname)
    let received = ''
    const settle = () => {
      const end = received.indexOf('\r\n\r\n')
      if (end === -1) return false
      const headers = received.slice(0, end)
      const length = Number(headers.match(/\r\ncontent-length: *(\d+)/i)?.[1] ?? Number.NaN)
      const bodyText = received.slice(end + 4)
      if (!Number.isNaN(length) && Buffer.byteLength(bodyText) < length) return false
      resolve({ status: Number(headers.split(' ')[1]), headers, body: bodyText })
      socket.destroy()
      return true
    }
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      received += chunk
      settle()
    })
    socket.on(
      'end',
      () => settle() || reject(new Error(`connection closed before a full answer: ${received.slice(0, 200)}`)),
    )
    socket.on('error', (error) => settle() || reject(error))
    socket.on('connect', () => {
      socket.write(head)
      body((chunk) => socket.write(chunk))
    })
  })
}

const HOSTILE = ['//evil.example', '///evil.example', '/\\evil.example', '/\\/evil.example', '//evil.example/en']

test.each(HOSTILE)('GET %s?theme=dark is redirected on the site, never to another one', async (path) => {
  const res = await raw(
    `GET ${path}?theme=dark HTTP/1.1\r\nHost: ${new URL(site.webUrl).host}\r\nConnection: close\r\n\r\n`,
  )
  expect([301, 302, 303, 307, 308]).toContain(res.status)
  const location = res.headers.match(/\r\nlocation: *([^\r\n]*)/i)?.[1] ?? ''
  expect(new URL(location, site.webUrl).origin).toBe(origin)
  expect(location.startsWith('/') && !location.startsWith('//') && !location.startsWith('/\\')).toBe(true)
})

test("the theme switch and the 404 page's language links keep a collapsed path on the site", async () => {
  const browser = new Browser(site.webUrl)
  // What the hostile path becomes after the first redirect, followed to the end.
  const themed = await browser.request('/evil.example?theme=dark', {}, false)
  expect(themed.status).toBe(302)
  expect(themed.headers.get('location')).toBe('/evil.example')
  const page = await browser.get('/evil.example')
  expect(page.status).toBe(404)
  const hrefs = [
    ...page.html.matchAll(/<a [^>]*href="([^"]*)"/g),
    ...page.html.matchAll(/<link [^>]*href="([^"]*)"/g),
  ].map((m) => (m[1] ?? '').replace(/&amp;/g, '&'))
  expect(hrefs.length).toBeGreaterThan(3)
  for (const href of hrefs) expect(new URL(href, site.webUrl).origin, href).toBe(origin)
  expect(hrefs).toContain('/en/evil.example')
})

test('the origin of absolute links is the public URL, not the Host header', async () => {
  const res = await raw(`GET /en HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`)
  expect(res.status).toBe(200)
  const alternates = [...res.body.matchAll(/<link rel="alternate" hrefLang="[^"]+" href="([^"]+)"/gi)].map((m) => m[1])
  expect(alternates.length).toBe(3)
  for (const href of alternates) expect(href?.startsWith(`${origin}/`)).toBe(true)
  expect(res.body).not.toContain('evil.example')
})

test('a form post whose Referer is another site is refused when Origin and Sec-Fetch-Site are missing', async () => {
  const form = 'username=someone&password=whatever-123'
  const foreign = await fetch(`${site.webUrl}/en/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', referer: 'https://evil.example/page' },
    body: form,
  })
  expect(foreign.status).toBe(403)
  const own = await fetch(`${site.webUrl}/en/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', referer: `${site.webUrl}/en/login` },
    body: form,
  })
  // Read by the login action (a refused login, not a refused request).
  expect(own.status).toBe(400)
  expect(textOf(await own.text())).toContain('Wrong username or password')
})

const healthy = async () => expect((await fetch(`${site.webUrl}/healthz`)).status).toBe(200)

/** A form post's headers only, announcing `bytes` of multipart body. */
const announce = (path: string, bytes: number) =>
  raw(
    `POST ${path} HTTP/1.1\r\nHost: ${new URL(site.webUrl).host}\r\nOrigin: ${origin}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${bytes}\r\n\r\n`,
  )

test('only the Verification tab takes an upload past 64 KiB, and not past its own 5 MB limit', async () => {
  expect(bodyLimitOf('/user-management/verification')).toBe(UPLOAD_BODY_LIMIT_BYTES)
  expect(bodyLimitOf('/en/user-management/verification.data')).toBe(UPLOAD_BODY_LIMIT_BYTES)
  expect(bodyLimitOf('/user-management/verification/x')).toBe(FORM_BODY_LIMIT_BYTES)
  expect(bodyLimitOf('/en/login')).toBe(FORM_BODY_LIMIT_BYTES)
  expect((await announce('/en/login', 1024 * 1024)).status).toBe(413)
  expect((await announce('/en/user-management/verification', UPLOAD_BODY_LIMIT_BYTES + 1)).status).toBe(413)
  await healthy()
})

test('a form body over the limit is refused with 413 before it is read (Content-Length)', async () => {
  // 300 MB announced; only the headers are sent: the answer comes without waiting for the body.
  const res = await raw(
    `POST /en/login HTTP/1.1\r\nHost: ${new URL(site.webUrl).host}\r\nOrigin: ${origin}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${300 * 1024 * 1024}\r\n\r\n`,
  )
  expect(res.status).toBe(413)
  expect(textOf(res.body)).toContain('What you sent is larger than allowed.')
  await healthy()
})

test('a chunked form body without Content-Length is counted and refused past the limit', async () => {
  const before = process.memoryUsage().rss
  const chunk = `a=${'x'.repeat(16 * 1024 - 2)}`
  const chunks = Math.ceil((FORM_BODY_LIMIT_BYTES * 4) / chunk.length)
  const res = await raw(
    `POST /login HTTP/1.1\r\nHost: ${new URL(site.webUrl).host}\r\nOrigin: ${origin}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n`,
    (write) => {
      for (let i = 0; i < chunks; i++) write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`)
      write('0\r\n\r\n')
    },
  )
  expect(res.status).toBe(413)
  expect(textOf(res.body)).toContain('El envío supera el tamaño permitido.')
  // The server (in this process) kept at most the limit, not the body.
  expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024)
  await healthy()
})

test('a large urlencoded POST through fetch gets a 413 and the login still works afterwards', async () => {
  const big = new URLSearchParams({ username: 'x', password: 'y'.repeat(FORM_BODY_LIMIT_BYTES + 1) })
  const res = await fetch(`${site.webUrl}/en/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: big,
  })
  expect(res.status).toBe(413)
  const page = await new Browser(site.webUrl).post('/en/login', {
    username: 'nobody_here',
    password: 'wrong-password-1',
  })
  expect(page.status).toBe(400)
  expect(textOf(page.html)).toContain('Wrong username or password')
})

test.each([
  { name: 'JSON', type: 'application/json', body: '{"username":"a","password":"b"}', status: 415 },
  { name: 'text/plain', type: 'text/plain', body: 'username=a&password=b', status: 415 },
  { name: 'no content type', type: undefined, body: 'username=a', status: 415 },
  { name: 'multipart without a boundary', type: 'multipart/form-data', body: '--x\r\n', status: 415 },
  {
    name: 'broken multipart',
    type: 'multipart/form-data; boundary=abc',
    body: '--abc\r\nContent-Disposition: form-data; name="username"\r\n\r\nhalf',
    status: 400,
  },
])('$name to a form route answers $status, not 500', async ({ type, body, status }) => {
  const headers: Record<string, string> = { origin }
  if (type) headers['content-type'] = type
  const res = await fetch(`${site.webUrl}/en/login`, { method: 'POST', redirect: 'manual', headers, body })
  expect(res.status).toBe(status)
  expect(res.headers.get('content-type')).toMatch(/text\/html/)
  expect(await res.text()).not.toMatch(/at .*\.(js|ts):\d+/)
})

test.each(['DELETE /login', 'PUT /en/register', 'PATCH /', 'TRACE /', 'OPTIONS /en/login'])(
  '%s answers 405 with Allow, not 500',
  async (line) => {
    const [method, path] = line.split(' ') as [string, string]
    const res = await raw(
      `${method} ${path} HTTP/1.1\r\nHost: ${new URL(site.webUrl).host}\r\nOrigin: ${origin}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    )
    expect(res.status).toBe(405)
    expect(res.headers).toMatch(/\r\nallow: GET, HEAD, POST/i)
    expect(textOf(res.body)).toMatch(/This page can't be used that way\.|Esta página no se puede usar de esa forma\./)
  },
)
