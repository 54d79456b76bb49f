import { test, expect } from 'vitest'
import { z } from 'zod'
import { calls, DEPOSIT_METHODS, MESSAGE_CODES } from './index.ts'
import type { CallDef } from './define.ts'

const entries = Object.entries(calls) as [string, CallDef][]

/** Every call of the spec's point 7, plus those it implies. */
const SPEC_PATHS = [
  'POST /front/auth/login/',
  'GET /front/auth/player',
  ...[
    'validate_promo_code',
    'get_financial_transactions',
    'get_financial_transaction',
    'get_eupayment_financial_transaction',
    'cancel_withdrawal_request',
    'get_games',
    'get_game_url',
    'get_live_game_url',
    'get_game_group_list',
    'get_game_providers',
    'generate_wallet',
    'altitudepay_deposit_processor',
    'moto_deposit_processor',
    'loyalty_redeem_processor',
    'carespay_deposit_processor',
    'cashlib_deposit_processor',
    'bonuscode_deposit_processor',
    'get_processors',
    'get_withdrawal_processors',
    'register_player',
    'validate_player_name',
    'update_player_password',
    'get_player_profile',
    'get_player_balance',
    'update_profile',
    'reset_player_password',
    'player_send_message',
    'get_bet_list',
    'get_promotion_template',
    'get_setting',
    'get_content_template',
    'get_faq_template',
  ].map((name) => `POST /front/${name}`),
  'POST /payment/send_withdrawal_request',
  ...[
    'get_site_content',
    'create_site_content',
    'update_template',
    'remove_site_content',
    'accept_withdrawal',
    'reject_withdrawal',
    'list_pending_withdrawals',
    'confirm_bank_transfer',
  ].map((name) => `POST /admin/${name}`),
]

test('every call of the spec is in the contract', () => {
  const have = new Set(entries.map(([, c]) => `${c.method} ${c.path}`))
  expect(SPEC_PATHS.filter((p) => !have.has(p))).toEqual([])
})

test('method and path are unique, and every call has a summary', () => {
  const keys = entries.map(([, c]) => `${c.method} ${c.path}`)
  expect(new Set(keys).size).toBe(keys.length)
  for (const [name, call] of entries) {
    expect(call.summary.trim().length, name).toBeGreaterThan(10)
    expect(call.path, name).toMatch(/^\/(front|payment|admin|provider|game-server)\//)
  }
})

test('params and answers convert to JSON Schema', () => {
  for (const [name, call] of entries) {
    expect(() => z.toJSONSchema(call.params, { io: 'input' }), name).not.toThrow()
    expect(() => z.toJSONSchema(call.answer, { io: 'output' }), name).not.toThrow()
  }
})

test('idempotent calls (those that move money or create a payment that will) need a login and list their refusals', () => {
  const idempotent = entries.filter(([, c]) => c.idempotent)
  expect(idempotent.length).toBeGreaterThan(10)
  for (const [name, call] of idempotent) {
    expect(['player', 'admin'], name).toContain(call.auth)
    expect(call.errors?.length, name).toBeGreaterThan(0)
  }
})

test("a player's idempotent call moves money: the geo guard is part of its definition; an admin's is not", () => {
  for (const [name, call] of entries.filter(([, c]) => c.idempotent))
    expect(Boolean(call.moneyMoving), name).toBe(call.auth === 'player')
})

test("every payment method's call moves money, and is idempotent when it makes a payment", () => {
  for (const [key, method] of Object.entries(DEPOSIT_METHODS)) {
    const call = (calls as Record<string, CallDef>)[method.call]
    expect(call?.auth, key).toBe('player')
    expect(call?.moneyMoving, key).toBe(true)
    // A crypto method answers an address: what arrives there is reported (report_crypto_deposit).
    expect(call?.idempotent ?? false, key).toBe(method.kind !== 'crypto')
  }
})

test('error lists hold catalogue codes only', () => {
  for (const [name, call] of entries) for (const code of call.errors ?? []) expect(MESSAGE_CODES, name).toContain(code)
})

test('admin paths need the admin scope, and only they do', () => {
  for (const [name, call] of entries) expect(call.auth === 'admin', name).toBe(call.path.startsWith('/admin/'))
})

test("provider paths take the provider's key, and only they do", () => {
  for (const [name, call] of entries) expect(call.auth === 'provider', name).toBe(call.path.startsWith('/provider/'))
})

test('no answer can carry a card number or a CVV', () => {
  const keys = (schema: unknown): string[] =>
    schema && typeof schema === 'object'
      ? Object.entries(schema).flatMap(([k, v]) =>
          k === 'properties' && v && typeof v === 'object' ? [...Object.keys(v), ...keys(v)] : keys(v),
        )
      : []
  for (const [name, call] of entries) {
    const names = keys(z.toJSONSchema(call.answer, { io: 'output' }))
    expect(
      names.filter((k) => /card_?number|cvv|pan$/i.test(k)),
      name,
    ).toEqual([])
  }
})
