import { useEffect, useSyncExternalStore } from 'react'

/**
 * The player's balance as the realtime socket last told it (/ws on the site, relayed by the web
 * server; the token never reaches the page). One socket for the whole page, opened after
 * hydration while a balance is shown, reopened with a growing pause (1 s to 30 s, with jitter)
 * when it drops, and not reopened once the server says the session ended (4401). Without
 * JavaScript the balance is the one the page was rendered with. The same socket tells the
 * mailbox's unread count (useLiveUnread).
 */
type Balance = { currency: 'EUR' | 'INR'; total: number; real: number; bonus: number }

let latest: Balance | null = null
const listeners = new Set<() => void>()
let socket: WebSocket | null = null
let users = 0
let pause = 1000
let retry: ReturnType<typeof setTimeout> | undefined

function isBalance(value: unknown): value is Balance {
  const b = value as Balance | null
  return (
    typeof b === 'object' &&
    b !== null &&
    Number.isSafeInteger(b.total) &&
    Number.isSafeInteger(b.real) &&
    Number.isSafeInteger(b.bonus) &&
    (b.currency === 'EUR' || b.currency === 'INR')
  )
}

function connect() {
  if (socket || typeof WebSocket === 'undefined') return
  const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`)
  socket = ws
  ws.addEventListener('open', () => {
    pause = 1000
  })
  ws.addEventListener('message', (message) => {
    let event: { type?: unknown; balance?: unknown; unread?: unknown }
    try {
      event = JSON.parse(String(message.data)) as typeof event
    } catch {
      return
    }
    if (typeof event.type === 'string') for (const handler of handlers.get(event.type) ?? []) handler(event)
    if (event.type === 'mailbox_message' && Number.isSafeInteger(event.unread)) setUnread(event.unread as number)
    if (event.type !== 'balance_changed' || !isBalance(event.balance)) return
    latest = event.balance
    for (const listener of listeners) listener()
  })
  ws.addEventListener('close', (closed) => {
    if (socket !== ws) return
    socket = null
    if (users === 0 || closed.code === 4401 || closed.code === 1008) return
    retry = setTimeout(connect, pause + Math.floor(Math.random() * 500))
    pause = Math.min(pause * 2, 30_000)
  })
}

type EventHandler = (event: Record<string, unknown>) => void
const handlers = new Map<string, Set<EventHandler>>()

/**
 * Calls `handler` when an event of `type` arrives on the page's socket (e.g. a payment's status
 * changed: the page reloads its data). The socket is the one the balance keeps open.
 */
export function useRealtimeEvent(type: string, handler: EventHandler) {
  useEffect(() => {
    const set = handlers.get(type) ?? new Set()
    set.add(handler)
    handlers.set(type, set)
    return () => {
      set.delete(handler)
    }
  }, [type, handler])
}

let lastRendered = ''
function renderedAgain(key: string) {
  if (key === lastRendered) return
  lastRendered = key
  latest = null
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Keeps the page's one socket open while a component that shows live data is mounted. */
function useSocket() {
  useEffect(() => {
    users++
    connect()
    return () => {
      users--
      if (users > 0) return
      clearTimeout(retry)
      const ws = socket
      socket = null
      ws?.close()
    }
  }, [])
}

/** The balance to show: the live one once the socket has told one, else the page's. */
export function useLiveBalance<B extends Balance>(rendered: B): B {
  useSocket()
  // A newer page (after a deposit, a bet) wins over an older event.
  const renderedKey = `${rendered.total}:${rendered.real}:${rendered.bonus}`
  useEffect(() => renderedAgain(renderedKey), [renderedKey])
  const live = useSyncExternalStore(
    subscribe,
    () => latest,
    () => null,
  )
  return live && live.currency === rendered.currency ? { ...rendered, ...live } : rendered
}

// ---- the mailbox's unread count ------------------------------------------------------------

let unread: number | null = null
const unreadListeners = new Set<() => void>()
const countedSources = new WeakSet<object>()

function setUnread(count: number) {
  unread = count
  for (const listener of unreadListeners) listener()
}

function subscribeUnread(listener: () => void) {
  unreadListeners.add(listener)
  return () => unreadListeners.delete(listener)
}

/**
 * The unread count to show. `rendered` is the freshest count the page's data knows, and `source`
 * the loader data it came from (the root's player, or a mailbox page that just read or deleted a
 * message): data the page has not seen before (a new load, a revalidation) sets the count, a
 * message arriving on the socket sets it too, and whichever came last wins. Going back to older
 * data (the root's, kept on a plain navigation) does not undo a newer count.
 */
export function useLiveUnread(rendered: number, source: object): number {
  useSocket()
  useEffect(() => {
    if (countedSources.has(source)) return
    countedSources.add(source)
    setUnread(rendered)
  }, [source, rendered])
  const live = useSyncExternalStore(
    subscribeUnread,
    () => unread,
    () => null,
  )
  return countedSources.has(source) && live !== null ? live : rendered
}
