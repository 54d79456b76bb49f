// SIGTERM to the casino API as a process of its own, with a player's socket open, a socket whose
// client never answers, and a request in flight: the sockets are told 1012 (service restart),
// the request is answered, nothing new is taken, and the process exits within
// SHUTDOWN_TIMEOUT_MS (a socket once held it until its client left).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { SOCKET_PATH } from '../contract/index.ts'
import { startApiProcess } from './api-process.ts'
import { openSocket, slowPost, stubbornSocket } from './shutdown-helpers.ts'

const SHUTDOWN_TIMEOUT_MS = 8000

test('SIGTERM with open sockets and a request in flight: 1012 to the sockets, the request answered, exit 0 in time', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'casino-api-shutdown-'))
  const api = await startApiProcess(
    { SEED_DEMO: 'true', LIVE_TABLES: 'false', SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) },
    dataDir,
  )
  try {
    const login = await fetch(`${api.url}/front/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'demo-player-2026' }),
    })
    const { accessToken: token } = (await login.json()) as { accessToken: string }
    const authorization = { authorization: `Bearer ${token}` }
    const socketUrl = api.url.replace(/^http/, 'ws') + SOCKET_PATH
    const player = await openSocket(socketUrl, authorization)
    expect(player.opened).toBe(true)
    await stubbornSocket(socketUrl, authorization)
    const inFlight = slowPost(
      `${api.url}/front/auth/login/`,
      { 'content-type': 'application/json' },
      JSON.stringify({ username: 'demo', password: 'not-the-password' }),
    )
    await new Promise((resolve) => setTimeout(resolve, 200))

    process.kill(api.pid, 'SIGTERM')
    expect(await player.closed).toEqual({ code: 1012, reason: 'service restart' })
    // Taking nothing new: neither a connection nor a socket.
    expect((await openSocket(socketUrl, authorization)).opened).toBe(false)
    const answer = await inFlight.finish()
    // The log-in's own answer to a wrong password, not the 503 of a closing server.
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'wrong_credentials' } })

    // 0: it finished before its deadline (past SHUTDOWN_TIMEOUT_MS main.ts exits 1, saying so). The
    // wall clock here would also count this test's own steps since the signal, which a busy machine
    // stretches past the deadline (a CI run sharing two cores did).
    expect(await api.exited).toBe(0)
  } finally {
    await api.stop('SIGKILL')
    await rm(dataDir, { recursive: true, force: true })
  }
}, 240_000)
