import { randomUUID } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import { expect, test, vi } from 'vitest'
import { WebSocket } from 'ws'
import { ServerEvent, SOCKET_PATH } from '../contract/index.ts'
import { adminAudit, mailboxMessages } from '../src/db/schema.ts'
import { writeMailboxMessage } from '../src/mailbox/messages.ts'
import { TEST_CARDS } from '../src/payments/cards.ts'
import {
  activePlayer,
  AS_PROVIDER,
  backends,
  latestMail,
  checkLedgerAfterEach,
  useApis,
  type TestApi,
  adminToken,
} from './helpers.ts'

const api = useApis({ rateLimits: { contactMessage: { perIp: { points: 3, durationSeconds: 3600 } } } })
checkLedgerAfterEach(api)

const key = () => ({ 'idempotency-key': `k-${randomUUID()}` })
const as = (token: string) => ({ token, headers: key() })
/**
 * A client address of its own per test, so the contact form's per-address limit is the test's
 * alone. Counted, not drawn at random: two tests drawing the same one of 250 addresses shared a
 * limit and failed about one run in a hundred.
 */
let addresses = 0
const ipOf = () => `203.0.113.${++addresses}`

async function note(a: TestApi, playerId: string, subject: string) {
  return a.db.transaction((tx) =>
    writeMailboxMessage(tx, { playerId, category: 'account', subject, body: `Text of ${subject}`, at: new Date() }),
  )
}

/** A player with `cents` deposited by card and staked three times, so they may withdraw. */
async function withdrawable(a: TestApi, cents: number, language: 'es' | 'en' = 'en') {
  const player = await activePlayer(a, { language })
  const card = {
    holderName: 'Ann Smith',
    cardNumber: TEST_CARDS.approvedVisa,
    month: '12',
    year: String(new Date().getUTCFullYear() + 2),
    cvv2: '737',
    amount: cents,
  }
  await a.ok('moto_deposit_processor', card, as(player.token))
  for (let i = 0; i < 3; i++) {
    const round = {
      playerId: player.playerId,
      currency: 'EUR' as const,
      roundId: `r-${randomUUID()}`,
      gameId: 'golden-sevens',
    }
    await a.ok('provider_bet', { ...round, transactionId: `b-${randomUUID()}`, amount: cents }, AS_PROVIDER)
    await a.ok('provider_win', { ...round, transactionId: `w-${randomUUID()}`, amount: cents }, AS_PROVIDER)
  }
  return player
}

const bank = (amount: number) => ({
  method: 'bank_transfer' as const,
  amount,
  iban: 'ES91 2100 0418 4502 0005 1332',
  beneficiaryName: 'Ann Smith',
  swift: 'CAIXESBBXXX',
  bankName: 'CaixaBank',
  zipCode: '46002',
  address: 'Calle Mayor 1, Valencia',
})

async function socketOf(a: TestApi, token: string) {
  const ws = new WebSocket(a.url.replace(/^http/, 'ws') + SOCKET_PATH, {
    headers: { authorization: `Bearer ${token}` },
  })
  const events: ServerEvent[] = []
  ws.on('message', (data) => events.push(ServerEvent.parse(JSON.parse(data.toString()))))
  await new Promise((resolve, reject) => {
    ws.once('open', resolve)
    ws.once('error', reject)
  })
  return { ws, events }
}

const until = async (check: () => boolean, what: string) => {
  const end = Date.now() + 20_000
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

test.for(backends)("a mailbox is the player's own: read, unread count, delete, paging [%s]", async (backend) => {
  const a = api(backend)
  const one = await activePlayer(a)
  const two = await activePlayer(a)
  const empty = await a.ok('get_mailbox', {}, { token: one.token })
  expect(empty).toEqual({ items: [], total: 0, page: 1, pageSize: 20, unread: 0 })
  expect((await a.ok('player', {}, { token: one.token })).unreadMessages).toBe(0)

  for (const subject of ['First', 'Second', 'Third']) await note(a, one.playerId, subject)
  const theirs = await note(a, two.playerId, 'Not yours')

  const page = await a.ok('get_mailbox', { pageSize: 2 }, { token: one.token })
  expect(page).toMatchObject({ total: 3, unread: 3, page: 1, pageSize: 2 })
  expect(page.items.map((m) => m.subject)).toEqual(['Third', 'Second'])
  const next = await a.ok('get_mailbox', { pageSize: 2, page: 2 }, { token: one.token })
  expect(next.items.map((m) => m.subject)).toEqual(['First'])
  expect((await a.ok('player', {}, { token: one.token })).unreadMessages).toBe(3)

  // Another player's message id is not found, for reading and for deleting, and stays unread.
  expect((await a.fail('read_mailbox_message', { id: theirs!.id }, 404, { token: one.token })).code).toBe('not_found')
  expect((await a.fail('delete_mailbox_message', { id: theirs!.id }, 404, { token: one.token })).code).toBe('not_found')
  expect((await a.fail('read_mailbox_message', { id: 'nope' }, 404, { token: one.token })).code).toBe('not_found')
  expect((await a.ok('get_mailbox', {}, { token: two.token })).unread).toBe(1)

  const first = page.items[0]!
  const opened = await a.ok('read_mailbox_message', { id: first.id }, { token: one.token })
  expect(opened).toMatchObject({ item: { id: first.id, subject: 'Third', read: true }, unread: 2 })
  expect(opened.item.html).toBe('<p>Text of Third</p>')
  // Opening it again changes nothing.
  expect((await a.ok('read_mailbox_message', { id: first.id }, { token: one.token })).unread).toBe(2)
  expect((await a.ok('get_mailbox', { unreadOnly: true }, { token: one.token })).items.map((m) => m.subject)).toEqual([
    'Second',
    'First',
  ])

  const unreadOne = page.items[1]!
  expect(await a.ok('delete_mailbox_message', { id: unreadOne.id }, { token: one.token })).toEqual({
    ok: true,
    message: 'message_deleted',
    unread: 1,
  })
  expect((await a.fail('read_mailbox_message', { id: unreadOne.id }, 404, { token: one.token })).code).toBe('not_found')
  expect(await a.ok('get_mailbox', {}, { token: one.token })).toMatchObject({ total: 2, unread: 1 })
  expect((await a.ok('player', {}, { token: one.token })).unreadMessages).toBe(1)
  // Visitors have no mailbox.
  expect((await a.fail('get_mailbox', {}, 401)).code).toBe('unauthorized')
})

test.for(backends)('what a message says is shown as text, never as markup [%s]', async (backend) => {
  const a = api(backend)
  const { token, playerId } = await activePlayer(a)
  await a.db.transaction((tx) =>
    writeMailboxMessage(tx, {
      playerId,
      category: 'support',
      subject: 'Hi',
      body: 'Line <script>alert(1)</script>\nnext & "quoted"\n\n<img src=x onerror=alert(1)>',
      at: new Date(),
    }),
  )
  const [item] = (await a.ok('get_mailbox', {}, { token })).items
  expect(item!.html).toBe(
    '<p>Line &lt;script&gt;alert(1)&lt;/script&gt;<br>next &amp; &quot;quoted&quot;</p><p>&lt;img src=x onerror=alert(1)&gt;</p>',
  )
})

test.for(backends)(
  "the administrator's withdrawal decisions land in the player's mailbox, live, once [%s]",
  async (backend) => {
    const a = api(backend)
    const admin = await adminToken(a)
    const { token, playerId } = await withdrawable(a, 100_00)
    const socket = await socketOf(a, token)

    const accepted = await a.ok('send_withdrawal_request', bank(40_00), as(token))
    await a.ok('accept_withdrawal', { id: accepted.transaction.id, payoutReference: 'PAY-123' }, as(admin))
    await until(() => socket.events.some((e) => e.type === 'mailbox_message'), 'the mailbox event')
    expect(socket.events.find((e) => e.type === 'mailbox_message')).toMatchObject({
      unread: 1,
      item: { category: 'payment', subject: 'Withdrawal accepted', read: false },
    })

    const rejected = await a.ok('send_withdrawal_request', bank(20_00), as(token))
    await a.ok('reject_withdrawal', { id: rejected.transaction.id, reason: 'The IBAN <b>is closed</b>.' }, as(admin))
    // The same decision sent again writes no second message.
    await a.ok('reject_withdrawal', { id: rejected.transaction.id, reason: 'The IBAN <b>is closed</b>.' }, as(admin))
    await until(() => socket.events.filter((e) => e.type === 'mailbox_message').length === 2, 'the second event')
    socket.ws.close()

    const box = await a.ok('get_mailbox', {}, { token })
    expect(box).toMatchObject({ total: 2, unread: 2 })
    const [rejection, acceptance] = box.items
    expect(rejection).toMatchObject({ subject: 'Withdrawal rejected', category: 'payment' })
    expect(rejection!.html).toContain('€20.00')
    expect(rejection!.html).toContain('Reason: The IBAN &lt;b&gt;is closed&lt;/b&gt;.')
    expect(acceptance!.html).toContain('€40.00')
    expect(acceptance!.html).toContain('PAY-123')
    const rows = await a.db.select().from(mailboxMessages).where(eq(mailboxMessages.playerId, playerId))
    expect(rows.map((r) => r.source).sort()).toEqual(
      [`withdrawal:${accepted.transaction.id}`, `withdrawal:${rejected.transaction.id}`].sort(),
    )
  },
)

test.for(backends)(
  'a Spanish player reads a four-digit amount grouped, in the mailbox and the e-mail, as the pages write it [%s]',
  async (backend) => {
    const a = api(backend)
    const admin = await adminToken(a)
    const player = await withdrawable(a, 2_000_00, 'es')
    const request = await a.ok('send_withdrawal_request', bank(1_234_56), as(player.token))
    await a.ok('accept_withdrawal', { id: request.transaction.id, payoutReference: 'PAY-9' }, as(admin))

    const [message] = (await a.ok('get_mailbox', {}, { token: player.token })).items
    expect(message).toMatchObject({ subject: 'Retirada aceptada' })
    expect(message!.html).toContain('tu retirada de 1.234,56\u00a0€')
    // The e-mail leaves after the answer.
    await vi.waitFor(
      async () => expect((await latestMail(a, player.params.email))?.text).toContain('tu retiro de 1.234,56\u00a0€'),
      { timeout: 10_000 },
    )
  },
)

test.for(backends)(
  'support answers a player into the mailbox and a visitor by e-mail, once, audited [%s]',
  async (backend) => {
    const a = api(backend)
    const admin = await adminToken(a)
    const player = await activePlayer(a)
    const ip = ipOf()
    await a.ok('player_send_message', { subject: 'Mi retiro', message: '¿Cuándo llega?' }, { token: player.token, ip })
    await a.ok(
      'player_send_message',
      { subject: 'Bitcoin?', message: 'Do you take it?', name: 'Ann', email: 'ann@example.com', language: 'en' },
      { ip },
    )
    // Players have no access to the inbox.
    expect((await a.fail('list_support_messages', {}, 403, { token: player.token })).code).toBe('forbidden')
    expect(
      (await a.fail('answer_support_message', { id: randomUUID(), answer: 'x' }, 403, { token: player.token })).code,
    ).toBe('forbidden')

    const inbox = await a.ok('list_support_messages', { status: 'open', pageSize: 100 }, { token: admin })
    const fromPlayer = inbox.items.find(
      (m) => m.subject === 'Mi retiro' && m.player?.username === player.params.username,
    )
    const fromVisitor = inbox.items.find((m) => m.email === 'ann@example.com' && m.subject === 'Bitcoin?')
    expect(fromPlayer).toMatchObject({ status: 'open', email: player.params.email, language: 'es', answer: null })
    expect(fromVisitor).toMatchObject({ status: 'open', player: null, name: 'Ann', language: 'en' })
    expect(inbox.open).toBeGreaterThanOrEqual(2)

    const socket = await socketOf(a, player.token)
    const answered = await a.ok(
      'answer_support_message',
      { id: fromPlayer!.id, answer: 'Hoy mismo.\n\nUn saludo.' },
      { token: admin },
    )
    expect(answered).toMatchObject({
      ok: true,
      message: 'answer_sent',
      item: { status: 'answered', answeredBy: 'admin' },
    })
    await until(() => socket.events.some((e) => e.type === 'mailbox_message'), 'the answer on the socket')
    socket.ws.close()
    const box = await a.ok('get_mailbox', {}, { token: player.token })
    expect(box.unread).toBe(1)
    expect(box.items[0]).toMatchObject({ category: 'support', subject: 'Re: Mi retiro' })
    expect(box.items[0]!.html).toContain('<p>Hoy mismo.</p><p>Un saludo.</p>')
    expect(box.items[0]!.html).toContain('&gt; ¿Cuándo llega?')
    expect(
      (await a.fail('answer_support_message', { id: fromPlayer!.id, answer: 'Again' }, 409, { token: admin })).code,
    ).toBe('already_answered')

    await a.ok('answer_support_message', { id: fromVisitor!.id, answer: 'Yes, we do.' }, { token: admin })
    const end = Date.now() + 10_000
    let mail = await latestMail(a, 'ann@example.com')
    while (!mail && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 50))
      mail = await latestMail(a, 'ann@example.com')
    }
    expect(mail?.subject).toBe('Re: Bitcoin?')
    expect(mail?.text).toContain('Hello Ann,')
    expect(mail?.text).toContain('Yes, we do.')

    const opened = await a.ok('get_support_message', { id: fromVisitor!.id }, { token: admin })
    expect(opened.item).toMatchObject({ status: 'answered', answer: 'Yes, we do.' })
    const answeredList = await a.ok('list_support_messages', { status: 'answered', pageSize: 100 }, { token: admin })
    expect(answeredList.items.map((m) => m.id)).toEqual(expect.arrayContaining([fromPlayer!.id, fromVisitor!.id]))

    const audited = await a.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.action, 'answer_support_message'))
      .orderBy(desc(adminAudit.createdAt))
    expect(audited.map((r) => r.target)).toEqual(expect.arrayContaining([fromPlayer!.id, fromVisitor!.id]))
    expect(audited.find((r) => r.target === fromVisitor!.id)?.details).toMatchObject({ to: 'email' })
    expect((await a.fail('get_support_message', { id: randomUUID() }, 404, { token: admin })).code).toBe('not_found')
  },
)

const visitor = (n: number) => ({ subject: `Q${n}`, message: 'Hello', name: 'Bob', email: `bob${n}@example.com` })

test.for(backends)('the contact form is limited per address, with a clear 429 [%s]', async (backend) => {
  const a = api(backend)
  const ip = ipOf()
  for (let n = 0; n < 3; n++) await a.ok('player_send_message', visitor(n), { ip })
  const refused = await a.fail('player_send_message', visitor(9), 429, { ip })
  expect(refused.code).toBe('contact_messages_limited')
  expect(refused.message).toMatch(/^Too many messages sent .* Please try again in 60 min\.$/)
  expect(refused.headers.get('retry-after')).toBe('3600')
  // Another address may still write.
  await a.ok('player_send_message', visitor(10), { ip: ipOf().replace('203.0.113', '198.51.100') })
})
