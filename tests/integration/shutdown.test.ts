// SIGTERM to the web server (`node server/index.ts`, production build, embedded casino API) with
// a player's /ws socket open, a socket whose browser never answers, and a form post in flight:
// the sockets are told 1012 (service restart: the page reconnects, to another instance behind
// the load balancer), the post is answered, and the process exits within SHUTDOWN_TIMEOUT_MS.
// An open socket once held it for as long as the browser stayed (27–72 s).
import { expect, test } from 'vitest'
import { openSocket, slowPost, stubbornSocket } from '#casino-api/tests/shutdown-helpers.ts'
import { Browser } from '../setup/http.ts'
import { startWebProcess } from '../setup/web-process.ts'

const SHUTDOWN_TIMEOUT_MS = 8000

test('SIGTERM with open sockets and a post in flight: 1012 to the sockets, the post answered, exit 0 in time', async () => {
  const web = await startWebProcess({ SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) })
  const { port, site } = web
  try {
    const b = new Browser(site)
    const home = await b.post('/login', { username: 'demo', password: 'demo-player-2026' })
    expect(home.url).toBe(`${site}/`)
    const headers = { origin: site, cookie: [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
    const socketUrl = `ws://127.0.0.1:${port}/ws`
    const player = await openSocket(socketUrl, headers)
    expect(player.opened).toBe(true)
    await stubbornSocket(socketUrl, headers)
    const inFlight = slowPost(
      `http://127.0.0.1:${port}/en/login`,
      // Another visitor's (a logged-in one is sent home from the log-in page).
      { origin: site, host: `localhost:${port}`, 'content-type': 'application/x-www-form-urlencoded' },
      new URLSearchParams({ username: 'demo', password: 'not-the-password' }).toString(),
    )
    await new Promise((done) => setTimeout(done, 200))

    const signalled = Date.now()
    web.terminate()
    expect(await player.closed).toEqual({ code: 1012, reason: 'service restart' })
    expect((await openSocket(socketUrl, headers)).opened).toBe(false)
    const answer = await inFlight.finish()
    // The log-in page's own answer to a wrong password.
    expect(answer.status).toBe(400)
    expect(answer.body).toContain('Wrong username or password.')

    expect(await web.exited).toBe(0)
    expect(Date.now() - signalled).toBeLessThan(SHUTDOWN_TIMEOUT_MS)
    expect(web.output()).toContain('stopped')
  } finally {
    await web.stop()
  }
}, 300_000)
