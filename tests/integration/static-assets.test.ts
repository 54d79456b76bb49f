// The browser's hashed files go out as the build compressed them (brotli or gzip, whichever the
// browser takes), cached for a year.
import { readFileSync } from 'node:fs'
import { get as httpGet, type IncomingHttpHeaders } from 'node:http'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startTestSite, type TestSite } from '../setup/harness.ts'

let site: TestSite
beforeAll(async () => {
  site = await startTestSite()
})
afterAll(async () => {
  await site?.close()
})

test('scripts are sent precompressed in the encoding the browser takes, or plain', async () => {
  const html = await (await fetch(`${site.webUrl}/en`)).text()
  const asset = html.match(/\/assets\/entry\.client-[^"]+\.js/)?.[0]
  expect(asset).toBeTruthy()
  const plain = readFileSync(join('build/client', asset!))
  // node:http rather than fetch, which would decode the body itself.
  const get = (acceptEncoding: string) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      httpGet(site.webUrl + asset, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      }).on('error', reject)
    })
  for (const [acceptEncoding, encoding, decode] of [
    ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
  ] as const) {
    const res = await get(acceptEncoding)
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBe(encoding)
    expect(res.headers['content-type']).toMatch(/javascript/)
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(res.headers['cache-control']).toMatch(/immutable/)
    expect(decode(res.body).equals(plain)).toBe(true)
  }
  const identity = await get('identity')
  expect(identity.headers['content-encoding']).toBeUndefined()
  expect(identity.body.equals(plain)).toBe(true)
})
