/**
 * Identity checks (issue 23, part 3; ADR 0067): documents recognised by their bytes, kept for the
 * administrator's eyes, approved or rejected with a reason, told to the player; a withdrawal above
 * the terms' amount, or any while a request is overdue, is not paid out before the identity is
 * verified.
 */
import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { KYC_MAX_BYTES } from '../contract/index.ts'
import { sniffImage } from '../src/accounts/kyc.ts'
import { adminAudit } from '../src/db/schema.ts'
import { TEST_CARDS } from '../src/payments/cards.ts'
import { fundedPlayer, launchGame, roundOf, wager } from './game-helpers.ts'
import {
  activePlayer,
  adminToken,
  backends,
  checkLedgerAfterEach,
  latestMail,
  useApis,
  type TestApi,
  adminLogin,
  AS_PROVIDER,
  login,
  loginAnswer,
  turnOnTwoFactor,
} from './helpers.ts'
import { as, bankWithdrawal, card } from './payment-helpers.ts'

const api = useApis()
checkLedgerAfterEach(api)

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]
const GIF = [...Buffer.from('GIF89a'), 1, 0, 1, 0]
const base64 = (bytes: number[] | Buffer) => Buffer.from(bytes).toString('base64')
const upload = (a: TestApi, token: string, kind: 'identity' | 'address', bytes: number[] | Buffer) =>
  a.ok('upload_kyc_document', { kind, content: base64(bytes) }, { token })
const DAY = 24 * 3600_000

const refused = async (call: Promise<{ code: string }>) => expect((await call).code).toBe('kyc_overdue')

/** Both documents sent by the player and approved by the administrator: the identity verified. */
async function sendApproved(a: TestApi, token: string, admin: string, [identity, address]: number[][]) {
  for (const [kind, bytes] of [
    ['identity', identity!],
    ['address', address!],
  ] as const) {
    const sent = await upload(a, token, kind, bytes)
    await a.ok('review_kyc_document', { id: sent.state.documents[0]!.id, decision: 'approve' }, { token: admin })
  }
}

/** An administrator, and a player whose balance (`amount`) is free to withdraw: its wagering done. */
async function withdrawingPlayer(a: TestApi, amount: number) {
  const admin = await adminToken(a)
  const player = await fundedPlayer(a, amount)
  await wager(a, player.playerId, 3 * amount, amount)
  return { admin, player }
}

test('an image is known by its first bytes, never by its name', () => {
  expect(sniffImage(Uint8Array.from(PNG))).toBe('image/png')
  expect(sniffImage(Uint8Array.from(JPEG))).toBe('image/jpeg')
  expect(sniffImage(Uint8Array.from(GIF))).toBe('image/gif')
  expect(sniffImage(Uint8Array.from(Buffer.from('GIF89b')))).toBeNull()
  expect(sniffImage(Uint8Array.from(Buffer.from('%PDF-1.7')))).toBeNull()
  expect(sniffImage(Uint8Array.from(PNG.slice(0, 7)))).toBeNull()
})

test.for(backends)(
  'documents are checked by their bytes and size, reviewed by an administrator with a reason, and the player is told [%s]',
  async (backend) => {
    const a = api(backend)
    const admin = await adminToken(a)
    const player = await activePlayer(a)
    expect(await a.ok('get_kyc', {}, { token: player.token })).toEqual({
      status: 'not_requested',
      reason: null,
      dueAt: null,
      overdue: false,
      withdrawalsWait: false,
      missing: ['identity', 'address'],
      documents: [],
    })

    // Text that says it is a PNG, a PDF, a file over 5 MB, and a body past the call's limit: refused, nothing kept.
    const fake = await a.fail(
      'upload_kyc_document',
      { kind: 'identity', content: base64(Buffer.from('PNG but not')) },
      400,
      {
        token: player.token,
      },
    )
    expect(fake).toMatchObject({ code: 'kyc_file_type', fields: { content: ['kyc_file_type'] } })
    const pdf = await a.fail(
      'upload_kyc_document',
      { kind: 'identity', content: base64(Buffer.from('%PDF-1.7\n')) },
      400,
      {
        token: player.token,
      },
    )
    expect(pdf.code).toBe('kyc_file_type')
    const big = Buffer.concat([Buffer.from(PNG), Buffer.alloc(KYC_MAX_BYTES)])
    const tooBig = await a.fail('upload_kyc_document', { kind: 'identity', content: base64(big) }, 400, {
      token: player.token,
    })
    expect(tooBig.code).toBe('kyc_file_too_big')
    const huge = await a.call(
      'upload_kyc_document',
      { kind: 'identity', content: 'A'.repeat(9 * 1024 * 1024) },
      { token: player.token },
    )
    expect(huge.status).toBe(413)
    expect(huge.body).toMatchObject({ error: { code: 'payload_too_large' } })
    expect((await a.ok('get_kyc', {}, { token: player.token })).documents).toEqual([])

    const sent = await upload(a, player.token, 'identity', PNG)
    expect(sent.message).toBe('kyc_document_received')
    expect(sent.state).toMatchObject({ status: 'under_review', missing: ['address'] })
    expect(sent.state.documents[0]).toMatchObject({ kind: 'identity', contentType: 'image/png', size: PNG.length })
    const id = sent.state.documents[0]!.id

    // Only an administrator sees the image; a player asking for it is refused.
    expect((await a.fail('get_kyc_document', { id }, 403, { token: player.token })).code).toBe('forbidden')
    const listed = await a.ok('list_kyc_documents', {}, { token: admin })
    expect(listed.items.find((d) => d.id === id)).toMatchObject({ username: player.params.username, kind: 'identity' })
    const seen = await a.ok('get_kyc_document', { id }, { token: admin })
    expect(Buffer.from(seen.content, 'base64')).toEqual(Buffer.from(PNG))
    expect(
      (await a.fail('get_kyc_document', { id: '00000000-0000-4000-8000-000000000000' }, 404, { token: admin })).code,
    ).toBe('not_found')

    await a.ok('review_kyc_document', { id, decision: 'approve' }, { token: admin })
    expect((await a.fail('review_kyc_document', { id, decision: 'approve' }, 409, { token: admin })).code).toBe(
      'kyc_document_reviewed',
    )
    const address = await upload(a, player.token, 'address', JPEG)
    const addressId = address.state.documents[0]!.id
    expect(
      (await a.fail('review_kyc_document', { id: addressId, decision: 'reject' }, 400, { token: admin })).code,
    ).toBe('validation_failed')
    const rejected = await a.ok(
      'review_kyc_document',
      { id: addressId, decision: 'reject', reason: 'The bill is older than 3 months' },
      { token: admin },
    )
    expect(rejected.state).toMatchObject({
      status: 'rejected',
      reason: 'The bill is older than 3 months',
      missing: ['address'],
    })
    expect((await latestMail(a, player.params.email))?.text).toContain('The bill is older than 3 months')

    const again = await upload(a, player.token, 'address', GIF)
    await a.ok('review_kyc_document', { id: again.state.documents[0]!.id, decision: 'approve' }, { token: admin })
    const verified = await a.ok('get_kyc', {}, { token: player.token })
    expect(verified).toMatchObject({ status: 'verified', missing: [], dueAt: null })
    expect((await latestMail(a, player.params.email))?.subject).toBe('Tu identidad está verificada')
    const mailbox = await a.ok('get_mailbox', { page: 1, pageSize: 10 }, { token: player.token })
    expect(mailbox.items.map((m) => m.subject)).toContain('No hemos podido aceptar tu documento')
    expect(
      (await a.fail('upload_kyc_document', { kind: 'identity', content: base64(PNG) }, 409, { token: player.token }))
        .code,
    ).toBe('kyc_already_verified')
    const audit = await a.ok('get_admin_audit', { pageSize: 100 }, { token: admin })
    const actions = audit.items.filter((e) => [id, addressId].includes(e.target ?? '')).map((e) => e.action)
    expect(actions.toSorted()).toEqual(['approve_kyc_document', 'reject_kyc_document'])
  },
)

test.for(backends)('two administrators deciding at once make one decision [%s]', async (backend) => {
  const a = api(backend)
  const admin = await adminToken(a)
  const player = await activePlayer(a)
  const id = (await upload(a, player.token, 'identity', PNG)).state.documents[0]!.id
  const answers = await Promise.all([
    a.call('review_kyc_document', { id, decision: 'approve' }, { token: admin }),
    a.call('review_kyc_document', { id, decision: 'reject', reason: 'Blurred photo' }, { token: admin }),
  ])
  expect(answers.map((r) => r.status).toSorted()).toEqual([200, 409])
})

test.for(backends)(
  'a withdrawal above the terms’ amount waits for the identity check: documents are asked for, and it is paid only once verified [%s]',
  async (backend) => {
    const a = api(backend)
    const { admin, player } = await withdrawingPlayer(a, 3_000_00)

    const small = await a.ok('send_withdrawal_request', bankWithdrawal(100_00), as(player.token))
    expect(small.verificationDueAt).toBeNull()
    const big = await a.ok('send_withdrawal_request', bankWithdrawal(2_600_00), as(player.token))
    expect(big.verificationDueAt).not.toBeNull()
    expect(Math.abs(Date.parse(big.verificationDueAt!) - (a.now().getTime() + 30 * DAY))).toBeLessThan(60_000)
    expect((await latestMail(a, player.params.email))?.subject).toBe('Verifica tu identidad')
    const state = await a.ok('get_kyc', {}, { token: player.token })
    expect(state).toMatchObject({ status: 'requested', dueAt: big.verificationDueAt, overdue: false })

    // The small one is paid; the big one waits.
    await a.ok('accept_withdrawal', { id: small.transaction.id }, as(admin))
    expect((await a.fail('accept_withdrawal', { id: big.transaction.id }, 409, as(admin))).code).toBe(
      'kyc_not_verified',
    )
    await sendApproved(a, player.token, admin, [PNG, JPEG])
    await a.ok('accept_withdrawal', { id: big.transaction.id }, as(admin))
  },
)

test.for(backends)(
  'once an administrator’s request is overdue every withdrawal waits, and the request counts only documents sent after it [%s]',
  async (backend) => {
    const a = api(backend)
    const { admin, player } = await withdrawingPlayer(a, 300_00)
    // An identity document approved before the request does not answer it.
    const before = await upload(a, player.token, 'identity', PNG)
    await a.ok('review_kyc_document', { id: before.state.documents[0]!.id, decision: 'approve' }, { token: admin })
    const asked = await a.ok('request_kyc', { playerId: player.playerId, note: 'Routine check' }, { token: admin })
    expect(asked.state).toMatchObject({
      status: 'requested',
      overdue: false,
      missing: ['identity', 'address'],
      documents: [],
    })
    expect((await latestMail(a, player.params.email))?.subject).toBe('Verifica tu identidad')
    expect(asked.state.dueAt).not.toBeNull()
    expect((await a.fail('request_kyc', { playerId: 'not-an-id' }, 404, { token: admin })).code).toBe('not_found')

    a.advance(31 * DAY)
    const admin2 = await adminLogin(a)
    const token = await login(a, player.params.username, player.params.password)
    const overdue = await a.ok('get_player_kyc', { playerId: player.playerId }, { token: admin2 })
    expect(overdue.state).toMatchObject({ status: 'requested', overdue: true })
    const sent = await a.ok('send_withdrawal_request', bankWithdrawal(50_00), as(token))
    expect(sent.verificationDueAt).toBe(asked.state.dueAt)
    expect((await a.fail('accept_withdrawal', { id: sent.transaction.id }, 409, as(admin2))).code).toBe(
      'kyc_not_verified',
    )
    // A rejection of the withdrawal is still the administrator's to make.
    await a.ok('reject_withdrawal', { id: sent.transaction.id, reason: 'Identity not verified in time' }, as(admin2))
  },
)

test.for(backends)(
  'documents not sent by the deadline suspend deposits and real play, on every path, until the identity is verified; the balance and demo play stay [%s]',
  async (backend) => {
    const a = api(backend)
    await adminToken(a)
    const admin = await adminLogin(a) // a session of its own: earlier tests moved the clock past the first one's
    const player = await fundedPlayer(a, 100_00)
    const [voucher] = (await a.ok('mint_vouchers', { amount: 10_00, count: 1 }, { token: admin })).items
    await a.ok('request_kyc', { playerId: player.playerId }, { token: admin })
    // Before the deadline nothing waits; a round is begun.
    const begun = roundOf(player.playerId)
    await a.ok('provider_bet', begun.bet(5_00), AS_PROVIDER)

    a.advance(31 * DAY)
    const token = await login(a, player.params.username, player.params.password)
    const balance = async () => (await a.ok('get_player_balance', {}, { token })).real
    // The round begun before is still paid; no new stake is taken, by any provider's path.
    await a.ok('provider_win', begun.win(7_00), AS_PROVIDER)
    expect(await balance()).toBe(102_00)
    await refused(a.fail('provider_bet', roundOf(player.playerId).bet(1_00), 403, AS_PROVIDER))
    await refused(a.fail('provider_settle', roundOf(player.playerId).settle(1_00, 0), 403, AS_PROVIDER))
    await refused(a.fail('get_game_url', { gameId: 'golden-sevens', mode: 'real', language: 'en' }, 403, { token }))
    await refused(a.fail('moto_deposit_processor', card(TEST_CARDS.approvedVisa, 10_00), 403, as(token)))
    await refused(a.fail('carespay_deposit_processor', { amount: 10_00 }, 403, as(token)))
    await refused(a.fail('cashlib_deposit_processor', { voucherCode: voucher!.code }, 403, as(token)))
    await refused(a.fail('generate_wallet', { currency: 'BTC' }, 403, { token }))
    const said = await a.fail('carespay_deposit_processor', { amount: 10_00 }, 403, as(token))
    expect(said.message).toContain('Verification')
    // Demo play and the balance stay.
    await launchGame(a, 'golden-sevens', 'demo', token)
    expect(await balance()).toBe(102_00)

    // Sent and verified: everything is open again.
    const admin2 = await adminLogin(a)
    await sendApproved(a, token, admin2, [PNG, GIF])
    await launchGame(a, 'golden-sevens', 'real', token)
    await a.ok('provider_bet', roundOf(player.playerId).bet(1_00), AS_PROVIDER)
    await a.ok('cashlib_deposit_processor', { voucherCode: voucher!.code }, as(token))
    expect(await balance()).toBe(111_00)
  },
)

test.for(backends)(
  'support resets a lost two-factor authentication: the reason audited, every session ended, the player told, and every withdrawal waits for a fresh identity check [%s]',
  async (backend) => {
    const a = api(backend)
    await adminToken(a)
    const admin = await adminLogin(a) // the clock may have moved past the first session
    const player = await fundedPlayer(a, 300_00)
    await wager(a, player.playerId, 900_00, 300_00)
    // Verified before: the reset asks again all the same.
    await sendApproved(a, player.token, admin, [PNG, JPEG])
    const { params } = player
    await turnOnTwoFactor(a, player.token, params.password)
    const reason = 'Lost phone and codes; identified by video call against the ID on file'

    // Refused: a player's session, a reason too short, an unknown player, the administrator's own account.
    expect(
      (await a.fail('reset_two_factor', { playerId: player.playerId, reason }, 403, { token: player.token })).code,
    ).toBe('forbidden')
    expect(
      (await a.fail('reset_two_factor', { playerId: player.playerId, reason: ' ' }, 400, { token: admin })).fields,
    ).toEqual({
      reason: ['field_required'],
    })
    expect((await a.fail('reset_two_factor', { playerId: 'nope', reason }, 404, { token: admin })).code).toBe(
      'not_found',
    )
    const me = await a.ok('player', {}, { token: admin })
    expect((await a.fail('reset_two_factor', { playerId: me.id, reason }, 403, { token: admin })).code).toBe(
      'forbidden',
    )

    // Two administrators at once: one reset.
    a.advance(60_000) // the app's next codes, rather than waiting for them
    const admin2 = await adminLogin(a)
    const answers = await Promise.all(
      [admin, admin2].map((token) => a.call('reset_two_factor', { playerId: player.playerId, reason }, { token })),
    )
    expect(answers.map((r) => r.status).toSorted()).toEqual([200, 409])
    expect(answers.map((r) => (r.body as { error?: { code: string } }).error?.code).filter(Boolean)).toEqual([
      'two_factor_not_on',
    ])
    const audited = await a.db.select().from(adminAudit).where(eq(adminAudit.target, player.playerId))
    expect(audited.filter((r) => r.action === 'reset_two_factor').map((r) => r.details)).toEqual([{ reason }])

    // The old session is over; the password alone opens a new one; the owner is told.
    expect((await a.fail('get_player_balance', {}, 401, { token: player.token })).code).toBe('unauthorized')
    const { accessToken } = await loginAnswer(a, { username: params.username, password: params.password })
    const { items } = await a.ok('get_mailbox', { page: 1, pageSize: 5 }, { token: accessToken })
    expect(items.map((m) => m.subject)).toEqual(
      expect.arrayContaining(['Soporte ha restablecido tu verificación en dos pasos', 'Verifica tu identidad']),
    )

    // Every withdrawal waits for documents sent after the reset.
    const state = await a.ok('get_kyc', {}, { token: accessToken })
    expect(state).toMatchObject({ status: 'requested', overdue: false, withdrawalsWait: true, documents: [] })
    const small = await a.ok('send_withdrawal_request', bankWithdrawal(50_00), as(accessToken))
    expect(small.verificationDueAt).toBe(state.dueAt)
    expect((await a.fail('accept_withdrawal', { id: small.transaction.id }, 409, as(admin))).code).toBe(
      'kyc_not_verified',
    )
    await sendApproved(a, accessToken, admin, [GIF, JPEG])
    expect(await a.ok('get_kyc', {}, { token: accessToken })).toMatchObject({
      status: 'verified',
      withdrawalsWait: false,
    })
    await a.ok('accept_withdrawal', { id: small.transaction.id }, as(admin))
  },
)
