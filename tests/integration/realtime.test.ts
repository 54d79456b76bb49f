// The browser's realtime socket (/ws on the site) against the real casino API: who may open it,
// what reaches it, and that the bearer token never does.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { WebSocket } from 'ws'
import { openSession } from '#app/utils/session.server.ts'
import { Browser } from '../setup/http.ts'
import { loggedInPlayer, startTestSite, TEST_SESSION_SECRET, testDatabases, type TestSite } from '../setup/harness.ts'

const until = async (check: () => boolean, what: string) => {
  const end = Date.now() + 20_000
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

function open(site: TestSite, headers: Record<string, string>) {
  const ws = new WebSocket(`${site.webUrl.replace(/^http/, 'ws')}/ws`, { headers })
  const frames: string[] = []
  ws.on('message', (data) => frames.push(data.toString()))
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)))
  const opened = new Promise<number | 'open'>((resolve) => {
    ws.once('open', () => resolve('open'))
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
    ws.once('error', () => resolve(0))
  })
  return { ws, frames, opened, closed }
}

for (const database of testDatabases()) {
  describe(`realtime relay on ${database.name}`, () => {
    let site: TestSite
    beforeAll(async () => {
      site = await startTestSite({ database })
    })
    afterAll(async () => {
      await site?.close()
    })

    test('only the site itself, with a session, opens /ws', async () => {
      const { b } = await loggedInPlayer(site, Browser)
      const cookie = `casino=${b.cookies.get('casino')}`
      expect(await open(site, { origin: site.webUrl }).opened).toBe(401)
      expect(await open(site, { origin: 'https://evil.example', cookie }).opened).toBe(403)
      expect(await open(site, { cookie }).opened).toBe(403)
      expect(await open(site, { origin: site.webUrl, cookie: 'casino=forged' }).opened).toBe(401)
      const good = open(site, { origin: site.webUrl, cookie })
      expect(await good.opened).toBe('open')
      good.ws.close()
    })

    test('a plain GET of /ws tells a page whether its socket would be refused (the browser cannot see why an upgrade failed)', async () => {
      const { b } = await loggedInPlayer(site, Browser)
      const cookie = `casino=${b.cookies.get('casino')}`
      const probe = (headers: Record<string, string>) => fetch(`${site.webUrl}/ws`, { headers })
      expect((await probe({ 'sec-fetch-site': 'same-origin' })).status).toBe(401)
      expect((await probe({ 'sec-fetch-site': 'same-origin', cookie: 'casino=forged' })).status).toBe(401)
      expect((await probe({ 'sec-fetch-site': 'cross-site', cookie })).status).toBe(403)
      expect((await probe({ origin: 'https://evil.example', cookie })).status).toBe(403)
      const accepted = await probe({ 'sec-fetch-site': 'same-origin', cookie })
      expect(accepted.status).toBe(426)
      expect(accepted.headers.get('cache-control')).toBe('no-store')
    })

    test("a deposit reaches the player's socket at once; the token never does; logging out closes it", async () => {
      const { b } = await loggedInPlayer(site, Browser)
      const sealed = b.cookies.get('casino')!
      const token = openSession(sealed, [TEST_SESSION_SECRET]).get('token')!
      expect(token).toBeTruthy()
      const socket = open(site, { origin: site.webUrl, cookie: `casino=${sealed}` })
      expect(await socket.opened).toBe('open')
      const form = await b.get('/user-management/deposit?method=moto')
      const key = form.html.match(/name="actionKey" value="([^"]+)"/)?.[1] ?? ''
      await b.post('/user-management/deposit?method=moto', {
        method: 'moto',
        actionKey: key,
        holderName: 'Lucía García',
        cardNumber: '4242424242424242',
        month: '12',
        year: '2099',
        cvv2: '123',
        amount: '35',
      })
      await until(() => socket.frames.length > 0, 'the balance frame')
      expect(JSON.parse(socket.frames[0]!)).toMatchObject({
        type: 'balance_changed',
        reason: 'deposit',
        balance: { total: 35_00, real: 35_00, bonus: 0 },
      })
      // Frames the contract does not know are dropped; the socket stays open and answers a ping.
      socket.ws.send('not json')
      socket.ws.send('{"type":"transfer","amount":100000}')
      socket.ws.send('{"type":"ping","id":"p1"}')
      await until(() => socket.frames.some((f) => f.includes('"pong"')), 'the pong')
      for (const frame of socket.frames) expect(frame).not.toContain(token)
      await b.post('/logout', {})
      expect(await socket.closed).toBe(4401)
    })

    test('a frame larger than the limit closes the socket (1009), it is never read', async () => {
      const { b } = await loggedInPlayer(site, Browser)
      const socket = open(site, { origin: site.webUrl, cookie: `casino=${b.cookies.get('casino')}` })
      expect(await socket.opened).toBe('open')
      socket.ws.send(JSON.stringify({ type: 'ping', id: 'x'.repeat(100_000) }))
      expect(await socket.closed).toBe(1009)
    })
  })
}
