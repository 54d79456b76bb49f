import { useEffect, useSyncExternalStore } from 'react'

/**
 * The player's balance as the realtime socket last told it (/ws on the site, relayed by the web
 * server; the token never reaches the page). One socket for the whole page, opened after
 * hydration while a balance is shown, reopened with a growing pause (1 s to 30 s, with jitter)
 * when it drops, and not reopened once the server says the session ended (4401) or refuses the
 * upgrade (401 without a session, 403 from another origin: asked by a plain GET of /ws), until
 * the server next answers for a logged-in player (sessionConfirmed) or every part showing live
 * data has gone. Without JavaScript the balance is the one the page was rendered with. The same
 * socket tells the mailbox's unread count (useLiveUnread).
 */
type Balance = { currency: 'EUR' | 'INR'; total: number; real: number; bonus: number; version?: number }

const SOCKET_URL = '/ws'
let latest: Balance | null = null
const listeners = new Set<() => void>()
let socket: WebSocket | null = null
let users = 0
let pause = 1000
let retry: ReturnType<typeof setTimeout> | undefined
/**
 * The server refused the page's socket (its session is gone, or another origin): nothing on this
 * page opens it again until the server answers for a logged-in player again (sessionConfirmed)
 * or every part that shows live data has gone.
 */
let refused = false
/** Asking the server whether a socket that never opened was refused: no new socket meanwhile. */
let probing = false
/** Counts the times every user went: a probe answered after that speaks for an older page. */
let generation = 0
/**
 * How long the probe may take. A plain GET the web server answers at once; the margin is for a
 * busy phone or server, where giving up early would open the refused socket again.
 */
const PROBE_TIMEOUT_MS = 30_000

let confirmedBy: object | null = null

/**
 * The server has just answered for a logged-in player with `source` (the root's data, loaded again
 * after a log-in or any action): a socket refused earlier in this page (the session had ended
 * meanwhile) is tried again at once. The same data does not confirm twice.
 */
export function sessionConfirmed(source: object) {
  if (source === confirmedBy) return
  confirmedBy = source
  if (!refused) return
  refused = false
  pause = 1000
  if (users > 0) connect()
}

function isBalance(value: unknown): value is Balance {
  const b = value as Balance | null
  return (
    typeof b === 'object' &&
    b !== null &&
    Number.isSafeInteger(b.total) &&
    Number.isSafeInteger(b.real) &&
    Number.isSafeInteger(b.bonus) &&
    (b.currency === 'EUR' || b.currency === 'INR') &&
    (b.version === undefined || Number.isSafeInteger(b.version))
  )
}

/**
 * Whether `balance` must not replace `known`: both carry the casino API's version (the contract's
 * Balance) and it is not higher. A balance reaches the page by two paths that do not wait for
 * each other (the socket's event, the page's data loaded again), so a late one may be older than
 * what the page shows: a page loaded before the movement that the socket already told, say.
 * Without versions (another upstream) the balance that arrived last wins.
 */
function older(balance: Balance, known: Balance | null) {
  return (
    known !== null &&
    known.currency === balance.currency &&
    balance.version !== undefined &&
    known.version !== undefined &&
    balance.version <= known.version
  )
}

/** A balance the page heard of (the socket's, or new data of the page): the newest is kept. */
function heard(balance: Balance) {
  if (older(balance, latest)) return
  latest = balance
  for (const listener of listeners) listener()
}

function connect() {
  if (socket || refused || probing || typeof WebSocket === 'undefined') return
  const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${SOCKET_URL}`)
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
    if (typeof event.type === 'string')
      for (const handler of handlers.get(event.type) ?? []) handler(event as Record<string, unknown>)
    if ((event.type === 'mailbox_message' || event.type === 'mailbox_unread') && Number.isSafeInteger(event.unread))
      setUnread(event.unread as number)
    if (event.type === 'balance_changed' && isBalance(event.balance)) heard(event.balance)
  })
  let opened = false
  ws.addEventListener('open', () => {
    opened = true
  })
  ws.addEventListener('close', (closed) => {
    if (socket !== ws) return
    socket = null
    if (users === 0) return
    if (closed.code === 4401 || closed.code === 1008) {
      refused = true
      return
    }
    // A socket that never opened may have been refused (no session any more, another origin): the
    // browser does not say, so ask the server once, and stop on 401 or 403 instead of retrying.
    // Parts of the page that start watching meanwhile (the header's, loaded after hydration) wait
    // for the answer instead of opening a socket of their own.
    if (opened) return scheduleRetry()
    probing = true
    const asked = generation
    const answered = (status: number) => {
      probing = false
      // Everything that watched went and something watches again: it opens a socket of its own.
      if (asked !== generation) return users > 0 ? connect() : undefined
      if (status === 401 || status === 403) refused = true
      else scheduleRetry()
    }
    // A probe left unanswered would hold every later socket: it gives up after PROBE_TIMEOUT_MS.
    fetch(SOCKET_URL, {
      cache: 'no-store',
      credentials: 'same-origin',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    }).then(
      (answer) => answered(answer.status),
      () => answered(0),
    )
  })
}

function scheduleRetry() {
  if (users === 0 || socket) return
  clearTimeout(retry)
  retry = setTimeout(connect, pause + Math.floor(Math.random() * 500))
  pause = Math.min(pause * 2, 30_000)
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

const renderedBalances = new WeakSet<object>()
/**
 * The page rendered with this balance (its data, loaded or loaded again): heard once per data
 * object, so that data kept from before (the root's, on a plain navigation) does not come back
 * over a newer balance even without versions. With versions, only a newer one replaces the live
 * balance: the account's frame loaded again after a payment must not take the header back to the
 * root's older data, nor a page read before the movement undo the socket's newer event.
 */
export function renderedAgain(rendered: Balance) {
  if (renderedBalances.has(rendered)) return
  renderedBalances.add(rendered)
  heard(rendered)
}

/**
 * The balance to show where the page's data has `rendered`: the newest the page heard of, unless
 * the rendered one is newer still (its data arrived before this module heard of it).
 */
export function shownBalance<B extends Balance>(rendered: B, live: Balance | null): B {
  if (!live || live.currency !== rendered.currency || live === rendered) return rendered
  return older(live, rendered) ? rendered : { ...rendered, ...live }
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** One more part of the page shows the balance: the socket stays open until the last one goes. */
function use() {
  users++
  connect()
  return () => {
    users--
    if (users > 0) return
    // Nothing shows a balance any more (logged out): the next player's starts from their page.
    latest = null
    refused = false
    generation++
    pause = 1000
    clearTimeout(retry)
    const ws = socket
    socket = null
    ws?.close()
  }
}

export type LiveBalance = Balance

/**
 * For a component that loads this module after hydration (the header's balance: visitors never
 * download it): `onChange` hears every balance the socket tells, at once with the latest one.
 */
export function watchLiveBalance(onChange: (balance: Balance | null) => void): () => void {
  const release = use()
  const listener = () => onChange(latest)
  const unsubscribe = subscribe(listener)
  listener()
  return () => {
    unsubscribe()
    release()
  }
}

/** The balance to show: the live one once the socket has told one, else the page's. */
export function useLiveBalance<B extends Balance>(rendered: B): B {
  useEffect(use, [])
  useEffect(() => renderedAgain(rendered), [rendered])
  const live = useSyncExternalStore(
    subscribe,
    () => latest,
    () => null,
  )
  return shownBalance(rendered, live)
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
export const unreadFor = (rendered: number, source: object) =>
  countedSources.has(source) && unread !== null ? unread : rendered

/** Tells the module the count of data the page has (counted once per source: see unreadFor). */
export function renderedUnread(rendered: number, source: object) {
  if (countedSources.has(source)) return
  countedSources.add(source)
  setUnread(rendered)
}

/**
 * For a component that loads this module after hydration (the header's mailbox link: visitors
 * never download it): keeps the socket open and calls `onChange` at every new count.
 */
export function watchLiveUnread(onChange: () => void): () => void {
  const release = use()
  const unsubscribe = subscribeUnread(onChange)
  return () => {
    unsubscribe()
    release()
  }
}
