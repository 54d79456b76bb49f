// The embedded casino API (used when CASINO_API_URL is unset) runs in a worker thread of the web
// server's process: PGlite, fastify and the answer checks then use the second core instead of the
// web server's event loop, and a slow query never holds up a page of another visitor. The two
// still talk HTTP over loopback, exactly as they would across containers.
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import type { CasinoApiOptions } from '#casino-api/src/server.ts'

export type EmbeddedApi = {
  url: string
  port: number
  /** The built-in game provider it starts on a port of its own. */
  providerUrl: string
  metricsUrl?: string
  close(): Promise<void>
}

type FromWorker =
  | { type: 'ready'; url: string; port: number; providerUrl: string; metricsUrl?: string }
  | { type: 'failed'; message: string; stack?: string }
  | { type: 'closed' }

/**
 * Starts the casino API in a worker and resolves once it listens. `onExit` hears of a worker
 * that stops on its own (a crash): the site cannot work without it.
 */
export function startEmbeddedApi(options: CasinoApiOptions, onExit: (error: Error) => void): Promise<EmbeddedApi> {
  const worker = new Worker(new URL(import.meta.url), { workerData: options })
  let closing: Promise<void> | undefined
  return new Promise<EmbeddedApi>((resolve, reject) => {
    let started = false
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'failed') {
        const error = Object.assign(new Error(message.message), { stack: message.stack })
        if (started) onExit(error)
        else reject(error)
      }
      if (message.type !== 'ready') return
      started = true
      resolve({
        url: message.url,
        port: message.port,
        providerUrl: message.providerUrl,
        metricsUrl: message.metricsUrl,
        close: () =>
          (closing ??= new Promise<void>((done) => {
            worker.once('exit', () => done())
            // A worker thread's port, not a window: there is no target origin to name.
            // oxlint-disable-next-line unicorn/require-post-message-target-origin
            worker.postMessage('close')
          })),
      })
    })
    worker.on('error', (error) => (started ? onExit(error) : reject(error)))
    worker.on('exit', (code) => {
      if (!closing) {
        const error = new Error(`the embedded casino API stopped (exit code ${code})`)
        if (started) onExit(error)
        else reject(error)
      }
    })
  })
}

// ---- inside the worker ----------------------------------------------------------------------
if (!isMainThread && parentPort) {
  const port = parentPort
  const post = (message: FromWorker) => port.postMessage(message)
  try {
    const { startCasinoApi } = await import('#casino-api/src/server.ts')
    const api = await startCasinoApi(workerData as CasinoApiOptions)
    port.on('message', async (message) => {
      if (message !== 'close') return
      try {
        await api.close()
      } finally {
        post({ type: 'closed' })
        port.close()
      }
    })
    post({ type: 'ready', url: api.url, port: api.port, providerUrl: api.providerUrl, metricsUrl: api.metricsUrl })
  } catch (error) {
    post({
      type: 'failed',
      message: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    })
    process.exit(1)
  }
}
