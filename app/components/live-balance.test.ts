import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { LiveBalance } from './live-balance.ts'

/** The page's socket, played by the test: it tells what the casino API's events would. */
class FakeSocket extends EventTarget {
  static last: FakeSocket | null = null
  readyState = 1
  constructor() {
    super()
    FakeSocket.last = this
  }
  send() {}
  close() {}
}

const tell = (balance: LiveBalance) =>
  FakeSocket.last!.dispatchEvent(
    new MessageEvent('message', { data: JSON.stringify({ type: 'balance_changed', balance }) }),
  )

const eur = (total: number, version?: number): LiveBalance => ({
  currency: 'EUR',
  total,
  real: total,
  bonus: 0,
  ...(version === undefined ? {} : { version }),
})

let live: typeof import('./live-balance.ts')
let shown: LiveBalance | null
let stop: () => void

beforeEach(async () => {
  vi.stubGlobal('WebSocket', FakeSocket)
  vi.stubGlobal('location', { protocol: 'http:', host: 'casino.test' })
  // A fresh module each time: a page of its own.
  vi.resetModules()
  live = await import('./live-balance.ts')
})

afterEach(() => {
  stop()
  vi.unstubAllGlobals()
})

/** The header, rendered with the root's balance, watching the live one. */
function header(rendered: LiveBalance) {
  live.renderedAgain(rendered)
  stop = live.watchLiveBalance((balance) => {
    shown = balance
  })
}

test('a balance older than the one shown never replaces it, whichever path brings it', () => {
  const root = eur(440_00, 7)
  header(root)
  expect(shown).toEqual(eur(440_00, 7))
  // A deposit in another tab: the socket tells the new balance...
  tell(eur(450_00, 8))
  expect(shown).toEqual(eur(450_00, 8))
  // ...the account's frame, loaded again for the payment's new status, has it too...
  live.renderedAgain(eur(450_00, 8))
  expect(shown).toEqual(eur(450_00, 8))
  // ...and root data read before the deposit, or an event delayed, come too late to undo it.
  live.renderedAgain(eur(440_00, 7))
  tell(eur(440_00, 7))
  expect(shown).toEqual(eur(450_00, 8))
  expect(live.shownBalance(root, shown)).toEqual(eur(450_00, 8))
  // A newer balance still replaces it, from the page's data as from the socket.
  live.renderedAgain(eur(460_00, 9))
  expect(shown).toEqual(eur(460_00, 9))
  tell(eur(455_00, 10))
  expect(shown).toEqual(eur(455_00, 10))
  // Page data newer than anything the socket told is shown as it is.
  expect(live.shownBalance(eur(470_00, 11), shown)).toEqual(eur(470_00, 11))
})

test('without versions (another casino API) the balance that arrived last is shown', () => {
  const root = eur(440_00)
  header(root)
  tell(eur(450_00))
  expect(shown).toEqual(eur(450_00))
  expect(live.shownBalance(root, shown)).toEqual(eur(450_00))
  live.renderedAgain(eur(460_00))
  expect(shown).toEqual(eur(460_00))
  tell(eur(440_00))
  expect(shown).toEqual(eur(440_00))
  tell(eur(445_00))
  // The same data rendered again (the root's, kept on a plain navigation) is not news.
  live.renderedAgain(root)
  expect(shown).toEqual(eur(445_00))
})
