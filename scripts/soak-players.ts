// The load client of `npm run soak` (scripts/soak.ts): virtual players who use the site through its
// load balancer as a browser without JavaScript does (form posts with the site's Origin, the game
// frame's forms for rounds), each with a realtime socket open, and an administrator who mints
// vouchers and accepts withdrawals. Every request is recorded (kind, start, end, status) so the
// report can tell a 5xx in flight on a killed process from one that is not; every money movement
// the site confirmed is added up per player, to be compared with the ledger afterwards.
//
// An answer lost on a killed process (a 5xx or a broken connection) is "unknown": the player sends
// the same form again, with the same idempotency key (the deposit's and withdrawal's actionKey, the
// round's moveId), as a browser's resend does, until the site answers; the answer then says what
// happened, once. The ledger comparison afterwards proves nothing was applied twice or lost.
import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { WebSocket } from 'ws'
import { CATALOG } from '#provider/games/catalog.ts'
import { BANK_WITHDRAWAL, decodeQuotedPrintable, newPlayer, turnOnTwoFactorOnSite } from '#tests/setup/harness.ts'
import { Browser, textOf, type Page } from '#tests/setup/http.ts'

/** One request as the load client saw it; status 0: no answer (connection broken, timeout). */
export type Call = { kind: string; path: string; started: number; ended: number; status: number; detail?: string }

/** What the load client counts, for the report. */
export class Tally {
  calls: Call[] = []
  rounds = 0
  /** Answers lost (5xx or no answer) to a money form, then resent with the same key, by kind. */
  unknown = new Map<string, number>()
  /** Of those, the ones no resend settled before the run gave up on them. */
  unresolved: string[] = []
  /** A round's frame showed a balance other than the one the player's confirmed movements make. */
  balanceMismatches: string[] = []
  /** Flows that met an answer the script did not expect (a refusal), by what it was. */
  surprises = new Map<string, number>()
  withdrawalsAccepted = 0
  bump(map: Map<string, number>, key: string) {
    map.set(key, (map.get(key) ?? 0) + 1)
  }
}

const REQUEST_TIMEOUT_MS = 30_000
/** How long an unknown answer is resent before the run counts it unresolved. */
const RESEND_FOR_MS = 120_000
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))
const keyOf = (html: string) => html.match(/name="actionKey" value="([^"]+)"/)?.[1] ?? ''
/** '€1,234.56' as the English pages write it, in cents. */
const centsOf = (money: string) => Math.round(Number(money.replace(/[€,\s]/g, '')) * 100)
const euros = (cents: number) => (cents / 100).toFixed(2)

/** A browser (tests/setup/http.ts) whose requests are recorded and time out, and that keeps no transcript. */
class SoakBrowser extends Browser {
  kind = 'page'
  readonly tally: Tally
  constructor(baseUrl: string, tally: Tally, headers: Record<string, string>) {
    super(baseUrl, headers)
    this.tally = tally
  }
  override async request(path: string, init: RequestInit = {}, follow = true): Promise<Page> {
    const started = Date.now()
    try {
      const page = await super.request(path, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }, follow)
      const detail = page.status >= 500 ? textOf(page.html).slice(0, 160) : undefined
      this.tally.calls.push({ kind: this.kind, path, started, ended: Date.now(), status: page.status, detail })
      return page
    } catch (error) {
      const detail = error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error)
      this.tally.calls.push({ kind: this.kind, path, started, ended: Date.now(), status: 0, detail })
      throw error
    } finally {
      this.transcript.length = 0
      this.receivedCookies.length = 0
    }
  }
  /** A request of `kind`; a lost answer (5xx, no answer) is null. */
  async try(kind: string, send: (b: this) => Promise<Page>): Promise<Page | null> {
    this.kind = kind
    try {
      const page = await send(this)
      return page.status >= 500 ? null : page
    } catch {
      return null
    } finally {
      this.kind = 'page'
    }
  }
  /**
   * Sends a money form until the site answers it (not 5xx): the same request again, with the same
   * key, after a lost answer. Null when no resend settled it in time (counted unresolved).
   */
  async settle(
    kind: string,
    send: (b: this) => Promise<Page>,
    again: (page: Page) => boolean = () => false,
  ): Promise<Page | null> {
    const since = Date.now()
    for (let attempt = 0; ; attempt++) {
      const page = await this.try(kind, send)
      if (page && !again(page)) return page
      if (attempt === 0) this.tally.bump(this.tally.unknown, page ? `${kind} (${page.status})` : kind)
      if (Date.now() - since > RESEND_FOR_MS) {
        this.tally.unresolved.push(kind)
        return null
      }
      await sleep(1000)
    }
  }
}

/** The activation mails the casino APIs wrote (each its own DATA_DIR/mail), read once per file. */
export class Mailboxes {
  private seen = new Set<string>()
  private links = new Map<string, string>()
  readonly dirs: string[]
  readonly webUrl: string
  constructor(dirs: string[], webUrl: string) {
    this.dirs = dirs
    this.webUrl = webUrl
  }
  private scan() {
    for (const dir of this.dirs) {
      let files: string[]
      try {
        files = readdirSync(dir).filter((f) => f.endsWith('.eml'))
      } catch {
        continue
      }
      for (const file of files) {
        if (this.seen.has(file)) continue
        this.seen.add(file)
        const text = decodeQuotedPrintable(readFileSync(join(dir, file), 'utf8'))
        const to = text.match(/^To: .*?([\w.+-]+@[\w.-]+)/m)?.[1]
        const link = text.match(new RegExp(`${this.webUrl.replace(/[.]/g, '\\.')}[^\\s"<>]+`))?.[0]
        if (to && link && !this.links.has(to)) this.links.set(to, link)
      }
    }
  }
  /** The first link mailed to `address` (the activation link), once it is written. */
  async linkTo(address: string, timeoutMs = 60_000) {
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(250)) {
      this.scan()
      const link = this.links.get(address)
      if (link) return link
    }
    return null
  }
}

/** A realtime socket (the web's /ws with the session cookie) that reconnects when it closes. */
class RealtimeSocket {
  socket: WebSocket | null = null
  opened = 0
  closed = 0
  private stopped = false
  readonly url: string
  readonly headers: Record<string, string>
  constructor(webUrl: string, headers: Record<string, string>) {
    this.url = `${webUrl.replace(/^http/, 'ws')}/ws`
    this.headers = { ...headers, origin: new URL(webUrl).origin }
    this.connect()
  }
  get open() {
    return this.socket?.readyState === WebSocket.OPEN
  }
  private connect() {
    if (this.stopped) return
    const socket = new WebSocket(this.url, { headers: this.headers })
    this.socket = socket
    socket.on('open', () => this.opened++)
    socket.on('error', () => {})
    socket.on('close', () => {
      if (socket.readyState === WebSocket.CLOSED && this.socket === socket) {
        this.closed++
        // As the browser's client does: back in a moment, to whichever instance answers.
        if (!this.stopped) setTimeout(() => this.connect(), 500 + Math.random() * 500)
      }
    })
  }
  stop() {
    this.stopped = true
    this.socket?.terminate()
  }
}

/** A game the players play, how its frame's form names a bet, and the bet's stake (the engine's own rule). */
const GAMES = [
  { id: 'dice', fields: (stake: number) => ({ stake: String(stake), target: '49.50', side: 'under' }) },
  { id: 'star-drop', fields: (stake: number) => ({ stake: String(stake), risk: 'low' }) },
  { id: 'lucky-clover', fields: (stake: number) => ({ stake: String(stake) }) },
  { id: 'golden-sevens', fields: (stake: number) => ({ lineBet: String(Math.max(1, Math.floor(stake / 10))) }) },
].map((g) => {
  const game = CATALOG.find((c) => c.id === g.id)
  if (!game) throw new Error(`no game ${g.id} in the catalogue`)
  const betOf = (fields: Record<string, string>) =>
    game.engine.bet.parse({
      ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, /^\d+$/.test(v) ? Number(v) : v])),
      ...(fields.target ? { target: Math.round(Number(fields.target) * 100) } : {}),
    })
  return {
    id: g.id,
    engine: game.engine.kind,
    fields: g.fields,
    stakeOf: (fields: Record<string, string>) => game.engine.stakeOf(game.config, betOf(fields)),
  }
})

const CARD = { holderName: 'Lucía García', month: '12', year: '2099', cvv2: '123' }
/** The sandbox's cards: one paid at once (the MOTO processor), one that asks for 3-D Secure. */
const PLAIN_CARD = '4242424242424242'
const CHALLENGE_CARD = '4000000000003220'

/** Vouchers the administrator minted, waiting for players to redeem them. */
export class VoucherPool {
  codes: string[] = []
  take() {
    return this.codes.shift() ?? null
  }
}

/** The money a player's confirmed answers add up to, in cents. */
export type Books = { deposits: number; withdrawals: number; stakes: number; wins: number }
export const balanceOf = (books: Books) => books.deposits - books.withdrawals - books.stakes + books.wins

/** The messages a refused form shows (under its fields and above it), to say why in the soak's table. */
const messagesOf = (html: string) => {
  const said = [...html.matchAll(/<(ul|div) id="[^"]*error[^"]*"[^>]*>([\s\S]*?)<\/\1>/g)]
    .map((m) => textOf(m[2]!).trim())
    .filter(Boolean)
  return said.length ? `: ${[...new Set(said)].join(' / ').slice(0, 160)}` : ''
}

/** A virtual player: registers, activates, logs in, opens a socket, then deposits, plays and withdraws until told to stop. */
export class VirtualPlayer {
  readonly b: SoakBrowser
  readonly player = newPlayer({ language: 'en' })
  readonly books: Books = { deposits: 0, withdrawals: 0, stakes: 0, wins: 0 }
  /** Stakes still to make before a withdrawal is allowed (three times each deposit). */
  private wagerLeft = 0
  socket: RealtimeSocket | null = null
  registered = false
  private readonly ip: string
  readonly tally: Tally
  readonly webUrl: string
  private readonly mail: Mailboxes
  private readonly vouchers: VoucherPool
  private readonly n: number
  constructor(site: { webUrl: string; tally: Tally; mail: Mailboxes; vouchers: VoucherPool }, n: number) {
    this.n = n
    this.webUrl = site.webUrl
    this.tally = site.tally
    this.mail = site.mail
    this.vouchers = site.vouchers
    // Each player from an address of its own (the per-address registration limit is for one person).
    this.ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
    this.b = new SoakBrowser(this.webUrl, this.tally, { 'x-forwarded-for': this.ip })
  }

  get balance() {
    return balanceOf(this.books)
  }

  private surprise(what: string, page: Page | null) {
    this.tally.bump(
      this.tally.surprises,
      page ? `${what} (${page.status}${messagesOf(page.html)})` : `${what} (no answer)`,
    )
  }

  /** Registers, activates by the mailed link and logs in: false when any step did not work. */
  async join() {
    const { player } = this
    const registered = await this.b.settle('register', (b) => b.post('/en/register', player))
    if (!registered || registered.status !== 200) return (this.surprise('register', registered), false)
    this.registered = true
    const link = await this.mail.linkTo(player.email)
    if (!link) return (this.surprise('activation mail', null), false)
    const activated = await this.b.settle('activate', (b) => b.post(new URL(link).pathname, {}))
    if (!activated) return (this.surprise('activate', activated), false)
    const home = await this.b.settle('login', (b) =>
      b.post('/en/login', { username: player.username, password: player.password }),
    )
    if (!home || home.status !== 200 || home.url.includes('/login')) return (this.surprise('login', home), false)
    const cookie = [...this.b.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    this.socket = new RealtimeSocket(this.webUrl, { cookie, 'x-forwarded-for': this.ip })
    return true
  }

  /** A deposit of `amount` cents by card (with the 3-D Secure challenge approved when `challenge`). */
  async depositByCard(amount: number, challenge: boolean) {
    const method = challenge ? 'altitudepay' : 'moto'
    const kind = challenge ? 'deposit 3-D Secure' : 'deposit card'
    const path = `/en/user-management/deposit?method=${method}`
    const form = await this.b.try('page', (b) => b.get(path))
    if (!form) return
    const fields = {
      method,
      actionKey: keyOf(form.html),
      ...CARD,
      cardNumber: challenge ? CHALLENGE_CARD : PLAIN_CARD,
      amount: euros(amount),
    }
    let done = await this.b.settle(kind, (b) => b.post(path, fields))
    if (done && challenge) {
      const reference = new URL(done.url).searchParams.get('reference')
      if (!reference) return this.surprise(kind, done)
      const approved = await this.b.settle(kind, (b) =>
        b.post(`/en/threedsecure?reference=${reference}`, { reference, outcome: 'approve' }),
      )
      // A lost answer to the approval: the challenge's page says what became of it.
      done =
        approved && textOf(approved.html).includes('is complete.')
          ? approved
          : await this.b.settle(kind, (b) => b.get(`/en/threedsecure?reference=${reference}`))
    }
    this.credit(kind, done, amount)
  }

  /** A deposit by a voucher from the administrator's pool. */
  async depositByVoucher() {
    const code = this.vouchers.take()
    if (!code) return
    const path = '/en/user-management/deposit?method=cashlib'
    const form = await this.b.try('page', (b) => b.get(path))
    if (!form) return void this.vouchers.codes.push(code)
    const done = await this.b.settle('deposit voucher', (b) =>
      b.post(path, { method: 'cashlib', actionKey: keyOf(form.html), voucherCode: code }),
    )
    const amount = done && textOf(done.html).match(/The deposit of (€[\d,.]+) is complete\./)?.[1]
    this.credit('deposit voucher', done, amount ? centsOf(amount) : 0)
  }

  private credit(kind: string, done: Page | null, amount: number) {
    const said = done && textOf(done.html).match(/The deposit of (€[\d,.]+) is complete\./)?.[1]
    if (!said || centsOf(said) !== amount) return this.surprise(kind, done)
    this.books.deposits += amount
    this.wagerLeft += 3 * amount
  }

  /** `rounds` rounds of one game through its frame, as the frame's forms post them. */
  async play(rounds: number) {
    const game = GAMES[Math.floor(Math.random() * GAMES.length)]!
    const view = await this.b.try('page', (b) => b.get(`/en/casino/${game.id}?mode=real`))
    const src = view?.html.match(/<iframe[^>]*src="([^"]*\/game-frame\/[^"]+)"/)?.[1]
    if (!src) return this.surprise('game launch', view)
    let frame = await this.b.try('page', (b) => b.get(src.replace(/&amp;/g, '&')))
    for (let i = 0; i < rounds && frame; i++) {
      const moveId = frame.html.match(/name="moveId" value="([^"]+)"/)?.[1]
      if (this.balance < 100) return
      const stake = Math.min(100 * (1 + Math.floor(Math.random() * 4)), this.balance)
      const fields = game.fields(stake)
      const staked = game.stakeOf(fields)
      if (!moveId || staked > this.balance || staked === 0) return
      // A move whose request died on a killed process holds its round for a minute, then the
      // same move sent again plays it (provider/server/game-server.ts): meanwhile the resend
      // is answered 409 (move_in_progress), and sent again.
      const answer = await this.b.settle(
        'round',
        // The client is the provider's page: its forms post with the provider's origin.
        (b) => b.post(src, { engine: game.engine, moveId, intent: 'play', ...fields }, { origin: new URL(src).origin }),
        (page) => page.status === 409,
      )
      const text = answer ? textOf(answer.html) : ''
      const outcome = text.match(/You (?:win|get back) (€[\d,.]+)|No win this time/)
      if (!answer || answer.status !== 200 || !outcome) return this.surprise(`round ${game.id}`, answer)
      this.tally.rounds++
      this.books.stakes += staked
      this.books.wins += outcome[1] ? centsOf(outcome[1]) : 0
      this.wagerLeft -= staked
      const shown = text.match(/Balance\s*:\s*(€[\d,.]+)/)?.[1]
      if (!shown || centsOf(shown) !== this.balance)
        this.tally.balanceMismatches.push(`${this.player.username}: shown ${shown}, expected ${euros(this.balance)}`)
      frame = answer
    }
  }

  /** A withdrawal of part of the balance by bank transfer, once the deposits are wagered. */
  async withdraw() {
    if (this.wagerLeft > 0 || this.balance < 1000) return
    const amount = Math.floor(this.balance / 200) * 100
    const path = '/en/user-management/withdrawal'
    const form = await this.b.try('page', (b) => b.get(path))
    if (!form) return
    // The page says what is still to bet (the casino API's count, which the stakes above only estimate).
    const toBet = textOf(form.html).match(/(€[\d,.]+) still to bet before you can withdraw/)?.[1]
    if (toBet) return void (this.wagerLeft = centsOf(toBet))
    // And the smallest withdrawal it takes (the administrator's setting): a smaller one waits.
    const minimum = textOf(form.html).match(/From (€[\d,.]+), up to/)?.[1]
    if (minimum && amount < centsOf(minimum)) return
    const done = await this.b.settle('withdrawal', (b) =>
      b.post(path, { ...BANK_WITHDRAWAL, actionKey: keyOf(form.html), amount: euros(amount) }),
    )
    if (
      !done ||
      !textOf(done.html).includes(
        `withdrawal request for the amount of €${euros(amount)} has been successfully scheduled`,
      )
    )
      return this.surprise('withdrawal', done)
    this.books.withdrawals += amount
  }

  /** What the player does until `running()` says stop: deposit, play, now and then withdraw. */
  async live(running: () => boolean) {
    // The deposit methods in turn (where each player starts differs): a card paid at once, a card
    // with the 3-D Secure challenge, a voucher (a card when the pool is empty).
    for (let turn = this.n; running(); turn++) {
      if (this.balance < 500 || turn % 4 === 0) {
        const method = turn % 3
        if (method === 2 && this.vouchers.codes.length > 0) await this.depositByVoucher()
        else await this.depositByCard(1000 + 500 * (turn % 3), method === 1)
      }
      await this.play(5 + Math.floor(Math.random() * 10))
      await this.withdraw()
      await sleep(50 + Math.random() * 200)
    }
  }
}

/** The administrator: logs in (changing the first password), mints vouchers when the pool runs low, accepts every pending withdrawal. */
export class Administrator {
  readonly b: SoakBrowser
  private readonly tally: Tally
  private readonly vouchers: VoucherPool
  private readonly firstPassword: string
  constructor(site: { webUrl: string; tally: Tally; vouchers: VoucherPool }, firstPassword: string) {
    this.tally = site.tally
    this.vouchers = site.vouchers
    this.firstPassword = firstPassword
    this.b = new SoakBrowser(site.webUrl, site.tally, { 'x-forwarded-for': '10.255.255.254' })
  }

  async logIn() {
    const password = `${this.firstPassword}-changed`
    const first = await this.b.settle('admin', (b) =>
      b.post('/en/login', { username: 'admin', password: this.firstPassword }),
    )
    if (!first) throw new Error('the administrator could not log in')
    const changed = await this.b.settle('admin', (b) =>
      b.post('/en/user-management/change-password', {
        oldPassword: this.firstPassword,
        newPassword: password,
        confirmPassword: password,
      }),
    )
    if (!changed) throw new Error('the administrator could not change the first password')
    // The back office opens only with two-factor authentication on (ADR 0066).
    await turnOnTwoFactorOnSite(this.b, password)
    const page = await this.b.settle('admin', (b) => b.get('/en/admin/withdrawals'))
    if (page?.status !== 200) throw new Error(`the administrator's withdrawals page answered ${page?.status}`)
  }

  async mintVouchers() {
    const minted = await this.b.settle('admin vouchers', (b) =>
      b.post('/en/admin/vouchers', { amount: '20', count: '20' }),
    )
    const codes = textOf(minted?.html ?? '').match(/[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/g) ?? []
    this.vouchers.codes.push(...new Set(codes))
  }

  /** Accepts the withdrawals waiting for a decision; how many it accepted. */
  async acceptWithdrawals() {
    const list = await this.b.try('page', (b) => b.get('/en/admin/withdrawals'))
    const ids = [...new Set([...(list?.html ?? '').matchAll(/name="id" value="([0-9a-f-]{36})"/g)].map((m) => m[1]!))]
    for (const id of ids) {
      const payoutReference = `soak-${randomBytes(4).toString('hex')}`
      const done = await this.b.settle('admin accept', (b) =>
        b.post('/en/admin/withdrawals', { intent: 'accept', id, payoutReference }),
      )
      if (done && textOf(done.html).includes('The withdrawal is accepted')) this.tally.withdrawalsAccepted++
      else this.tally.bump(this.tally.surprises, `admin accept (${done?.status ?? 'no answer'})`)
    }
  }

  async live(running: () => boolean) {
    while (running()) {
      if (this.vouchers.codes.length < 10) await this.mintVouchers()
      await this.acceptWithdrawals()
      await sleep(2000)
    }
  }
}
