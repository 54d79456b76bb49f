// A database outage on demand: the tests reach PostgreSQL through this TCP forwarder, which they
// open (up) and close (down: nothing answers on the port, and open connections are cut).
import net from 'node:net'

/** A TCP door to the PostgreSQL at `target` on `port`, opened and closed by the test. */
export function tcpDoor(target: URL, port: number) {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname)
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(a)
      a.on('error', () => b.destroy())
      a.on('close', () => {
        sockets.delete(a)
        b.destroy()
      })
      a.pipe(b)
    }
  })
  return {
    port,
    up: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    /** Nothing answers on the port any more, and every open connection is cut. */
    down: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        for (const socket of sockets) socket.destroy()
      }),
  }
}
