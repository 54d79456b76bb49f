// A hostile client on the casino API's own socket: a frame past the limit (64 KiB) is never read
// and closes that socket (1009); the process keeps serving (an error nobody listened for would
// have been thrown and stopped it).
import { expect, test } from 'vitest'
import { MAX_FRAME_LENGTH } from '../contract/index.ts'
import { activePlayer, backends, useApis } from './helpers.ts'
import { connect } from './socket-helpers.ts'

const api = useApis()

for (const backend of backends) {
  test(`${backend}: a frame past the socket's limit closes that socket, and the API keeps answering`, async () => {
    const a = api(backend)
    const player = await activePlayer(a)
    const socket = await connect(a.url, player.token)
    expect(socket.opened).toBe('open')
    const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)))
    socket.ws.send('x'.repeat(MAX_FRAME_LENGTH + 1024))
    expect(await closed).toBe(1009)
    expect((await a.ok('get_player_balance', {}, { token: player.token })).currency).toBe('EUR')
    const again = await connect(a.url, player.token)
    expect(again.opened).toBe('open')
    again.ws.close()
  })
}
