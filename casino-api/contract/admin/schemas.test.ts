import { test, expect } from 'vitest'
import type { z } from 'zod'
import {
  AcceptWithdrawalParams,
  ConfirmBankTransferParams,
  RejectWithdrawalParams,
  RemoveSiteContentParams,
  UpdateTemplateParams,
} from './schemas.ts'
import { adminCalls } from './calls.ts'

const codes = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input)
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]))
}

test('every admin call needs the admin scope and lives under /admin/', () => {
  for (const call of Object.values(adminCalls)) {
    expect(call.auth).toBe('admin')
    expect(call.path.startsWith('/admin/')).toBe(true)
  }
})

test('withdrawal decisions and bank-transfer confirmations are idempotent', () => {
  expect(adminCalls.accept_withdrawal.idempotent).toBe(true)
  expect(adminCalls.reject_withdrawal.idempotent).toBe(true)
  expect(adminCalls.confirm_bank_transfer.idempotent).toBe(true)
})

test('admin params', () => {
  expect(AcceptWithdrawalParams.parse({ id: 'tx_9', payoutReference: '' })).toEqual({ id: 'tx_9' })
  expect(codes(RejectWithdrawalParams, { id: 'tx_9', reason: ' ' })).toEqual({ reason: 'field_required' })
  expect(ConfirmBankTransferParams.parse({ reference: 'CP-7K2M9Q', amount: '250,00' })).toEqual({
    reference: 'CP-7K2M9Q',
    amount: 25000,
  })
  expect(codes(ConfirmBankTransferParams, { reference: 'CP-7K2M9Q', amount: 'many' })).toEqual({
    amount: 'invalid_number',
  })
  expect(codes(RemoveSiteContentParams, {})).toEqual({ id: 'field_required' })
  expect(codes(UpdateTemplateParams, { kind: 'page', slug: 'terms', locale: 'en', title: 'Terms' })).toEqual({
    id: 'field_required',
  })
})
