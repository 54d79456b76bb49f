import { useEffect, useRef } from 'react'
import type { LiveSocketEvent } from '#contract'
import { LIVE_SOCKET_CLOSE } from '#casino-api/contract/live-socket.ts'

/** Close codes after which the socket is not opened again: the session is over or not a table's. */
const FINAL = new Set<number>(Object.values(LIVE_SOCKET_CLOSE))

/**
 * A live table's client watches its table on the game provider's live socket (`url`, from the
 * table's reading), with its launch's game session, visitor or player alike: the socket tells
 * every round event of the table and the player's payouts, and `onEvent` hears each. Opened after
 * hydration, reopened with a growing pause (1 s to 30 s, with jitter) when it drops, never again
 * once the provider says the session ended or is not a live table's. Without JavaScript, or while
 * the socket is away, the page reads the table again when a phase is due to end.
 */
export function useTableSocket(url: string | null, session: string, onEvent: (event: LiveSocketEvent) => void) {
  const handler = useRef(onEvent)
  useEffect(() => {
    handler.current = onEvent
  }, [onEvent])

  useEffect(() => {
    if (!url || typeof WebSocket === 'undefined') return
    let socket: WebSocket | null = null
    let pause = 1000
    let retry: ReturnType<typeof setTimeout> | undefined
    let stopped = false
    const connect = () => {
      const ws = new WebSocket(url)
      socket = ws
      ws.addEventListener('open', () => {
        pause = 1000
        ws.send(JSON.stringify({ type: 'watch', session }))
      })
      ws.addEventListener('message', (message) => {
        let event: LiveSocketEvent
        try {
          event = JSON.parse(String(message.data)) as LiveSocketEvent
        } catch {
          return
        }
        if (typeof event?.type === 'string') handler.current(event)
      })
      ws.addEventListener('close', (closed) => {
        if (stopped || socket !== ws || FINAL.has(closed.code)) return
        retry = setTimeout(connect, pause + Math.floor(Math.random() * 500))
        pause = Math.min(pause * 2, 30_000)
      })
    }
    connect()
    return () => {
      stopped = true
      clearTimeout(retry)
      socket?.close()
    }
  }, [url, session])
}
